"""Deals drawn to fit a seat's view (``bots/gaple/sampler.py``): the unseen tiles shared out in the
places' sizes, never a pip a seat has shown it lacks (in hand, or in a tile it discarded then), never
a double to a seat the right to open passed over; the real deal always fits; Hall's condition decides
whether a share exists; draws are uniform where the constraints allow."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardavia.bots.gaple import BOTS
from cardavia.bots.gaple.reading import read
from cardavia.bots.gaple.sampler import STOCK, Places, draw, placeable, places_of, sample_world
from cardavia.games.gaple import GAME, GapleDeal, GapleView
from cardavia.games.packs.double_six import DOUBLES_MASK, FULL_MASK, WITH_PIP, mask_of


def views(options: dict[str, Any], seeds: range, later: bool = False) -> list[tuple[GapleDeal, GapleView]]:
    out = []
    game = GAME.for_options(options)
    for seed in seeds:
        deal = game.new_deal(seed, dealer=seed % 4 if later else None)
        rng = random.Random(seed)
        while (seat := deal.to_act()) is not None:
            view = deal.view(seat)
            out.append((deal.clone(), view))
            deal.apply(BOTS["easy"].decide(view, rng).action)
    return out


def truth(deal: GapleDeal, view: GapleView, places: Places) -> list[list[int]]:
    """The real deal's share of the unseen tiles into ``places``."""
    dead_left = {s: list(deal.dead[s]) for s in range(4)}
    out = []
    for owner, is_dead, size in zip(places.owners, places.dead, places.sizes, strict=True):
        if owner == STOCK:
            out.append(list(deal.stock[1:]))
        elif is_dead:
            out.append([dead_left[owner].pop(0)])
        else:
            out.append([t for t in range(28) if deal.held[owner] >> t & 1])
        assert len(out[-1]) == size
    return out


@pytest.mark.parametrize(
    ("options", "later"),
    [
        ({}, False),
        ({"stuck": "discard"}, False),
        ({"hand_size": 6}, False),
        ({"teams": True}, True),
        ({}, True),
    ],
)
def test_the_real_deal_always_fits_and_every_draw_fits_the_view(options: dict[str, Any], later: bool) -> None:
    rng = random.Random(1)
    constrained = 0
    for deal, view in views(options, range(25), later):
        r = read(view)
        places = places_of(r)
        real = truth(deal, view, places)
        for part, mask in zip(real, places.allowed, strict=True):
            assert all(mask >> t & 1 for t in part)
        constrained += any(mask != FULL_MASK for mask in places.allowed)
        shares = draw(places, rng)
        assert shares is not None
        assert sorted(t for part in shares for t in part) == sorted(places.pool)
        for part, size, mask, owner, dead in zip(
            shares, places.sizes, places.allowed, places.owners, places.dead, strict=True
        ):
            assert len(part) == size and all(mask >> t & 1 for t in part)
            if owner != STOCK and not dead:  # a hand: none of the pips it lacks, no double if passed over
                assert not any(mask_of(part) & WITH_PIP[pip] for pip in view.lacks[owner])
                assert owner not in view.without_doubles or not mask_of(part) & DOUBLES_MASK
        world = sample_world(r, places, rng)
        assert world is not None and world.held[view.seat] == r.hand
        assert [h.bit_count() for h in world.held] == list(view.hand_sizes)
    assert constrained > 20


def test_halls_condition_decides_whether_a_share_exists() -> None:
    no_five = FULL_MASK & ~WITH_PIP[5]
    fives = [t for t in range(28) if WITH_PIP[5] >> t & 1][:3]
    others = [t for t in range(28) if not WITH_PIP[5] >> t & 1][:3]
    places = Places((1, 2), (False, False), (3, 3), (no_five, no_five), tuple(fives + others))
    assert not placeable(list(places.pool), places, [3, 3])
    assert draw(places, random.Random(0)) is None
    loose = Places((1, 2), (False, False), (3, 3), (no_five, FULL_MASK), tuple(fives + others))
    assert placeable(list(loose.pool), loose, [3, 3])
    shares = draw(loose, random.Random(0))
    assert shares is not None and sorted(shares[1]) == sorted(fives)


def test_draws_are_uniform_over_the_shares_that_fit() -> None:
    """Three places of two, the first of which may hold no 5: it holds two of the four other tiles,
    each of the six pairs about as often."""
    fives = [t for t in range(28) if WITH_PIP[5] >> t & 1][:2]
    others = [t for t in range(28) if not WITH_PIP[5] >> t & 1][:4]
    places = Places(
        (1, 2, 3),
        (False, False, False),
        (2, 2, 2),
        (FULL_MASK & ~WITH_PIP[5], FULL_MASK, FULL_MASK),
        tuple(fives + others),
    )
    rng = random.Random(7)
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(3000):
        shares = draw(places, rng)
        assert shares is not None
        seen[tuple(sorted(shares[0]))] += 1
    # the first place holds 2 of the 4 others: C(4, 2) = 6 ways, each about 500 times
    assert len(seen) == 6 and all(400 < n < 600 for n in seen.values()), seen
