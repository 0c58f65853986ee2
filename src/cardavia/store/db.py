"""Opening the database, running the packaged migrations, and every read and write of the action log.

All methods are short synchronous transactions (callers on an event loop run them in a thread). The
unique (table, seq) key is what keeps two processes from both writing action n: the loser gets
:class:`SeqTaken` and must reload the log. A database that cannot answer (down, unreachable, disk
full, read-only, locked too long) raises :class:`StoreUnavailable`, never a driver's own error; a
pooled connection the server dropped meanwhile is replaced and the call tried once more, so no
round trip is spent checking connections before use.

A write whose connection was lost after it was sent may or may not have committed: that is
:class:`OutcomeUnknown` (a kind of StoreUnavailable), never reported as "nothing was written";
:meth:`Store.outcome` extends the same to any failure that follows a write in one request.
Every call is bounded in time: on PostgreSQL by the server's ``statement_timeout``, TCP keepalives,
a connect timeout, a bounded wait for a pooled connection and, against a network that holds bytes
without resetting anything, a watchdog that cuts a connection busy past :data:`STALL_S`; on SQLite
by its busy timeout.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import os
import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import Connection, Engine, Table, bindparam, create_engine, event, func, select, text
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, NoSuchModuleError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.pool import NullPool

from cardavia.metrics import database_error
from cardavia.store.models import ActionRow, DealRow, InviteRow, PresenceRow, RateRow, ReviewRow, TableRow

ENV_VAR = "CARDAVIA_DATABASE_URL"
NOTIFY_CHANNEL = "cardavia_tables"
_MIGRATIONS = Path(__file__).with_name("migrations")
_MIGRATION_LOCK = 0x6361726461  # an arbitrary advisory-lock key: one migrating process at a time


# Core tables and statements built once: the hot path skips the ORM's per-call statement building.
TABLES: Table = TableRow.__table__  # type: ignore[assignment]
ACTIONS: Table = ActionRow.__table__  # type: ignore[assignment]
DEALS: Table = DealRow.__table__  # type: ignore[assignment]
REVIEWS: Table = ReviewRow.__table__  # type: ignore[assignment]
INVITES: Table = InviteRow.__table__  # type: ignore[assignment]
PRESENCE: Table = PresenceRow.__table__  # type: ignore[assignment]
RATES: Table = RateRow.__table__  # type: ignore[assignment]
_HEAD = select(
    TABLES,
    select(func.max(ACTIONS.c.seq)).where(ACTIONS.c.table_id == TABLES.c.id).scalar_subquery().label("n"),
).where(TABLES.c.id == bindparam("table_id"))
_INSERT_ACTION = ACTIONS.insert()
_INSERT_DEAL = DEALS.insert()
_SET_STATUS = TABLES.update().where(TABLES.c.id == bindparam("tid")).values(status=bindparam("status"))
_SET_PACE = TABLES.update().where(TABLES.c.id == bindparam("tid")).values(pace_ms=bindparam("pace_ms"))
_ACTIONS_FROM = (
    select(
        ACTIONS.c.seq,
        ACTIONS.c.deal_no,
        ACTIONS.c.seat,
        ACTIONS.c.action,
        ACTIONS.c.auto,
        ACTIONS.c.created_at,
    )
    .where(ACTIONS.c.table_id == bindparam("table_id"), ACTIONS.c.seq >= bindparam("from_seq"))
    .order_by(ACTIONS.c.seq)
)
_NOTIFY = text("SELECT pg_notify(:c, :p)")
# A rate limit's ask (Store.take_token) in one statement, written out once (building it with the
# expression language cost more than running it): the bucket's tokens refilled since it was last
# asked (none if the clock went back), capped at the burst; one taken if there is one. Both
# databases evaluate every SET expression on the row as it was, and return whether it was allowed.
_GROWN = "CASE WHEN r.at > :now THEN r.tokens ELSE r.tokens + (:now - r.at) * :per_s END"
_REFILLED = f"(CASE WHEN {_GROWN} > :full THEN :full ELSE {_GROWN} END)"
_TAKE_TOKEN = text(
    "INSERT INTO cardavia_rate_limits AS r (key, tokens, at, ok) VALUES (:key, :full - 1, :now, 1)"
    f" ON CONFLICT (key) DO UPDATE SET tokens = CASE WHEN {_REFILLED} >= 1 THEN {_REFILLED} - 1"
    f" ELSE {_REFILLED} END, at = :now, ok = CASE WHEN {_REFILLED} >= 1 THEN 1 ELSE 0 END RETURNING ok"
)

# The two statements of every move, run on the driver's own connection (no per-call compilation):
# named parameters, written ``:name`` for sqlite3 and ``%(name)s`` for psycopg.
_RAW_HEAD = (
    "SELECT t.id, t.game, t.level, t.seed, t.options, t.seats, t.owner, t.pace_ms, t.status, t.created_at,"
    " t.people, t.turn_limit_s, t.origin, t.host_name, t.seated_at,"
    " (SELECT max(a.seq) FROM cardavia_actions a WHERE a.table_id = t.id)"
    " FROM cardavia_tables t WHERE t.id = :table_id"
)
_RAW_INSERT_ACTION = (
    "INSERT INTO cardavia_actions (table_id, seq, deal_no, seat, action, created_at, auto)"
    " VALUES (:table_id, :seq, :deal_no, :seat, :action, :created_at, :auto)"
)
_RAW_SET_STATUS = "UPDATE cardavia_tables SET status = :status WHERE id = :tid"

# PostgreSQL: a whole append in one statement, run outside any transaction block (autocommit), so
# that it is one round trip to the server instead of five (BEGIN, insert, status, notify, COMMIT):
# a statement is atomic by itself, and a taken (table, seq) fails all of it. The news is sent by
# the same statement, so other processes hear of the action exactly when it is committed.
_PG_APPEND_ACTION = (
    "a AS (INSERT INTO cardavia_actions (table_id, seq, deal_no, seat, action, created_at, auto)"
    " VALUES (%(table_id)s, %(seq)s, %(deal_no)s, %(seat)s, %(action)s, %(created_at)s, %(auto)s)"
    " RETURNING seq)"
)
_PG_APPEND_STATUS = "s AS (UPDATE cardavia_tables SET status = %(status)s WHERE id = %(table_id)s)"
_PG_APPEND_DEAL = (
    "d AS (INSERT INTO cardavia_deals (table_id, deal_no, owner, game, result, finished_at)"
    " VALUES (%(table_id)s, %(d_deal_no)s, %(d_owner)s, %(d_game)s, %(d_result)s, %(d_finished_at)s))"
)
_PG_APPEND_NOTIFY = " SELECT pg_notify(%(channel)s, %(payload)s) FROM a"


def _pg_append_sql(status: bool, deal: bool) -> str:
    parts = (
        [_PG_APPEND_ACTION] + ([_PG_APPEND_STATUS] if status else []) + ([_PG_APPEND_DEAL] if deal else [])
    )
    return "WITH " + ", ".join(parts) + _PG_APPEND_NOTIFY


def _pyformat(sql: str) -> str:
    import re

    return re.sub(r":(\w+)", r"%(\1)s", sql)


log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")

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


def postgres_connect_args() -> dict[str, Any]:
    """libpq parameters of every PostgreSQL connection (the event listener's too): bounded
    statements, connects and dead-peer detection."""
    return {
        "connect_timeout": CONNECT_TIMEOUT_S,
        "options": f"-c statement_timeout={STATEMENT_TIMEOUT_MS}",
        **KEEPALIVES,
    }


# The SQLite write-ahead log is copied back and cut to this size whenever it grows past it.
WAL_LIMIT_BYTES = 4 * 1024 * 1024


class SeqTaken(Exception):
    """Another writer already holds this (table, seq): the caller's picture of the log is stale."""


class StoreUnavailable(Exception):
    """The database cannot answer now (down, unreachable, full, read-only, locked): try again later.

    ``reason`` says which, for logs and the error's params: "unreachable", "disk-full",
    "read-only", "locked", "busy" (no free connection) or "error".
    """

    code = "unavailable"
    counted = False  # set once the metrics have counted it (cardavia_database_errors_total)

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"database unavailable ({reason}){': ' + detail if detail else ''}")
        self.reason = reason
        self.detail = detail


