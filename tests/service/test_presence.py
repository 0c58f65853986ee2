"""A person who leaves a shared table does not stop it: presence kept in the store (so any process
knows), the host handing a left person's seat to the AI at once and the person taking it back, the
AI for a person gone past the grace at a table with no turn limit, and the pace the host's alone.
Time is a fake clock: nothing here waits."""

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
from cardavia.service.driver import BotDriver
from cardavia.service.driver import settle as settle_with
from cardavia.service.errors import HostOnly, NotFound, TableError
from cardavia.service.payload import table_out
from cardavia.service.state import Step
from cardavia.service.tables.presence import AWAY_GRACE_S, LEFT_AFTER_S, PRESENCE_BEAT_S
from cardavia.store.db import Store, open_store
from cardavia.store.records import AUTO_LEFT, AUTO_TIME

HOST, ANN, BOB = ("0" * 64, "a" * 64, "b" * 64)


def think(game: str, level: str, view: Any, seed: int) -> Decision[Any]:
    return RandomBot(game, level).decide(view, random.Random(seed))


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = open_store(f"sqlite:///{tmp_path / 'presence.db'}")
    yield s
    s.dispose()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(store: Store, clock: Clock) -> TableService:
    return TableService(store, clock=clock)


def with_ann(service: TableService, game: str = "cherki", seed: int = 4, **kw: Any) -> str:
    """A table of the host and Ann (seat 1), the rest AI; both have just arrived."""
    state = service.create(game=game, level="easy", owner=HOST, pace_ms=0, seed=seed, friends=1, **kw)
    tid = state.record.id
    service.claim(service.invite(tid, HOST, 1), ANN, "Ann")
    return tid


def until_turn_of(service: TableService, tid: str, seat: int) -> bool:
    """Play (the host and Ann at random, the AI by settling) until ``seat``'s decision; False if
    the deal ended first."""
    rng = random.Random(seat)
    owners = {0: HOST, 1: ANN}
    for _ in range(400):
        settle_with(service, tid, think)
        state = service.state(tid)
        if state.status() != "human":
            return False
        to_act = state.deal.to_act()
        if to_act == seat:
            return True
        assert to_act is not None
        legal = table_out(state, None, to_act)["view"]["legal"]
        service.act(tid, owners[to_act], state.seq, rng.choice(legal))
    return False


def test_presence_is_stored_per_seat_and_a_person_silent_for_long_has_left(
    service: TableService, store: Store, clock: Clock
) -> None:
    tid = with_ann(service)
    state = service.state(tid)
    assert service.here(state, fresh=True) == {0, 1}  # creating and joining count as being seen
    assert set(store.presence(tid)) == {0, 1}
    # a heartbeat is written at most once per PRESENCE_BEAT_S per seat
    assert not service.seen(tid, 1)
    clock.now += PRESENCE_BEAT_S
    assert service.seen(tid, 1)
    assert store.presence(tid)[1] == clock.now
    clock.now += LEFT_AFTER_S - 1
    assert service.here(state, fresh=True) == {1}  # the host's last sign is older than Ann's
    clock.now += 2
    assert service.here(state, fresh=True) == frozenset()
    # another process (its own service on the same store) sees what this one wrote
    other = TableService(store, clock=clock)
    service.seen(tid, 0)
    assert other.here(other.state(tid), fresh=True) == {0}
    out = table_out(state, None, 0, service.here(state, fresh=True))
    assert [p.get("here") for p in out["people"]] == [True, False, None]
    # a table nobody was invited to has no presence to show
    solo = service.create(game="cherki", level="easy", owner=BOB, pace_ms=0)
    assert service.here(solo) == frozenset()
    assert all("here" not in p for p in table_out(solo, None, 0, service.here(solo))["people"])


def test_the_host_hands_a_left_persons_seat_to_the_ai_and_they_take_it_back(
    service: TableService, clock: Clock
) -> None:
    tid = with_ann(service)
    assert until_turn_of(service, tid, 1)
    with pytest.raises(TableError) as caught:
        service.give_to_ai(tid, HOST, 1)  # Ann is still here
    assert caught.value.code == "person-here" and caught.value.status == 409
    clock.now += LEFT_AFTER_S + 1
    service.seen(tid, 0)
    with pytest.raises(NotFound):
        service.give_to_ai(tid, ANN, 1)  # only the host
    state = service.give_to_ai(tid, HOST, 1)
    assert state.handed(1) and state.record.seats[1] == "human"  # still Ann's seat
    assert state.pending() == Step("away", 1) and state.status_for(1) == "bots"
    assert service.store.tables_with_status("bots") == [tid]  # a restarted server carries on
    assert service.give_to_ai(tid, HOST, 1).handed(1)  # asked again: the same, nothing new
    out = table_out(state, None, 0, service.here(state, fresh=True))
    assert out["people"][1] == {
        "seat": 1,
        "kind": "person",
        "name": "Ann",
        "away": True,
        "away_reason": "left",  # gone, not slow
        "ai_plays": True,
        "here": False,
    }
    # the AI plays Ann's decisions at once, each logged as the AI's for a person who left
    seq = state.seq
    settle_with(service, tid, think)
    hers = [e for e in service.store.actions(tid, seq) if e.seat == 1]
    assert hers and all(e.auto == AUTO_LEFT for e in hers)
    seen = table_out(service.state(tid), seq, 1)["last"]
    assert {e["auto_reason"] for e in seen if e["seat"] == 1} == {"left"}
    # Ann opens the table again: her seat is hers from her next decision
    back = service.returned(tid, ANN)
    if service.state(tid).status() == "over":
        assert back is not None and not back.handed(1)
        return
    assert back is not None and not back.handed(1)
    assert service.returned(tid, ANN) is None  # nothing more to give back
    if until_turn_of(service, tid, 1):
        state = service.state(tid)
        assert state.pending() is None and state.status_for(1) == "human"


