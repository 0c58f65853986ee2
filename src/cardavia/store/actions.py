"""The action log: its head, its entries, and the one way an action is appended on each database.

The unique (table, seq) key is what keeps two processes from both writing action n: the loser gets
:class:`SeqTaken` and must reload the log. Every move reads the head and appends one action, so both
run on the driver's own connection with statements written out once (no per-call compilation).
The statements are the same on both databases; what differs is how one append sends them
(:class:`_Dialect`): SQLite runs them one after another in one transaction, PostgreSQL as one
statement that also publishes the news.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, func, select, text

from cardavia.store.core import StoreCore, guarded, writes
from cardavia.store.errors import SeqTaken
from cardavia.store.models import ACTIONS
from cardavia.store.records import FinishedDeal, LoggedAction, TableRecord, action_values, table_record

NOTIFY_CHANNEL = "cardavia_tables"

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

# The statements of every move, with named parameters written ``:name`` (sqlite3's style; psycopg's
# ``%(name)s`` is made from them by _pyformat).
_HEAD = (
    "SELECT t.id, t.game, t.level, t.seed, t.options, t.seats, t.owner, t.pace_ms, t.status, t.created_at,"
    " t.people, t.turn_limit_s, t.origin, t.host_name, t.seated_at,"
    " (SELECT max(a.seq) FROM cardavia_actions a WHERE a.table_id = t.id)"
    " FROM cardavia_tables t WHERE t.id = :table_id"
)
_INSERT_ACTION = (
    "INSERT INTO cardavia_actions (table_id, seq, deal_no, seat, action, created_at, auto)"
    " VALUES (:table_id, :seq, :deal_no, :seat, :action, :created_at, :auto)"
)
_SET_STATUS = "UPDATE cardavia_tables SET status = :status WHERE id = :table_id"
_INSERT_DEAL = (
    "INSERT INTO cardavia_deals (table_id, deal_no, owner, game, result, finished_at)"
    " VALUES (:table_id, :d_deal_no, :d_owner, :d_game, :d_result, :d_finished_at)"
)


def _pyformat(sql: str) -> str:
    return re.sub(r":(\w+)", r"%(\1)s", sql)


def _pg_append(status: bool, deal: bool) -> str:
    """PostgreSQL: a whole append in one statement, run outside any transaction block (autocommit),
    so that it is one round trip to the server instead of five (BEGIN, insert, status, notify,
    COMMIT): a statement is atomic by itself, and a taken (table, seq) fails all of it. The news is
    sent by the same statement, so other processes hear of the action exactly when it is committed."""
    parts = [f"a AS ({_INSERT_ACTION} RETURNING seq)"]
    if status:
        parts.append(f"s AS ({_SET_STATUS})")
    if deal:
        parts.append(f"d AS ({_INSERT_DEAL})")
    return _pyformat("WITH " + ", ".join(parts) + " SELECT pg_notify(:channel, :payload) FROM a")


@dataclass(frozen=True)
class _Dialect:
    """What a database's driver is sent for a move: the head's query and an append's statements."""

    postgres: bool
    head: str

    def append(self, conn: Any, params: dict[str, Any], status: bool, deal: bool) -> None:
        """Write an action (``params``), and the table's status and the finished deal if ``status``
        and ``deal``, all or nothing, on the pooled DBAPI connection ``conn``."""
        if self.postgres:
            driver = conn.driver_connection
            driver.autocommit = True  # the pool hands connections out idle: no transaction is open
            try:
                with driver.cursor() as cur:
                    cur.execute(_PG_APPENDS[status, deal], params)
            finally:
                with contextlib.suppress(Exception):  # a broken connection is dropped by the pool
                    driver.autocommit = False
            return
        cur = conn.cursor()
        try:
            cur.execute(_INSERT_ACTION, params)
            if status:
                cur.execute(_SET_STATUS, params)
            if deal:
                cur.execute(_INSERT_DEAL, params)
            conn.commit()
        except BaseException:
            conn.rollback()
            raise
        finally:
            cur.close()


_PG_APPENDS = {(st, dl): _pg_append(st, dl) for st in (False, True) for dl in (False, True)}
_SQLITE = _Dialect(postgres=False, head=_HEAD)
_POSTGRES = _Dialect(postgres=True, head=_pyformat(_HEAD))


class ActionLog(StoreCore):
    """The store's part that reads and appends tables' action logs."""

    @property
    def _dialect(self) -> _Dialect:
        return _POSTGRES if self.is_postgres else _SQLITE

    @guarded
    def head(self, table_id: str) -> tuple[TableRecord, int] | None:
        """The table and its number of logged actions (the next free seq), in one indexed query."""
        with self._raw() as conn:
            cur = conn.cursor()
            cur.execute(self._dialect.head, {"table_id": table_id})
            row = cur.fetchone()
            cur.close()
        if row is None:
            return None
        return table_record(row), 0 if row[15] is None else int(row[15]) + 1

    @guarded
    def actions(self, table_id: str, from_seq: int = 0) -> list[LoggedAction]:
        with self.engine.connect() as conn:
            rows = conn.execute(_ACTIONS_FROM, {"table_id": table_id, "from_seq": from_seq})
            return [LoggedAction(r[0], r[1], r[2], json.loads(r[3]), int(r[4]), float(r[5])) for r in rows]

    @guarded
    def count_actions(self, table_id: str) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).where(ACTIONS.c.table_id == table_id)).scalar_one())

    @writes
    def append(
        self,
        table_id: str,
        entry: LoggedAction,
        *,
        status: str | None,
        finished: FinishedDeal | None = None,
        owner: str = "",
    ) -> None:
        """Write action ``entry.seq`` (and the table's new ``status``, if it changed, and the deal
        ``finished`` by it, as ``owner``'s), all or nothing; raise :class:`SeqTaken` if that seq is
        already written. On PostgreSQL the other processes are told in the same statement."""
        params = {
            **action_values(table_id, entry, entry.created_at or time.time()),
            "status": status,
            "channel": NOTIFY_CHANNEL,
            "payload": self.notice(table_id, entry.seq),
        }
        if finished is not None:
            params.update(
                d_deal_no=finished.deal_no,
                d_owner=owner,
                d_game=finished.game,
                d_result=json.dumps(finished.result, sort_keys=True),
                d_finished_at=finished.finished_at,
            )
        integrity = self.engine.dialect.dbapi.IntegrityError  # type: ignore[union-attr]
        try:
            with self._raw() as conn:
                self._dialect.append(conn, params, status is not None, finished is not None)
        except integrity:
            raise SeqTaken(f"{table_id} seq {entry.seq}") from None

    def notice(self, table_id: str, seq: int) -> str:
        """The payload of the ``NOTIFY`` sent for action ``seq`` of ``table_id``: the table, the seq
        and this store's :attr:`origin` (a process skips its own news, which it published already)."""
        return f"{table_id} {seq} {self.origin}"

    @guarded
    def say(self, table_id: str, seat: int, message: str) -> None:
        """Tell the other processes (PostgreSQL) that ``seat`` sent quick message ``message`` at
        ``table_id``: a notification only, nothing is stored (SQLite: one process, nothing to do)."""
        if not self.is_postgres:
            return
        with self._tx() as conn:
            conn.execute(
                _NOTIFY, {"c": NOTIFY_CHANNEL, "p": f"{table_id} say:{seat}:{message} {self.origin}"}
            )
