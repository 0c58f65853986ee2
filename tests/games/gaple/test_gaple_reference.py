"""The engine against the independent referee (``gaple_reference.py``, written from the spec's text).

On the spec's worked deals and their variations, and on 300 random deals (random options, first and
later deals with random match scores, random legal play cut at a random point, random actions of any
seat and kind slipped in, and now and then a record broken in one of the ways the spec calls
malformed): the engine offers exactly the referee's legal actions at every step, and ``cardavia
replay`` finds what the referee finds: the same result fields, the same unfinished state, the same
first bad action's index and reason code, or a malformed record.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from gaple_helpers import (
    ACTIONS_A,
    ACTIONS_B,
    ACTIONS_C,
    action,
    actions,
    record_a,
    record_b,
    record_c,
    replay,
)
from gaple_reference import Referee, code_of, referee_replay, spec_fields
from test_gaple_examples import HANDS_13

from cardavia.games.gaple import GAME, ILLEGAL, GapleDeal
from cardavia.games.gaple.options import parse_options


def _with(acts: list[dict[str, Any]], *changes: tuple[int, str]) -> list[dict[str, Any]]:
    out = list(acts)
    for index, short in changes:
        out[index] = action(short)
    return out


A, B, C = actions(ACTIONS_A), actions(ACTIONS_B), actions(ACTIONS_C)
LATER = {"first": False, "leader": 3, "scores": [150, 100, 90, 30]}
EXAMPLES: list[dict[str, Any]] = [
    record_a(),
    record_a(options={"teams": True}),
    record_a(_with(A, (19, "S1 discard 2-2"), (21, "S3 discard 5-5")), options={"stuck": "discard"}),
    record_a(A[:19]),
    record_a([]),
    record_b(),
    record_b(options={"teams": True}),
    record_b(**LATER),
    record_b(**LATER, options={"target": 300}),
    record_b(_with(B, (4, "S3 discard 5-6"), (8, "S3 discard 4-6")), options={"stuck": "discard"}),
    record_c(),
    record_c(options={"teams": True}),
    record_a(_with(A, (0, "S2 2-5"))),
    record_a(_with(A, (1, "S3 0-6"))),
    record_a(_with(A, (2, "S0 pass"))),
    record_a(_with(A, (2, "S0 4-4"))),
    record_a(_with(A, (2, "S1 2-6"))),
    record_a(options={"stuck": "discard"}),
    record_a([*A, action("S3 0-2")]),
    {"game": "gaple", "first": True, "leader": 1, "hands": [h.split() for h in HANDS_13], "actions": []},
    {
        "game": "gaple",
        "first": True,
        "leader": 1,
        "hands": [h.split() for h in HANDS_13],
        "actions": [action("S1 0-0")],
        "options": {"redeal_doubles": 6},
    },
    record_b([], first=False, leader=0),
    record_b([action("S0 0-2")], first=False, leader=0),
    record_b([action("S0 0-2")], first=False, leader=0, options={"lead": "any"}),
    record_c(_with(C, (13, "S1 0-1 R"))),
    record_c(_with(C, (13, "S1 0-1"))),
]


@pytest.mark.parametrize("index", range(len(EXAMPLES)))
def test_the_worked_deals_agree(index: int) -> None:
    rec = EXAMPLES[index]
    assert spec_fields(replay(rec)) == referee_replay(rec)


OPTIONS: list[dict[str, Any]] = [
    {},
    {},
    {"teams": True},
    {"stuck": "discard"},
    {"hand_size": 6},
    {"opening": "6-6"},
    {"lead": "any"},
    {"redeal_doubles": 6},
    {"redeal_doubles": False, "target": 50},
    {"teams": True, "stuck": "discard"},
    {"teams": True, "hand_size": 6, "lead": "any"},
    {"stuck": "discard", "hand_size": 6, "opening": "6-6", "target": 30},
]


def _any_action(rng: random.Random, ref: Referee) -> dict[str, Any]:
    """An action, legal or not: mostly of the seat to act and of a kind its moment allows (one of its
    own tiles, an end or none), else of any seat, kind and tile."""
    seat = ref.turn if ref.turn is not None and rng.random() < 0.8 else rng.randrange(4)
    if not ref.line and ref.hand[seat] and rng.random() < 0.5:  # an opening, with any tile of its own
        return {"seat": seat, "do": "play", "tile": code_of(rng.choice(ref.hand[seat]))}
    both = [t for t in ref.hand[seat] if ref.line and len(ref.fits(t)) == 2]
    if both and rng.random() < 0.5:  # a tile that fits both ends, its end not named
        return {"seat": seat, "do": "play", "tile": code_of(rng.choice(both))}
    do = rng.choice(["play", "play", "play", "pass", "discard"])
    obj: dict[str, Any] = {"seat": seat, "do": do}
    if do != "pass":
        own = ref.hand[seat]
        tile = rng.choice(own) if own and rng.random() < 0.8 else (rng.randrange(7), rng.randrange(7))
        obj["tile"] = f"{tile[0]}-{tile[1]}"  # either order, as a record may write it
        if do == "play" and rng.random() < 0.6:
            obj["end"] = rng.choice(["left", "right"])
    if rng.random() < 0.1:
        obj["note"] = "ignored"  # unknown keys of an action are ignored
    return obj


def _break(rng: random.Random, rec: dict[str, Any]) -> None:
    """Break a record in one of the ways the spec calls malformed (or in one that is still legal)."""
    how = rng.randrange(10)
    if how == 0:
        rec["leader"] = rng.choice([4, -1, "2", None, (rec["leader"] + 1) % 4])
    elif how == 1:
        rec["first"] = rng.choice([1, "true", None, not rec["first"]])
    elif how == 2:
        hand = rec["hands"][rng.randrange(4)]
        hand[rng.randrange(len(hand))] = rng.choice(["7-1", "3_3", 33, "6-6", "0-0"])
    elif how == 3:
        rec["scores"] = rng.choice([[0, 0, 0], [201, 0, 0, 0], [-1, 0], [5, 5, 5, 5], [1, 2], None])
    elif how == 4:
        rec["options"] = rng.choice([{"teams": 1}, {"target": 0}, {"target": 10001}, {"spinner": True}, []])
    elif how == 5 and rec["actions"]:
        i = rng.randrange(len(rec["actions"]))
        rec["actions"][i] = rng.choice(
            [
                {"seat": 4, "do": "pass"},
                {"do": "pass"},
                {"seat": 1, "do": "draw"},
                {"seat": 1, "do": "play"},
                {"seat": 1, "do": "play", "tile": "0-7"},
                {"seat": 1, "do": "play", "tile": "0-1", "end": "up"},
                "pass",
            ]
        )
    elif how == 6:
        rec["stock"] = rng.choice([["0-0"], [], "none"])
    elif how == 7:
        rec[rng.choice(["score", "dealer", "hand"])] = 0
    elif how == 8:
        del rec[rng.choice(["first", "leader", "hands", "actions"])]
    else:
        rec["hands"][0], rec["hands"][1] = rec["hands"][1], rec["hands"][0]


def random_record(seed: int) -> tuple[dict[str, Any], int]:
    """A random record and how many legal steps were compared on the way."""
    rng = random.Random(f"gaple-reference:{seed}")
    options = rng.choice(OPTIONS)
    parsed = parse_options(options)
    if rng.random() < 0.5:
        deal: GapleDeal = GAME.new_deal(seed, options=options)
    else:
        scores = [rng.randrange(parsed.target) for _ in range(parsed.sides)]
        deal = GAME.new_deal(seed, options=options, dealer=rng.randrange(4), carry={"scores": scores})
    ref = Referee(deal.to_record())
    steps = 0
    stop = rng.choice([0, rng.randrange(1, 30)]) if rng.random() < 0.5 else 99
    while not deal.is_over() and len(deal.log) < stop:
        engine_legal = sorted(str(a.to_json()) for a in deal.legal_actions())
        ref_legal = ref.legal()
        assert engine_legal == sorted(str(a) for a in ref_legal), (seed, len(deal.log))
        assert deal.to_act() == ref.turn
        choice = rng.choice(ref_legal)
        if "end" in choice and len(ref.fits(_tile(choice["tile"]))) == 1 and rng.random() < 0.5:
            choice = {k: v for k, v in choice.items() if k != "end"}  # an end that need not be named
        deal.apply(GAME.action_from_json(choice, choice["seat"]))
        ref.act(_read(choice))
        steps += 1
    rec = copy.deepcopy(deal.to_record())
    if stop != 99 and rng.random() < 0.7:
        rec["actions"] += [_any_action(rng, ref) for _ in range(rng.randrange(1, 4))]
    if rng.random() < 0.15:
        _break(rng, rec)
    return rec, steps


def _tile(code: str) -> tuple[int, int]:
    a, b = int(code[0]), int(code[2])
    return (min(a, b), max(a, b))


def _read(obj: dict[str, Any]) -> dict[str, Any]:
    out = dict(obj)
    if "tile" in out:
        out["tile"] = _tile(out["tile"])
    return out


def test_three_hundred_random_deals_agree() -> None:
    kinds: dict[str, int] = {}
    steps = 0
    for seed in range(300):
        rec, compared = random_record(seed)
        steps += compared
        engine, referee = spec_fields(replay(rec)), referee_replay(rec)
        assert engine == referee, (seed, rec)
        if isinstance(engine, tuple):
            kind = f"illegal {engine[1]}"
        else:
            kind = (
                "annulled" if engine.get("annulled") else "finished" if engine["finished"] else "unfinished"
            )
            if engine.get("end"):
                kind = engine["end"]
        kinds[kind] = kinds.get(kind, 0) + 1
    # the comparison had teeth: deals out and blocked, unfinished ones, refusals of every kind, and
    # malformed records
    assert kinds["out"] > 40 and kinds["blocked"] > 10 and kinds["unfinished"] > 20, kinds
    assert kinds["illegal malformed"] > 10 and kinds["illegal must-open"] > 5, kinds
    assert {k.removeprefix("illegal ") for k in kinds if k.startswith("illegal")} == {
        *ILLEGAL,
        "malformed",
    }, kinds
    assert steps > 3000


def test_the_referee_reads_tiles_as_the_spec_writes_them() -> None:
    assert code_of((3, 5)) == "3-5" and _tile("5-3") == (3, 5)
