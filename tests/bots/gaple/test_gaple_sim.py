"""The lean play-out (``bots/gaple/sim.py``) plays by the engine's rules: the same actions change a
world as they change the engine's deal, a world played out by the policy ends as the engine's deal
played with the policy's actions, and the returns are the engine's."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardavia.bots.gaple.sim import World, apply, mask_pips, on_line_of, play_out, policy, returns
from cardavia.games.gaple import GAME, GapleDeal
from cardavia.games.packs.double_six import TILE_PIPS, pips_in

OPTIONS: list[dict[str, Any]] = [
    {},
    {"teams": True},
    {"stuck": "discard"},
    {"hand_size": 6},
    {"teams": True, "stuck": "discard", "hand_size": 6},
]


def world_of(deal: GapleDeal) -> World:
    seat = deal.to_act()
    assert seat is not None
    dead = [sum(TILE_PIPS[t] for t in d) for d in deal.dead]
    return World(list(deal.held), dead, deal.ends, on_line_of([t for t, _, _ in deal.line]), seat)


def test_bytes_add_pips_as_the_pack_does() -> None:
    rng = random.Random(0)
    for _ in range(200):
        mask = rng.getrandbits(28)
        assert mask_pips(mask) == pips_in(mask)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "standard")
def test_an_action_changes_a_world_as_it_changes_the_deal(options: dict[str, Any]) -> None:
    game = GAME.for_options(options)
    steps = 0
    for seed in range(40):
        deal = game.new_deal(seed, dealer=seed % 4 if seed % 3 else None)
        rng = random.Random(seed)
        while not deal.is_over():
            world = world_of(deal)
            action = rng.choice(deal.legal_actions())
            end = apply(world, action, deal.options)
            deal.apply(action)
            steps += 1
            assert world.held == deal.held and world.ends == deal.ends
            if end is None:
                assert world.to_act == deal.to_act()
            else:
                result = deal.result()
                assert result is not None and end[0] == result["end"]
                assert returns(world, end, deal.options) == deal.outcome().returns  # type: ignore[union-attr]
    assert steps > 500


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "standard")
def test_a_play_out_ends_as_the_engine_played_by_the_policy(options: dict[str, Any]) -> None:
    game = GAME.for_options(options)
    for seed in range(40):
        deal = game.new_deal(seed)
        rng = random.Random(seed)
        while not deal.is_over() and (deal.ends is None or rng.random() < 0.7):  # a random start
            deal.apply(rng.choice(deal.legal_actions()))
        if deal.is_over():
            continue
        world = world_of(deal)
        end = play_out(world.copy(), deal.options)
        mirror = world.copy()
        while not deal.is_over():
            action = policy(world_of(deal), deal.options)
            assert action in deal.legal_actions()
            deal.apply(action)
            last = apply(mirror, action, deal.options)
        outcome = deal.outcome()
        assert outcome is not None and last == end
        assert returns(mirror, end, deal.options) == outcome.returns
