"""Several seats deciding at once (Pai Gow: every seat sets its tiles in secret, in any order).

Pai Gow is registered here only (unless the registry lists it already). Every person may act in
any order, from the table as they last saw it; until the last seat has set, nothing any seat is
sent names another seat's tiles or split; the bots of a decision made at once are written at one
moment that depends on neither their tiles nor their level; a person out of time gets the AI's
choice, marked as such; a seat that is not acting is refused and nothing changes.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from cardavia.bots.base import Decision
from cardavia.bots.registry import choose
from cardavia.games.protocol import acting_seats
from cardavia.games.registry import GameEntry, game_ids, get_game, registered
from cardavia.service import TableService
from cardavia.service.driver import BotDriver, settle
from cardavia.service.errors import Stale
from cardavia.service.payload import table_out
from cardavia.service.plans import decision_seed
from cardavia.service.state import TableState
from cardavia.store.db import Store, open_store
from cardavia.store.records import AUTO_LEFT, AUTO_TIME
from json_strings import strings

GAME = "pai-gow"
ENTRY = GameEntry(GAME, "cardavia.games.pai_gow", "cardavia.bots.pai_gow", "cardavia.web.games.pai_gow")
HOST, ANN, BOB = "0" * 64, "a" * 64, "b" * 64
OWNERS = (HOST, ANN, BOB)


@contextmanager
def pai_gow() -> Iterator[None]:
    """Pai Gow registered for the block (as is, once the registry lists it)."""
    if GAME in game_ids():
        yield
        return
    with registered(ENTRY):
        yield


@pytest.fixture(autouse=True)
def _registered() -> Iterator[None]:
    with pai_gow():
        yield


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = open_store(f"sqlite:///{tmp_path / 'sim.db'}")
    yield s
    s.dispose()


def think(game: str, level: str, view: Any, seed: int) -> Decision[Any]:
    return choose(game, level, view, seed)


def friends_table(service: TableService, *, seed: int = 3, turn_limit_s: int | None = None) -> str:
    """Pai Gow with the host, Ann and Bob at seats 0-2 and the AI (normal) at seat 3."""
    state = service.create(
        game=GAME, level="normal", owner=HOST, pace_ms=0, seed=seed, friends=2, turn_limit_s=turn_limit_s
    )
    tid = state.record.id
    service.claim(service.invite(tid, HOST, 1), ANN, "Ann")
    service.claim(service.invite(tid, HOST, 2), BOB, "Bob")
    return tid


def hidden_codes(state: TableState, viewer: int) -> set[str]:
    """The codes no payload toward ``viewer`` may name: every copy hidden from it (the protocol's
    ``hidden_from``), which before the reveal is every tile of the other hands it holds none of."""
    copies = {piece.code: piece.copies for piece in state.game.pieces}
    return {code for code, n in state.deal.hidden_from(viewer).items() if n >= copies[code]}


def assert_nothing_shown(state: TableState, viewer: int) -> None:
    """Everything ``viewer`` is sent of the table now (the envelope from the first seq, each log
    entry) names none of the others' tiles, and shows of another seat's set only that it was made."""
    out = table_out(state, 0, viewer)
    assert not set(strings(out)) & hidden_codes(state, viewer), f"seat {viewer} shown hidden tiles"
    for entry in out["last"]:
        if entry["seat"] >= 0 and entry["seat"] != viewer:
            assert entry["action"] == {"seat": entry["seat"]}, entry


def test_one_seat_games_act_as_before() -> None:
    """``acting_seats`` of a one-seat game is its ``to_act``; of Pai Gow, every seat not set yet."""
    tien = get_game("tien-gow").new_deal(1)
    assert acting_seats(get_game("tien-gow"), tien) == (tien.to_act(),)
    deal = get_game(GAME).new_deal(1)
    assert acting_seats(get_game(GAME), deal) == (0, 1, 2, 3)
    deal.apply(deal.view(2).legal[0])
    assert acting_seats(get_game(GAME), deal) == (0, 1, 3)


def test_every_person_sets_in_any_order_and_sees_nothing_of_the_others(store: Store) -> None:
    service = TableService(store, clock=Clock())
    tid = friends_table(service)
    opened = service.state(tid).seq
    assert set(service.state(tid).acting()) == {0, 1, 2, 3}
    for seat, owner in enumerate(OWNERS):
        out = table_out(service.state(tid, owner), None, seat)
        assert out["status"] == "human" and len(out["view"]["legal"]) == 3  # no one waits on another
        assert out["view"]["acting"] == [0, 1, 2, 3]
    settle(service, tid, think)  # the AI sets seat 3
    state = service.state(tid)
    assert state.acting() == (0, 1, 2) and state.log[-1].seat == 3
    rng = random.Random(8)
    order = [2, 0, 1]
    for n, seat in enumerate(order):
        state = service.state(tid)
        for viewer in range(4):
            assert_nothing_shown(state, viewer)
        # each decides from the table as it was when the decision opened (others acted since)
        choice = rng.choice(state.deal.view(seat).legal)
        after, since = service.act(tid, OWNERS[seat], opened, state.game.action_to_json(choice))
        assert since == opened and after.log[-1].seat == seat
        reply = table_out(after, since, seat)
        assert reply["view"]["split"] is not None and reply["status"] in ("people", "over")
        if n < len(order) - 1:
            assert seat not in after.acting()
            for viewer in range(4):
                assert_nothing_shown(after, viewer)
            with pytest.raises(Exception) as early:
                service.deal_steps(tid, OWNERS[seat], 1)
            assert getattr(early.value, "code", None) == "deal-not-finished"
            assert service.history(OWNERS[seat]) == []
    done = service.state(tid)
    assert done.status() == "over" and done.deal.is_over()
    # after the reveal every seat sees every hand, as the result says
    result = table_out(done, 0, 1)["view"]["result"]
    assert len(result["hands"]) == 4 and sum(result["net"]) == 0
    steps = service.deal_steps(tid, ANN, 1)
    assert [s["seat"] for s in steps[1:]] == [3, 2, 0, 1]
    assert all(s["action"] == {"seat": s["seat"]} for s in steps[1:] if s["seat"] != 1)
    assert steps[-1]["view"]["result"] == result and steps[-1]["view"]["acting"] == []


def test_a_seat_not_acting_is_refused_and_nothing_changes(store: Store) -> None:
    service = TableService(store, clock=Clock())
    tid = friends_table(service)
    settle(service, tid, think)
    state = service.state(tid)  # the service's copy, which acting changes: read it first
    opened, game = state.seq, state.game
    first, other = (game.action_to_json(a) for a in state.deal.view(1).legal[:2])
    service.act(tid, ANN, opened, first)
    # the same set sent again (a retry) is answered as done, not applied twice
    again, _ = service.act(tid, ANN, opened, first)
    assert again.seq == opened + 1
    seq = again.seq
    for at in (seq, opened):
        with pytest.raises(Stale) as refused:
            service.act(tid, ANN, at, other)  # Ann has set: a set is final
        assert refused.value.code in ("not-your-turn", "stale")
        assert service.state(tid).seq == seq
    # a tile not in Bob's hand: the engine's refusal, nothing logged
    bob = service.state(tid)
    foreign = next(
        t for t in bob.deal.view(0).to_json()["hand"] if t not in bob.deal.view(2).to_json()["hand"]
    )
    with pytest.raises(Exception) as illegal:
        service.act(tid, BOB, seq, {"hand": [foreign, bob.deal.view(2).to_json()["hand"][0]]})
    assert getattr(illegal.value, "code", None) in ("not-in-hand", "too-many-copies")
    assert service.state(tid).seq == seq


def _bot_moments(store: Store, level: str, seed: int, host_first: bool) -> tuple[list[float], float]:
    """Drive a table of the host and three bots of ``level`` with a fake clock that moves only when
    the driver waits: the store's times of the bots' sets, and when the decision opened."""
    clock = Clock()
    service = TableService(store, clock=clock)
    state = service.create(game=GAME, level=level, owner=HOST, pace_ms=0, seed=seed)
    tid, opened = state.record.id, clock.now
    if host_first:  # the host sets before the bots are written: their moment does not move
        clock.now += 0.2
        service.act(tid, HOST, 0, state.game.action_to_json(state.deal.view(0).legal[0]))
    seen: list[tuple[int, Any]] = []

    def own_view_think(game: str, lvl: str, view: Any, s: int) -> Decision[Any]:
        seen.append((view.seat, view))
        return think(game, lvl, view, s)

    async def fake_sleep(delay: float) -> None:
        clock.now += delay
        await asyncio.sleep(0)

    async def drive() -> None:
        driver = BotDriver(service, workers=0, think=own_view_think, pace_sleep=fake_sleep)
        driver.kick(tid)
        await asyncio.wait_for(driver.idle(), 60)
        await driver.close()
        driver.offload.close()

    asyncio.run(drive())
    bots = [e for e in store.actions(tid) if e.seat > 0]
    assert sorted(e.seat for e in bots) == [1, 2, 3]
    # each bot decided from its own seat's view, as dealt: its own tiles, no one's split
    start = TableState(service.state(tid).record)
    assert sorted(seat for seat, _ in seen) == [1, 2, 3]
    for seat, view in seen:
        assert view.hand == start.deal.view(seat).hand and view.split is None and view.showings is None
        assert not set(strings(view.to_json())) & hidden_codes(start, seat)
    return [e.created_at for e in bots], opened


def test_the_bots_of_a_decision_made_at_once_are_written_at_one_moment(store: Store) -> None:
    """Whatever the tiles (seeds), the level, or whether the host set first: every bot's set is
    written at the same moment, the greatest floor of any level after the decision opened."""
    moments: set[float] = set()
    for n, (level, seed, host_first) in enumerate(
        [("easy", 1, False), ("hard", 2, False), ("random", 3, True), ("hard", 4, True), ("normal", 5, False)]
    ):
        times, opened = _bot_moments(store, level, seed + 10 * n, host_first)
        assert len(set(times)) == 1, times
        moments.add(times[0] - opened)
    assert moments == {0.5}  # MIN_STEP_MS's greatest (hard's), whatever the level of the table


def test_a_person_out_of_time_gets_the_ais_choice_marked_auto(store: Store) -> None:
    clock = Clock()
    service = TableService(store, clock=clock)
    tid = friends_table(service, turn_limit_s=30)
    settle(service, tid, think)
    state = service.state(tid)
    for seat in (0, 2):  # the host and Bob set; Ann does not
        service.act(tid, OWNERS[seat], state.seq, state.game.action_to_json(state.deal.view(seat).legal[0]))
    waiting = service.state(tid)
    assert waiting.persons_to_act() == (1,) and waiting.timed()
    assert table_out(waiting, None, 1, now=clock.now)["turn_left_ms"] == 30_000  # her clock began at the deal
    expected = think(GAME, "normal", waiting.deal.view(1), decision_seed(waiting, 1)).action

    async def drive() -> None:
        driver = BotDriver(service, workers=0, think=think, turn_limit=lambda n: 0.01, min_step_ms=0)
        driver.kick(tid)
        await asyncio.wait_for(driver.idle(), 60)
        await driver.close()
        driver.offload.close()

    asyncio.run(drive())
    done = service.state(tid)
    last = done.log[-1]
    assert last.seat == 1 and last.auto == AUTO_TIME and done.deal.is_over()
    assert last.action == done.game.action_to_json(expected)
    shown = done.since(last.seq, 2)[0]
    assert shown["auto"] is True and shown["action"] == {"seat": 1}


def test_of_people_deciding_at_once_the_ai_is_due_for_the_one_who_left(store: Store) -> None:
    """No turn limit: the AI decides for a person once they have been gone long enough, whoever
    else is deciding at the same time; a person still here is waited for."""
    clock = Clock()
    service = TableService(store, clock=clock)
    tid = friends_table(service)
    settle(service, tid, think)
    clock.now += 100  # Ann has not been seen since she took her seat; the host and Bob are here
    service.seen(tid, 0, force=True)
    service.seen(tid, 2, force=True)
    state = service.state(tid)
    assert state.person_turns() == (0, 1, 2)
    assert service.left_turn(state) == (1, 0.0)
    expected = think(GAME, "normal", state.deal.view(1), decision_seed(state, 1)).action

    async def drive() -> None:
        driver = BotDriver(service, workers=0, think=think, min_step_ms=0)
        driver.kick(tid)
        for _ in range(500):
            if service.state(tid).log[-1].seat == 1:
                break
            await asyncio.sleep(0.01)
        await driver.close()
        driver.offload.close()

    asyncio.run(drive())
    last = service.state(tid).log[-1]
    assert last.seat == 1 and last.auto == AUTO_LEFT and last.action == state.game.action_to_json(expected)
    assert service.state(tid).persons_to_act() == (0, 2)  # the others still decide, on their own time
