"""Opening the database, running the packaged migrations, and every read and write of the action log.

All methods are short synchronous transactions. The unique (table, seq) key is what keeps two
processes from both writing action n: the loser gets :class:`SeqTaken` and must reload the log.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, Table, bindparam, create_engine, event, func, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import NullPool

from cardavia.store.models import ActionRow, DealRow, ReviewRow, TableRow

ENV_VAR = "CARDAVIA_DATABASE_URL"
NOTIFY_CHANNEL = "cardavia_tables"
_MIGRATIONS = Path(__file__).with_name("migrations")
_MIGRATION_LOCK = 0x6361726461  # an arbitrary advisory-lock key: one migrating process at a time


# Core tables and statements built once: the hot path skips the ORM's per-call statement building.
TABLES: Table = TableRow.__table__  # type: ignore[assignment]
ACTIONS: Table = ActionRow.__table__  # type: ignore[assignment]
DEALS: Table = DealRow.__table__  # type: ignore[assignment]
REVIEWS: Table = ReviewRow.__table__  # type: ignore[assignment]
_HEAD = select(
    TABLES,
    select(func.max(ACTIONS.c.seq)).where(ACTIONS.c.table_id == TABLES.c.id).scalar_subquery().label("n"),
).where(TABLES.c.id == bindparam("table_id"))
_INSERT_ACTION = ACTIONS.insert()
_INSERT_DEAL = DEALS.insert()
_SET_STATUS = TABLES.update().where(TABLES.c.id == bindparam("tid")).values(status=bindparam("status"))
_SET_PACE = TABLES.update().where(TABLES.c.id == bindparam("tid")).values(pace_ms=bindparam("pace_ms"))
_ACTIONS_FROM = (
    select(ACTIONS.c.seq, ACTIONS.c.deal_no, ACTIONS.c.seat, ACTIONS.c.action)
    .where(ACTIONS.c.table_id == bindparam("table_id"), ACTIONS.c.seq >= bindparam("from_seq"))
    .order_by(ACTIONS.c.seq)
)
_NOTIFY = text("SELECT pg_notify(:c, :p)")

# The two statements of every move, run on the driver's own connection (no per-call compilation):
# named parameters, written ``:name`` for sqlite3 and ``%(name)s`` for psycopg.
_RAW_HEAD = (
    "SELECT t.id, t.game, t.level, t.seed, t.options, t.seats, t.owner, t.pace_ms, t.status, t.created_at,"
    " (SELECT max(a.seq) FROM cardavia_actions a WHERE a.table_id = t.id)"
    " FROM cardavia_tables t WHERE t.id = :table_id"
)
_RAW_INSERT_ACTION = (
    "INSERT INTO cardavia_actions (table_id, seq, deal_no, seat, action, created_at)"
    " VALUES (:table_id, :seq, :deal_no, :seat, :action, :created_at)"
)
_RAW_SET_STATUS = "UPDATE cardavia_tables SET status = :status WHERE id = :tid"


def _pyformat(sql: str) -> str:
    import re

    return re.sub(r":(\w+)", r"%(\1)s", sql)


class SeqTaken(Exception):
    """Another writer already holds this (table, seq): the caller's picture of the log is stale."""


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


@dataclass(frozen=True)
class LoggedAction:
    seq: int
    deal_no: int
    seat: int  # -1: the start of deal ``deal_no``
    action: dict[str, Any]


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
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA foreign_keys=ON")
    # No checkpoint inside a commit (its fsync would stall that request): see Store.checkpoints.
    cur.execute("PRAGMA wal_autocheckpoint=0")
    cur.close()


