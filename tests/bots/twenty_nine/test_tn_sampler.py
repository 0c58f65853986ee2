"""Deals drawn from one seat's view (the determinization a searching bot and a review play out):
the real hidden state always fits the constraints read from the view, every draw fits them too, a
drawn deal shows the seat exactly its view and plays on to the end."""

from __future__ import annotations

import random

from cardavia.bots.twenty_nine import BOTS
from cardavia.bots.twenty_nine.sampler import consistent, sample, sampled_deal
from cardavia.games.packs.french import CODES
from cardavia.games.twenty_nine import GAME, TwentyNineDeal


def _truth(deal: TwentyNineDeal) -> list[list[str]]:
    return [[CODES[c] for c in h] for h in deal.held]


def test_draws_fit_the_view_and_play_on() -> None:
    checked = drawn = 0
    phases: set[str] = set()
    for seed in range(60):
        deal = GAME.new_deal(seed)
        rng = random.Random(seed)
        while (seat := deal.to_act()) is not None:
            viewer = rng.randrange(4)
            view = deal.view(viewer)
            assert consistent(view, _truth(deal), deal.trump_code()), (seed, len(deal.log))
            checked += 1
            if rng.random() < 0.25:
                phases.add(view.phase)
                for _ in range(3):
                    hidden = sample(view, rng)
                    assert consistent(view, hidden.holdings, hidden.trump)
                    world = sampled_deal(view, random.Random(rng.random()))
                    assert world.view(viewer).to_json() == view.to_json()
                    while not world.is_over():
                        world.apply(rng.choice(world.legal_actions()))
                    drawn += 1
            deal.apply(BOTS["normal"].decide(deal.view(seat), rng).action)
    assert checked > 2000 and drawn > 500
    assert {"auction", "trump", "play"} <= phases


def test_a_non_bidder_draws_the_trump_the_bidder_keeps_its_own() -> None:
    deal = GAME.new_deal(11)
    rng = random.Random(0)
    while deal.phase != "play":
        seat = deal.to_act()
        assert seat is not None
        deal.apply(BOTS["normal"].decide(deal.view(seat), rng).action)
    assert deal.bidder is not None
    bidders = {sample(deal.view(deal.bidder), rng).trump for _ in range(50)}
    assert bidders == {deal.trump_code()}
    partner = (deal.bidder + 2) % 4
    assert len({sample(deal.view(partner), rng).trump for _ in range(200)}) > 1
