"""The registry: every level of every game, and a random stand-in for a game whose bots are missing."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardavia.bots import registry
from cardavia.bots.base import LEVELS
from cardavia.games import registry as games_registry
from cardavia.games.registry import entry, get_game
from game_cases import games


@pytest.mark.parametrize("game", games(), indirect=True)
def test_every_game_has_every_level(game: str) -> None:
    bots = registry.bots_for(game)
    assert set(LEVELS) <= set(bots)
    for level in LEVELS:
        assert bots[level].level == level


def test_missing_bots_package_falls_back_to_random(monkeypatch: pytest.MonkeyPatch) -> None:
    registry.bots_for.cache_clear()
    missing = dataclasses.replace(entry("tien-gow"), bots="cardavia.bots.not_written_yet")
    monkeypatch.setitem(games_registry._ENTRIES, "tien-gow", missing)
    try:
        bot = registry.get_bot("tien-gow", "hard")
        deal = get_game("tien-gow").new_deal(1)
        view = deal.view(deal.to_act())
        decision = bot.decide(view, random.Random(0))
        assert decision.action in view.legal and decision.reason.id == "random"
    finally:
        registry.bots_for.cache_clear()


def test_unknown_game_or_level_is_refused() -> None:
    with pytest.raises(ValueError):
        registry.bots_for("chess")
    with pytest.raises(ValueError):
        registry.get_bot("tien-gow", "expert")


def test_choose_refuses_a_seat_that_is_not_to_act() -> None:
    deal = get_game("tien-gow").new_deal(2)
    waiting = (deal.to_act() + 1) % 4
    with pytest.raises(ValueError):
        registry.choose("tien-gow", "normal", deal.view(waiting), 0)
