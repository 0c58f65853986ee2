"""Sampling hidden pieces: sizes kept, pool conserved, constraints honoured when they can be."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardavia.bots.determinize import share_out


def test_share_out_keeps_sizes_and_pieces() -> None:
    pool = ["6-6", "6-6", "1-1", "4-5", "3-6", "1-2", "2-4"]
    places = share_out(pool, [3, 2, 2], random.Random(1))
    assert [len(p) for p in places] == [3, 2, 2]
    assert Counter(x for p in places for x in p) == Counter(pool)


def test_share_out_rejects_wrong_sizes() -> None:
    with pytest.raises(ValueError):
        share_out([1, 2, 3], [1, 1], random.Random(0))


def test_share_out_honours_constraints() -> None:
    pool = list(range(20))
    # place 0 may hold only even pieces; it is rare for a uniform split to satisfy that
    for seed in range(50):
        places = share_out(pool, [10, 5, 5], random.Random(seed), lambda i, p: i != 0 or p % 2 == 0)
        assert all(p % 2 == 0 for p in places[0])
        assert sorted(x for p in places for x in p) == pool


def test_share_out_is_uniform_without_constraints() -> None:
    counts: Counter[int] = Counter()
    for seed in range(2000):
        counts[share_out([0, 1, 2, 3], [1, 3], random.Random(seed))[0][0]] += 1
    assert all(400 <= counts[k] <= 600 for k in range(4))


def test_share_out_always_returns_a_sample_when_constraints_conflict() -> None:
    places = share_out([1, 3, 5], [2, 1], random.Random(0), lambda i, p: p % 2 == 0)
    assert sorted(x for p in places for x in p) == [1, 3, 5]
