"""Invariants on random deals (hypothesis): returns sum to zero, nothing of another seat shows before
the reveal, the order of setting changes nothing, records round-trip."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pai_gow_helpers import (
    random_options,
    registered_for_tests,  # noqa: F401  (the fixture below)
)

from cardavia.games.pai_gow import GAME, PaiGowDeal, SetHand
from cardavia.games.pai_gow.tiles import full_set
from cardavia.games.replay import replay_record

pytestmark = pytest.mark.usefixtures("registered_for_tests")

seeds = st.integers(min_value=0, max_value=2**32)


def _choices(deal: PaiGowDeal, rng: random.Random) -> dict[int, SetHand]:
    """A random set for each seat, sometimes naming the other hand of the split."""
    out = {}
    for seat in range(4):
        chosen = rng.choice(deal.legal_actions_of(seat))
        if rng.random() < 0.5:
            rest = list(deal.hand(seat))
            for t in chosen.hand:
                rest.remove(t)
            chosen = SetHand(seat, tuple(rest))
        out[seat] = chosen
    return out


@settings(max_examples=150, deadline=None)
@given(seed=seeds, order_seed=seeds)
def test_returns_sum_to_zero_and_the_order_of_setting_changes_nothing(seed: int, order_seed: int) -> None:
    rng = random.Random(order_seed)
    options = random_options(rng)
    first = GAME.new_deal(seed, options=options)
    choices = _choices(first, rng)
    second = first.clone()
    for seat in range(4):
        first.apply(choices[seat])
    order = list(range(4))
    rng.shuffle(order)
    for seat in order:
        second.apply(choices[seat])
    outcome = first.outcome()
    assert outcome is not None and sum(outcome.returns) == 0
    assert first.result() == second.result()
    result = first.result()
    assert result is not None
    banker = result["banker"]
    assert result["net"][banker] == -sum(n for s, n in enumerate(result["net"]) if s != banker)
    assert all(abs(n) <= 1 for s, n in enumerate(result["net"]) if s != banker)


@settings(max_examples=150, deadline=None)
@given(
    seed=seeds,
    other_seed=seeds,
    viewer=st.integers(0, 3),
    flags=st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_before_the_reveal_a_view_depends_on_nothing_of_another_seat(
    seed: int, other_seed: int, viewer: int, flags: list[bool]
) -> None:
    """Two deals with the viewer's tiles alike and every other tile dealt differently, the same seats
    set (each other seat any way): the viewer's views are byte for byte the same."""
    if all(flags):  # keep the deal unfinished
        flags[(viewer + 1) % 4] = False
    deal = GAME.new_deal(seed)
    mine = deal.hand(viewer)
    rest = Counter(t.code for t in full_set()) - Counter(t.code for t in mine)
    others = []
    for t in full_set():
        if rest[t.code] > 0:
            others.append(t)
            rest[t.code] -= 1
    rng = random.Random(other_seed)
    rng.shuffle(others)
    hands = [others[4 * i : 4 * i + 4] for i in range(3)]
    hands.insert(viewer, list(mine))
    twin = PaiGowDeal(hands, deal.banker, deal.options)
    for seat, flag in enumerate(flags):
        if flag:
            deal.apply(
                rng.choice(deal.legal_actions_of(seat)) if seat != viewer else deal.legal_actions_of(seat)[0]
            )
            twin.apply(
                rng.choice(twin.legal_actions_of(seat)) if seat != viewer else twin.legal_actions_of(seat)[0]
            )
    assert json.dumps(deal.view(viewer).to_json()) == json.dumps(twin.view(viewer).to_json())
    shown = json.dumps(deal.view(viewer).to_json())
    for code in {t.code for t in full_set()} - {t.code for t in mine}:
        assert f'"{code}"' not in shown


@settings(max_examples=100, deadline=None)
@given(seed=seeds, rng_seed=seeds, count=st.integers(0, 4))
def test_a_record_round_trips(seed: int, rng_seed: int, count: int) -> None:
    rng = random.Random(rng_seed)
    deal = GAME.new_deal(seed, options=random_options(rng))
    choices = _choices(deal, rng)
    order = list(range(4))
    rng.shuffle(order)
    for seat in order[:count]:
        deal.apply(choices[seat])
    record = json.loads(json.dumps(deal.to_record()))
    again, sets = GAME.deal_from_record(record)
    for s in sets:
        again.apply(s)
    assert again.to_record() == record
    assert [again.view(s).to_json() for s in range(4)] == [deal.view(s).to_json() for s in range(4)]
    replayed = replay_record(record).to_json()
    assert replayed == (deal.result() if count == 4 else {**deal.progress(), "finished": False})
