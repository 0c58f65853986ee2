"""Every game passes the conformance checks (``conformance.py``) on random deals: every registered
game and every toy of the tests (``game_cases``), which is what docs/adding-a-game.md promises a
new game: write its folders, register it, and the same checks run on it unchanged.

Each check runs on hypothesis-drawn seeds; what a game's profile declares is what its deals show;
the move-generation counts kept under ``data/`` are checked for every registered game that has a
file (``data/<game>-perft.json``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conformance import CHECKS, observed_profile, perft
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardavia.games.registry import game_ids, get_game
from game_cases import games

DATA = Path(__file__).parent / "data"
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("game", games(), indirect=True)
# the game fixture registers a toy for the whole test, all its examples included: nothing to reset
@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=SEEDS)
def test_conformance(game: str, check: str, seed: int) -> None:
    CHECKS[check](game, seed)


@pytest.mark.parametrize("check", sorted(set(CHECKS) - {"forced", "record-replays", "outcome"}))
@pytest.mark.parametrize("game", games(), indirect=True)
def test_checks_have_teeth(game: str, check: str) -> None:
    """On fixed seeds each check looks at something: the suite cannot pass by checking nothing."""
    assert sum(CHECKS[check](game, seed) for seed in range(3)) > 0


@pytest.mark.parametrize("game", games(), indirect=True)
def test_outcomes_over_many_deals(game: str) -> None:
    """Several hundred seeded deals: every one ends with returns summing to zero."""
    assert sum(CHECKS["outcome"](game, seed) for seed in range(300)) == 300


@pytest.mark.parametrize("game", games(), indirect=True)
def test_what_the_profile_declares_is_what_the_deals_show(game: str) -> None:
    """Over ten seeded deals: the kinds of things hidden are the profile's, no more and no fewer;
    seats act at once where (and only where) it says so; a declared fused play-out ends where the
    generic random loop ends."""
    profile = get_game(game).profile
    seen = [observed_profile(game, seed) for seed in range(10)]
    assert set().union(*(s["hidden"] for s in seen)) == profile.hidden
    assert any(s["simultaneous"] for s in seen) == profile.simultaneous
    assert all(s["random_playout"] is (True if profile.random_playout else None) for s in seen)


@pytest.mark.parametrize("game_id", [g for g in game_ids() if (DATA / f"{g}-perft.json").exists()])
def test_move_generation_counts(game_id: str) -> None:
    """The number of action sequences of each depth from fixed deals, as kept in the data file."""
    cases = json.loads((DATA / f"{game_id}-perft.json").read_text())["deals"]
    game = get_game(game_id)
    for case in cases:
        deal = game.new_deal(case["seed"], dealer=case["dealer"])
        counts = [perft(deal, depth) for depth in range(1, len(case["counts"]) + 1)]
        assert counts == case["counts"], (case["seed"], case["dealer"])
