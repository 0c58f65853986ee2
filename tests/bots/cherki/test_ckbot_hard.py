"""The search level's guesses of the hidden cards are consistent with what the seat has seen."""

from __future__ import annotations

import random

from ckbot_helpers import position

from cardavia.bots.cherki.hard import _Sampler
from cardavia.bots.cherki.memory import read_view
from cardavia.games.cherki.hands import ready_wait


def test_sampled_hands_fit_the_view() -> None:
    # Seat 1 called with 8c and then threw a 4s; seat 2 was seen taking a 5c and still holds it.
    caller = ["1c", "1s", "1m", "3c", "3s", "3m", "6c", "6s"]
    deal = position(
        ["9c", "9s", "9m", "7c", "7s", "7m", "5s", "2c"],
        pile=[("2s", 1, None), ("5c", 1, 2), ("8c", 1, None), ("4s", 1, None), ("3m", 2, None)],
        others=(caller, ["5c"]),
        called=(False, True, False),
        calls=[(1, 2, 2, True)],
    )
    mem = read_view(deal.view(0))
    sampler = _Sampler(mem)
    rng = random.Random(4)
    waits = set()
    for _ in range(40):
        sample = sampler.sample(rng)
        assert sample is not None
        hands, stock = sample
        assert len(stock) == len(deal.stock)
        assert sum(hands[1]) == sum(hands[2]) == 8
        wait = ready_wait(hands[1])
        assert wait is not None  # a caller's hand is always ready
        assert wait not in mem.safe[1]  # and never waits on a kind it has shown it cannot
        waits.add(wait)
        assert hands[2][4] >= 1  # the 5 seat 2 was seen taking
        for k in range(12):  # no kind appears more often than it is unseen
            assert hands[1][k] + hands[2][k] + stock.count(k) == mem.avail[k] + mem.known[2][k]
    assert len(waits) > 1  # the caller's wait is a guess, not a peek
