"""Perft: count the plays of the first trick from fixed deals, like python-chess pins move generation.

The engine's counts are checked against numbers derived by hand and against a brute-force
enumerator that knows only ``group_of`` and ``Group.beats`` (no masks, no tables).
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from cardavia.games.tien_gow import GAME, TienGowDeal, Tile, group_of

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def perft(deal: TienGowDeal, depth: int) -> int:
    if depth == 0 or deal.is_over():
        return 1
    total = 0
    for play in deal.legal_actions():
        child = deal.clone()
        child.apply(play)
        total += perft(child, depth - 1)
    return total


def brute_perft(
    hands: list[list[Tile]], seat: int, depth: int, trick: list[tuple[Tile, ...]], high: tuple[Tile, ...]
) -> int:
    """The first trick's plays counted from the rules' wording alone (depth <= 4, one trick)."""
    if depth == 0:
        return 1
    hand = hands[seat]
    options: set[tuple[tuple[str, ...], bool]] = set()
    if not trick:
        for k in range(1, 5):
            for combo in itertools.combinations(hand, k):
                if group_of(combo) is not None:
                    options.add((tuple(sorted(t.code for t in combo)), True))
    else:
        k = len(trick[0])
        top = group_of(high)
        assert top is not None
        for combo in itertools.combinations(hand, k):
            options.add((tuple(sorted(t.code for t in combo)), False))
            g = group_of(combo)
            if g is not None and g.beats(top):
                options.add((tuple(sorted(t.code for t in combo)), True))
    total = 0
    for codes, up in options:
        played = [next(t for t in hand if t.code == c) for c in codes]
        rest = list(hand)
        for t in played:
            rest.remove(t)
        new_hands = [*hands[:seat], rest, *hands[seat + 1 :]]
        new_high = tuple(played) if up else high
        total += brute_perft(new_hands, (seat + 1) % 4, depth - 1, [*trick, tuple(played)], new_high)
    return total


def test_sweep_deal_perft_by_hand() -> None:
    deal, _ = GAME.deal_from_record(json.loads((EXAMPLES / "tien-gow-sweep.json").read_text()))
    # banker P1 holds 1-5 and seven military tiles: 8 singles + eights, sevens, fives pairs
    assert perft(deal, 1) == 11
    # P2 holds only civil tiles of 5 kinds (three doubled): 7 military singles x 5 discards,
    # 1-5 x (5 discards + 4 higher civil singles), 3 military pairs x 13 two-tile discards
    assert perft(deal, 2) == 7 * 5 + (5 + 4) + 3 * (10 + 3)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_first_trick_perft_matches_brute_force(seed: int) -> None:
    deal = GAME.new_deal(seed)
    hands = [list(deal.hand(s)) for s in range(4)]
    for depth in (1, 2, 3, 4):  # 4 plays: the whole first trick
        assert perft(deal, depth) == brute_perft(hands, deal.banker, depth, [], ())
