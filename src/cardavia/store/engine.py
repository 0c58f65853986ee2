"""The SQLAlchemy engine of a database URL, every connection's time bounds, and the watchdog.

Every call is bounded in time: on PostgreSQL by the server's ``statement_timeout``, TCP keepalives,
a connect timeout, a bounded wait for a pooled connection and, against a network that holds bytes
without resetting anything, a :class:`Watchdog` that cuts a connection busy past :data:`STALL_S`;
on SQLite by its busy timeout. SQLite's write-ahead log is copied back by :func:`checkpoint`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.exc import ArgumentError, NoSuchModuleError
from sqlalchemy.pool import NullPool

from cardavia.store.errors import BadDatabase

ENV_VAR = "CARDAVIA_DATABASE_URL"

log = logging.getLogger(__name__)

# Connections per process on PostgreSQL: as many as the threads store calls run in
# (``cardavia.service.offload``), so that no call waits for a connection.
POOL_SIZE = 16
# What one store call may cost when the database stalls, so that a request answers a 503 in a few
# seconds and its store thread is free again. The server cancels a statement running this long
# (PostgreSQL's statement_timeout; SQLite's busy timeout for a lock held by another writer) ...
STATEMENT_TIMEOUT_MS = 4000
# ... and the watchdog cuts a connection busy for longer (the network or the server holds the bytes:
# no answer, no reset; the server's own timeout never fires since the statement never arrived).
STALL_S = 5.0
CONNECT_TIMEOUT_S = 3  # a connection not made in this long counts as a failure
POOL_TIMEOUT_S = 3  # the longest wait for a free pooled connection before "busy"
# TCP keepalives on every PostgreSQL connection: an idle one whose peer vanished is found out in
# about 5 + 2 * 3 s instead of the system's two hours.
KEEPALIVES = {"keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 3}
# The SQLite write-ahead log is copied back and cut to this size whenever it grows past it.
WAL_LIMIT_BYTES = 4 * 1024 * 1024


def database_url_from(database: str | None = None) -> str:
    """The SQLAlchemy URL to use: the argument, else ``$CARDAVIA_DATABASE_URL``, else SQLite in the
    user's data folder. ``postgresql://`` URLs are given the psycopg (v3) driver."""
    url = database or os.environ.get(ENV_VAR) or ""
    if not url:
        from platformdirs import user_data_dir

        folder = Path(user_data_dir("cardavia", appauthor=False))
        folder.mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{folder / 'cardavia.db'}"
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            url = "postgresql+psycopg://" + url[len(prefix) :]
    return url


def postgres_connect_args() -> dict[str, Any]:
    """libpq parameters of every PostgreSQL connection (the event listener's too): bounded
    statements, connects and dead-peer detection."""
    return {
        "connect_timeout": CONNECT_TIMEOUT_S,
        "options": f"-c statement_timeout={STATEMENT_TIMEOUT_MS}",
        **KEEPALIVES,
    }


def make_engine(url: str, pool_size: int) -> Engine:
    """The engine of ``url``, its pool and connections bounded in time; :class:`BadDatabase` for a
    URL this server cannot use."""
    kwargs: dict[str, Any] = {}
    if url.startswith("postgresql"):
        # No pool_pre_ping (one more round trip per checkout): a connection the server dropped
        # fails its first statement and the store's guard replaces it. A bounded wait for a
        # connection, and a bounded connect, so that an outage answers 503s rather than hanging.
        kwargs.update(
            pool_size=pool_size,
            max_overflow=2,
            pool_timeout=POOL_TIMEOUT_S,
            connect_args=postgres_connect_args(),
        )
    elif url.startswith("sqlite") and ":memory:" in url:
        kwargs.update(poolclass=NullPool)
    elif url.startswith("sqlite"):
        # 2: the checkpointer
        kwargs.update(pool_size=pool_size, max_overflow=2, pool_timeout=POOL_TIMEOUT_S)
    try:
        engine = create_engine(url, **kwargs)
    except (ArgumentError, NoSuchModuleError, ImportError, ValueError) as exc:
        raise BadDatabase(f"not a database URL this server can use: {exc}") from None
    if url.startswith("sqlite"):
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL lets readers run beside the one writer; NORMAL sync is durable against a process crash.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute(f"PRAGMA busy_timeout={STATEMENT_TIMEOUT_MS}")
    cur.execute("PRAGMA foreign_keys=ON")
    # No checkpoint inside a commit (its fsync would stall that request): see Store.checkpoints.
    cur.execute("PRAGMA wal_autocheckpoint=0")
    # A log that was copied back whole is cut to this size when it is reset, not kept at its peak.
    cur.execute(f"PRAGMA journal_size_limit={WAL_LIMIT_BYTES}")
    cur.close()


