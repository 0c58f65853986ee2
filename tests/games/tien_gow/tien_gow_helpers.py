"""Helpers for the Tien Gow tests: deals from partial hands, plays from codes, random playouts."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from cardavia.games.tien_gow import GAME, TienGowDeal, full_set, make_play, tile
from cardavia.games.tien_gow.actions import Play
from cardavia.games.tien_gow.options import DEFAULT_OPTIONS, Options


def fill_hands(partial: Sequence[str]) -> list[list[str]]:
    """Four 8-tile hands: each seat's given tiles (space-separated codes), the rest of the set after.

    The fill takes the lowest remaining tiles (Big Head Six, fives, Little Three...) last, so the
    filler rarely interferes; tests that care give the whole hand.
    """
    given = [s.split() for s in partial]
    left = Counter(t.code for t in full_set())
    for hand in given:
        for code in hand:
            code = tile(code).code
            assert left[code] > 0, f"{code} given too often"
            left[code] -= 1
    pool = [code for code in left.elements()]
    pool.reverse()  # weakest first: fillers should not win tricks by accident
    hands = []
    for hand in given:
        need = 8 - len(hand)
        hands.append([*hand, *pool[:need]])
        pool = pool[need:]
    return hands


def deal_of(partial: Sequence[str], banker: int = 0, options: Options = DEFAULT_OPTIONS) -> TienGowDeal:
    hands = fill_hands(partial)
    return TienGowDeal.from_hands([[tile(c) for c in h] for h in hands], banker, options)


def up(seat: int, codes: str) -> Play:
    return make_play(seat, codes, True)


def down(seat: int, codes: str) -> Play:
    return make_play(seat, codes, False)


def play_random(deal: TienGowDeal, rng: random.Random) -> None:
    while not deal.is_over():
        deal.apply(rng.choice(deal.legal_actions()))


def random_finished(seed: int) -> TienGowDeal:
    deal = GAME.new_deal(seed)
    play_random(deal, random.Random(seed))
    return deal
