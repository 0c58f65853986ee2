"""A deal rebuilt from one seat's view and the true hidden state is the deal itself: every seat's view,
the legal actions and the rest of the deal are the same; parts that contradict the view are refused."""

from __future__ import annotations

import random

import pytest

from cardavia.games.errors import GameError, RecordError
from cardavia.games.packs.french import CODES
from cardavia.games.twenty_nine import GAME, TwentyNineDeal
from cardavia.games.twenty_nine.position import FIRST_STAGE, deal_from_view


def rebuilt(deal: TwentyNineDeal, seat: int) -> TwentyNineDeal:
    view = deal.view(seat)
    holdings = [[CODES[c] for c in h] for h in deal.held]
    second = [[CODES[c] for c in h[4:]] for h in deal.hands] if view.phase in FIRST_STAGE else None
    return deal_from_view(view, holdings, deal.trump_code(), second)


def test_the_true_hidden_state_rebuilds_the_deal() -> None:
    checked = 0
    for seed in range(80):
        deal = GAME.new_deal(seed)
        rng = random.Random(seed)
        while not deal.is_over():
            if rng.random() < 0.3:
                world = rebuilt(deal, rng.randrange(4))
                assert [world.view(s).to_json() for s in range(4)] == [
                    deal.view(s).to_json() for s in range(4)
                ]
                assert world.legal_actions() == deal.legal_actions()
                twin = deal.clone()
                while not twin.is_over():
                    action = rng.choice(twin.legal_actions())
                    assert action in world.legal_actions()
                    twin.apply(action)
                    world.apply(action)
                assert world.result() == twin.result()
                checked += 1
            deal.apply(rng.choice(deal.legal_actions()))
    assert checked > 500


def test_parts_that_contradict_the_view_are_refused() -> None:
    deal = GAME.new_deal(5, dealer=3)
    while deal.phase != "play":
        deal.apply(deal.legal_actions()[-1] if deal.phase == "auction" else deal.legal_actions()[0])
    view = deal.view(0)
    holdings = [[CODES[c] for c in h] for h in deal.held]
    other = "c" if deal.trump_code() != "c" else "d"
    with pytest.raises(RecordError):  # seat 0's own cards swapped with seat 1's
        deal_from_view(view, [holdings[1], holdings[0], *holdings[2:]], deal.trump_code())
    with pytest.raises(RecordError):  # the bidder's view shows its trump
        deal_from_view(deal.view(deal.bidder or 0), holdings, other)
    with pytest.raises(RecordError):  # a trump is set
        deal_from_view(view, holdings, None)
    with pytest.raises(RecordError):  # a card twice
        deal_from_view(view, [holdings[0], [*holdings[1][:-1], holdings[0][0]], *holdings[2:]], other)
    with pytest.raises(GameError):  # no record of a rebuilt deal
        rebuilt(deal, 0).to_record()
