"""``hard`` decides by work, not by the clock: the same view and seed give the same decision on a
machine that runs fast or one that stalls (a clock that leaps a second at every reading)."""

from __future__ import annotations

import itertools
import random
import time
from typing import Any

import pytest

from cardavia.bots.registry import get_bot
from cardavia.games.registry import get_game


def _positions(game_id: str, count: int) -> list[Any]:
    """Views of the seat to act, from random play of a few deals (every fourth turn)."""
    game = get_game(game_id)
    rng = random.Random(3)
    views: list[Any] = []
    for seed in itertools.count():
        deal = game.new_deal(seed)
        turn = 0
        while (seat := deal.to_act()) is not None and len(views) < count:
            view = deal.view(seat)
            if turn % 4 == 0 and len(view.legal) > 1:
                views.append(view)
            deal.apply(rng.choice(deal.legal_actions()))
            turn += 1
        if len(views) >= count:
            return views
    raise AssertionError("unreachable")


@pytest.mark.parametrize("game_id, count", [("tien-gow", 10), ("cherki", 10)])
def test_hard_decides_the_same_however_the_clock_runs(
    game_id: str, count: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = get_bot(game_id, "hard")
    views = _positions(game_id, count)
    draws: list[float] = []  # per decision, where the search left its random numbers: its work
    real_random = random.Random

    def decide_all() -> list[Any]:
        out = []
        for n, view in enumerate(views):
            rng = real_random(n)
            out.append(bot.decide(view, rng).action)
            draws.append(rng.random())  # the next number tells how many the search drew
        return out

    calm = decide_all()
    calm_draws, draws[:] = list(draws), []
    leap = itertools.count(start=1000.0, step=1.0)
    monkeypatch.setattr(time, "perf_counter", lambda: next(leap))
    monkeypatch.setattr(time, "monotonic", lambda: next(leap))
    monkeypatch.setattr(time, "time", lambda: next(leap))
    stalled = decide_all()
    assert stalled == calm
    assert draws == calm_draws  # the same amount of search, not merely the same answer
