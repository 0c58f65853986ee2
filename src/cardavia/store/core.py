"""What every part of :class:`cardavia.store.db.Store` shares: one engine, its watchdog and SQLite
checkpointer, and the guard that every store call runs under.

All calls are short synchronous transactions (callers on an event loop run them in a thread). A
database that cannot answer (down, unreachable, disk full, read-only, locked too long) raises
:class:`StoreUnavailable`, never a driver's own error; a pooled connection the server dropped
meanwhile is replaced and the call tried once more, so no round trip is spent checking connections
before use. A write whose connection was lost after it was sent may or may not have committed: that
is :class:`OutcomeUnknown`, never reported as "nothing was written"; :meth:`StoreCore.outcome`
extends the same to any failure that follows a write in one request.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import Connection, Engine, event
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from cardavia.metrics import database_error
from cardavia.store.engine import POOL_SIZE, Watchdog, checkpoint, make_engine
from cardavia.store.errors import OutcomeUnknown, SeqTaken, StoreUnavailable

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")


class StoreCore:
    """One engine and the state its calls share; the parts of ``Store`` are built on it."""

    def __init__(self, url: str, *, pool_size: int = POOL_SIZE) -> None:
        self.url = url
        self.is_postgres = url.startswith("postgresql")
        self.is_sqlite = url.startswith("sqlite")
        self.engine: Engine = make_engine(url, pool_size)
        self._unavailable = _unavailable_types(self.engine)
        # names this process's notifications (see :meth:`ActionLog.notice`)
        self.origin = secrets.token_hex(6)
        self._checkpointer: tuple[Any, Any] | None = None
        # per thread: ``held`` (this attempt got a connection), ``wrote`` (see :meth:`outcome`)
        self._local = threading.local()
        event.listen(self.engine, "checkout", self._checked_out)
        self._watchdog = Watchdog() if self.is_postgres else None
        if self._watchdog is not None:
            self._watchdog.watch(self.engine)

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

    def checkpoints(self, every_s: float = 0.25) -> None:
        """Copy the SQLite write-ahead log back into the database from a thread of its own, so that
        no request's commit pays for it. Runs until :meth:`dispose`; does nothing on PostgreSQL."""
        if not self.is_sqlite or ":memory:" in self.url or self._checkpointer is not None:
            return
        stop = threading.Event()
        wal = Path(f"{self.engine.url.database}-wal")

        def run() -> None:
            while not stop.wait(every_s):
                try:
                    with self._raw() as conn:
                        checkpoint(conn, wal)
                except Exception:  # a busy database: try again at the next tick
                    continue
            with contextlib.suppress(Exception), self._raw() as conn:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

        self._checkpointer = (stop, threading.Thread(target=run, name="cardavia-checkpoint", daemon=True))
        self._checkpointer[1].start()

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
        store: StoreCore = getattr(this, "store", this)  # a ReviewStore's calls use its Store's
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


def guarded(method: Callable[P, R]) -> Callable[P, R]:
    """Run a store method; a dropped pooled connection is replaced and the call tried once more
    (the unique (table, seq) key makes a repeated append safe); whatever else keeps the database
    from answering becomes :class:`StoreUnavailable`. Integrity errors pass through."""
    return _guard(method, write=False)


def writes(method: Callable[P, R]) -> Callable[P, R]:
    """:func:`guarded` for a method that writes: a failure after its statement may have reached
    the database is :class:`OutcomeUnknown`, and a write done is noted for :meth:`StoreCore.outcome`."""
    return _guard(method, write=True)
