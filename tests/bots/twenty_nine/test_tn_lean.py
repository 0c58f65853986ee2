"""The lean play-out (:mod:`cardavia.bots.twenty_nine.lean`) plays the same deal as the ``rollout``
policy on the exact engine: the same worlds, drawn at random points of random deals under every rule
option, end with the same tricks card for card, the same points and the same result, and neither
draws from the generator."""

from __future__ import annotations

import itertools
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardavia.bots.twenty_nine import lean, rollout
from cardavia.bots.twenty_nine.normal import limit_of
from cardavia.bots.twenty_nine.reading import best_suit, hand_points
from cardavia.bots.twenty_nine.sampler import sampled_deal
from cardavia.games.packs.french import CODES, SUITS
from cardavia.games.twenty_nine import Action, Options, TwentyNineDeal, new_deal


def _position(seed: int, cut: int) -> TwentyNineDeal | None:
    """A deal of ``seed`` under options drawn from it, played ``cut`` actions in, each a random legal
    action or the policy's (so that asks, pairs and doubles come up); None if it ended by then."""
    r = random.Random(seed)
    options = Options(
        min_bid=r.choice((16, 15, 14)),
        last_trick_point=r.random() < 0.3,
        double=r.random() < 0.8,
        pair=r.random() < 0.8,
    )
    deal = new_deal(seed, options=options)
    for _ in range(cut):
        if deal.is_over():
            return None
        played = {c for t in deal.tricks for _, c in t[3]} | {c for _, c in deal.trick}
        policy = rollout.choose(deal, played)
        deal.apply(r.choice(deal.legal_actions()) if r.random() < 0.4 else policy)
    return None if deal.is_over() else deal


def _ending(deal: TwentyNineDeal) -> tuple[Any, ...]:
    outcome = deal.outcome()
    assert outcome is not None
    tricks = [
        (leader, winner, points, [c for _, c in plays]) for leader, winner, points, plays in deal.tricks
    ]
    return (tricks, deal.team_points, deal.reveal, deal.pair, deal.bidder, deal.bid, deal.trump,
            deal.multiplier, outcome.returns)  # fmt: skip


def _lean_ending(world: lean.LeanWorld) -> tuple[Any, ...]:
    return (world.tricks, world.points, world.reveal, world.pair, world.bidder, world.bid, world.trump,
            world.multiplier, tuple(world.returns(s) for s in range(4)))  # fmt: skip


def _compare(deal: TwentyNineDeal, seed: int, seen: dict[str, int]) -> int:
    """Play every legal action of a world drawn from the view of the seat to act both ways; the count."""
    seat = deal.to_act()
    assert seat is not None
    world = sampled_deal(deal.view(seat), random.Random(seed))
    made = lean.lean_world(world)
    for action in world.legal_actions():
        exact = world.clone()
        exact.apply(action)
        rng = random.Random(seed)
        rollout.play_out(exact, rng)
        trial = made.copy()
        lean_rng = random.Random(seed)
        lean.play_out(trial, action, lean_rng)
        assert _lean_ending(trial) == _ending(exact), (seed, action)
        assert lean_rng.getstate() == rng.getstate() == random.Random(seed).getstate()
        seen["reveal"] += exact.reveal is not None
        seen["pair"] += exact.pair is not None
        seen["doubled"] += exact.multiplier > 1
        seen[world.phase] += 1
    # the candidates' copies leave the world as it was made
    assert _state(made) == _state(lean.lean_world(world))
    return len(world.legal_actions())


def _state(world: lean.LeanWorld) -> list[Any]:
    return [getattr(world, name) for name in lean.LeanWorld.__slots__]


def test_lean_play_outs_end_as_the_exact_engines_on_random_deals() -> None:
    seen: dict[str, int] = dict.fromkeys(("reveal", "pair", "doubled"), 0)
    seen.update(dict.fromkeys(("auction", "trump", "double", "redouble", "play"), 0))
    compared = 0
    for seed in range(300):
        # one deal in three cut in its first stage, where the auction and the doubling are played out
        deal = _position(seed, random.Random(-seed).randrange(12 if seed % 3 == 0 else 45))
        if deal is not None:
            compared += _compare(deal, seed, seen)
    assert compared > 800
    # every rule the play-outs apply came up: asking, the pair, doubling, every phase as a start
    assert all(count >= 5 for count in seen.values()), seen


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 44))
def test_lean_play_outs_agree_at_any_point(seed: int, cut: int) -> None:
    deal = _position(seed, cut)
    if deal is not None:
        _compare(deal, seed, dict.fromkeys(("reveal", "pair", "doubled", deal.phase), 0))


def test_four_cards_read_as_normal_reads_them() -> None:
    # every four cards: the auction limit, the suit named and the points of the first stage's calls
    for four in itertools.combinations(range(32), 4):
        codes = tuple(CODES[c] for c in four)
        expected = (limit_of(codes), SUITS.index(best_suit(codes)[0]), hand_points(codes))
        assert lean.four_facts(lean.mask_of(four)) == expected, codes


def test_a_move_is_the_action_it_stands_for() -> None:
    assert lean.move_of(Action(0, "play", card=5)) == 5
    assert lean.move_of(Action(0, "bid", value=17)) == 17
    assert lean.move_of(Action(0, "trump", suit=3)) == 3
    assert [lean.move_of(Action(0, do)) for do in ("reveal", "pair", "double", "redouble", "pass")] == [
        lean.ASK,
        lean.PAIR,
        lean.YES,
        lean.YES,
        lean.PASS,
    ]
