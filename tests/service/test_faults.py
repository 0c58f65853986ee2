"""The service under faults: the same action racing in two processes, a write the database refused,
a driver that waits out an outage and carries on, and when a bot's move becomes visible."""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardavia.bots.base import Decision
from cardavia.bots.random_bot import RandomBot
from cardavia.service import TableService
from cardavia.service.driver import BotDriver, settle
from cardavia.service.seeds import bot_seed
from cardavia.store.db import Store, open_store
from cardavia.store.errors import StoreUnavailable

OWNER = "0" * 64


def think(game: str, level: str, view: Any, seed: int) -> Decision[Any]:
    return RandomBot(game, level).decide(view, random.Random(seed))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = open_store(f"sqlite:///{tmp_path / 'faults.db'}")
    yield s
    s.dispose()


def _at_human(service: TableService, game: str = "cherki", seed: int = 11) -> str:
    state = service.create(game=game, level="easy", owner=OWNER, pace_ms=0, seed=seed)
    settle(service, state.record.id, think)
    return state.record.id


@pytest.mark.parametrize("cached", [False, True])
def test_the_same_action_sent_to_two_processes_at_once_is_done_once_and_answered_twice(
    store: Store, cached: bool
) -> None:
    one, two = TableService(store), TableService(store)
    table_id = _at_human(one)
    state = one.state(table_id, OWNER)
    seq, action = state.seq, state.game.action_to_json(state.deal.view(0).legal[0])
    if cached:
        two.state(table_id, OWNER)
    else:
        # process two reads the log, then process one writes seq, then process two writes seq
        read = two._state

        def read_then_lose_the_race(table_id: str, owner: str | None) -> Any:
            got = read(table_id, owner)
            if one.state(table_id).seq == seq:
                one.act(table_id, OWNER, seq, action)
            return got

        two._state = read_then_lose_the_race  # type: ignore[method-assign]
    if cached:
        one.act(table_id, OWNER, seq, action)
    answered, since = two.act(table_id, OWNER, seq, action)
    assert answered.seq > seq
    assert since == seq
    log = store.actions(table_id)
    assert [e.seq for e in log] == list(range(len(log)))
    assert sum(1 for e in log if e.seq == seq) == 1 and log[seq].seat == 0


def test_a_write_the_database_refused_leaves_nothing_applied(store: Store) -> None:
    service = TableService(store)
    table_id = _at_human(service)
    state = service.state(table_id, OWNER)
    seq, action = state.seq, state.game.action_to_json(state.deal.view(0).legal[0])
    append = store.append

    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise StoreUnavailable("disk-full")

    store.append = refuse  # type: ignore[method-assign]
    with pytest.raises(StoreUnavailable):
        service.act(table_id, OWNER, seq, action)
    store.append = append  # type: ignore[method-assign]
    assert service.state(table_id, OWNER).seq == seq  # the cached copy did not keep the refused action
    service.act(table_id, OWNER, seq, action)
    assert service.state(table_id, OWNER).seq > seq


def test_the_driver_waits_out_an_outage_and_carries_on_by_itself(store: Store) -> None:
    service = TableService(store)
    table_id = _at_human(service, "tien-gow")
    state = service.state(table_id, OWNER)
    service.act(table_id, OWNER, state.seq, state.game.action_to_json(state.deal.view(0).legal[0]))
    failures = {"left": 5}
    head, append = store.head, store.append

    def flaky(real: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            if failures["left"] > 0:
                failures["left"] -= 1
                raise StoreUnavailable("unreachable")
            return real(*args, **kwargs)

        return call

    store.head, store.append = flaky(head), flaky(append)  # type: ignore[method-assign]

    async def run() -> None:
        driver = BotDriver(service, workers=0, think=think, min_step_ms=0)
        driver.kick(table_id)
        await asyncio.wait_for(driver.idle(), 60)
        await driver.close()
        driver.offload.close()

    asyncio.run(run())
    assert failures["left"] == 0
    assert service.state(table_id, OWNER).status() != "bots"  # played on to seat 0's turn


def test_when_a_bots_move_shows_does_not_depend_on_how_long_it_thought(store: Store) -> None:
    """A bot that thinks long on some positions (as a search does when it holds more choices) and
    briefly on others: the intervals between visible moves look the same, because each move waits
    for a floor measured from the previous move. Compared, never held to a machine's speed."""
    floor_ms, slow_s, fast_s = 200, 0.06, 0.0
    service = TableService(store)
    seen: list[tuple[int, float]] = []
    service.on_append = lambda _t, seq: seen.append((seq, time.monotonic()))
    slow_seqs: set[int] = set()

    def uneven(game: str, level: str, view: Any, seed: int) -> Decision[Any]:
        hidden_hint = seed % 2 == 1  # stands for "holds a group that could win the trick"
        if hidden_hint:
            slow_seqs.add(seed)
        time.sleep(slow_s if hidden_hint else fast_s)
        return think(game, level, view, seed)

    state = service.create(game="tien-gow", level="hard", owner=OWNER, pace_ms=0, seed=5)
    record = state.record

    async def run() -> None:
        driver = BotDriver(service, workers=0, think=uneven, min_step_ms=floor_ms)
        state = service.state(record.id, OWNER)
        rng = random.Random(1)
        for _ in range(6):
            driver.kick(state.record.id)
            await asyncio.wait_for(driver.idle(), 120)
            state = service.state(state.record.id, OWNER)
            if state.status() == "over":
                break
            legal = state.deal.view(0).legal
            service.act(state.record.id, OWNER, state.seq, state.game.action_to_json(rng.choice(legal)))
        await driver.close()
        driver.offload.close()

    asyncio.run(run())
    times = dict(seen)
    slow, fast = [], []
    for entry in store.actions(record.id):
        if entry.seat <= 0 or entry.seq - 1 not in times or entry.seq not in times:
            continue
        gap = times[entry.seq] - times[entry.seq - 1]
        (slow if bot_seed(record.seed, entry.seq) in slow_seqs else fast).append(gap)
    assert len(slow) >= 3 and len(fast) >= 3, (slow, fast)
    tolerance = 0.25 * floor_ms / 1000  # well under the 60 ms the slow positions take to think
    assert abs(statistics.median(slow) - statistics.median(fast)) < tolerance, (slow, fast)
    assert min(slow + fast) >= floor_ms / 1000 * 0.95
