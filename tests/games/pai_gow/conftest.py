"""Pai Gow is not in the registry yet (the platform cannot yet run a game where every seat acts at
once): its tests register it for their own duration, as the toy game's do."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardavia.games.registry import GameEntry, game_ids, registered

ENTRY = GameEntry("pai-gow", "cardavia.games.pai_gow", "cardavia.bots.pai_gow", "cardavia.web.games.pai_gow")


@pytest.fixture(scope="module", autouse=True)
def pai_gow_registered() -> Iterator[None]:
    if ENTRY.id in game_ids():  # registered for real: nothing to do
        yield
        return
    with registered(ENTRY):
        yield
