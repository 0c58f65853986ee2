"""A match carried from deal to deal: for a game whose profile says ``carry``, the service deals
every deal from what the table's last finished deal handed on (``GAME.carry``): the next deal, a
finished deal replayed, a table made from another's deal, a rematch. Shown on a toy of a match to
a target (the toy game's deals, each adding its deltas to the match it started from), registered
here only."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

import pytest

from cardavia.bots.base import Decision
from cardavia.bots.random_bot import RandomBot
from cardavia.games.profile import profile_problem
from cardavia.games.protocol import Outcome
from cardavia.games.registry import GameEntry, registered
from cardavia.service import TableService, TableState
from cardavia.service.driver import settle
from cardavia.store.db import Store, open_store
from toy.engine import NUM_SEATS, ToyDeal, ToyGame, ToyView

GAME_ID = "match-toy"
TARGET = 6  # the match's target: a deal's winner gains 2, so a match lasts three deals or more
ENTRY = GameEntry(GAME_ID, __name__, "toy.bots", "toy.web")
OWNER, ANN = "0" * 64, "a" * 64


@dataclass(frozen=True)
class MatchView(ToyView):
    """The toy's view, with the match the deal started from."""

    match: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "match": list(self.match)}


@dataclass
class MatchDeal(ToyDeal):
    """A toy deal that knows the match it started from: its result says the match after it."""

    match: tuple[int, ...] = (0,) * NUM_SEATS

    def outcome(self) -> Outcome | None:
        out = super().outcome()
        if out is None:
            return None
        match = [before + gain for before, gain in zip(self.match, out.returns, strict=True)]
        return replace(out, data={**out.data, "match": match, "match_over": max(match) >= TARGET})

    def view(self, seat: int) -> MatchView:
        view = super().view(seat)
        return MatchView(**{f.name: getattr(view, f.name) for f in fields(view)}, match=self.match)

    def clone(self) -> MatchDeal:
        base = super().clone()
        return MatchDeal(base.dealer, base.hands, NUM_SEATS, base.played, base.start, self.match)


class MatchToy(ToyGame):
    name = GAME_ID
    profile = replace(ToyGame.profile, carry=True)

    def new_deal(
        self,
        seed: int,
        *,
        options: Mapping[str, Any] | None = None,
        dealer: int | None = None,
        carry: Mapping[str, Any] | None = None,
    ) -> MatchDeal:
        deal = super().new_deal(seed, options=options, dealer=dealer)
        match = tuple(carry["match"]) if carry is not None else (0,) * NUM_SEATS
        return MatchDeal(deal.dealer, deal.hands, NUM_SEATS, [], deal.start, match)

    def carry(self, result: Mapping[str, Any]) -> dict[str, Any] | None:
        return None if result.get("match_over") else {"match": list(result["match"])}


GAME = MatchToy()


def think(game: str, level: str, view: Any, seed: int) -> Decision[Any]:
    return RandomBot(game, level).decide(view, random.Random(seed))


@pytest.fixture
def service(tmp_path: Path) -> Iterator[TableService]:
    store: Store = open_store(f"sqlite:///{tmp_path / 'carry.db'}")
    with registered(ENTRY):
        yield TableService(store)
    store.dispose()


def play_deal(service: TableService, table_id: str, rng: random.Random, owner: str = OWNER) -> TableState:
    """Every person's turn at random, the bots' by the server, until the deal is over."""
    for _ in range(100):
        settle(service, table_id, think)
        state = service.state(table_id, owner)
        if state.status() == "over":
            return state
        for seat in state.persons_to_act():
            who = OWNER if seat == 0 else ANN
            legal = state.deal.view(seat).legal
            service.act(table_id, who, state.seq, state.game.action_to_json(rng.choice(legal)))
            break
    raise AssertionError("the deal did not end in 100 turns")


def started_from(state: TableState) -> list[int]:
    match: list[int] = state.deal.view(0).to_json()["match"]
    return match


def test_the_profile_says_carry_exactly_where_the_game_carries() -> None:
    assert profile_problem(GAME) is None
    plain = replace(ToyGame.profile, carry=True)
    assert profile_problem(type("Claims", (ToyGame,), {"profile": plain})()) == (
        "its profile says carry=True but its GAME has no carry()"
    )
    silent = type("Silent", (MatchToy,), {"profile": ToyGame.profile})()
    assert profile_problem(silent) == "its profile says carry=False but its GAME has carry()"


def test_each_deal_starts_from_the_last_ones_match_and_a_won_match_starts_at_zero(
    service: TableService,
) -> None:
    rng = random.Random(5)
    state = service.create(game=GAME_ID, level="easy", owner=OWNER, pace_ms=0, seed=11)
    table = state.record.id
    assert started_from(state) == [0, 0, 0]
    won = 0
    for _ in range(40):
        state = play_deal(service, table, rng)
        result = state.finished[-1].result
        state = service.next_deal(table, OWNER, state.seq)
        settle(service, table, think)
        state = service.state(table, OWNER)
        if result["match_over"]:
            assert started_from(state) == [0, 0, 0]  # a new match
            won += 1
            if won == 2:
                break
        else:
            assert started_from(state) == result["match"]
    assert won == 2, "no two matches won in 40 deals"
    # every finished deal replays from what it started from: the same result
    for summary in state.finished:
        deal, entries = state.replay_deal(summary)
        for entry in entries:
            if entry.seat >= 0:
                deal.apply(state.game.action_from_json(entry.action, entry.seat))
        assert deal.result() == summary.result


def test_a_deal_tried_again_and_a_rematch_start_from_the_match_their_deal_did(service: TableService) -> None:
    rng = random.Random(8)
    state = service.create(game=GAME_ID, level="easy", owner=OWNER, pace_ms=0, seed=4, friends=1)
    table = state.record.id
    service.claim(service.invite(table, OWNER, 1), ANN, "Ann")
    for _ in range(40):
        state = play_deal(service, table, rng)
        if any(started_from(state)) and not state.finished[-1].result["match_over"]:
            break  # a deal that started from a match under way, which goes on
        service.next_deal(table, OWNER, state.seq)
    else:
        raise AssertionError("no deal under way in a match in 40 deals")
    last = state.finished[-1]
    begun = started_from(state)
    mine = next(i for i, e in enumerate(state.log[last.start : last.end]) if e.seat == 0)
    tried = service.try_from(table, OWNER, last.deal_no, mine, pace_ms=0)
    assert started_from(tried) == begun and tried.deal.view(0).hand == state.replay_deal(last)[0].view(0).hand
    again = service.rematch(table, OWNER)
    assert started_from(again) == last.result["match"]
    assert again.dealer is None and again.deal.view(0).to_json()["dealer"] == GAME.next_dealer(last.result)
