"""Live table updates: per-table wake-ups in this process, fed across processes by PostgreSQL NOTIFY.

Writers call :meth:`EventHub.publish` after each logged action (SQLite: the only news there is, since
one process serves it). On PostgreSQL every write also sends ``NOTIFY`` in its transaction and each
process's listener republishes what other processes wrote. Subscribers only learn "table X moved";
they read the log themselves, so a doubled notification never shows a wrong state. A notification
sent while the listener was not connected is lost: each time it connects again, every stream is
woken and reads its table's log length from the database (none trusts its copy in memory), and a
listener whose connection stays quiet checks that the connection still answers.

A server that is stopping ends every stream as a normal end (:meth:`EventHub.stop`, on its stop
signal: ``cardavia.web.shutdown``). Streams are capped: at most :data:`MAX_STREAMS_PER_TABLE` on one table and
:data:`MAX_STREAMS_PER_OWNER` for one browser; a new stream beyond either cap ends the oldest one
(most often a connection the browser already left, which the server only notices when it writes).
A stream outlives a database outage: it says so (an ``unavailable`` event) and tries again.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import logging
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from cardavia.store.actions import NOTIFY_CHANNEL
from cardavia.store.errors import StoreUnavailable

log = logging.getLogger(__name__)

KEEPALIVE_S = 15.0
MAX_STREAMS_PER_TABLE = 4
MAX_STREAMS_PER_OWNER = 8
MAX_SAID = 20  # quick messages a stream holds before it writes them
RETRY_MS = 1000  # the browser's reconnection delay, sent first on every stream
OUTAGE_RETRY_S = (0.5, 8.0)  # a stream's first and longest wait before asking a failed database again
# A listener that heard nothing for this long asks its connection to answer within LISTEN_PING_S
# (a network holding the bytes sends no error: without asking, the listener would wait for ever).
LISTEN_QUIET_S = 10.0
LISTEN_PING_S = 5.0


class Watch(asyncio.Event):
    """One stream's wake-up; ``evicted`` once a newer stream took its place under a cap."""

    def __init__(self, table_id: str, owner: str | None) -> None:
        super().__init__()
        self.table_id = table_id
        self.owner = owner
        self.evicted = False
        self.said: list[str] = []  # quick messages to send on this stream (JSON), oldest first

    def evict(self) -> None:
        self.evicted = True
        self.set()


