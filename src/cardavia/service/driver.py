"""The server's own moves: bots' turns, forced actions and redeals, applied off the request path.

One task per table per process walks the table forward while the log says the server is to act.
Each step is decided from the log alone (the bot seat's view and a seed derived from the table seed
and the seq), so two processes driving the same table decide the same thing, the loser of the write
simply reloads, and a process killed mid-way is replaced by whichever request or process comes next.

Store calls run in the :class:`Offload` threads, never on the event loop. When the database cannot
answer, the table's task waits (backing off up to :data:`MAX_BACKOFF_S`) and carries on by itself.

What the server does next on a table (a bot's turn, a forced action, a redeal, the AI's decision
for a person out of time or gone) is planned in :mod:`cardavia.service.plans`, from the log alone;
this module waits for it, has it decided and writes it.

When a bot's move becomes visible must tell nothing about the hidden pieces it was chosen from: a
bot's move is written ``max(pace, floor)`` after its decision opened (the log's time of the move
before it, fixed before the thinking starts), where the floor of the bot's level
(:data:`MIN_STEP_MS`) is above the time that level takes to decide (its searches are bounded by
work, not by the clock: ``cardavia bench`` measures the decision times). A thinking that outlasts it
(an overloaded machine) has its move written at the next multiple of that delay, never when the
thinking happened to end (:mod:`cardavia.service.moments`).

Seats deciding at once (``protocol.acting_seats`` holds several, as when every seat sets its tiles
in secret): the server decides for every bot seat among them (and every person's handed to the
AI), each from that seat's own view only and with a seed of its own, and writes all of them at one
moment: ``max(pace, the greatest floor of any level)`` after the decision opened (the log's time of
the action before it, or when the table was made or its last seat filled), one after the other in
seat order. The floor covers the group's decisions made one after the other (hard, in the game that
has such groups: at most 40 ms of CPU a decision over 600 measured, so 120 ms for three, under the
500 ms floor); a group whose deciding took longer is logged as a warning, and written at the next
multiple of that delay. That moment depends on neither their pieces nor their level, nor on what the
people deciding at the same time do; a write that comes later (a restarted process, a lost race)
comes at the next such moment, never at one a bot's pieces chose.
People deciding at the same time act whenever they like, each on their own clock
(:meth:`TableState.turn_started` of their seat).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from cardavia.bots.analysis import Advice
from cardavia.bots.base import Decision
from cardavia.metrics import bot_decision
from cardavia.service.moments import delay_to_write
from cardavia.service.offload import Offload
from cardavia.service.plans import Plan, decision_seed, plan_next
from cardavia.service.state import TableState
from cardavia.service.tables import TableService
from cardavia.service.workers import worker_pool
from cardavia.store.errors import StoreUnavailable
from cardavia.store.records import AUTO_LEFT, AUTO_TIME

log = logging.getLogger(__name__)

Think = Callable[[str, str, Any, int], Decision[Any]]
R = TypeVar("R")

# The least time between a bot's move and the move before it, per level: above the level's slowest
# decisions measured (hard, CPU time of one process over 300 decisions a game: at most 416 ms in the
# slowest game; docs/bots.md), not only above their p99, so that the moment of a move does not
# depend on the position searched. Levels not listed: DEFAULT_MIN_STEP_MS.
MIN_STEP_MS: Mapping[str, int] = {"hard": 500}
DEFAULT_MIN_STEP_MS = 50
FIRST_BACKOFF_S = 0.25
MAX_BACKOFF_S = 8.0


def _default_think(game: str, level: str, view: Any, seed: int) -> Decision[Any]:
    from cardavia.bots.registry import choose

    return choose(game, level, view, seed)


def _warm() -> bool:
    import cardavia.bots.registry  # noqa: F401  (pay the import once, before the first turn)

    return True


def settle(service: TableService, table_id: str, think: Think | None = None) -> int:
    """Apply every pending server step at once, in this thread (tests, tools); how many were applied.

    Decides exactly as :class:`BotDriver` does, so a settled table equals a driven one.
    """
    think = think or _default_think
    applied = 0
    while True:
        state = service.state(table_id)
        step = state.pending()
        if step is None:
            return applied
        record = state.record
        if step.kind in ("bot", "away"):
            view = state.deal.view(step.seat)
            level = record.level if step.kind == "away" else record.seats[step.seat]
            decision = think(record.game, level, view, decision_seed(state, step.seat))
            action = state.game.action_to_json(decision.action)
        else:
            action = dict(step.action or {})
        auto = AUTO_LEFT if step.kind == "away" else 0
        if service.server_step(table_id, state.seq, step.seat, action, auto):
            applied += 1


class BotDriver:
    """Drives tables whose next move is the server's. ``workers=0`` thinks in this process.

    ``min_step_ms``: the floor between a bot's move and the previous move, one number for every
    level or a mapping of level to milliseconds (missing levels: :data:`DEFAULT_MIN_STEP_MS`).
    ``pace_sleep``: how it waits before writing a move (``asyncio.sleep``; a test's fake clock).
    """

    def __init__(
        self,
        service: TableService,
        *,
        workers: int = 1,
        think: Think | None = None,
        offload: Offload | None = None,
        min_step_ms: int | Mapping[str, int] | None = None,
        turn_limit: Callable[[int], float] | None = None,
        pace_sleep: Callable[[float], Awaitable[None]] | None = None,
    ) -> None:
        self.service = service
        self.workers = workers
        self.think: Think = think or _default_think
        self.offload = offload or Offload()
        self.min_step_ms = MIN_STEP_MS if min_step_ms is None else min_step_ms
        self._pool: Executor | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._gate: asyncio.Semaphore | None = None  # made in the running loop
        self._closed = False
        self._resume: asyncio.Task[None] | None = None
        # the seconds a person is given for a turn limit of n seconds (tests shorten it)
        self.turn_limit: Callable[[int], float] = turn_limit or float
        # how the driver waits out the pace and floor before a move (tests give a fake clock's)
        self.pace_sleep: Callable[[float], Awaitable[None]] = pace_sleep or asyncio.sleep
        self._wake: dict[str, asyncio.Event] = {}  # a table waiting on a person: set when it moves
        self._deadlines: dict[tuple[str, int], float] = {}  # (table, seq) -> when the AI takes over

    def floor_s(self, level: str) -> float:
        """The least delay, in seconds, before a bot of ``level`` moves (see the module docstring)."""
        if isinstance(self.min_step_ms, int):
            return self.min_step_ms / 1000
        return self.min_step_ms.get(level, DEFAULT_MIN_STEP_MS) / 1000

    def together_floor_s(self) -> float:
        """The least delay, in seconds, before the bots of a decision made at once are written: the
        greatest floor of any level, so that the moment tells nothing of the level either."""
        if isinstance(self.min_step_ms, int):
            return self.min_step_ms / 1000
        return max([DEFAULT_MIN_STEP_MS, *self.min_step_ms.values()]) / 1000

    def _executor(self) -> Executor | None:
        if self.workers <= 0:
            return None
        if self._pool is None:
            self._pool = worker_pool(self.workers)
        return self._pool

    async def start(self) -> None:
        """Start warming the pool and pick up every table left waiting for the server (a restart)."""
        pool = self._executor()
        if pool is not None:
            asyncio.get_running_loop().run_in_executor(pool, _warm)  # the first bot turn waits for it
        self._resume = asyncio.get_running_loop().create_task(self._resume_waiting())

    async def _resume_waiting(self) -> None:
        delay = FIRST_BACKOFF_S
        while not self._closed:
            try:
                waiting = await self.offload.run(self.service.store.tables_with_status, "bots")
                # and the tables waiting on a person under a turn limit: their clocks start again
                waiting += await self.offload.run(
                    functools.partial(self.service.store.tables_with_status, "human", timed=True)
                )
            except StoreUnavailable as exc:
                log.warning("cannot list the tables waiting for the bots (%s); retrying", exc.reason)
                await asyncio.sleep(delay)
                delay = min(delay * 2, MAX_BACKOFF_S)
                continue
            for table_id in waiting:
                self.kick(table_id)
            return

    def kick(self, table_id: str) -> None:
        """Make sure a task is walking ``table_id`` forward (no-op if one already is). Call it on
        the event loop's thread."""
        if self._closed:
            return
        task = self._tasks.get(table_id)
        if task is not None and not task.done():
            wake = self._wake.get(table_id)
            if wake is not None:
                wake.set()  # a task waiting out a person's time: the table moved, look again
            return
        self._tasks[table_id] = asyncio.get_running_loop().create_task(self._run(table_id))

    def busy(self, table_id: str) -> bool:
        task = self._tasks.get(table_id)
        return task is not None and not task.done()

    async def idle(self) -> None:
        """Wait until no table is being driven (tests)."""
        while any(not t.done() for t in self._tasks.values()):
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def decide(self, game: str, level: str, view: Any, seed: int) -> Decision[Any]:
        """A bot's decision for ``view`` (``think``), in the bots' pool."""
        started = time.perf_counter()
        try:
            return await self._in_pool(self.think, game, level, view, seed)
        finally:
            bot_decision(game, level, time.perf_counter() - started)

    async def advise(self, game: str, view: Any, seed: int) -> Advice:
        """The Hint for ``view`` (:func:`cardavia.bots.registry.suggest`), worked out in the bots'
        pool as their decisions are."""
        from cardavia.bots.registry import suggest

        started = time.perf_counter()
        try:
            return await self._in_pool(suggest, game, view, seed)
        finally:
            bot_decision(game, "hint", time.perf_counter() - started)

    async def _in_pool(self, fn: Callable[..., R], *args: Any) -> R:
        """``fn(*args)`` in the bots' pool (in this thread with no pool), in a new pool if it broke."""
        pool = self._executor()
        if pool is None:
            return fn(*args)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(pool, fn, *args)
        except BrokenProcessPool:
            log.warning("bot process pool broke; starting a new one")
            self._pool = None
            return await loop.run_in_executor(self._executor(), fn, *args)

    async def _out_of_time(self, table_id: str, plan: Plan) -> bool:
        """Wait for the person of ``plan`` until their time is up (True) or the table moves (False)."""
        loop = asyncio.get_running_loop()
        key = (table_id, plan.seq)
        deadline = self._deadlines.setdefault(key, loop.time() + (plan.timeout or 0.0))
        wake = self._wake.setdefault(table_id, asyncio.Event())
        wake.clear()
        try:
            await asyncio.wait_for(wake.wait(), max(0.0, deadline - loop.time()))
        except TimeoutError:
            self._deadlines.pop(key, None)
            return True
        return False

    def _moved(self, table_id: str, planned: TableState, seq: int) -> bool:
        """Whether this process's copy of the table has moved on from ``seq``, or is no longer the
        copy the plan was made from (dropped and read again: a seat was handed over, say).

        Read on the event loop without the table's lock (a write may hold it while it waits for the
        database): one attribute of one object, and a wrong "no" only means resting on to the
        deadline, after which the store is asked anyway."""
        state = self.service.cached(table_id)
        return state is not planned or state.seq != seq

    async def _rest(self, table_id: str, seconds: float) -> None:
        """Wait ``seconds`` for a person who has left, or less if the table moves (or is kicked)."""
        wake = self._wake.setdefault(table_id, asyncio.Event())
        wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), seconds)

    async def _run(self, table_id: str) -> None:
        loop = asyncio.get_running_loop()
        if self._gate is None:
            self._gate = asyncio.Semaphore(2)
        gate = self._gate
        fresh = True
        delay = FIRST_BACKOFF_S
        try:
            while not self._closed:
                try:
                    # The server's own store work takes at most two of the store threads, so that a
                    # burst of bots' turns on many tables never queues ahead of a person's request.
                    async with gate:
                        plan = await self.offload.run(
                            plan_next, self.service, table_id, fresh, self.turn_limit
                        )
                    if plan is None:
                        return
                    step, record = plan.step, plan.record
                    auto = plan.auto
                    if auto == AUTO_TIME and not await self._out_of_time(table_id, plan):
                        fresh = True  # the person (or another process) moved: read the log again
                        continue
                    if auto == AUTO_LEFT and plan.timeout:
                        # gone, but not for long enough yet: wait, then ask the store again (they
                        # may be back by then, through another process). Every event of the table
                        # wakes the rest; only a move (or a seat handed over, which drops this
                        # process's copy) ends it early, so the others' streams cost no reads.
                        # After a move this process saw, its copy is what to plan from (a plan
                        # from a copy another process has overtaken fails on the log's unique key
                        # and is read again); at the deadline, the store is asked.
                        until = loop.time() + plan.timeout
                        moved = False
                        while not moved and loop.time() < until:
                            await self._rest(table_id, until - loop.time())
                            moved = self._moved(table_id, plan.state, plan.seq)
                        fresh = not moved
                        continue
                    if plan.group:
                        await self._write_together(table_id, plan)
                        fresh = True  # several writes: read the log again
                        delay = FIRST_BACKOFF_S
                        continue
                    if plan.view is not None:
                        level = record.level if auto else record.seats[step.seat]
                        decision = await self.decide(record.game, level, plan.view, plan.seed)
                        action = plan.state.game.action_to_json(decision.action)
                        wait = max(record.pace_ms / 1000, self.floor_s(level))
                    else:
                        action = dict(step.action or {})
                        wait = record.pace_ms / 1000
                    # always yield, so that a table played at pace 0 never starves the other requests
                    await self.pace_sleep(delay_to_write(plan.opened, wait, self.service.clock()))
                    async with gate:
                        written = await self.offload.run(
                            self.service.server_step, table_id, plan.seq, step.seat, action, auto
                        )
                    # after our own write the cache is the log; after a lost race, read the log again
                    fresh = not written
                    delay = FIRST_BACKOFF_S
                except StoreUnavailable as exc:
                    log.warning("table %s waits for the database (%s)", table_id, exc.reason)
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, MAX_BACKOFF_S)
                    fresh = True
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("driving table %s stopped", table_id)
        finally:
            if self._tasks.get(table_id) is asyncio.current_task():
                del self._tasks[table_id]
                self._wake.pop(table_id, None)

    async def _write_together(self, table_id: str, plan: Plan) -> None:
        """Decide every server decision of ``plan.group`` (each from its seat's own view), then
        write them all, in seat order, at the group's one moment (see the module docstring)."""
        record = plan.record
        actions: list[tuple[int, Any, int]] = []
        started = time.perf_counter()
        for step, view, seed, auto in plan.group:
            level = record.level if auto else record.seats[step.seat]
            decision = await self.decide(record.game, level, view, seed)
            actions.append((step.seat, plan.state.game.action_to_json(decision.action), auto))
        wait = max(record.pace_ms / 1000, self.together_floor_s())
        spent = time.perf_counter() - started
        if spent > wait:  # the floor must cover the group's deciding (see MIN_STEP_MS)
            log.warning(
                "table %s: deciding %d bots at once took %.0f ms", record.id, len(actions), spent * 1000
            )
        # the moment is the log's (what every process reads alike), fixed before the thinking
        await self.pace_sleep(delay_to_write(plan.opened, wait, self.service.clock()))
        gate = self._gate or asyncio.Semaphore(2)
        for seat, action, auto in actions:
            async with gate:
                await self.offload.run(self.service.server_step, table_id, plan.seq, seat, action, auto)

    async def close(self) -> None:
        self._closed = True
        tasks = list(self._tasks.values()) + ([self._resume] if self._resume is not None else [])
        self._resume = None
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        if self._pool is not None:
            pool, self._pool = self._pool, None
            # wait for the workers to exit, so that none outlives the server
            await asyncio.get_running_loop().run_in_executor(
                None, lambda: pool.shutdown(True, cancel_futures=True)
            )
