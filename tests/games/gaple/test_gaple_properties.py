"""Properties of random Gaple deals (hypothesis draws the deal, the options, the match and the play).

- a discarded tile reaches no other seat: every other seat's view and redacted log are the same
  whichever tile was discarded, until the end of the deal;
- what a seat is said to lack it really lacks, and nobody passes holding a tile that fits;
- the deal's invariants: each tile in one place, line pips + counts + stock = 168, at most three
  passes in a row, out only with an empty hand, blocked only when no hand fits;
- points are the losers' counts, returns sum to zero, the match adds the points;
- a record replays to the same deal; a clone is independent of its original.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardavia.games.gaple import GAME, Action, GapleDeal
from cardavia.games.packs.double_six import BY_CODE, TILE_PIPS, TOTAL_PIPS, WITH_PIP, tiles_in

OPTIONS = st.sampled_from(
    [
        {},
        {"teams": True},
        {"stuck": "discard"},
        {"hand_size": 6},
        {"stuck": "discard", "hand_size": 6},
        {"teams": True, "stuck": "discard"},
        {"opening": "6-6", "lead": "any"},
        {"redeal_doubles": False, "target": 40},
    ]
)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def start(seed: int, options: dict[str, Any], later: int | None) -> GapleDeal:
    """A first deal, or (``later`` a leader) a later one with match scores drawn from the seed."""
    if later is None:
        return GAME.new_deal(seed, options=options)
    game = GAME.for_options(options)
    rng = random.Random(seed)
    scores = [rng.randrange(game.defaults.target) for _ in range(game.defaults.sides)]
    return game.new_deal(seed, dealer=later, carry={"scores": scores})


def play_out(deal: GapleDeal, play_seed: int) -> list[Action]:
    rng = random.Random(play_seed)
    played = []
    while not deal.is_over():
        action = rng.choice(deal.legal_actions())
        deal.apply(action)
        played.append(action)
    return played


def seen(deal: GapleDeal, seat: int) -> str:
    """Everything ``seat`` is shown: its view and the log as redacted for it."""
    redacted = [GAME.redact(a.to_json(), a.seat, seat) for a in deal.log]
    return json.dumps([deal.view(seat).to_json(), redacted], sort_keys=True)


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, play_seed=SEEDS, teams=st.booleans())
def test_a_discarded_tile_reaches_no_other_seat(seed: int, play_seed: int, teams: bool) -> None:
    deal = GAME.new_deal(seed, options={"stuck": "discard", "teams": teams})
    rng = random.Random(play_seed)
    while not deal.is_over():
        legal = deal.legal_actions()
        discards = [a for a in legal if a.do == "discard"]
        if len(discards) > 1:
            seat = discards[0].seat
            worlds = []
            for choice in discards:
                trial = deal.clone()
                trial.apply(choice)
                if trial.is_over():
                    return
                worlds.append([seen(trial, s) for s in range(4) if s != seat])
            assert all(w == worlds[0] for w in worlds), "another seat tells discards apart"
        deal.apply(rng.choice(legal))


@settings(max_examples=80, deadline=None)
@given(seed=SEEDS, options=OPTIONS, play_seed=SEEDS, later=st.none() | st.integers(0, 3))
def test_the_deals_invariants(seed: int, options: dict[str, Any], play_seed: int, later: int | None) -> None:
    deal = start(seed, options, later)
    rng = random.Random(play_seed)
    passes = 0
    while not deal.is_over():
        view = deal.view(deal.to_act() or 0)
        for s in range(4):  # what a seat lacks, it lacks
            for pip in deal.view(s).lacks[s]:
                assert not deal.held[s] & WITH_PIP[pip]
        assert view.legal == tuple(deal.legal_actions())
        on_line = [t for t, _, _ in deal.line]
        places = on_line + [t for h in deal.held for t in tiles_in(h)] + [t for d in deal.dead for t in d]
        places += list(deal.stock[1:])
        assert sorted(places) == list(range(28))
        pips = sum(a + b for _, a, b in deal.line) + sum(TILE_PIPS[t] for t in places[len(on_line) :])
        assert pips == TOTAL_PIPS
        action = rng.choice(deal.legal_actions())
        if action.do == "pass":
            assert not deal.fitting(action.seat)
        passes = passes + 1 if action.do == "pass" else 0
        assert passes <= 3
        deal.apply(action)
    result = deal.result()
    outcome = deal.outcome()
    assert result is not None and outcome is not None and sum(outcome.returns) == 0
    if result["annulled"]:
        assert outcome.drawn and not any(result["points"])
        return
    winner, counts, points = result["winner"], result["counts"], result["points"]
    sides = 2 if deal.options.teams else 4
    side = winner % 2 if sides == 2 else winner
    losers = [s for s in range(4) if (s % 2 if sides == 2 else s) != side]
    assert points[side] == sum(counts[s] for s in losers) and sum(points) == points[side]
    assert result["scores"] == [a + b for a, b in zip(deal.scores, points, strict=True)]
    assert outcome.returns[winner] == points[side]
    left, right = result["ends"]
    if result["end"] == "out":
        assert not result["hands"][winner] and deal.log[-1] == Action(
            winner, "play", deal.log[-1].tile, deal.log[-1].end
        )
    else:
        fits = [c for h in result["hands"] for c in h if BY_CODE[c].has(left) or BY_CODE[c].has(right)]
        assert not fits and result["blocker"] == deal.log[-1].seat
    assert [
        sum(BY_CODE[c].pips for c in h) + sum(BY_CODE[c].pips for c in d)
        for h, d in zip(result["hands"], result["dead"], strict=True)
    ] == counts


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, options=OPTIONS, play_seed=SEEDS, later=st.none() | st.integers(0, 3))
def test_records_replay_and_clones_are_independent(
    seed: int, options: dict[str, Any], play_seed: int, later: int | None
) -> None:
    deal = start(seed, options, later)
    twin = deal.clone()
    before = json.dumps([twin.to_record(), [twin.view(s).to_json() for s in range(4)]])
    play_out(deal, play_seed)
    assert json.dumps([twin.to_record(), [twin.view(s).to_json() for s in range(4)]]) == before
    record = json.loads(json.dumps(deal.to_record()))
    again, actions = GAME.deal_from_record(record)
    for a in actions:
        again.apply(a)
    assert again.result() == deal.result() and again.to_record() == record