class Store:
    """The action log behind one SQLAlchemy engine."""

    def __init__(self, url: str, *, pool_size: int = 5) -> None:
        self.url = url
        self.is_postgres = url.startswith("postgresql")
        self.is_sqlite = url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if self.is_postgres:
            kwargs.update(pool_size=pool_size, max_overflow=pool_size, pool_pre_ping=True)
        elif self.is_sqlite and ":memory:" in url:
            kwargs.update(poolclass=NullPool)
        self.engine: Engine = create_engine(url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        style = (lambda sql: sql) if self.is_sqlite else _pyformat
        self._sql_head = style(_RAW_HEAD)
        self._sql_insert_action = style(_RAW_INSERT_ACTION)
        self._sql_set_status = style(_RAW_SET_STATUS)
        self._raw_ok = self.is_sqlite or self.url.startswith("postgresql+psycopg")
        self._checkpointer: tuple[Any, Any] | None = None

    # -- schema -----------------------------------------------------------------------------------
    def migrate(self) -> None:
        """Bring the schema to the newest packaged migration (safe with several processes at once)."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(_MIGRATIONS))
        with self.engine.connect() as conn:
            if self.is_postgres:
                conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": _MIGRATION_LOCK})
                conn.commit()
            try:
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
                conn.commit()
            finally:
                if self.is_postgres:
                    conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": _MIGRATION_LOCK})
                    conn.commit()

    def checkpoints(self, every_s: float = 1.0) -> None:
        """Copy the SQLite write-ahead log back into the database from a thread of its own, so that
        no request's commit pays for it. Runs until :meth:`dispose`; does nothing on PostgreSQL."""
        if not self.is_sqlite or ":memory:" in self.url or self._checkpointer is not None:
            return
        import threading

        stop = threading.Event()

        def run() -> None:
            while not stop.wait(every_s):
                try:
                    with self._raw() as conn:
                        conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
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
        self.engine.dispose()

    @contextmanager
    def _raw(self) -> Iterator[Any]:
        """A pooled DBAPI connection (rolled back when returned to the pool)."""
        conn = self.engine.raw_connection()
        try:
            yield conn
        finally:
            conn.close()

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        with self.engine.begin() as conn:
            yield conn

    # -- tables -----------------------------------------------------------------------------------
    def create_table(self, table: TableRecord) -> None:
        with self._tx() as conn:
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
                },
            )

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
        record = TableRecord(
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
        )
        return record, 0 if row[10] is None else int(row[10]) + 1

    def set_pace(self, table_id: str, pace_ms: int) -> None:
        with self._tx() as conn:
            conn.execute(_SET_PACE, {"tid": table_id, "pace_ms": pace_ms})

    def tables_with_status(self, status: str, limit: int = 1000) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(TABLES.c.id).where(TABLES.c.status == status).limit(limit))
            return [r[0] for r in rows]

    # -- the log ----------------------------------------------------------------------------------
    def actions(self, table_id: str, from_seq: int = 0) -> list[LoggedAction]:
        with self.engine.connect() as conn:
            rows = conn.execute(_ACTIONS_FROM, {"table_id": table_id, "from_seq": from_seq})
            return [LoggedAction(r[0], r[1], r[2], json.loads(r[3])) for r in rows]

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
            "created_at": time.time(),
        }
        if self._raw_ok and finished is None and not self.is_postgres:
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
                    conn.execute(_NOTIFY, {"c": NOTIFY_CHANNEL, "p": f"{table_id} {entry.seq}"})
        except IntegrityError:
            raise SeqTaken(f"{table_id} seq {entry.seq}") from None

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

    def history(self, owner: str, limit: int = 200) -> list[FinishedDeal]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(DEALS.c.table_id, DEALS.c.deal_no, DEALS.c.game, DEALS.c.result, DEALS.c.finished_at)
                .where(DEALS.c.owner == owner)
                .order_by(DEALS.c.finished_at.desc())
                .limit(limit)
            )
            return [FinishedDeal(r[0], r[1], r[2], json.loads(r[3]), float(r[4])) for r in rows]

    def count_actions(self, table_id: str) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).where(ACTIONS.c.table_id == table_id)).scalar_one())


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