def test_acting_is_coming_back(service: TableService, clock: Clock) -> None:
    tid = with_ann(service, seed=9)
    assert until_turn_of(service, tid, 1)
    clock.now += LEFT_AFTER_S + 1
    state = service.give_to_ai(tid, HOST, 1)
    assert state.status_for(1) == "bots"
    # her browser had the table open all along and she acts before the AI did: the move is hers
    action = table_out(state, None, 1)["view"]["legal"] or [
        state.game.action_to_json(state.deal.view(1).legal[0])
    ]
    after, _ = service.act(tid, ANN, state.seq, action[0])
    assert not after.handed(1)
    last = service.store.actions(tid, state.seq)[0]
    assert last.seat == 1 and not last.auto


def test_with_no_limit_a_left_persons_turn_goes_to_the_ai_after_the_grace(
    service: TableService, clock: Clock
) -> None:
    tid = with_ann(service)
    assert until_turn_of(service, tid, 1)
    state = service.state(tid)
    assert service.left_turn(state) == (1, AWAY_GRACE_S)  # here: the grace is all ahead of her
    clock.now += 50
    service.seen(tid, 0)  # the host waits at the table; Ann has been silent 50 s
    assert service.left_turn(state) == (1, AWAY_GRACE_S - 50)
    clock.now += AWAY_GRACE_S
    service.seen(tid, 0)
    assert service.left_turn(state) == (1, 0.0)  # gone past the grace: the AI, now
    # nobody else at the table: nobody waits, the table rests until someone is back
    clock.now += LEFT_AFTER_S + 1
    assert service.left_turn(state) is None
    # a table with a turn limit has its own clock for this
    timed = with_ann(service, turn_limit_s=30)
    assert until_turn_of(service, timed, 1)
    assert service.left_turn(service.state(timed)) is None


def test_the_driver_plays_for_a_person_gone_past_the_grace(store: Store, clock: Clock) -> None:
    """No limit, Ann left long ago, the host waits: the table does not wait forever."""
    service = TableService(store, clock=clock)
    tid = with_ann(service)
    assert until_turn_of(service, tid, 1)
    seq = service.state(tid).seq
    clock.now += AWAY_GRACE_S + 1
    service.seen(tid, 0)

    async def drive() -> None:
        driver = BotDriver(TableService(store, clock=clock), workers=0, think=think, min_step_ms=0)
        driver.kick(tid)
        for _ in range(3000):
            if store.count_actions(tid) > seq:
                break
            await asyncio.sleep(0.01)
        await driver.close()

    asyncio.run(drive())
    first = store.actions(tid, seq)[0]
    assert first.seat == 1 and first.auto == AUTO_LEFT


def test_the_driver_waits_for_a_person_who_is_here(store: Store, clock: Clock) -> None:
    """No limit, Ann here: she may think as long as she likes (the driver writes nothing)."""
    service = TableService(store, clock=clock)
    tid = with_ann(service)
    assert until_turn_of(service, tid, 1)
    seq = service.state(tid).seq

    async def drive() -> None:
        driver = BotDriver(TableService(store, clock=clock), workers=0, think=think, min_step_ms=0)
        driver.kick(tid)
        await asyncio.sleep(0.3)
        await driver.close()

    asyncio.run(drive())
    assert store.count_actions(tid) == seq


def test_the_events_of_a_table_where_a_person_thinks_cost_the_driver_no_reads(
    store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every event stream of a shared table wakes its driver; until the table moves, the driver
    rests on without asking the store (at a busy site those reads queued ahead of people's moves)."""
    service = TableService(store, clock=clock)
    tid = with_ann(service)
    assert until_turn_of(service, tid, 1)
    reads: list[str] = []
    for name in ("head", "actions", "presence"):
        real = getattr(store, name)

        def counted(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            reads.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(store, name, counted)

    async def drive() -> None:
        driver = BotDriver(TableService(store, clock=clock), workers=0, think=think, min_step_ms=0)
        driver.kick(tid)
        await asyncio.sleep(0.2)  # the first plan reads the table and who is here
        first = len(reads)
        for _ in range(20):  # twenty events of the table (the others' streams), nothing moved
            driver.kick(tid)
            await asyncio.sleep(0.01)
        assert len(reads) == first, reads[first:]
        assert driver.busy(tid)  # still resting on Ann, not gone
        await driver.close()

    assert reads == []
    asyncio.run(drive())
    assert reads  # the first plan did read


def test_the_time_limits_moves_say_time_and_the_left_ones_say_left(service: TableService) -> None:
    assert AUTO_TIME != AUTO_LEFT and AUTO_TIME and AUTO_LEFT
    tid = with_ann(service, turn_limit_s=30)
    assert until_turn_of(service, tid, 1)
    state = service.state(tid)
    action = state.game.action_to_json(think("cherki", "easy", state.deal.view(1), 1).action)
    seq = state.seq
    assert service.server_step(tid, seq, 1, action, AUTO_TIME)
    entry = table_out(service.state(tid), seq, 0)["last"][0]
    assert entry["auto"] is True and entry["auto_reason"] == "time"


def test_only_the_host_sets_the_pace(service: TableService) -> None:
    tid = with_ann(service)
    with pytest.raises(HostOnly) as caught:
        service.set_pace(tid, ANN, 0)
    assert caught.value.code == "host-only" and caught.value.status == 403
    assert service.state(tid).record.pace_ms == 0
    assert service.set_pace(tid, HOST, 1500).record.pace_ms == 1500
