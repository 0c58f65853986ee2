"""Twenty-Nine passes the conformance suite every registered game passes (``tests/games/conformance.py``),
registered for these tests only (its bots and pages come later), on fixed and hypothesis-drawn seeds."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from twenty_nine_helpers import ENTRY, twenty_nine_registered

from games.conformance import CHECKS


@pytest.fixture(scope="module", autouse=True)
def registered_for_these_tests() -> Iterator[None]:
    with twenty_nine_registered():
        yield


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_every_conformance_check_on_fixed_seeds(check: str) -> None:
    looked = sum(CHECKS[check](ENTRY.id, seed) for seed in range(20))
    if check != "record-replays":  # one per deal, or zero: an annulled deal has no random walk to check
        assert looked > 0, check


@pytest.mark.parametrize("check", sorted(CHECKS))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_conformance_check_on_drawn_seeds(check: str, seed: int) -> None:
    with twenty_nine_registered():
        CHECKS[check](ENTRY.id, seed)


def test_outcomes_over_many_deals() -> None:
    assert sum(CHECKS["outcome"](ENTRY.id, seed) for seed in range(300)) == 300
