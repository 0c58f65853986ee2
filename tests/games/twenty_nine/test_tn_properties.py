"""Properties of random Twenty-Nine deals (hypothesis draws the deal, the options and the play).

- the hidden trump leaks to no seat but the bidder, the partner included: every other seat's view
  and redacted log are the same whichever suit the bidder named, until the reveal;
- no view holds a card of another hand;
- the deal's invariants: points sum to 28 (29), 8 tricks of 4, three passes, at most one reveal
  and one pair; returns are zero-sum between the teams;
- a record replays to the same deal; a clone is independent of its original.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardavia.games.packs.french import CODES
from cardavia.games.twenty_nine import GAME, TwentyNineDeal
from cardavia.games.twenty_nine.actions import Action

OPTIONS = st.sampled_from(
    [{}, {"last_trick_point": True}, {"min_bid": 14}, {"double": False}, {"pair": False}, {"min_bid": 15}]
)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def play_out(seed: int, options: dict[str, Any], play_seed: int) -> tuple[TwentyNineDeal, list[Action]]:
    """A random deal played to its end, asking and declaring the pair half the time they are offered."""
    deal = GAME.new_deal(seed, options=options)
    rng = random.Random(play_seed)
    actions: list[Action] = []
    while not deal.is_over():
        legal = deal.legal_actions()
        special = [a for a in legal if a.do in ("reveal", "pair")]
        chosen = rng.choice(special) if special and rng.random() < 0.5 else rng.choice(legal)
        deal.apply(chosen)
        actions.append(chosen)
    return deal, actions


def seen(deal: TwentyNineDeal, seat: int, log: list[Action]) -> str:
    """Everything ``seat`` is shown: its view and the log of actions as redacted for it."""
    redacted = [GAME.redact(a.to_json(), a.seat, seat) for a in log]
    return json.dumps([deal.view(seat).to_json(), redacted], sort_keys=True)


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, options=OPTIONS, play_seed=SEEDS)
def test_the_hidden_trump_reaches_no_other_seat_partner_included(
    seed: int, options: dict[str, Any], play_seed: int
) -> None:
    deal, actions = play_out(seed, options, play_seed)
    if deal.bidder is None:
        return  # annulled
    bidder, trump = deal.bidder, deal.trump
    start = next(i for i, a in enumerate(actions) if a.do == "trump")
    # the same deal with each suit named in turn, played on as long as the same actions are legal
    worlds: list[tuple[TwentyNineDeal, list[Action]]] = []
    for suit in range(4):
        world = GAME.new_deal(seed, options=options)
        log = list(actions[:start])
        for a in log:
            world.apply(a)
        chosen = Action(bidder, "trump", suit=suit)
        world.apply(chosen)
        worlds.append((world, [*log, chosen]))
    for a in actions[start + 1 :]:
        if a.do == "reveal":
            break
        live = []
        for world, log in worlds:
            if a in world.legal_actions():  # only the bidder's lead may differ by trump
                world.apply(a)
                log.append(a)
                live.append((world, log))
            else:
                assert a.seat == bidder and a.do == "play"
        worlds = live
        if any(world.is_over() for world, _ in worlds):
            break  # the result shows every card and the trump: a deal played out unasked shows it only then
        for seat in range(4):
            if seat == bidder:
                continue
            shown = {seen(world, seat, log) for world, log in worlds}
            assert len(shown) == 1, f"seat {seat} can tell the trump apart"
            assert all(world.view(seat).trump is None for world, _ in worlds)
    assert any(world.trump == trump for world, _ in worlds)  # the real deal's actions were all legal


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, options=OPTIONS, play_seed=SEEDS)
def test_no_view_holds_another_hand(seed: int, options: dict[str, Any], play_seed: int) -> None:
    deal = GAME.new_deal(seed, options=options)
    rng = random.Random(play_seed)
    while True:
        played = {c for t in deal.tricks for _, c in t[3]} | {c for _, c in deal.trick}
        public = {CODES[c] for c in played | set(deal.shown())}
        for seat in range(4):
            view = deal.view(seat).to_json()
            others = {CODES[c] for s in range(4) if s != seat for c in deal.hands[s]}
            text = json.dumps(view)
            assert not any(f'"{code}"' in text for code in others - public)
            assert sorted(view["hand"]) == sorted(CODES[c] for c in deal.held[seat])
        if deal.is_over():
            break
        deal.apply(rng.choice(deal.legal_actions()))


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, options=OPTIONS, play_seed=SEEDS)
def test_invariants_of_a_finished_deal(seed: int, options: dict[str, Any], play_seed: int) -> None:
    deal, actions = play_out(seed, options, play_seed)
    result = deal.result()
    outcome = deal.outcome()
    assert result is not None and outcome is not None
    assert sum(outcome.returns) == 0
    assert outcome.returns[0] == outcome.returns[2] == -outcome.returns[1] == -outcome.returns[3]
    if result["annulled"]:
        assert actions == [] and outcome.drawn
        return
    total = 29 if options.get("last_trick_point") else 28
    assert sum(result["points"]) == total == sum(t["points"] for t in result["tricks"])
    assert len(result["tricks"]) == 8 and all(len(t[3]) == 4 for t in deal.tricks)
    assert sum(1 for s, b in deal.calls if b is None) == 3
    assert sum(a.do == "reveal" for a in actions) <= 1 and sum(a.do == "pair" for a in actions) <= 1
    assert result["multiplier"] in ((1,) if options.get("double") is False else (1, 2, 4))
    assert abs(sum(result["game_points"])) == result["multiplier"]
    assert result["made"] == (result["points"][result["bidder"] % 2] >= result["target"])
    played = sorted(c for t in deal.tricks for _, c in t[3])
    assert played == list(range(32))


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, options=OPTIONS, play_seed=SEEDS, cut=st.floats(0, 1))
def test_a_record_replays_to_the_same_deal(
    seed: int, options: dict[str, Any], play_seed: int, cut: float
) -> None:
    deal, actions = play_out(seed, options, play_seed)
    partial = GAME.new_deal(seed, options=options)
    for a in actions[: int(len(actions) * cut)]:
        partial.apply(a)
    for original in (deal, partial):
        record = json.loads(json.dumps(original.to_record()))
        again, parsed = GAME.deal_from_record(record)
        for a in parsed:
            again.apply(a)
        assert again.to_record() == original.to_record()
        assert again.result() == original.result()
        assert [again.view(s).to_json() for s in range(4)] == [original.view(s).to_json() for s in range(4)]


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, play_seed=SEEDS, cut=st.floats(0, 1))
def test_clones_are_independent(seed: int, play_seed: int, cut: float) -> None:
    _, actions = play_out(seed, {}, play_seed)
    original = GAME.new_deal(seed)
    for a in actions[: int(len(actions) * cut)]:
        original.apply(a)
    before = json.dumps([original.to_record(), [original.view(s).to_json() for s in range(4)]])
    clone = original.clone()
    rng = random.Random(play_seed + 1)
    while not clone.is_over():
        clone.apply(rng.choice(clone.legal_actions()))
    assert json.dumps([original.to_record(), [original.view(s).to_json() for s in range(4)]]) == before
