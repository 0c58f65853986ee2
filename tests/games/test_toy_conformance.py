"""The conformance suite accepts a game that is registered nowhere but here (tests/toy/).

This is what ``docs/adding-a-game.md`` promises a new game: write its folders, register it, and the
same checks every registered game passes run on it unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conformance import CHECKS

from cardavia.games.registry import game_ids, registered
from toy import ENTRY


@pytest.fixture(scope="module", autouse=True)
def toy_registered() -> Iterator[None]:
    with registered(ENTRY):
        yield


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_the_toy_game_passes_every_conformance_check(check: str) -> None:
    assert ENTRY.id in game_ids()
    looked = sum(CHECKS[check](ENTRY.id, seed) for seed in range(20))
    # the same teeth as for the real games: a check that looks at nothing proves nothing
    if check not in {"forced", "record-replays", "outcome"}:
        assert looked > 0
