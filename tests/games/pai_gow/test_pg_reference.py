"""The engine against the independent reference scorer (``pai_gow_reference``): the spec's deals
and 300 random records, some corrupted: results, hands, nets, the first bad entry and its reason."""

from __future__ import annotations

import copy
import random
from typing import Any

import pai_gow_reference as ref
import pytest
from pai_gow_helpers import (
    random_deal,
    registered_for_tests,  # noqa: F401  (the fixture below)
)
from test_pg_examples import DEALS, NETS

from cardavia.games.errors import RecordError
from cardavia.games.pai_gow import GAME
from cardavia.games.replay import ReplayRejected, replay_record

pytestmark = pytest.mark.usefixtures("registered_for_tests")


def engine(record: Any) -> dict[str, Any]:
    """The engine's replay as the reference reports it (``{"rejected": [code, index]}`` on refusal).

    Through the shared replay for an object naming the game; the engine directly otherwise (the
    shared replay refuses those itself, before any game)."""
    try:
        if isinstance(record, dict) and record.get("game") == "pai-gow":
            return replay_record(record).to_json()
        GAME.deal_from_record(record)
    except ReplayRejected as exc:
        return {"rejected": [exc.rule, exc.index]}
    except RecordError as exc:
        return {"rejected": [exc.code, None]}
    raise AssertionError("the engine took a record of another game")


def reference(record: Any) -> dict[str, Any]:
    try:
        out = ref.score(record)
    except ref.Rejected as exc:
        return {"rejected": [exc.code, exc.index]}
    out.pop("keys", None)
    return out


def agree(record: Any) -> dict[str, Any]:
    """Assert that engine and reference agree on ``record`` and return the engine's answer.

    Hands are compared as tiles of each hand (either order within a hand); where the reference's
    two keys are equal, either hand may be the high one."""
    mine, theirs = engine(record), reference(record)
    if "hands" in theirs:
        keys = ref.score(record)["keys"]
        for seat, (m, t) in enumerate(zip(mine["hands"], theirs["hands"], strict=True)):
            pair_m = [sorted(m["high"]), sorted(m["low"])]
            pair_t = [sorted(t["high"]), sorted(t["low"])]
            if keys[seat][0] == keys[seat][1]:
                pair_m.sort()
                pair_t.sort()
            assert pair_m == pair_t, (seat, record)
        mine = {k: v for k, v in mine.items() if k != "hands"}
        theirs = {k: v for k, v in theirs.items() if k != "hands"}
    if theirs.get("finished") is False:  # the spec allows more fields: the engine adds the banker
        mine = {k: v for k, v in mine.items() if k in theirs}
    assert mine == theirs, record
    return mine


@pytest.mark.parametrize(("name", "options", "net"), NETS, ids=[f"{n}-{o}" for n, o, _ in NETS])
def test_the_reference_agrees_on_the_spec_s_deals(
    name: str, options: dict[str, Any] | None, net: list[int]
) -> None:
    record = copy.deepcopy(DEALS[name])
    if options:
        record["options"] = options
    assert agree(record)["net"] == net


def _corrupt(record: dict[str, Any], rng: random.Random) -> str:
    """Break the record one way (or not at all); returns what was done."""
    sets, hands = record["sets"], record["hands"]
    kind = rng.choice(
        ["none", "none", "unfinished", "again", "one-tile", "three-tiles", "not-held", "twice",
         "banker", "thrice", "unknown-tile", "missing", "entry", "option", "option-value", "reversed"]
    )  # fmt: skip
    at = rng.randrange(len(sets) + 1)
    seat = rng.randrange(4)
    if kind == "unfinished":
        del sets[rng.randrange(1, 5) :]
    elif kind == "again":
        sets.insert(at, {"seat": seat, "hand": hands[seat][:2]})
    elif kind == "one-tile":
        sets[min(at, 3)]["hand"] = sets[min(at, 3)]["hand"][:1]
    elif kind == "three-tiles":
        entry = sets[min(at, 3)]
        entry["hand"] = [*entry["hand"], hands[entry["seat"]][0]]
    elif kind == "not-held":
        entry = sets[min(at, 3)]
        entry["hand"] = [entry["hand"][0], hands[(entry["seat"] + 1) % 4][rng.randrange(4)]]
    elif kind == "twice":
        entry = sets[min(at, 3)]
        entry["hand"] = [entry["hand"][0], entry["hand"][0]]
    elif kind == "banker":
        record["banker"] = rng.choice([4, -1, "1", None, 1.0])
    elif kind == "thrice":
        hands[seat][0] = hands[(seat + 1) % 4][0]
        hands[(seat + 2) % 4][0] = hands[(seat + 1) % 4][0]
    elif kind == "unknown-tile":
        rng.choice([hands[seat], sets[min(at, 3)]["hand"]])[0] = rng.choice(["0-0", "7-1", 12, "66", None])
    elif kind == "missing":
        del record[rng.choice(["banker", "hands", "sets"])]
    elif kind == "entry":
        sets[min(at, 3)] = rng.choice(
            [
                [1],
                {"seat": 5, "hand": []},
                {"hand": ["6-6", "1-1"]},
                {"seat": 0, "hand": "x"},
                {"seat": 0, "x": 1},
            ]
        )
    elif kind == "option":
        record["options"] = {"no_such_rule": True}
    elif kind == "option-value":
        record["options"] = {rng.choice(list(ref.DEFAULTS)): rng.choice([0, "yes", None])}
    elif kind == "reversed":
        for entry in sets:
            entry["hand"] = [f"{c[2]}-{c[0]}" for c in entry["hand"]]
    return kind


def test_the_reference_agrees_on_300_random_records() -> None:
    rng = random.Random(20261205)
    kinds: dict[str, int] = {}
    refused_with_index = refused = finished = 0
    for seed in range(300):
        record = random_deal(seed).to_record()
        kind = _corrupt(record, rng)
        kinds[kind] = kinds.get(kind, 0) + 1
        out = agree(record)
        if "rejected" in out:
            refused += 1
            refused_with_index += out["rejected"][1] is not None
        elif out.get("finished", True):
            finished += 1
    # the check had teeth: every kind of corruption came up, and each way out was taken
    assert (
        len(kinds) == 15 and finished > 50 and refused_with_index > 30 and refused - refused_with_index > 30
    )
