"""``TienGowDeal.random_playout`` is the generic random loop, fused: same draws, same end, same record."""

from __future__ import annotations

import random

from cardavia.games.tien_gow import GAME
from cardavia.games.tien_gow.deal import TienGowDeal


def _generic(deal: TienGowDeal, rng: random.Random) -> None:
    while not deal.is_over():
        deal.apply(rng.choice(tuple(deal.legal_actions())))


def _same(a: TienGowDeal, b: TienGowDeal, ra: random.Random, rb: random.Random) -> None:
    assert a.is_over() and b.is_over()
    assert a.to_record() == b.to_record()
    assert a.result() == b.result()
    assert ra.getstate() == rb.getstate()  # the same draws, of the same sizes


def test_random_playout_ends_where_the_generic_loop_ends() -> None:
    for seed in range(300):
        a, b = GAME.new_deal(seed), GAME.new_deal(seed)
        ra, rb = random.Random(seed + 1), random.Random(seed + 1)
        _generic(a, ra)
        b.random_playout(rb)
        _same(a, b, ra, rb)


def test_random_playout_from_mid_deal() -> None:
    walk = random.Random(3)
    for seed in range(100):
        deal = GAME.new_deal(seed)
        for _ in range(walk.randrange(0, 25)):
            if deal.is_over():
                break
            deal.apply(walk.choice(tuple(deal.legal_actions())))
        a, b = deal.clone(), deal.clone()
        ra, rb = random.Random(seed), random.Random(seed)
        _generic(a, ra)
        b.random_playout(rb)
        _same(a, b, ra, rb)


class _OwnRandom(random.Random):
    def random(self) -> float:  # a generator whose choice draws through random(), not getrandbits
        return super().random()


def test_other_generators_get_the_generic_loop() -> None:
    for seed in range(5):
        a, b = GAME.new_deal(seed), GAME.new_deal(seed)
        ra, rb = _OwnRandom(seed), _OwnRandom(seed)
        _generic(a, ra)
        b.random_playout(rb)
        _same(a, b, ra, rb)