class OutcomeUnknown(StoreUnavailable):
    """The database failed after a write may have committed (its connection was lost once the
    statement was sent, or a read that followed the write failed): it may or may not be in the
    database. Sending the same request again is the way to know (an action already in the log is
    answered as done)."""

    code = "unknown"


class _Raced(Exception):
    """A compare-and-set of a table's row lost to another writer: read it again and retry."""


class _Refused(Exception):
    """The transaction must write nothing (raised inside it, so that it rolls back)."""


class BadDatabase(Exception):
    """The database named at start-up cannot be used (a bad URL, an unknown driver, a file that
    cannot be written): the one-line reason is the message."""


def _reason(exc: BaseException) -> str:
    text_ = str(exc).lower()
    if "disk is full" in text_ or "no space left" in text_ or "database or disk is full" in text_:
        return "disk-full"
    if "readonly" in text_ or "read-only" in text_ or "read only" in text_:
        return "read-only"
    if "locked" in text_ or "busy" in text_:
        return "locked"
    if "connect" in text_ or "terminat" in text_ or "closed" in text_ or "server" in text_:
        return "unreachable"
    return "error"


def _unavailable_types(engine: Engine) -> tuple[type[BaseException], ...]:
    """The errors that mean "the database cannot answer": SQLAlchemy's wrappers of the driver's
    operational and interface errors, and the driver's own (raised on the raw-connection path)."""
    types: list[type[BaseException]] = [DBAPIError]
    dbapi = engine.dialect.dbapi
    for name in ("OperationalError", "InterfaceError", "InternalError"):
        cls = getattr(dbapi, name, None) if dbapi is not None else None
        if isinstance(cls, type) and issubclass(cls, BaseException):
            types.append(cls)
    return tuple(types)


def _unanswered(exc: BaseException) -> bool:
    """Whether the server never answered the statement (a lost connection): an error the server
    sent has a SQLSTATE, and a statement it refused did not commit."""
    orig = exc.orig if isinstance(exc, DBAPIError) else exc
    return getattr(orig, "sqlstate", None) is None


def _guard(method: Callable[P, R], write: bool) -> Callable[P, R]:
    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return attempts(*args, **kwargs)
        except StoreUnavailable as exc:
            if not exc.counted:  # once, however many guarded calls it went through
                exc.counted = True
                database_error(exc.reason)
            raise

    def attempts(*args: P.args, **kwargs: P.kwargs) -> R:
        this: Any = args[0]
        store: Store = getattr(this, "store", this)  # a ReviewStore's calls use its Store's
        local = store._local
        maybe = False  # a write of an earlier attempt may have reached the database
        for attempt in (0, 1):
            local.held = False
            try:
                result = method(*args, **kwargs)
            except (SeqTaken, IntegrityError):
                if maybe:  # the taken seq may be this call's own first attempt
                    local.wrote = True
                raise
            except PoolTimeout as exc:  # every connection busy for seconds: overloaded, as good as down
                raise store._failed(maybe, "busy", exc) from exc
            except store._unavailable as exc:
                integrity = getattr(store.engine.dialect.dbapi, "IntegrityError", None)
                if isinstance(exc, DBAPIError) and isinstance(exc.orig, integrity or ()):
                    if maybe:
                        local.wrote = True
                    raise
                stalled = store._was_cut()
                if write and store.is_postgres and local.held and _unanswered(exc):
                    maybe = True
                # a pooled connection that failed in use may have been dropped meanwhile: once more
                # on a new one (not after a failed connect, nor after a stall: both would only
                # fail again as slowly)
                if attempt == 0 and local.held and not stalled and store._is_disconnect(exc):
                    log.info("database connection dropped (%s); reconnecting", type(exc).__name__)
                    store.engine.dispose()  # every pooled connection is as stale as this one
                    continue
                raise store._failed(maybe, "stalled" if stalled else _reason(exc), exc) from exc
            if write:
                local.wrote = True
            return result
        raise AssertionError("unreachable")  # pragma: no cover

    return wrapper


def _guarded(method: Callable[P, R]) -> Callable[P, R]:
    """Run a :class:`Store` method; a dropped pooled connection is replaced and the call tried once
    more (the unique (table, seq) key makes a repeated append safe); whatever else keeps the
    database from answering becomes :class:`StoreUnavailable`. Integrity errors pass through."""
    return _guard(method, write=False)