class EventHub:
    """Which connections wait on which table, and the task relaying PostgreSQL notifications.

    :meth:`publish` may be called from any thread (the store's threads write the log); everything
    else runs on the event loop.
    """

    def __init__(
        self, *, per_table: int = MAX_STREAMS_PER_TABLE, per_owner: int = MAX_STREAMS_PER_OWNER
    ) -> None:
        self.per_table = per_table
        self.per_owner = per_owner
        # insertion-ordered: the first watch of a table or an owner is its oldest stream
        self._waiters: dict[str, dict[Watch, None]] = {}
        self._owners: dict[str, dict[Watch, None]] = {}
        self._listener: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread: int | None = None
        self.latest: dict[str, int] = {}  # watched tables: the newest seq any process said it wrote
        self.stopping = False  # the server is stopping: every stream ends (see stop)

    def publish(self, table_id: str, seq: int = -1) -> None:
        """Wake the streams of ``table_id``: action ``seq`` was written (from any thread)."""
        loop = self._loop
        if loop is not None and threading.get_ident() != self._loop_thread:
            with contextlib.suppress(RuntimeError):  # the loop closed: nobody is left to wake
                loop.call_soon_threadsafe(self._publish, table_id, seq)
            return
        self._publish(table_id, seq)

    def resync(self) -> None:
        """Wake every stream to read its table from the database (on the event loop): news may have
        been lost, so what any process said it wrote is forgotten and no copy in memory is trusted."""
        self.latest.clear()
        for waiters in self._waiters.values():
            for event in waiters:
                event.set()

    def stop(self) -> None:
        """The server is stopping: end every stream now, as a normal end (on the event loop), and
        any opened from now on at once; each page reconnects after its ``retry``."""
        self.stopping = True
        for waiters in self._waiters.values():
            for watch in waiters:
                watch.evict()

    def _publish(self, table_id: str, seq: int) -> None:
        waiters = self._waiters.get(table_id)
        if not waiters:
            return
        self.latest[table_id] = max(seq, self.latest.get(table_id, -1))
        for event in waiters:
            event.set()

    def say(self, table_id: str, seat: int, message: str) -> None:
        """Send a quick message of ``seat`` to every stream of ``table_id`` in this process (from
        any thread); other processes hear it from the store's notification."""
        loop = self._loop
        if loop is not None and threading.get_ident() != self._loop_thread:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._say, table_id, seat, message)
            return
        self._say(table_id, seat, message)

    def _say(self, table_id: str, seat: int, message: str) -> None:
        data = json.dumps({"seat": seat, "message": message}, separators=(",", ":"))
        for watch in self._waiters.get(table_id, ()):
            if len(watch.said) < MAX_SAID:  # a stream that cannot keep up loses the oldest news
                watch.said.append(data)
            watch.set()

    @contextlib.contextmanager
    def subscribe(self, table_id: str, owner: str | None = None) -> Iterator[Watch]:
        """Watch ``table_id`` (on the event loop) for the length of the ``with``; the oldest watch
        over a cap is evicted."""
        self._bind()
        watch = Watch(table_id, owner)
        on_table = self._waiters.setdefault(table_id, {})
        on_table[watch] = None
        mine = self._owners.setdefault(owner, {}) if owner is not None else {}
        if owner is not None:
            mine[watch] = None
        for group, cap in ((on_table, self.per_table), (mine, self.per_owner)):
            live = [w for w in group if not w.evicted]
            for old in live[: max(0, len(live) - cap)]:
                old.evict()
        if self.stopping:
            watch.evict()
        try:
            yield watch
        finally:
            self._forget(watch)

    def _bind(self) -> None:
        """Remember the running loop (the newest one, should the app be started again)."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self._loop, self._loop_thread = loop, threading.get_ident()

    def _forget(self, watch: Watch) -> None:
        waiters = self._waiters.get(watch.table_id)
        if waiters is not None:
            waiters.pop(watch, None)
            if not waiters:
                del self._waiters[watch.table_id]
                self.latest.pop(watch.table_id, None)
        if watch.owner is not None:
            mine = self._owners.get(watch.owner)
            if mine is not None:
                mine.pop(watch, None)
                if not mine:
                    del self._owners[watch.owner]

    def streams(self, owner: str) -> int:
        """How many streams ``owner`` has open (evicted ones that have not yet ended included)."""
        return len(self._owners.get(owner, ()))

    def subscribers(self, table_id: str) -> int:
        return len(self._waiters.get(table_id, ()))

    # -- across processes ---------------------------------------------------------------------------
    def listen(
        self, conninfo: str, on_notify: Callable[[str], None] | None = None, origin: str | None = None
    ) -> None:
        """Start relaying ``NOTIFY`` of other processes (PostgreSQL only). ``origin``: this process's
        store's (:meth:`cardavia.store.db.Store.notice`): its own news, published when it wrote
        them, are not published a second time (each would wake every stream of the table again)."""
        self._listener = asyncio.get_running_loop().create_task(self._listen(conninfo, on_notify, origin))

    async def _listen(
        self, conninfo: str, on_notify: Callable[[str], None] | None, origin: str | None
    ) -> None:
        import psycopg

        from cardavia.store.engine import postgres_connect_args

        self._bind()

        delay = 0.5
        connected_before = False
        while True:
            try:
                connect = psycopg.AsyncConnection.connect(
                    conninfo, autocommit=True, **postgres_connect_args()
                )
                async with await connect as conn:
                    await asyncio.wait_for(conn.execute(f"LISTEN {NOTIFY_CHANNEL}"), LISTEN_PING_S)
                    delay = 0.5
                    if connected_before:
                        self.resync()  # what was sent while it was away is lost: read it all again
                        if on_notify is not None:
                            for table_id in list(self._waiters):
                                on_notify(table_id)
                    connected_before = True
                    while True:
                        async for note in conn.notifies(timeout=LISTEN_QUIET_S):
                            table_id, _, rest = note.payload.partition(" ")
                            seq, _, sender = rest.partition(" ")
                            if origin is not None and sender == origin:
                                continue
                            said = parse_say(seq)
                            if said is not None:  # a quick message, not news of the log
                                self.say(table_id, *said)
                                continue
                            self.publish(table_id, int(seq) if seq.isdigit() else -1)
                            if on_notify is not None:
                                on_notify(table_id)
                        # quiet for a while: the connection must still answer
                        await asyncio.wait_for(conn.execute("SELECT 1"), LISTEN_PING_S)
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


def parse_say(part: str) -> tuple[int, str] | None:
    """The seat and message of a quick message's notification part (``say:<seat>:<id>``, see
    :meth:`cardavia.store.db.Store.say`), or None for a seq."""
    kind, _, rest = part.partition(":")
    seat, _, message = rest.partition(":")
    if kind != "say" or not seat.isdigit() or not message:
        return None
    return int(seat), message


def sse(event_id: int, data: str, event: str = "table") -> str:
    """One server-sent event (``data`` is one line of JSON)."""
    return f"id: {event_id}\nevent: {event}\ndata: {data}\n\n"


UNAVAILABLE_EVENT = "event: unavailable\ndata: {}\n\n".format(
    json.dumps(
        {
            "error": {
                "code": "unavailable",
                "message": "the database is not answering; the stream carries on when it is back",
                "params": {},
            }
        },
        separators=(",", ":"),
    )
)

Mode = Literal["always", "settled", "changed"]


@dataclass(frozen=True)
class Snapshot:
    """A table as an event would show it: ``data`` is its TableOut JSON, when it was rendered.

    ``settling``: the server is playing unpaced turns (pace 0) and more news follows at once; the
    stream then waits for the last of them rather than sending each intermediate state.
    """

    seq: int
    settling: bool
    data: str | None


# ``snapshot(since, mode)``: the table with the news since ``since``, None once it is gone; its data
# rendered when ``mode`` is "always", or when the seq moved past ``since`` ("changed"), and the
# server is not settling ("settled"). It may be a coroutine function (the store runs in threads).
SnapshotFn = Callable[[int | None, Mode], "Snapshot | Awaitable[Snapshot | None] | None"]


async def table_stream(
    hub: EventHub,
    table_id: str,
    since: int | None,
    snapshot: SnapshotFn,
    keepalive_s: float = KEEPALIVE_S,
    owner: str | None = None,
) -> AsyncIterator[str]:
    """Events for one table: the current state at once, then one event each time the log grows.

    A snapshot that fails because the database cannot answer does not end the stream: it sends
    one ``unavailable`` event and asks again, backing off, until the database answers.
    """

    async def take(after: int | None, mode: Mode) -> Snapshot | None:
        got = snapshot(after, mode)
        if inspect.isawaitable(got):
            return await got
        return got

    yield f"retry: {RETRY_MS}\n\n"
    with hub.subscribe(table_id, owner) as woken:
        sent = since
        first = True
        outage = False
        pause = OUTAGE_RETRY_S[0]
        while not woken.evicted:
            woken.clear()  # cleared before reading, so a write landing in between still wakes us
            try:
                snap = await take(sent, "always" if first else "settled")
            except StoreUnavailable:
                if not outage:
                    yield UNAVAILABLE_EVENT
                    outage = True
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(woken.wait(), pause)
                pause = min(pause * 2, OUTAGE_RETRY_S[1])
                continue
            if outage:
                outage, pause = False, OUTAGE_RETRY_S[0]
                first = True  # after an outage the browser gets the whole state again
                continue
            if snap is None:
                return
            while woken.said:
                yield f"event: say\ndata: {woken.said.pop(0)}\n\n"  # no id: the table's seq is the id
            if snap.data is not None and (first or (snap.seq != sent and not snap.settling)):
                yield sse(snap.seq, snap.data)
                sent, first = snap.seq, False
            try:
                await asyncio.wait_for(woken.wait(), keepalive_s)
            except TimeoutError:
                try:
                    snap = await take(sent, "changed")
                except StoreUnavailable:
                    continue  # the loop's next read says so and waits
                if snap is not None and snap.seq != sent and snap.data is not None:
                    yield sse(snap.seq, snap.data)  # never hold news back for long
                    sent = snap.seq
                else:
                    yield ": keepalive\n\n"
