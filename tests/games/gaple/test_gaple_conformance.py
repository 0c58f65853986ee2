"""Gaple passes the conformance suite every registered game passes (``tests/games/conformance.py``),
registered for these tests only (its pages come later), with its standard rules and under each
option (``gaple_variants``), on fixed and hypothesis-drawn seeds."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gaple_helpers import ENTRY
from gaple_variants import VARIANTS, variants_registered
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.conformance import CHECKS

GAMES = [ENTRY.id, *(f"gaple-{name}" for name in VARIANTS)]


@pytest.fixture(scope="module", autouse=True)
def registered_for_these_tests() -> Iterator[None]:
    with variants_registered(*VARIANTS):
        yield


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("game_id", GAMES)
def test_every_conformance_check_on_fixed_seeds(game_id: str, check: str) -> None:
    looked = sum(CHECKS[check](game_id, seed) for seed in range(12))
    if check not in ("record-replays", "forced"):  # an annulled deal has no walk; not every variant forces
        assert looked > 0, check


def test_forced_passes_and_openings_are_seen() -> None:
    assert sum(CHECKS["forced"](ENTRY.id, seed) for seed in range(12)) > 12


@pytest.mark.parametrize("check", sorted(CHECKS))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), game_id=st.sampled_from(GAMES))
def test_every_conformance_check_on_drawn_seeds(check: str, seed: int, game_id: str) -> None:
    CHECKS[check](game_id, seed)


@pytest.mark.parametrize("game_id", GAMES)
def test_outcomes_over_many_deals(game_id: str) -> None:
    assert sum(CHECKS["outcome"](game_id, seed) for seed in range(300)) == 300
