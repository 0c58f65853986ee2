"""Bots slowed down, as an overloaded machine slows them: what the log then says of when their moves
were written.

The clock is the test's own (the service's clock, and the driver's waits move it), and each bot's
thinking moves it too, by as long as the test says that decision took: a bot that thinks within the
floor is written at the floor after its decision opened; one that thinks longer, at the next multiple
of the floor, never at the moment its thinking ended. So a move's moment says at most how many whole
floors the thinking took. Nothing here depends on the machine's speed.
"""

from __future__ import annotations

import asyncio
import math
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_simultaneous import Clock, pai_gow

from cardavia.bots.base import Decision
from cardavia.bots.random_bot import RandomBot
from cardavia.service import TableService
from cardavia.service.driver import BotDriver
from cardavia.service.moments import delay_to_write
from cardavia.store.db import Store, open_store

OWNER = "0" * 64
FLOOR_S = 0.5  # the shipped floor of "hard", the greatest of the levels (the group's too)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = open_store(f"sqlite:///{tmp_path / 'slow.db'}")
    yield s
    s.dispose()


def slowed(clock: Clock, took: Callable[[Any], float], log: list[tuple[int, float]]) -> Any:
    """A legal bot whose decision takes ``took(view)`` seconds of the test's clock."""

    def think(game: str, level: str, view: Any, seed: int) -> Decision[Any]:
        spent = took(view)
        clock.now += spent
        log.append((view.seat, spent))
        return RandomBot(game, level).decide(view, random.Random(seed))

    return think


def drive(service: TableService, clock: Clock, table_id: str, think: Any, person: Callable[[], bool]) -> None:
    """The driver plays the server's turns (its waits move the clock); between them ``person`` acts,
    until it says there is nothing more to do."""

    async def fake_sleep(delay: float) -> None:
        clock.now += delay
        await asyncio.sleep(0)

    async def run() -> None:
        driver = BotDriver(service, workers=0, think=think, pace_sleep=fake_sleep)
        while True:
            driver.kick(table_id)
            await asyncio.wait_for(driver.idle(), 120)
            clock.now += 0.3  # the person thinks
            if not person():
                break
        await driver.close()
        driver.offload.close()

    asyncio.run(run())


def test_a_bot_that_outlasts_its_floor_is_written_at_the_next_multiple(store: Store) -> None:
    """One seat at a time (Tien Gow, three hard bots): each bot move is written a whole number of
    floors after the move before it, the least that covers its thinking, in the order of play."""
    clock = Clock()
    service = TableService(store, clock=clock)
    table_id = service.create(game="tien-gow", level="hard", owner=OWNER, pace_ms=0, seed=4).record.id
    thought: list[tuple[int, float]] = []
    # as the red-team saw: the more the bot may play, the longer it thinks (here under load, 0.2 to
    # 1.7 s, across the floor's multiples)
    think = slowed(clock, lambda view: 0.2 + 0.3 * (len(view.legal) % 6), thought)
    rng = random.Random(2)

    def person() -> bool:
        state = service.state(table_id, OWNER)
        if state.deal.is_over():
            return False
        seq = state.seq
        service.act(table_id, OWNER, seq, state.game.action_to_json(rng.choice(state.deal.view(0).legal)))
        return True

    drive(service, clock, table_id, think, person)
    log = store.actions(table_id)
    # when each decision opened: the time the entry before it was written (the first: the table's)
    opened = [service.state(table_id).record.created_at] + [e.created_at for e in log]
    bots = [(opened[i], entry) for i, entry in enumerate(log) if entry.seat > 0]
    assert len(bots) == len(thought) and len(bots) >= 9
    gaps = set()
    for (began, entry), (seat, spent) in zip(bots, thought, strict=True):
        assert entry.seat == seat
        gap = entry.created_at - began
        # the least whole number of floors that covers the thinking, whatever that was
        assert math.isclose(gap, FLOOR_S * max(1, math.ceil(spent / FLOOR_S - 1e-9))), (gap, spent)
        gaps.add(round(gap, 6))
    assert len(gaps) >= 3  # the slow ones were slow enough to move to later multiples


def test_bots_deciding_at_once_outlasting_the_floor_are_written_together_at_its_multiple(
    store: Store,
) -> None:
    """Pai Gow, three hard bots deciding at once, whose thinking adds up past the floor: all three
    sets are written at one moment, the first multiple of the floor after the deciding ended, in
    seat order, whichever bot was slow."""
    with pai_gow():
        for slow_seat, expected in ((1, 1.0), (3, 1.0), (2, 1.5)):
            clock = Clock()
            service = TableService(store, clock=clock)
            state = service.create(game="pai-gow", level="hard", owner=OWNER, pace_ms=0, seed=slow_seat)
            opened = state.record.created_at
            thought: list[tuple[int, float]] = []
            think = slowed(
                clock, lambda view, s=slow_seat: (0.9 if s == 2 else 0.6) if view.seat == s else 0.1, thought
            )
            drive(service, clock, state.record.id, think, lambda: False)
            sets = [e for e in store.actions(state.record.id) if e.seat > 0]
            assert [e.seat for e in sets] == [1, 2, 3]
            assert sum(spent for _, spent in thought) > FLOOR_S
            assert [e.created_at - opened for e in sets] == pytest.approx([expected] * 3), sets


def test_the_moment_is_a_multiple_of_the_wait_after_the_opening() -> None:
    assert delay_to_write(10.0, 0.5, 10.1) == pytest.approx(0.4)  # within the floor: at the floor
    assert delay_to_write(10.0, 0.5, 10.8) == pytest.approx(0.2)  # past it: the next multiple
    assert delay_to_write(10.0, 0.5, 11.0) == 0.0  # on a multiple: now
    assert delay_to_write(10.0, 0.0, 10.3) == 0.0  # no wait (a forced move at pace 0)
    assert delay_to_write(10.0, 0.5, 3.0) == 0.5  # the clock stepped back: never longer than the wait
