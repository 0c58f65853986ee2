"""The measuring script's parts play what they say (its figures are printed by hand, never asserted)."""

from __future__ import annotations

from cardavia.bots.pai_gow.measure import LADDER, hard_times, ladder, main, percentile


def test_the_ladder_plays_every_level_from_every_seat_of_the_same_deals() -> None:
    nets = ladder(3, seed=1)
    assert set(nets) == set(LADDER)
    for values in nets.values():
        assert len(values) == 12 and all(-3 <= v <= 3 for v in values)


def test_hard_times_counts_decisions_and_percentiles_pick_from_the_sorted_values() -> None:
    wall, cpu = hard_times(5)
    assert len(wall) == len(cpu) == 5
    assert percentile([3.0, 1.0, 2.0], 0.5) == 2.0 and percentile([3.0, 1.0, 2.0], 0.99) == 3.0


def test_an_unknown_measure_prints_the_usage() -> None:
    assert main(["nothing"]) == 2
