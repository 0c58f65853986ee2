"""The server's own moves: bots' turns, forced actions and redeals, applied off the request path.

One task per table per process walks the table forward while the log says the server is to act.
Each step is decided from the log alone (the bot seat's view and a seed derived from the table seed
and the seq), so two processes driving the same table decide the same thing, the loser of the write
simply reloads, and a process killed mid-way is replaced by whichever request or process comes next.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from cardavia.bots.base import Decision
from cardavia.service.seeds import bot_seed
from cardavia.service.tables import TableService

log = logging.getLogger(__name__)

Think = Callable[[str, str, Any, int], Decision[Any]]


def _default_think(game: str, level: str, view: Any, seed: int) -> Decision[Any]:
    from cardavia.bots.registry import choose

    return choose(game, level, view, seed)


def _watch_parent() -> None:
    """Pool initializer: end this worker when the server process that started it is gone (even by
    kill -9, which runs no clean-up), instead of lingering as an orphan."""
    import os
    import threading
    import time

    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="cardavia-parent-watch", daemon=True).start()


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
        if step.kind == "bot":
            view = state.deal.view(step.seat)
            decision = think(record.game, record.seats[step.seat], view, bot_seed(record.seed, state.seq))
            action = state.game.action_to_json(decision.action)
        else:
            action = dict(step.action or {})
        if service.server_step(table_id, state.seq, step.seat, action):
            applied += 1


class BotDriver:
    """Drives tables whose next move is the server's. ``workers=0`` thinks in this process."""

    def __init__(self, service: TableService, *, workers: int = 1, think: Think | None = None) -> None:
        self.service = service
        self.workers = workers
        self.think: Think = think or _default_think
        self._pool: Executor | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._gate: asyncio.Semaphore | None = None  # made in the running loop
        self._closed = False

    def _executor(self) -> Executor | None:
        if self.workers <= 0:
            return None
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_watch_parent
            )
        return self._pool

    async def start(self) -> None:
        """Start warming the pool and pick up every table left waiting for the server (a restart)."""
        pool = self._executor()
        if pool is not None:
            asyncio.get_running_loop().run_in_executor(pool, _warm)  # the first bot turn waits for it
        for table_id in self.service.store.tables_with_status("bots"):
            self.kick(table_id)

    def kick(self, table_id: str) -> None:
        """Make sure a task is walking ``table_id`` forward (no-op if one already is)."""
        if self._closed:
            return
        task = self._tasks.get(table_id)
        if task is not None and not task.done():
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
        pool = self._executor()
        if pool is None:
            return self.think(game, level, view, seed)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(pool, self.think, game, level, view, seed)
        except BrokenProcessPool:
            log.warning("bot process pool broke; starting a new one")
            self._pool = None
            return await loop.run_in_executor(self._executor(), self.think, game, level, view, seed)

    async def _run(self, table_id: str) -> None:
        loop = asyncio.get_running_loop()
        if self._gate is None:
            self._gate = asyncio.Semaphore(1)
        gate = self._gate
        try:
            async with gate:
                state = self.service.state(table_id)
            while not self._closed:
                # The server's own work on the event loop passes one table at a time through the gate,
                # so a burst of bots' turns on many tables never queues ahead of a person's request.
                async with gate:
                    step = state.pending()
                    if step is None:
                        return
                    seq, record = state.seq, state.record
                    deadline = loop.time() + record.pace_ms / 1000
                    view = state.deal.view(step.seat) if step.kind == "bot" else None
                if view is not None:
                    level = record.seats[step.seat]
                    decision = await self.decide(record.game, level, view, bot_seed(record.seed, seq))
                    action = state.game.action_to_json(decision.action)
                else:
                    action = dict(step.action or {})
                # always yield, so that a table played at pace 0 never starves the other requests
                await asyncio.sleep(max(0.0, deadline - loop.time()))
                async with gate:
                    written = self.service.server_step(table_id, seq, step.seat, action)
                    cached = self.service.cached(table_id)
                    # after our own write the cache is the log; after a lost race, read the log again
                    state = cached if written and cached is not None else self.service.state(table_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("driving table %s stopped", table_id)
        finally:
            if self._tasks.get(table_id) is asyncio.current_task():
                del self._tasks[table_id]

    async def close(self) -> None:
        self._closed = True
        for task in list(self._tasks.values()):
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        self._tasks.clear()
        if self._pool is not None:
            pool, self._pool = self._pool, None
            # wait for the workers to exit, so that none outlives the server
            await asyncio.get_running_loop().run_in_executor(
                None, lambda: pool.shutdown(True, cancel_futures=True)
            )
