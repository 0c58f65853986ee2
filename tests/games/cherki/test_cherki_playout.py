"""``CherkiDeal.random_playout`` is the generic random loop, fused: same draws, same end, same record.

The generic loop is ``while not deal.is_over(): deal.apply(rng.choice(tuple(deal.legal_actions())))``.
For many seeds, from the start and from mid-deal positions (either phase, callers included), both
must end in identical states with identical records and leave the generator in the same state.
About 2 s.
"""

from __future__ import annotations

import random
from collections import Counter

from cherki_helpers import fingerprint
from hypothesis import given, settings
from hypothesis import strategies as st

from cardavia.games.cherki import FACE_CODES, CherkiDeal, deal_from_view, new_deal
from cardavia.games.cherki.rules import MAX_BOUNCES, MAX_TAKE_RUN, PICKUP


def generic(deal: CherkiDeal, rng: random.Random, seen: Counter[str] | None = None) -> None:
    while not deal.is_over():
        if seen is not None and deal.phase == PICKUP and deal.pile:
            seat = deal.to_move
            seen["bounce guard"] += deal.bounces >= MAX_BOUNCES
            seen["take-run guard"] += deal.take_run >= MAX_TAKE_RUN
            seen["caller's turn"] += deal.called[seat]
            seen["ready, may call"] += any(a.do == "call" for a in deal.legal_actions())
        deal.apply(rng.choice(tuple(deal.legal_actions())))


def same_end(a: CherkiDeal, b: CherkiDeal, ra: random.Random, rb: random.Random) -> None:
    assert fingerprint(a) == fingerprint(b)
    assert a.result() == b.result()
    assert a.legal_actions() == b.legal_actions() == ()
    assert ra.getstate() == rb.getstate()  # the same number of draws, of the same sizes


def test_random_playout_ends_where_the_generic_loop_ends() -> None:
    seen: Counter[str] = Counter()
    for seed in range(250):
        a, b = new_deal(seed), new_deal(seed)
        ra, rb = random.Random(seed + 10_000), random.Random(seed + 10_000)
        generic(a, ra, seen)
        b.random_playout(rb)
        same_end(a, b, ra, rb)
        assert a.to_record() == b.to_record()
        result = a.result()
        assert result is not None
        seen["drawn" if result["drawn"] else "won"] += 1
        seen["call with a discard"] += any(c[3] for c in a.calls)
        seen["call before drawing"] += any(not c[3] for c in a.calls)
    # the comparison went through every branch of the fused loop
    assert min(seen.values()) > 0 and len(seen) == 8, seen


def test_random_playout_from_mid_deal_positions() -> None:
    picker = random.Random(5)
    checked: Counter[str] = Counter()
    for seed in range(120):
        deal = new_deal(seed)
        walk = random.Random(seed)
        for _ in range(picker.randrange(1, 200)):
            if deal.is_over():
                break
            legal = deal.legal_actions()
            calls = [x for x in legal if x.do == "call" or x.call]  # call when ready, to reach callers
            deal.apply(walk.choice(calls or legal))
        if deal.is_over():
            continue
        seat = deal.to_move
        checked["discard phase" if deal.phase else "pick-up phase"] += 1
        checked["a caller to act"] += deal.called[seat]
        a, b = deal.clone(), deal.clone()
        ra, rb = random.Random(seed), random.Random(seed)
        generic(a, ra)
        b.random_playout(rb)
        same_end(a, b, ra, rb)
        assert a.to_record() == b.to_record()
        # a position rebuilt from a view (no deck, so no record) plays out the same way too
        hands = [[FACE_CODES[f] for f in hand] for hand in deal.hands]
        stock = [FACE_CODES[f] for f in reversed(deal.stock)]
        picked = FACE_CODES[deal.picked] if deal.phase else None
        c = deal_from_view(deal.view(seat), hands, stock, picked)
        d = deal_from_view(deal.view(seat), hands, stock, picked)
        rc, rd = random.Random(seed), random.Random(seed)
        generic(c, rc)
        d.random_playout(rd)
        assert fingerprint(c) == fingerprint(d) and rc.getstate() == rd.getstate()
        assert c.result() == a.result()
    assert min(checked.values()) > 5, checked


class _OwnRandom(random.Random):
    """A generator that draws through ``random()`` only: its choice differs from Random's."""

    def random(self) -> float:
        return super().random()


def test_other_generators_get_the_generic_loop() -> None:
    for seed in range(5):
        a, b = new_deal(seed), new_deal(seed)
        ra, rb = _OwnRandom(seed), _OwnRandom(seed)
        generic(a, ra)
        b.random_playout(rb)
        same_end(a, b, ra, rb)


def test_a_finished_deal_draws_nothing() -> None:
    deal = new_deal(1)
    deal.random_playout(random.Random(1))
    before = fingerprint(deal)
    rng = random.Random(2)
    state = rng.getstate()
    deal.random_playout(rng)
    assert fingerprint(deal) == before and rng.getstate() == state


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), dealer=st.integers(min_value=0, max_value=2))
def test_random_playout_is_the_generic_loop_on_any_deal(seed: int, dealer: int) -> None:
    a, b = new_deal(seed, dealer), new_deal(seed, dealer)
    ra, rb = random.Random(~seed), random.Random(~seed)
    generic(a, ra)
    b.random_playout(rb)
    same_end(a, b, ra, rb)
    assert a.to_record() == b.to_record()
