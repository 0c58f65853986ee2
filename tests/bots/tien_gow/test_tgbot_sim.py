"""The bots' lean position agrees with the engine: same plays, same state, same money."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardavia.bots.tien_gow.sim import Sim, position_of
from cardavia.games.tien_gow import GAME
from cardavia.games.tien_gow.tiles import mask_of


def test_sim_follows_the_engine_play_by_play() -> None:
    for seed in range(60):
        deal = GAME.new_deal(seed)
        hands = [mask_of(deal.hand(s)) or 0 for s in range(4)]
        sim = Sim(hands, deal.banker, deal.options)
        rng = random.Random(seed)
        while (seat := deal.to_act()) is not None:
            assert sim.to_act == seat
            pos = position_of(deal.view(seat))
            # the view's public state rebuilt in masks matches the sim's
            assert pos.sim.columns == sim.columns
            assert (pos.sim.size, pos.sim.final, pos.sim.played) == (sim.size, sim.final, sim.played)
            assert pos.gone == sim.gone
            if sim.size:
                assert (pos.sim.high, pos.sim.high_seat, pos.sim.lead) == (sim.high, sim.high_seat, sim.lead)
            play = rng.choice(deal.legal_actions())
            deal.apply(play)
            sim.play(mask_of(play.tiles) or 0, play.face_up)
        result = deal.result()
        assert result is not None
        assert sim.net == result["net"]
        assert sim.winner == result["winner"]


OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "turn_order": st.sampled_from(["clockwise", "counter-clockwise"]),
        "banker_doubles_surplus": st.booleans(),
        "bonus_on_final_trick": st.booleans(),
        "last_factor_on_surplus": st.booleans(),
    },
)


def _both_ways(seed: int, options: dict[str, object]) -> None:
    """One random deal played by the engine and by the bots' simulator: the same money, trick by trick."""
    deal = GAME.new_deal(seed, options=options)
    sim = Sim([mask_of(deal.hand(s)) or 0 for s in range(4)], deal.banker, deal.options)
    rng = random.Random(seed)
    while (seat := deal.to_act()) is not None:
        assert sim.to_act == seat
        play = rng.choice(deal.legal_actions())
        deal.apply(play)
        sim.play(mask_of(play.tiles) or 0, play.face_up)
        assert (tuple(sim.columns), tuple(sim.immediate)) == (deal.columns, deal.immediate)
    result = deal.result()
    assert result is not None and sim.to_act is None
    assert (sim.net, sim.winner) == (result["net"], result["winner"])


def test_sim_agrees_with_the_engine_on_several_hundred_deals() -> None:
    for seed in range(400):
        _both_ways(seed, {})


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), options=OPTIONS)
def test_sim_agrees_with_the_engine_under_any_options(seed: int, options: dict[str, object]) -> None:
    _both_ways(seed, options)
