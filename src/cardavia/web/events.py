"""Live table updates: per-table wake-ups in this process, fed across processes by PostgreSQL NOTIFY.

Writers call :meth:`EventHub.publish` after each logged action (SQLite: the only news there is, since
one process serves it). On PostgreSQL every write also sends ``NOTIFY`` in its transaction and each
process's listener republishes what other processes wrote. Subscribers only learn "table X moved";
they read the log themselves, so a missed or doubled notification never shows a wrong state.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from cardavia.store.db import NOTIFY_CHANNEL

log = logging.getLogger(__name__)

KEEPALIVE_S = 15.0


class EventHub:
    """Which connections wait on which table, and the task relaying PostgreSQL notifications."""

    def __init__(self) -> None:
        self._waiters: dict[str, set[asyncio.Event]] = {}
        self._listener: asyncio.Task[None] | None = None
        self.latest: dict[str, int] = {}  # watched tables: the newest seq any process said it wrote

    def publish(self, table_id: str, seq: int = -1) -> None:
        waiters = self._waiters.get(table_id)
        if not waiters:
            return
        self.latest[table_id] = max(seq, self.latest.get(table_id, -1))
        for event in waiters:
            event.set()

    @contextlib.contextmanager
    def subscribe(self, table_id: str) -> Any:
        event = asyncio.Event()
        self._waiters.setdefault(table_id, set()).add(event)
        try:
            yield event
        finally:
            waiters = self._waiters.get(table_id)
            if waiters is not None:
                waiters.discard(event)
                if not waiters:
                    del self._waiters[table_id]
                    self.latest.pop(table_id, None)

    def subscribers(self, table_id: str) -> int:
        return len(self._waiters.get(table_id, ()))

    # -- across processes ---------------------------------------------------------------------------
    def listen(self, conninfo: str, on_notify: Callable[[str], None] | None = None) -> None:
        """Start relaying ``NOTIFY`` of other processes (PostgreSQL only)."""
        self._listener = asyncio.get_running_loop().create_task(self._listen(conninfo, on_notify))

    async def _listen(self, conninfo: str, on_notify: Callable[[str], None] | None) -> None:
        import psycopg

        delay = 0.5
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    delay = 0.5
                    async for note in conn.notifies():
                        table_id, _, seq = note.payload.partition(" ")
                        self.publish(table_id, int(seq) if seq.isdigit() else -1)
                        if on_notify is not None:
                            on_notify(table_id)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database restarted or the network blinked: listen again
                log.warning("event listener lost its connection (%s); retrying", type(exc).__name__)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10.0)

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
            self._listener = None


def sse(event_id: int, data: str, event: str = "table") -> str:
    """One server-sent event (``data`` is one line of JSON)."""
    return f"id: {event_id}\nevent: {event}\ndata: {data}\n\n"


@dataclass(frozen=True)
class Snapshot:
    """A table as an event would show it: ``render()`` makes the TableOut JSON only when it is sent.

    ``settling``: the server is playing unpaced turns (pace 0) and more news follows at once; the
    stream then waits for the last of them rather than sending each intermediate state.
    """

    seq: int
    settling: bool
    render: Callable[[], str]


async def table_stream(
    hub: EventHub,
    table_id: str,
    since: int | None,
    snapshot: Callable[[int | None], Snapshot | None],
    keepalive_s: float = KEEPALIVE_S,
) -> AsyncIterator[str]:
    """Events for one table: the current state at once, then one event each time the log grows.

    ``snapshot(since)`` answers the table with the news since ``since``, or None once it is gone.
    """
    yield "retry: 1000\n\n"
    with hub.subscribe(table_id) as woken:
        sent = since
        first = True
        while True:
            woken.clear()  # cleared before reading, so a write landing in between still wakes us
            snap = snapshot(sent)
            if snap is None:
                return
            if first or (snap.seq != sent and not snap.settling):
                yield sse(snap.seq, snap.render())
                sent, first = snap.seq, False
            try:
                await asyncio.wait_for(woken.wait(), keepalive_s)
            except TimeoutError:
                snap = snapshot(sent)
                if snap is not None and snap.seq != sent:  # never hold news back for long
                    yield sse(snap.seq, snap.render())
                    sent = snap.seq
                else:
                    yield ": keepalive\n\n"