def _writes(method: Callable[P, R]) -> Callable[P, R]:
    """:func:`_guarded` for a method that writes: a failure after its statement may have reached
    the database is :class:`OutcomeUnknown`, and a write done is noted for :meth:`Store.outcome`."""
    return _guard(method, write=True)


@dataclass(frozen=True)
class TableRecord:
    """A table's fixed facts as stored (``pace_ms`` and ``status`` may change)."""

    id: str
    game: str
    level: str
    seed: int
    options: dict[str, Any]
    seats: tuple[str, ...]
    owner: str
    pace_ms: int
    status: str
    created_at: float
    # per seat: None (the host's seat, or a bot's), or an invited seat {"owner": hash | None, "name": str}
    people: tuple[dict[str, Any] | None, ...] = ()
    turn_limit_s: int | None = None  # a person's time per decision before the AI plays for them
    # a table started from another's finished deal: {"table", "deal_no", "step", "seat"} (where it
    # came from, which the page may show) and {"deal_seed", "dealer"} of its first deal (never shown)
    origin: dict[str, Any] | None = None
    host_name: str | None = None  # the name the host of a friends' table chose
    seated_at: float | None = None  # when the last invited seat was filled (the first turn began)


AUTO_TIME = 1  # LoggedAction.auto: the AI played for a person whose time for the turn ran out
AUTO_LEFT = 2  # LoggedAction.auto: the AI played for a person who had left the table


@dataclass(frozen=True)
class LoggedAction:
    seq: int
    deal_no: int
    seat: int  # -1: the start of deal ``deal_no``
    action: dict[str, Any]
    # the AI played this for a person: AUTO_TIME (their time ran out) or AUTO_LEFT (they had left:
    # the host handed their seat to the AI, or no limit and they were gone past the grace); 0: not
    auto: int = 0
    # when it was written (0.0: now, as the store writes it): the next turn began then
    created_at: float = field(default=0.0, compare=False)


@dataclass(frozen=True)
class FinishedDeal:
    table_id: str
    deal_no: int
    game: str
    result: dict[str, Any]
    finished_at: float


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


class _Watchdog:
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


