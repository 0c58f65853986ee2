"""Fixtures every test folder shares."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game_cases import registered_game


@pytest.fixture
def game(request: pytest.FixtureRequest) -> Iterator[str]:
    """The game a registry-wide test runs on (``game_cases.games``, parametrized ``indirect``): its
    id, the game registered for the test if it is a toy of the tests."""
    with registered_game(request.param) as game_id:
        yield game_id
