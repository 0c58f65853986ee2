"""Every Cherki level decides from the seat's view alone: deals that differ only in what the seat
cannot see (other hands, the stock order, a caller's wait) get the same decision under one seed."""

from __future__ import annotations

import random
from typing import Any

import pytest
from ckbot_helpers import hidden_twin, play_to, position

from cardavia.bots.base import LEVELS
from cardavia.bots.cherki import BOTS
from cardavia.bots.cherki.hard import HardBot


def _bot(level: str) -> Any:
    if level == "hard":
        # no time cap: the decision must depend on the view and the seed alone, not on the clock
        return HardBot(max_rounds=12)
    return BOTS[level]


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_do_not_change_the_decision(level: str) -> None:
    bot = _bot(level)
    checked = 0
    for seed in range(10):
        deal = play_to(seed, 4 + 5 * seed)
        seat = deal.to_act()
        if seat is None:
            continue
        twin = hidden_twin(deal, shuffle=seed + 100)
        assert [sorted(h) for h in twin.hands] != [sorted(h) for h in deal.hands] or not twin.stock
        view = deal.view(seat)
        assert twin.view(seat) == view
        first = bot.decide(view, random.Random(seed))
        again = bot.decide(twin.view(seat), random.Random(seed))
        assert first == again
        checked += 1
    assert checked >= 8


# Seat 1 (seat 0's left) has called; in the two deals it waits on different kinds, and seat 2's hand
# and the stock differ too. Seat 0 cannot tell the deals apart.
_CALLER_A = ["9c", "9s", "9m", "8c", "8s", "8m", "6c", "6s"]  # waits on 6
_CALLER_B = ["9c", "9s", "9m", "8c", "8s", "8m", "3c", "3s"]  # waits on 3
_HAND = ["2c", "2s", "2m", "5c", "5s", "7c", "7s", "WF", "1c"]
_PILE = [("4c", 0, None), ("1m", 1, None)]
_CALLS = [(1, 1, 1, True)]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("phase", ["pickup", "discard"])
def test_a_callers_wait_does_not_change_the_decision(level: str, phase: str) -> None:
    hand = _HAND[:8] if phase == "pickup" else _HAND
    picked = None if phase == "pickup" else "1c"
    deals = [
        position(
            hand,
            pile=_PILE,
            others=(caller, ()),
            called=(False, True, False),
            calls=_CALLS,
            picked=picked,
            shuffle=shuffle,
        )
        for caller, shuffle in ((_CALLER_A, 1), (_CALLER_B, 2))
    ]
    assert deals[0].waits[1] != deals[1].waits[1]
    views = [d.view(0) for d in deals]
    assert views[0] == views[1]
    bot = _bot(level)
    decisions = [bot.decide(v, random.Random(3)) for v in views]
    assert decisions[0] == decisions[1]
