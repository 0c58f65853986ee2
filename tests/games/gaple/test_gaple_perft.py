"""Exhaustive counts (python-chess style perft): the action sequences of each depth from fixed deals, and
every way a deal can be played to its end from a position twelve actions in, counted by the engine and
by the independent referee (``gaple_reference.py``), which must agree.

The depth counts of the standard rules are kept in ``tests/games/data/gaple-perft.json``, the file the
registry-wide ``test_move_generation_counts`` reads once the game is registered.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from gaple_reference import Referee

from cardavia.games.gaple import GAME, GapleDeal
from games.conformance import perft

DATA = Path(__file__).parent.parent / "data" / "gaple-perft.json"


def ref_perft(ref: Referee, depth: int) -> int:
    if depth == 0 or ref.turn is None:
        return 1
    total = 0
    for a in ref.legal():
        child = copy.deepcopy(ref)
        child.act(_read(a))
        total += ref_perft(child, depth - 1)
    return total


def _read(obj: dict[str, Any]) -> dict[str, Any]:
    out = dict(obj)
    if "tile" in out:
        a, b = int(out["tile"][0]), int(out["tile"][2])
        out["tile"] = (a, b)
    return out


def endings(deal: GapleDeal) -> dict[str, int]:
    """Every way ``deal`` can be played to its end: how many end out, blocked, and won by each seat."""
    if deal.is_over():
        result = deal.result()
        assert result is not None
        return {result["end"]: 1, f"winner {result['winner']}": 1}
    out: dict[str, int] = {}
    for action in deal.legal_actions():
        child = deal.clone()
        child.apply(action)
        for key, n in endings(child).items():
            out[key] = out.get(key, 0) + n
    return out


def ref_endings(ref: Referee) -> dict[str, int]:
    if ref.turn is None:
        return {ref.outcome["end"]: 1, f"winner {ref.outcome['winner']}": 1}
    out: dict[str, int] = {}
    for a in ref.legal():
        child = copy.deepcopy(ref)
        child.act(_read(a))
        for key, n in ref_endings(child).items():
            out[key] = out.get(key, 0) + n
    return out


CASES = json.loads(DATA.read_text())["deals"]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"seed{c['seed']}-leader{c['dealer']}")
def test_the_kept_depth_counts(case: dict[str, Any]) -> None:
    deal = GAME.new_deal(case["seed"], dealer=case["dealer"])
    counts = case["counts"]
    assert [perft(deal, d) for d in range(1, len(counts) + 1)] == counts
    ref = Referee(deal.to_record())
    assert [ref_perft(ref, d) for d in range(1, 7)] == counts[:6]


OPTIONS: list[dict[str, Any]] = [
    {"teams": True},
    {"stuck": "discard"},
    {"hand_size": 6},
    {"hand_size": 6, "stuck": "discard", "teams": True},
    {"opening": "6-6", "lead": "any"},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
@pytest.mark.parametrize("dealer", [None, 1])
def test_depth_counts_under_the_options_agree_with_the_referee(
    options: dict[str, Any], dealer: int | None
) -> None:
    deal = GAME.new_deal(31, options=options, dealer=dealer)
    ref = Referee(deal.to_record())
    assert [perft(deal, d) for d in range(1, 6)] == [ref_perft(ref, d) for d in range(1, 6)]


@pytest.mark.parametrize(
    ("seed", "options"), [(1, {}), (2, {"teams": True}), (3, {"stuck": "discard"}), (4, {"hand_size": 6})]
)
def test_every_ending_from_twelve_actions_in_agrees_with_the_referee(
    seed: int, options: dict[str, Any]
) -> None:
    deal = GAME.new_deal(seed, options=options)
    while len(deal.log) < 12 and not deal.is_over():
        deal.apply(deal.legal_actions()[-1])
    mine = endings(deal)
    assert mine == ref_endings(_at(deal))
    assert sum(n for k, n in mine.items() if k in ("out", "blocked")) > 10


def _at(deal: GapleDeal) -> Referee:
    """The referee of ``deal``'s record, its actions applied."""
    ref = Referee(deal.to_record())
    for a in ref.actions:
        assert ref.check(a) is None
        ref.act(a)
    return ref
