"""Bots see a seat's view only: deals that differ only in what the seat cannot see get one decision."""

from __future__ import annotations

import random

import pytest
from tgbot_helpers import hidden_twin, played_to

from cardavia.bots.base import LEVELS
from cardavia.bots.tien_gow import BOTS
from cardavia.bots.tien_gow.levels import HardBot


def _bot(level: str):  # type: ignore[no-untyped-def]
    if level == "hard":
        # no time cap: the decision must depend on the view and the seed alone, not on the clock
        return HardBot(max_samples=6)
    return BOTS[level]


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_tiles_do_not_change_the_decision(level: str) -> None:
    bot = _bot(level)
    checked = 0
    for seed in range(12):
        deal = played_to(seed, 3 + 2 * seed)
        seat = deal.to_act()
        if seat is None:
            continue
        twin = hidden_twin(deal, seat, random.Random(seed))
        # the construction is right: the seat sees the same, the others really hold other tiles
        assert twin.view(seat).to_json() == deal.view(seat).to_json()
        assert any(twin.hand(s) != deal.hand(s) for s in range(4) if s != seat) or seed < 2
        a = bot.decide(deal.view(seat), random.Random(99))
        b = bot.decide(twin.view(seat), random.Random(99))
        assert a == b
        checked += 1
    assert checked >= 8
