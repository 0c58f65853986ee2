"""The arena's intervals against textbook values."""

from __future__ import annotations

import math

import pytest

from cardavia.bots.stats import mean_interval, t_quantile, wilson_interval


@pytest.mark.parametrize(
    ("df", "expected"),
    [(1, 12.7062047), (2, 4.3026527), (10, 2.2281389), (30, 2.0422725), (1000, 1.9623391)],
)
def test_t_quantile_matches_tables(df: int, expected: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(expected, abs=1e-6)
    assert t_quantile(0.025, df) == pytest.approx(-expected, abs=1e-6)


def test_mean_interval_of_one_to_five() -> None:
    # mean 3, sd sqrt(2.5), n 5: half-width t(0.975, 4) * sqrt(2.5 / 5) = 2.7764451 * 0.7071068
    m = mean_interval([1, 2, 3, 4, 5])
    assert m.estimate == 3
    assert m.high - m.estimate == pytest.approx(2.7764451 * math.sqrt(0.5), abs=1e-6)
    assert m.estimate - m.low == pytest.approx(m.high - m.estimate)


def test_mean_interval_of_constant_values_is_a_point() -> None:
    m = mean_interval([2.0] * 10)
    assert (m.estimate, m.low, m.high) == (2.0, 2.0, 2.0)


def test_mean_interval_of_one_value_is_unbounded() -> None:
    m = mean_interval([4.0])
    assert m.estimate == 4.0 and m.low == -math.inf and m.high == math.inf


def test_wilson_interval_known_values() -> None:
    # Wilson 95 %: 5/10 -> [0.2366, 0.7634]; 0/10 -> [0, 0.2775]; 81/263 -> [0.2553, 0.3662]
    w = wilson_interval(5, 10)
    assert w.estimate == 0.5
    assert (w.low, w.high) == pytest.approx((0.2365931, 0.7634069), abs=1e-6)
    w = wilson_interval(0, 10)
    assert (w.low, w.high) == pytest.approx((0.0, 0.2775328), abs=1e-6)
    assert w.low == 0.0
    w = wilson_interval(81, 263)
    assert (w.low, w.high) == pytest.approx((0.2553, 0.3662), abs=5e-4)
    assert wilson_interval(10, 10).high == 1.0


def test_wilson_interval_rejects_impossible_counts() -> None:
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
