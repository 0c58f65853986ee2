"""Every registered game passes the conformance checks (``conformance.py``) on random deals.

Each check runs on hypothesis-drawn seeds; the move-generation counts kept under ``data/`` are
checked for every registered game that has a file (``data/<game>-perft.json``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conformance import CHECKS, perft
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardavia.games.registry import game_ids, get_game

DATA = Path(__file__).parent / "data"
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("game_id", game_ids())
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_conformance(game_id: str, check: str, seed: int) -> None:
    CHECKS[check](game_id, seed)


@pytest.mark.parametrize("check", sorted(set(CHECKS) - {"forced", "record-replays", "outcome"}))
@pytest.mark.parametrize("game_id", game_ids())
def test_checks_have_teeth(game_id: str, check: str) -> None:
    """On fixed seeds each check looks at something: the suite cannot pass by checking nothing."""
    assert sum(CHECKS[check](game_id, seed) for seed in range(3)) > 0


@pytest.mark.parametrize("game_id", game_ids())
def test_outcomes_over_many_deals(game_id: str) -> None:
    """Several hundred seeded deals: every one ends with returns summing to zero."""
    assert sum(CHECKS["outcome"](game_id, seed) for seed in range(300)) == 300


@pytest.mark.parametrize("game_id", [g for g in game_ids() if (DATA / f"{g}-perft.json").exists()])
def test_move_generation_counts(game_id: str) -> None:
    """The number of action sequences of each depth from fixed deals, as kept in the data file."""
    cases = json.loads((DATA / f"{game_id}-perft.json").read_text())["deals"]
    game = get_game(game_id)
    for case in cases:
        deal = game.new_deal(case["seed"], dealer=case["dealer"])
        counts = [perft(deal, depth) for depth in range(1, len(case["counts"]) + 1)]
        assert counts == case["counts"], (case["seed"], case["dealer"])
