"""Random legal play from random seeds (hypothesis): the invariants of spec/cherki.md hold throughout.

Each example plays one whole deal: 100 + 15 hypothesis deals and 60 seeded ones, a few seconds.
"""

from __future__ import annotations

import random
from collections import Counter

from cherki_helpers import fingerprint
from hypothesis import given, settings
from hypothesis import strategies as st

from cardavia.games.cherki import (
    FACE_CODES,
    GAME,
    NUM_FACES,
    CherkiDeal,
    deal_from_record,
    kind_counts,
    ready_wait,
)
from cardavia.games.cherki.actions import CALL, DISCARD, DRAW, TAKE, TAKE_TOP, Action
from cardavia.games.errors import IllegalAction
from cardavia.games.replay import replay_record

MAX_ACTIONS = 3000  # far above any deal: the take-run guard forces a draw at least every tenth turn


def _universe(seat: int) -> list[Action]:
    actions = [DRAW[seat], TAKE_TOP[seat], CALL[seat], *TAKE[seat]]
    for f in range(NUM_FACES):
        actions += DISCARD[seat][f]
    return actions


def _conserved(deal: CherkiDeal) -> None:
    untaken = [f for f, t in zip(deal.pile, deal.pile_taken, strict=True) if t < 0]
    every = [f for h in deal.hands for f in h] + deal.stock + untaken
    assert Counter(every) == Counter({f: 4 for f in range(NUM_FACES)})


def _legal_agrees_with_apply(deal: CherkiDeal) -> None:
    """Every action of the seat to act applies if and only if it is listed (or is the take without
    naming the card, listed with it); a refused one changes nothing."""
    seat = deal.to_move
    legal = set(deal.legal_actions())
    before = fingerprint(deal)
    for action in [*_universe(seat), DRAW[(seat + 1) % 3]]:
        listed = action in legal or (action is TAKE_TOP[seat] and any(a.do == "take" for a in legal))
        copy = deal.clone()
        try:
            copy.apply(action)
        except IllegalAction:
            assert not listed, action
            assert fingerprint(copy) == before
        else:
            assert listed, action


def play(seed: int, rng: random.Random, call_bias: float, check_every: int) -> CherkiDeal:
    deal = GAME.new_deal(seed)
    locked: dict[int, list[int]] = {}
    steps = 0
    while not deal.is_over():
        steps += 1
        assert steps < MAX_ACTIONS
        _conserved(deal)
        seat = deal.to_move
        sizes = [len(h) for h in deal.hands]
        if deal.phase == 0:
            assert sizes == [8, 8, 8]  # eight cards in every hand between turns
            ready = ready_wait(kind_counts(deal.hands[seat])) is not None
            assert (CALL[seat] in deal.legal_actions()) == (ready and not deal.called[seat])
        else:
            assert sorted(sizes) == [8, 8, 9] and sizes[seat] == 9
        for s, cards in locked.items():  # a called hand never changes
            now = sorted(deal.hands[s][:8]) if len(deal.hands[s]) == 9 else sorted(deal.hands[s])
            assert now == cards
        legal = deal.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        if deal.called[seat]:
            assert len(legal) == 1  # a caller's turn is forced
        if steps % check_every == 0:
            _legal_agrees_with_apply(deal)
        calls = [a for a in legal if a.do == "call" or a.call]
        action = rng.choice(calls) if calls and rng.random() < call_bias else rng.choice(legal)
        deal.apply(action)
        for s in range(3):
            if deal.called[s] and s not in locked:
                hand = deal.hands[s]
                locked[s] = sorted(hand[:8] if len(hand) == 9 else hand)
    _conserved(deal)
    return deal


def _check_outcome(deal: CherkiDeal) -> None:
    result = deal.result()
    assert result is not None and sum(result["deltas"]) == 0
    if result["drawn"]:
        assert not deal.stock and result["x"] is None and result["hand"] is None
        assert result["deltas"] == [0, 0, 0] and result["winner"] is None
    else:
        winner = result["winner"]
        assert deal.called[winner] and len(result["hand"]) == 9
        counts = kind_counts(result["hand"])
        assert all(c % 3 == 0 for c in counts)
        assert 9 <= result["x"] <= 81
        assert result["deltas"][winner] == 2 * result["x"]
    # the record round-trips: same record, same outcome, through the shared replay too
    record = deal.to_record()
    again, actions = deal_from_record(record)
    for action in actions:
        again.apply(action)
    assert again.result() == result and again.to_record() == record
    assert fingerprint(again) == fingerprint(deal)
    outcome = replay_record(record)
    assert outcome.finished and outcome.to_json() == result
    assert [FACE_CODES[f] for f in deal.deck or ()] == record["deck"]


@settings(max_examples=100, deadline=None)
@given(
    seed=st.integers(0, 2**63), choices=st.randoms(use_true_random=False), bias=st.sampled_from([0.0, 0.9])
)
def test_random_legal_play_keeps_every_invariant(seed: int, choices: random.Random, bias: float) -> None:
    deal = play(seed, choices, bias, check_every=1_000_000)
    _check_outcome(deal)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**63), choices=st.randoms(use_true_random=False))
def test_legal_actions_are_exactly_the_actions_apply_accepts(seed: int, choices: random.Random) -> None:
    deal = play(seed, choices, 0.9, check_every=7)
    _check_outcome(deal)


def test_many_seeded_deals_end_and_some_are_won_some_drawn() -> None:
    rng = random.Random(12)
    outcomes = Counter()
    for seed in range(60):
        deal = play(seed, rng, 0.9, check_every=1_000_000)
        result = deal.result()
        assert result is not None
        outcomes["drawn" if result["drawn"] else "won"] += 1
    assert outcomes["drawn"] > 0 and outcomes["won"] > 0
