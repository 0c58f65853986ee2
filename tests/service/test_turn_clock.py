"""The turn clock of a table with a time limit: the turn begins when the log says (the time its last
action was written, or before any, when the last invited seat was filled), the same for every
process, the page and the driver; and the host's name is kept by the store."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardavia.bots.base import Decision
from cardavia.bots.random_bot import RandomBot
from cardavia.service import TableService
from cardavia.service.driver import BotDriver, settle
from cardavia.service.payload import table_out
from cardavia.store.db import Store, open_store
from cardavia.store.records import AUTO_TIME

HOST, ANN = ("0" * 64, "a" * 64)


def think(game: str, level: str, view: Any, seed: int) -> Decision[Any]:
    return RandomBot(game, level).decide(view, random.Random(seed))


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = open_store(f"sqlite:///{tmp_path / 'clock.db'}")
    yield s
    s.dispose()


def timed_table(service: TableService, limit: int | None = 30) -> str:
    state = service.create(
        game="cherki",
        level="easy",
        owner=HOST,
        pace_ms=0,
        seed=5,
        friends=1,
        turn_limit_s=limit,
        host_name="Mei",
    )
    tid = state.record.id
    service.claim(service.invite(tid, HOST, 1), ANN, "Ann")
    settle(service, tid, think)
    return tid


def test_the_time_left_counts_from_the_last_written_action(store: Store) -> None:
    clock = Clock()
    service = TableService(store, clock=clock)
    tid = timed_table(service)
    state = service.state(tid)
    began = state.turn_started()
    assert state.timed() and state.record.host_name == "Mei"
    if state.log:
        assert began == state.log[-1].created_at == clock.now  # written by this service's clock
    assert table_out(state, now=began)["turn_left_ms"] == 30_000
    assert table_out(state, now=began + 12.5)["turn_left_ms"] == 17_500
    assert table_out(state, now=began + 31)["turn_left_ms"] == 0  # the AI is about to play
    # another process reading the log sees the same start (nothing of it is in memory only)
    again = TableService(store, clock=clock).state(tid)
    assert again.turn_started() == began
    # a person's move starts the next turn at its own time
    clock.now += 7
    seat = state.deal.to_act()
    owner = HOST if seat == 0 else ANN
    legal = state.deal.view(seat).legal[0]
    after, _ = service.act(tid, owner, state.seq, state.game.action_to_json(legal))
    settle(service, tid, think)
    after = service.state(tid)
    if after.timed():
        assert after.turn_started() >= began + 7


def test_no_clock_without_a_limit_nor_while_the_friends_are_awaited(store: Store) -> None:
    service = TableService(store, clock=Clock())
    assert table_out(service.state(timed_table(service, None)))["turn_left_ms"] is None
    waiting = service.create(game="cherki", level="easy", owner=HOST, pace_ms=0, friends=1, turn_limit_s=30)
    assert table_out(service.state(waiting.record.id))["turn_left_ms"] is None


def test_the_first_turn_begins_when_the_last_seat_is_filled(store: Store) -> None:
    """Before any action, the turn began when the table stopped waiting, not when it was made."""
    clock = Clock()
    service = TableService(store, clock=clock)
    state = service.create(game="cherki", level="easy", owner=HOST, pace_ms=0, friends=1, turn_limit_s=30)
    tid = state.record.id
    assert service.state(tid).record.seated_at is None
    clock.now += 50  # Ann takes her seat 50 s after the table was made
    service.claim(service.invite(tid, HOST, 1), ANN, "Ann")
    ready = service.state(tid)
    assert ready.record.seated_at == clock.now == ready.record.created_at + 50
    assert ready.turn_started() == clock.now
    assert table_out(ready, now=clock.now)["turn_left_ms"] in (None, 30_000)  # None: the AI's turn


def test_a_driver_that_starts_late_gives_no_more_time_than_the_clock_showed(store: Store) -> None:
    """A process that first sees a turn long after it began (a restart) plays for the person at once
    when the log says their time is up, rather than giving them a whole new limit."""
    clock = Clock()
    service = TableService(store, clock=clock)
    tid = timed_table(service)
    seq = service.state(tid).seq
    clock.now += 3600  # an hour later, a new process

    async def drive() -> list[Any]:
        driver = BotDriver(TableService(store, clock=clock), workers=0, think=think, min_step_ms=0)
        driver.kick(tid)
        for _ in range(500):
            if store.count_actions(tid) > seq:
                break
            await asyncio.sleep(0.01)
        await driver.close()
        return store.actions(tid, seq)

    taken = asyncio.run(drive())
    assert taken and taken[0].auto == AUTO_TIME