class Store:
    """The action log behind one SQLAlchemy engine."""

    def __init__(self, url: str, *, pool_size: int = POOL_SIZE) -> None:
        self.url = url
        self.is_postgres = url.startswith("postgresql")
        self.is_sqlite = url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if self.is_postgres:
            # No pool_pre_ping (one more round trip per checkout): a connection the server dropped
            # fails its first statement and _guarded replaces it. A bounded wait for a connection,
            # and a bounded connect, so that an outage answers 503s rather than hanging requests.
            kwargs.update(
                pool_size=pool_size,
                max_overflow=2,
                pool_timeout=POOL_TIMEOUT_S,
                connect_args=postgres_connect_args(),
            )
        elif self.is_sqlite and ":memory:" in url:
            kwargs.update(poolclass=NullPool)
        elif self.is_sqlite:
            # 2: the checkpointer
            kwargs.update(pool_size=pool_size, max_overflow=2, pool_timeout=POOL_TIMEOUT_S)
        try:
            self.engine: Engine = create_engine(url, **kwargs)
        except (ArgumentError, NoSuchModuleError, ImportError, ValueError) as exc:
            raise BadDatabase(f"not a database URL this server can use: {exc}") from None
        self._unavailable = _unavailable_types(self.engine)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        style = (lambda sql: sql) if self.is_sqlite else _pyformat
        self._sql_head = style(_RAW_HEAD)
        self._sql_insert_action = style(_RAW_INSERT_ACTION)
        self._sql_set_status = style(_RAW_SET_STATUS)
        self._raw_ok = self.is_sqlite or self.url.startswith("postgresql+psycopg")
        self._pg_append = {(st, dl): _pg_append_sql(st, dl) for st in (False, True) for dl in (False, True)}
        # names this process's notifications (see :meth:`notice`)
        self.origin = secrets.token_hex(6)
        self._checkpointer: tuple[Any, Any] | None = None
        # per thread: ``held`` (this attempt got a connection), ``wrote`` (see :meth:`outcome`)
        self._local = threading.local()
        event.listen(self.engine, "checkout", self._checked_out)
        self._watchdog = _Watchdog() if self.is_postgres else None
        if self._watchdog is not None:
            event.listen(self.engine, "checkout", self._watchdog.checkout)
            event.listen(self.engine, "checkin", self._watchdog.checkin)
            event.listen(self.engine, "invalidate", self._watchdog.checkin)

    def _checked_out(self, *_args: Any) -> None:
        self._local.held = True  # this thread's call has a connection: what fails now may have been sent

    def _was_cut(self) -> bool:
        """Whether the watchdog cut this thread's connection (its failure is a stall: no retry)."""
        return self._watchdog is not None and self._watchdog.was_cut()

    def _failed(self, maybe: bool, reason: str, exc: BaseException) -> StoreUnavailable:
        detail = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
        if maybe:
            self._local.wrote = True
            return OutcomeUnknown(reason, detail)
        return StoreUnavailable(reason, detail)

    @contextmanager
    def outcome(self) -> Iterator[None]:
        """Within the ``with`` (one request's store calls, in one thread): a database failure after
        a write of the block succeeded, or may have, is :class:`OutcomeUnknown`, since the write
        may be all that happened. Without a write, failures stay what they were."""
        local = self._local
        before = getattr(local, "wrote", False)
        local.wrote = False
        try:
            yield
        except StoreUnavailable as exc:
            if local.wrote and not isinstance(exc, OutcomeUnknown):
                raise OutcomeUnknown(exc.reason, exc.detail) from exc
            raise
        finally:
            local.wrote = before or local.wrote

    def _is_disconnect(self, exc: BaseException) -> bool:
        """Whether ``exc`` may mean that a pooled connection went stale (worth one new connection and
        a retry). On PostgreSQL any operational or interface error may (a restart, a failover, an
        administrator's termination); a server that is really down fails the retry just as fast.
        SQLite has no connection to lose: its errors (locked, full, read-only) are never retried."""
        if not self.is_postgres:
            return False
        orig = exc.orig if isinstance(exc, DBAPIError) else exc
        dbapi = self.engine.dialect.dbapi
        kinds = tuple(
            cls
            for cls in (getattr(dbapi, "OperationalError", None), getattr(dbapi, "InterfaceError", None))
            if isinstance(cls, type)
        )
        return (isinstance(exc, DBAPIError) and exc.connection_invalidated) or isinstance(orig, kinds)

    # -- schema -----------------------------------------------------------------------------------
    @_guarded
    def check_writable(self) -> None:
        """Refuse a database this process could read but not write (a read-only SQLite file or
        folder, a read-only PostgreSQL user or replica): :class:`StoreUnavailable` "read-only"."""
        with self._tx() as conn:
            conn.execute(TABLES.update().where(text("1 = 0")).values(status="human"))

    @_guarded
    def migrate(self) -> None:
        """Bring the schema to the newest packaged migration (safe with several processes at once)."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(_MIGRATIONS))
        with self.engine.connect() as conn:
            if self.is_postgres:
                # waiting for another process's migration, or migrating a big table, may rightly
                # take longer than any request's statement
                if self._watchdog is not None:
                    self._watchdog.spare(conn.connection._connection_record)
                conn.execute(text("SET statement_timeout = 0"))
                conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": _MIGRATION_LOCK})
                conn.commit()
            try:
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
                conn.commit()
            finally:
                if self.is_postgres:
                    conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": _MIGRATION_LOCK})
                    conn.execute(text("RESET statement_timeout"))
                    conn.commit()

    @_guarded
    def schema_revision(self) -> str | None:
        """The migration the database is at (None: never migrated)."""
        with self.engine.connect() as conn:
            try:
                return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
            except DBAPIError as exc:
                if not _missing_table(exc):
                    raise
                return None

    @_guarded
    def figures(self) -> dict[str, dict[str, int]]:
        """What an operator watches in the database: {"tables": {status hint: n}, "reviews":
        {"queued"/"running": n}} (``GET /metrics``)."""
        with self.engine.connect() as conn:
            tables = conn.execute(select(TABLES.c.status, func.count()).group_by(TABLES.c.status)).all()
            reviews = conn.execute(
                select(REVIEWS.c.status, func.count())
                .where(REVIEWS.c.status.in_(("queued", "running")))
                .group_by(REVIEWS.c.status)
            ).all()
        return {"tables": {s: int(n) for s, n in tables}, "reviews": {s: int(n) for s, n in reviews}}

    def checkpoints(self, every_s: float = 0.25) -> None:
        """Copy the SQLite write-ahead log back into the database from a thread of its own, so that
        no request's commit pays for it. Runs until :meth:`dispose`; does nothing on PostgreSQL."""
        if not self.is_sqlite or ":memory:" in self.url or self._checkpointer is not None:
            return
        import threading

        stop = threading.Event()
        wal = Path(f"{self.engine.url.database}-wal")

        def run() -> None:
            while not stop.wait(every_s):
                try:
                    with self._raw() as conn:
                        self._checkpoint(conn, wal)
                except Exception:  # a busy database: try again at the next tick
                    continue
            with contextlib.suppress(Exception), self._raw() as conn:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

        self._checkpointer = (stop, threading.Thread(target=run, name="cardavia-checkpoint", daemon=True))
        self._checkpointer[1].start()

    @staticmethod
    def _checkpoint(conn: Any, wal: Path) -> None:
        """A passive checkpoint (it never waits); once the log is past :data:`WAL_LIMIT_BYTES`, one
        that waits (briefly) for the readers to leave the log, then starts it again from the top.

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

    def dispose(self) -> None:
        if self._checkpointer is not None:
            stop, thread = self._checkpointer
            stop.set()
            thread.join(5)
            self._checkpointer = None
        if self._watchdog is not None:
            self._watchdog.stop()
        self.engine.dispose()

    @contextmanager
    def _raw(self) -> Iterator[Any]:
        """A pooled DBAPI connection (rolled back when returned to the pool)."""
        conn = self.engine.raw_connection()
        try:
            yield conn
        except BaseException:
            driver = conn.driver_connection
            if getattr(driver, "broken", False) or getattr(driver, "closed", False):
                conn.invalidate()  # lost (the watchdog cut it, the server went away): not to be reset
            raise
        finally:
            conn.close()

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        with self.engine.begin() as conn:
            yield conn

    # -- tables -----------------------------------------------------------------------------------
    @_writes
    def create_table(self, table: TableRecord, log: Sequence[LoggedAction] = ()) -> None:
        """Store a new table, with the first entries of its log if it starts from another table's
        (all in one transaction: the table exists whole or not at all)."""
        with self._tx() as conn:
            self._insert_table(conn, table)
            if log:
                now = time.time()
                rows = [
                    {
                        "table_id": table.id,
                        "seq": entry.seq,
                        "deal_no": entry.deal_no,
                        "seat": entry.seat,
                        "action": json.dumps(entry.action, sort_keys=True, separators=(",", ":")),
                        "created_at": now,
                    }
                    for entry in log
                ]
                conn.execute(_INSERT_ACTION, rows)

    @staticmethod
    def _insert_table(conn: Connection, table: TableRecord) -> None:
        conn.execute(
            TABLES.insert(),
            {
                "id": table.id,
                "game": table.game,
                "level": table.level,
                "seed": table.seed,
                "options": json.dumps(table.options, sort_keys=True),
                "seats": json.dumps(list(table.seats)),
                "owner": table.owner,
                "pace_ms": table.pace_ms,
                "status": table.status,
                "created_at": table.created_at,
                "people": json.dumps(list(table.people)),
                "turn_limit_s": table.turn_limit_s,
                "origin": None if table.origin is None else json.dumps(table.origin, sort_keys=True),
                "host_name": table.host_name,
                "seated_at": table.seated_at,
            },
        )

    @_guarded
    def create_after(self, table: TableRecord, source_id: str) -> str:
        """Store ``table`` as the table that follows ``source_id`` (*Play again together*), and mark
        the source so (``origin["next"]``), in one transaction: the id of the table that follows,
        this one's or, when another request made one first, that one's (nothing stored then)."""
        for _ in range(8):
            with self._tx() as conn:
                row = conn.execute(select(TABLES.c.origin).where(TABLES.c.id == source_id)).one()
                origin = json.loads(row[0]) if row[0] else {}
                if "next" in origin:
                    return str(origin["next"])
                marked = json.dumps({**origin, "next": table.id}, sort_keys=True)
                done = conn.execute(
                    TABLES.update()
                    .where(
                        TABLES.c.id == source_id,
                        TABLES.c.origin.is_(None) if row[0] is None else TABLES.c.origin == row[0],
                    )
                    .values(origin=marked)
                ).rowcount
                if not done:
                    continue  # another request changed it meanwhile: read it again
                self._insert_table(conn, table)
                return table.id
        raise StoreUnavailable("busy", "too many tables made at once after one table")

    @_guarded
    def head(self, table_id: str) -> tuple[TableRecord, int] | None:
        """The table and its number of logged actions (the next free seq), in one indexed query."""
        if self._raw_ok:
            with self._raw() as conn:
                cur = conn.cursor()
                cur.execute(self._sql_head, {"table_id": table_id})
                row = cur.fetchone()
                cur.close()
        else:
            with self.engine.connect() as sa_conn:
                row = sa_conn.execute(_HEAD, {"table_id": table_id}).first()
        if row is None:
            return None
        record = _table_record(row)
        return record, 0 if row[15] is None else int(row[15]) + 1

    @_writes
    def set_pace(self, table_id: str, pace_ms: int) -> None:
        with self._tx() as conn:
            conn.execute(_SET_PACE, {"tid": table_id, "pace_ms": pace_ms})

    @_guarded
    def tables_with_status(self, status: str, limit: int = 1000, *, timed: bool = False) -> list[str]:
        """Tables whose status hint is ``status`` (``timed``: only those with a turn limit)."""
        query = select(TABLES.c.id).where(TABLES.c.status == status)
        if timed:
            query = query.where(TABLES.c.turn_limit_s.is_not(None))
        with self.engine.connect() as conn:
            rows = conn.execute(query.limit(limit))
            return [r[0] for r in rows]

    # -- the log ----------------------------------------------------------------------------------
    @_guarded
    def actions(self, table_id: str, from_seq: int = 0) -> list[LoggedAction]:
        with self.engine.connect() as conn:
            rows = conn.execute(_ACTIONS_FROM, {"table_id": table_id, "from_seq": from_seq})
            return [LoggedAction(r[0], r[1], r[2], json.loads(r[3]), int(r[4]), float(r[5])) for r in rows]

    @_writes
    def append(
        self,
        table_id: str,
        entry: LoggedAction,
        *,
        status: str | None,
        finished: FinishedDeal | None = None,
        owner: str = "",
    ) -> None:
        """Write action ``entry.seq`` (and the table's new ``status``, if it changed); raise
        :class:`SeqTaken` if that seq is already written."""
        row = {
            "table_id": table_id,
            "seq": entry.seq,
            "deal_no": entry.deal_no,
            "seat": entry.seat,
            "action": json.dumps(entry.action, sort_keys=True, separators=(",", ":")),
            "created_at": entry.created_at or time.time(),
            "auto": int(entry.auto),
        }
        if self._raw_ok and self.is_postgres:
            self._append_pg(row, status, finished, owner)
            return
        if self._raw_ok and finished is None:
            self._append_raw(row, table_id, status)
            return
        try:
            with self._tx() as conn:
                conn.execute(_INSERT_ACTION, row)
                if status is not None:
                    conn.execute(_SET_STATUS, {"tid": table_id, "status": status})
                if finished is not None:
                    deal = {
                        "table_id": table_id,
                        "deal_no": finished.deal_no,
                        "owner": owner,
                        "game": finished.game,
                        "result": json.dumps(finished.result, sort_keys=True),
                        "finished_at": finished.finished_at,
                    }
                    conn.execute(_INSERT_DEAL, deal)
                if self.is_postgres:
                    conn.execute(_NOTIFY, {"c": NOTIFY_CHANNEL, "p": self.notice(table_id, entry.seq)})
        except IntegrityError:
            raise SeqTaken(f"{table_id} seq {entry.seq}") from None

    def notice(self, table_id: str, seq: int) -> str:
        """The payload of the ``NOTIFY`` sent for action ``seq`` of ``table_id``: the table, the seq
        and this store's :attr:`origin` (a process skips its own news, which it published already)."""
        return f"{table_id} {seq} {self.origin}"

    @_guarded
    def say(self, table_id: str, seat: int, message: str) -> None:
        """Tell the other processes (PostgreSQL) that ``seat`` sent quick message ``message`` at
        ``table_id``: a notification only, nothing is stored (SQLite: one process, nothing to do)."""
        if not self.is_postgres:
            return
        with self._tx() as conn:
            conn.execute(
                _NOTIFY, {"c": NOTIFY_CHANNEL, "p": f"{table_id} say:{seat}:{message} {self.origin}"}
            )

    def _append_pg(
        self, row: dict[str, Any], status: str | None, finished: FinishedDeal | None, owner: str
    ) -> None:
        params = {
            **row,
            "status": status,
            "channel": NOTIFY_CHANNEL,
            "payload": self.notice(row["table_id"], row["seq"]),
        }
        if finished is not None:
            params.update(
                d_deal_no=finished.deal_no,
                d_owner=owner,
                d_game=finished.game,
                d_result=json.dumps(finished.result, sort_keys=True),
                d_finished_at=finished.finished_at,
            )
        sql = self._pg_append[status is not None, finished is not None]
        integrity = self.engine.dialect.dbapi.IntegrityError  # type: ignore[union-attr]
        with self._raw() as conn:
            driver = conn.driver_connection
            driver.autocommit = True  # the pool hands connections out idle: no transaction is open
            try:
                with driver.cursor() as cur:
                    cur.execute(sql, params)
            except integrity:
                raise SeqTaken(f"{row['table_id']} seq {row['seq']}") from None
            finally:
                with contextlib.suppress(Exception):  # a broken connection is dropped by the pool
                    driver.autocommit = False

    def _append_raw(self, row: dict[str, Any], table_id: str, status: str | None) -> None:
        integrity = self.engine.dialect.dbapi.IntegrityError  # type: ignore[union-attr]
        with self._raw() as conn:
            cur = conn.cursor()
            try:
                cur.execute(self._sql_insert_action, row)
                if status is not None:
                    cur.execute(self._sql_set_status, {"tid": table_id, "status": status})
                conn.commit()
            except integrity:
                conn.rollback()
                raise SeqTaken(f"{table_id} seq {row['seq']}") from None
            except BaseException:
                conn.rollback()
                raise
            finally:
                cur.close()

    # -- invited seats ----------------------------------------------------------------------------
    @_writes
    def new_invite(self, table_id: str, seat: int, token_hash: str, now: float) -> None:
        """Store an invite link for ``seat`` (its token's hash), revoking the seat's open ones."""
        with self._tx() as conn:
            conn.execute(
                INVITES.update()
                .where(INVITES.c.table_id == table_id, INVITES.c.seat == seat, INVITES.c.status == "open")
                .values(status="revoked")
            )
            conn.execute(
                INVITES.insert(),
                {
                    "token_hash": token_hash,
                    "table_id": table_id,
                    "seat": seat,
                    "status": "open",
                    "created_at": now,
                },
            )

    @_guarded
    def open_invite(self, token_hash: str) -> tuple[str, int] | None:
        """The (table, seat) an open invite offers, or None (unknown, used or revoked)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(INVITES.c.table_id, INVITES.c.seat).where(
                    INVITES.c.token_hash == token_hash, INVITES.c.status == "open"
                )
            ).first()
        return None if row is None else (row[0], int(row[1]))

    @_guarded
    def used_invite(self, token_hash: str) -> tuple[str, int, str] | None:
        """The (table, seat, owner who used it) of an invite that was used to take its seat, or
        None (unknown, still open, or revoked)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(INVITES.c.table_id, INVITES.c.seat, INVITES.c.owner).where(
                    INVITES.c.token_hash == token_hash, INVITES.c.status == "used"
                )
            ).first()
        return None if row is None or row[2] is None else (row[0], int(row[1]), str(row[2]))

    @_writes
    def claim_invite(
        self, token_hash: str, owner: str, name: str, now: float | None = None
    ) -> tuple[str, int] | None:
        """Use an open invite: its seat becomes ``owner``'s, under ``name``. None if the token is
        not open (unknown, used, revoked) or ``owner`` already holds a seat at that table; the
        token is used up only when the seat is taken (one transaction). ``now``: the time kept as
        ``seated_at`` if it was the last open seat (default: this moment)."""
        for _ in range(8):
            try:
                return self._claim(token_hash, owner, name, now)
            except _Refused:
                return None
            except _Raced:
                continue
        raise StoreUnavailable("busy", "too many seats taken at once at one table")

    def _claim(self, token_hash: str, owner: str, name: str, now: float | None) -> tuple[str, int] | None:
        with self._tx() as conn:
            # the write comes first: on SQLite it takes the write lock before anything is read
            used = conn.execute(
                INVITES.update()
                .where(INVITES.c.token_hash == token_hash, INVITES.c.status == "open")
                .values(status="used", owner=owner)
            ).rowcount
            if not used:
                return None
            table_id, seat = conn.execute(
                select(INVITES.c.table_id, INVITES.c.seat).where(INVITES.c.token_hash == token_hash)
            ).one()
            row = conn.execute(select(TABLES.c.owner, TABLES.c.people).where(TABLES.c.id == table_id)).one()
            people = json.loads(row[1])
            held = [p for p in people if p is not None and p.get("owner") == owner]
            if row[0] == owner or held or people[seat] is None or people[seat].get("owner") is not None:
                raise _Refused()  # the invite stays open
            people[seat] = {"owner": owner, "name": name}
            if not self._set_people(conn, table_id, row[1], people, now=now):
                raise _Raced()
        return table_id, int(seat)

    @staticmethod
    def _set_people(
        conn: Connection,
        table_id: str,
        old: str,
        people: list[Any],
        seats: list[str] | None = None,
        now: float | None = None,
    ) -> bool:
        values: dict[str, Any] = {"people": json.dumps(people)}
        if _open(json.loads(old)) and not _open(people):
            # the last invited seat is filled: the first turn begins
            values["seated_at"] = time.time() if now is None else now
        if seats is not None:
            values["seats"] = json.dumps(seats)
        done = conn.execute(
            TABLES.update().where(TABLES.c.id == table_id, TABLES.c.people == old).values(**values)
        ).rowcount
        return bool(done)

    @_writes
    def fill_open_seats(self, table_id: str, level: str, now: float | None = None) -> None:
        """Give every invited seat not yet taken to the AI at ``level`` and revoke its links."""
        self.give_to_ai(table_id, level, (), every_open=True, now=now)

    @_writes
    def give_to_ai(
        self,
        table_id: str,
        level: str,
        seats: Iterable[int],
        *,
        every_open: bool = False,
        now: float | None = None,
    ) -> bool:
        """Give ``seats`` (each an open invited seat, or one no invite is for: the host's own) to
        the AI at ``level`` and revoke their links, in one transaction; ``every_open``: every
        invited seat not yet taken as well.

        False, with nothing changed, when one of ``seats`` is an invited person's (taken meanwhile).
        """
        wanted = set(seats)
        for _ in range(8):
            try:
                if self._give_to_ai(table_id, level, wanted, every_open, now):
                    return True
            except _Refused:
                return False
        raise StoreUnavailable("busy", "too many seats taken at once at one table")

    def _give_to_ai(
        self, table_id: str, level: str, wanted: set[int], every_open: bool, now: float | None
    ) -> bool:
        with self._tx() as conn:
            revoke = INVITES.update().where(INVITES.c.table_id == table_id, INVITES.c.status == "open")
            if not every_open:
                revoke = revoke.where(INVITES.c.seat.in_(sorted(wanted)))
            conn.execute(revoke.values(status="revoked"))
            row = conn.execute(select(TABLES.c.seats, TABLES.c.people).where(TABLES.c.id == table_id)).one()
            seats, people = json.loads(row[0]), json.loads(row[1])
            people += [None] * (len(seats) - len(people))
            if any(people[s] is not None and people[s].get("owner") is not None for s in wanted):
                raise _Refused()  # rolled back: the links stay as they were
            for seat, person in enumerate(people):
                if seat in wanted or (every_open and person is not None and person.get("owner") is None):
                    seats[seat], people[seat] = level, None
            return self._set_people(conn, table_id, row[1], people, seats, now)

    @_writes
    def set_handed(self, table_id: str, seat: int, on: bool, status: str | None = None) -> bool:
        """Mark (``on``) or unmark the invited person of ``seat`` as one the AI plays for until they
        are back (the host chose so once they had left); ``status``: the table's new status hint,
        written in the same transaction. False, with nothing changed, if no person holds ``seat``."""
        for _ in range(8):
            try:
                return self._set_handed(table_id, seat, on, status)
            except _Raced:
                continue
        raise StoreUnavailable("busy", "too many seats changed at once at one table")

    def _set_handed(self, table_id: str, seat: int, on: bool, status: str | None) -> bool:
        with self._tx() as conn:
            row = conn.execute(select(TABLES.c.people).where(TABLES.c.id == table_id)).first()
            if row is None:
                return False
            people = json.loads(row[0])
            person = people[seat] if 0 <= seat < len(people) else None
            if person is None or person.get("owner") is None:
                return False
            if bool(person.get("ai")) == on:
                return True
            if on:
                person["ai"] = True
            else:
                person.pop("ai", None)
            if not self._set_people(conn, table_id, row[0], people):
                raise _Raced()
            if status is not None:
                conn.execute(_SET_STATUS, {"tid": table_id, "status": status})
        return True

    # -- presence ---------------------------------------------------------------------------------
    @_writes
    def touch(self, table_id: str, seat: int, now: float) -> None:
        """Record that the person of ``seat`` was seen at ``now`` (one upsert of a small row)."""
        stmt = (
            self._insert(PRESENCE)
            .values(table_id=table_id, seat=seat, seen_at=now)
            .on_conflict_do_update(
                index_elements=[PRESENCE.c.table_id, PRESENCE.c.seat], set_={"seen_at": now}
            )
        )
        with self._tx() as conn:
            conn.execute(stmt)

    def _insert(self, table: Table) -> Any:
        """An INSERT of this database's dialect (for its ``ON CONFLICT ... DO UPDATE``)."""
        if self.is_postgres:
            from sqlalchemy.dialects.postgresql import insert as pg_insert

            return pg_insert(table)
        from sqlalchemy.dialects.sqlite import insert as lite_insert

        return lite_insert(table)

    # -- rate limits ------------------------------------------------------------------------------
    @_guarded
    def take_token(self, key: str, burst: int, per_s: float, now: float) -> bool:
        """Whether the bucket ``key`` (``burst`` tokens, refilled at ``per_s`` a second) has a token
        at ``now``, taking it if so: one upsert, atomic on both databases, so that every process
        draws on the same bucket. A clock that went back refills nothing."""
        params = {"key": key, "full": float(burst), "per_s": per_s, "now": now}
        with self._tx() as conn:
            return bool(conn.execute(_TAKE_TOKEN, params).scalar_one())

    @_guarded
    def forget_tokens(self, before: float) -> int:
        """Drop the buckets last asked before ``before`` (full again by then: as good as absent); how many."""
        with self._tx() as conn:
            return int(conn.execute(RATES.delete().where(RATES.c.at < before)).rowcount)

    @_guarded
    def presence(self, table_id: str) -> dict[int, float]:
        """When each seat's person of ``table_id`` was last seen (seats never seen are missing)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(PRESENCE.c.seat, PRESENCE.c.seen_at).where(PRESENCE.c.table_id == table_id)
            )
            return {int(r[0]): float(r[1]) for r in rows}

    @_guarded
    def history(self, owner: str, limit: int = 200) -> list[FinishedDeal]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(DEALS.c.table_id, DEALS.c.deal_no, DEALS.c.game, DEALS.c.result, DEALS.c.finished_at)
                .where(
                    (DEALS.c.owner == owner)
                    # and the deals of shared tables where this browser took an invited seat
                    | DEALS.c.table_id.in_(select(INVITES.c.table_id).where(INVITES.c.owner == owner))
                )
                .order_by(DEALS.c.finished_at.desc())
                .limit(limit)
            )
            return [FinishedDeal(r[0], r[1], r[2], json.loads(r[3]), float(r[4])) for r in rows]

    @_guarded
    def tables(self, table_ids: Iterable[str]) -> dict[str, TableRecord]:
        """The records of the tables among ``table_ids`` that exist, by id (in one query)."""
        wanted = sorted(set(table_ids))
        if not wanted:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(TABLES).where(TABLES.c.id.in_(wanted)))
            return {r[0]: _table_record(r) for r in rows}

    @_guarded
    def count_actions(self, table_id: str) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).where(ACTIONS.c.table_id == table_id)).scalar_one())


def _open(people: Sequence[Any]) -> bool:
    """Whether an invited seat of ``people`` still waits for its person."""
    return any(p is not None and p.get("owner") is None for p in people)


def _table_record(row: Any) -> TableRecord:
    """A ``cardavia_tables`` row (its columns in the model's order) as a record."""
    return TableRecord(
        id=row[0],
        game=row[1],
        level=row[2],
        seed=int(row[3]),
        options=json.loads(row[4]),
        seats=tuple(json.loads(row[5])),
        owner=row[6],
        pace_ms=int(row[7]),
        status=row[8],
        created_at=float(row[9]),
        people=tuple(json.loads(row[10] or "[]")),
        turn_limit_s=None if row[11] is None else int(row[11]),
        origin=None if row[12] is None else json.loads(row[12]),
        host_name=row[13],
        seated_at=None if row[14] is None else float(row[14]),
    )


@dataclass(frozen=True)
class ReviewJob:
    """A review job as stored (see :class:`cardavia.store.models.ReviewRow`)."""

    table_id: str
    deal_no: int
    seat: int
    status: str  # queued | running | done | failed
    done: int
    total: int
    record: dict[str, Any]
    result: dict[str, Any] | None
    claim: str | None
    heartbeat: float


def _job(r: Any) -> ReviewJob:
    return ReviewJob(
        r.table_id,
        int(r.deal_no),
        int(r.seat),
        r.status,
        int(r.done),
        int(r.total),
        json.loads(r.record),
        None if r.result is None else json.loads(r.result),
        r.claim,
        float(r.heartbeat),
    )


def _review_key(table_id: str, deal_no: int, seat: int) -> tuple[Any, ...]:
    return (REVIEWS.c.table_id == table_id, REVIEWS.c.deal_no == deal_no, REVIEWS.c.seat == seat)


class ReviewStore:
    """Review jobs in the database: queued by a request, claimed and run by any process's job loop.

    Every change of a claimed job names its claim, so a process that lost its claim (it was too slow
    and another took the job over) writes nothing.
    """

    def __init__(self, store: Store) -> None:
        self.engine = store.engine
        # what _guarded uses: the tables' store's, so that a database that cannot answer a review
        # call is StoreUnavailable (a 503), as for every other call
        self.store = store

    @_guarded
    def get(self, table_id: str, deal_no: int, seat: int = 0) -> ReviewJob | None:
        """The job reviewing ``seat``'s decisions in that deal, if one was ever queued."""
        with self.engine.connect() as conn:
            row = conn.execute(select(REVIEWS).where(*_review_key(table_id, deal_no, seat))).first()
        return None if row is None else _job(row)

    @_guarded
    def enqueue(
        self,
        table_id: str,
        deal_no: int,
        seat: int,
        record: dict[str, Any],
        now: float,
        redo: Callable[[ReviewJob], bool] | None = None,
    ) -> ReviewJob:
        """Queue the review of ``seat``'s decisions in a deal, unless it is queued, running or done
        already; a failed one is queued again, and so is one for which ``redo`` says so (a review
        stored by an earlier analyst). Answers the job as it now stands."""
        job = self.get(table_id, deal_no, seat)
        if job is not None and job.status != "failed" and not (redo is not None and redo(job)):
            return job
        values = {
            "status": "queued",
            "done": 0,
            "total": 0,
            "record": json.dumps(record, sort_keys=True),
            "result": None,
            "claim": None,
            "heartbeat": now,
        }
        try:
            with self.engine.begin() as conn:
                if job is None:
                    conn.execute(
                        REVIEWS.insert(),
                        {"table_id": table_id, "deal_no": deal_no, "seat": seat, "created_at": now, **values},
                    )
                else:
                    # only the job as read: another request may have queued it again meanwhile
                    conn.execute(
                        REVIEWS.update()
                        .where(
                            *_review_key(table_id, deal_no, seat),
                            REVIEWS.c.status == job.status,
                            REVIEWS.c.heartbeat == job.heartbeat,
                        )
                        .values(**values)
                    )
        except IntegrityError:
            pass  # another request queued it first
        found = self.get(table_id, deal_no, seat)
        assert found is not None
        return found

    @_guarded
    def claim_next(self, claim: str, now: float, stale_after: float) -> ReviewJob | None:
        """Claim the oldest queued job, or a running one whose heartbeat is older than
        ``stale_after`` seconds (its process died); None if there is none."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(
                    REVIEWS.c.table_id,
                    REVIEWS.c.deal_no,
                    REVIEWS.c.seat,
                    REVIEWS.c.status,
                    REVIEWS.c.heartbeat,
                )
                .where(
                    (REVIEWS.c.status == "queued")
                    | ((REVIEWS.c.status == "running") & (REVIEWS.c.heartbeat < now - stale_after))
                )
                .order_by(REVIEWS.c.created_at)
                .limit(8)
            ).all()
        for table_id, deal_no, seat, status, heartbeat in rows:
            with self.engine.begin() as conn:
                # the status and heartbeat read above must still hold: else another process won
                taken = conn.execute(
                    REVIEWS.update()
                    .where(
                        *_review_key(table_id, deal_no, seat),
                        REVIEWS.c.status == status,
                        REVIEWS.c.heartbeat == heartbeat,
                    )
                    .values(status="running", claim=claim, heartbeat=now)
                ).rowcount
            if taken:
                return self.get(table_id, deal_no, seat)
        return None

    @_guarded
    def progress(
        self, table_id: str, deal_no: int, claim: str, done: int, total: int, now: float, seat: int = 0
    ) -> bool:
        """Record progress (and keep the claim alive); False if the claim was lost."""
        return self._update(table_id, deal_no, seat, claim, done=done, total=total, heartbeat=now)

    @_guarded
    def finish(
        self, table_id: str, deal_no: int, claim: str, result: dict[str, Any], now: float, seat: int = 0
    ) -> bool:
        return self._update(
            table_id,
            deal_no,
            seat,
            claim,
            status="done",
            result=json.dumps(result, sort_keys=True),
            heartbeat=now,
        )

    @_guarded
    def requeue(self, job: ReviewJob, claim: str, now: float) -> bool:
        """Give a job claimed by ``claim`` back to the queue, from the start (its process is
        stopping): the next runner takes it at once. False if the claim was lost or it finished."""
        with self.engine.begin() as conn:
            n = conn.execute(
                REVIEWS.update()
                .where(
                    *_review_key(job.table_id, job.deal_no, job.seat),
                    REVIEWS.c.claim == claim,
                    REVIEWS.c.status == "running",
                )
                .values(status="queued", claim=None, done=0, total=0, heartbeat=now)
            ).rowcount
        return bool(n)

    @_guarded
    def fail(self, table_id: str, deal_no: int, claim: str, now: float, seat: int = 0) -> bool:
        return self._update(table_id, deal_no, seat, claim, status="failed", heartbeat=now)

    def _update(self, table_id: str, deal_no: int, seat: int, claim: str, **values: Any) -> bool:
        with self.engine.begin() as conn:
            n = conn.execute(
                REVIEWS.update()
                .where(
                    *_review_key(table_id, deal_no, seat),
                    REVIEWS.c.claim == claim,
                    REVIEWS.c.status == "running",
                )
                .values(**values)
            ).rowcount
        return bool(n)


def _missing_table(exc: DBAPIError) -> bool:
    text_ = str(exc.orig).lower()
    return "no such table" in text_ or "does not exist" in text_


@functools.cache
def packaged_head() -> str:
    """The newest migration this version of the code ships (what ``cardavia migrate`` brings a
    database to)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(_MIGRATIONS))
    head = ScriptDirectory.from_config(cfg).get_current_head()
    assert head is not None
    return head


def open_store(database: str | None = None, *, migrate: bool = True, writable: bool = False) -> Store:
    """A :class:`Store` for ``database`` (see :func:`database_url_from`), migrated to the newest schema.

    ``writable``: refuse (:class:`StoreUnavailable` "read-only") a database that cannot be written.
    A bad URL raises :class:`BadDatabase`; a database that cannot be reached, :class:`StoreUnavailable`.
    """
    store = Store(database_url_from(database))
    try:
        if migrate:
            store.migrate()
        if writable:
            store.check_writable()
    except BaseException:
        store.dispose()
        raise
    return store