class ReviewStore:
    """Review jobs in the database: queued by a request, claimed and run by any process's job loop.

    Every change of a claimed job names its claim, so a process that lost its claim (it was too slow
    and another took the job over) writes nothing.
    """

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def get(self, table_id: str, deal_no: int) -> ReviewJob | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(REVIEWS).where(REVIEWS.c.table_id == table_id, REVIEWS.c.deal_no == deal_no)
            ).first()
        return None if row is None else _job(row)

    def enqueue(
        self, table_id: str, deal_no: int, seat: int, record: dict[str, Any], now: float
    ) -> ReviewJob:
        """Queue the review of a deal, unless it is queued, running or done already; a failed one is
        queued again. Answers the job as it now stands."""
        job = self.get(table_id, deal_no)
        if job is not None and job.status != "failed":
            return job
        values = {
            "seat": seat,
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
                        {"table_id": table_id, "deal_no": deal_no, "created_at": now, **values},
                    )
                else:
                    conn.execute(
                        REVIEWS.update()
                        .where(
                            REVIEWS.c.table_id == table_id,
                            REVIEWS.c.deal_no == deal_no,
                            REVIEWS.c.status == "failed",
                        )
                        .values(**values)
                    )
        except IntegrityError:
            pass  # another request queued it first
        found = self.get(table_id, deal_no)
        assert found is not None
        return found

    def claim_next(self, claim: str, now: float, stale_after: float) -> ReviewJob | None:
        """Claim the oldest queued job, or a running one whose heartbeat is older than
        ``stale_after`` seconds (its process died); None if there is none."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(REVIEWS.c.table_id, REVIEWS.c.deal_no, REVIEWS.c.status, REVIEWS.c.heartbeat)
                .where(
                    (REVIEWS.c.status == "queued")
                    | ((REVIEWS.c.status == "running") & (REVIEWS.c.heartbeat < now - stale_after))
                )
                .order_by(REVIEWS.c.created_at)
                .limit(8)
            ).all()
        for table_id, deal_no, status, heartbeat in rows:
            with self.engine.begin() as conn:
                # the status and heartbeat read above must still hold: else another process won
                taken = conn.execute(
                    REVIEWS.update()
                    .where(
                        REVIEWS.c.table_id == table_id,
                        REVIEWS.c.deal_no == deal_no,
                        REVIEWS.c.status == status,
                        REVIEWS.c.heartbeat == heartbeat,
                    )
                    .values(status="running", claim=claim, heartbeat=now)
                ).rowcount
            if taken:
                return self.get(table_id, deal_no)
        return None

    def progress(self, table_id: str, deal_no: int, claim: str, done: int, total: int, now: float) -> bool:
        """Record progress (and keep the claim alive); False if the claim was lost."""
        return self._update(table_id, deal_no, claim, done=done, total=total, heartbeat=now)

    def finish(self, table_id: str, deal_no: int, claim: str, result: dict[str, Any], now: float) -> bool:
        return self._update(
            table_id, deal_no, claim, status="done", result=json.dumps(result, sort_keys=True), heartbeat=now
        )

    def fail(self, table_id: str, deal_no: int, claim: str, now: float) -> bool:
        return self._update(table_id, deal_no, claim, status="failed", heartbeat=now)

    def _update(self, table_id: str, deal_no: int, claim: str, **values: Any) -> bool:
        with self.engine.begin() as conn:
            n = conn.execute(
                REVIEWS.update()
                .where(
                    REVIEWS.c.table_id == table_id,
                    REVIEWS.c.deal_no == deal_no,
                    REVIEWS.c.claim == claim,
                    REVIEWS.c.status == "running",
                )
                .values(**values)
            ).rowcount
        return bool(n)


def open_store(database: str | None = None, *, migrate: bool = True) -> Store:
    """A :class:`Store` for ``database`` (see :func:`database_url_from`), migrated to the newest schema."""
    store = Store(database_url_from(database))
    if migrate:
        store.migrate()
    return store


def to_lines(entries: Sequence[LoggedAction]) -> list[str]:
    """The log as compact JSON lines (for tests and debugging)."""
    return [json.dumps([e.seq, e.deal_no, e.seat, e.action], sort_keys=True) for e in entries]