def checkpoint(conn: Any, wal: Path) -> None:
    """A passive checkpoint (it never waits) on the SQLite connection ``conn``; once the log
    ``wal`` is past :data:`WAL_LIMIT_BYTES`, one that waits (briefly) for the readers to leave the
    log, then starts it again from the top.

    Passive alone lets the log grow without bound under load: some reader always holds a
    snapshot inside it, so the copy never completes and writers never wrap to the start.
    The waiting checkpoint holds back writers only while the readers of the moment finish
    (milliseconds); new readers read the database file and are not held at all.
    """
    try:
        size = wal.stat().st_size
    except OSError:
        size = 0
    if size <= WAL_LIMIT_BYTES:
        conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        return
    conn.execute("PRAGMA busy_timeout=1000")
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.execute(f"PRAGMA busy_timeout={STATEMENT_TIMEOUT_MS}")


class Watchdog:
    """Cuts a PostgreSQL connection held by one store call for longer than :data:`STALL_S`.

    A statement the server runs too long ends by its ``statement_timeout``; but when the network
    (or a stopped server) holds the bytes without resetting anything, no answer ever comes, TCP
    keepalives are answered by whatever holds them, and the calling thread would wait for ever.
    Shutting the connection's socket down ends that wait at once: the call fails as a lost
    connection, its thread is free, and the pool replaces the connection.
    """

    def __init__(self, stall_s: float = STALL_S, every_s: float = 0.25) -> None:
        self.stall_s = stall_s
        self.every_s = every_s
        self._busy: dict[int, tuple[float, Any, int]] = {}  # id(pool record) -> (since, dbapi conn, thread)
        self._cut: set[int] = set()  # threads whose connection was cut, until they notice
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def watch(self, engine: Engine) -> None:
        """Watch every connection ``engine`` hands out."""
        event.listen(engine, "checkout", self.checkout)
        event.listen(engine, "checkin", self.checkin)
        event.listen(engine, "invalidate", self.checkin)

    def checkout(self, dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        me = threading.get_ident()
        with self._lock:
            self._busy[id(record)] = (time.monotonic(), dbapi_conn, me)
            self._cut.discard(me)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, args=(self._stop,), name="cardavia-db-watchdog", daemon=True
                )
                self._thread.start()

    def checkin(self, _dbapi_conn: Any, record: Any, *_rest: Any) -> None:
        with self._lock:
            self._busy.pop(id(record), None)

    def spare(self, record: Any) -> None:
        """Leave this checked-out connection alone (a migration may rightly take long)."""
        self.checkin(None, record)

    def was_cut(self) -> bool:
        """Whether this thread's connection was cut since its last checkout (asked once)."""
        me = threading.get_ident()
        with self._lock:
            if me in self._cut:
                self._cut.discard(me)
                return True
        return False

    def _run(self, stop: threading.Event) -> None:
        while not stop.wait(self.every_s):
            now = time.monotonic()
            # under the lock: a connection still listed is still checked out, so not yet closed
            # (its file descriptor cannot be another's)
            with self._lock:
                for key, (since, conn, thread) in list(self._busy.items()):
                    if now - since > self.stall_s:
                        del self._busy[key]
                        self._cut.add(thread)
                        log.warning("database call stalled for %.0f s; cutting its connection", now - since)
                        _shutdown(conn)

    def stop(self) -> None:
        """End the watching thread (a later checkout starts a new one: a store may be used again)."""
        with self._lock:
            self._stop.set()
            self._stop = threading.Event()
            self._thread = None


def _shutdown(dbapi_conn: Any) -> None:
    """Shut a psycopg connection's socket down (both ways): its pending read ends at once."""
    with contextlib.suppress(Exception):
        fd = dbapi_conn.pgconn.socket
        sock = socket.socket(fileno=os.dup(fd))
        try:
            sock.shutdown(socket.SHUT_RDWR)
        finally:
            sock.close()
