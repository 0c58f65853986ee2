"""A table's row: made (whole, with the first entries of its log if it starts from another table's,
or as the table that follows another), read, and its pace and status hint."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence

from sqlalchemy import Connection, bindparam, select

from cardavia.store.core import StoreCore, guarded, writes
from cardavia.store.errors import StoreUnavailable
from cardavia.store.models import ACTIONS, TABLES
from cardavia.store.records import LoggedAction, TableRecord, action_values, table_record, table_values

_SET_PACE = TABLES.update().where(TABLES.c.id == bindparam("tid")).values(pace_ms=bindparam("pace_ms"))


class Tables(StoreCore):
    """The store's part that makes and reads tables' rows."""

    @writes
    def create_table(self, table: TableRecord, log: Sequence[LoggedAction] = ()) -> None:
        """Store a new table, with the first entries of its log if it starts from another table's
        (all in one transaction: the table exists whole or not at all)."""
        with self._tx() as conn:
            _insert_table(conn, table)
            if log:
                now = time.time()
                conn.execute(ACTIONS.insert(), [action_values(table.id, entry, now) for entry in log])

    @guarded
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
                _insert_table(conn, table)
                return table.id
        raise StoreUnavailable("busy", "too many tables made at once after one table")

    @writes
    def set_pace(self, table_id: str, pace_ms: int) -> None:
        with self._tx() as conn:
            conn.execute(_SET_PACE, {"tid": table_id, "pace_ms": pace_ms})

    @guarded
    def tables_with_status(self, status: str, limit: int = 1000, *, timed: bool = False) -> list[str]:
        """Tables whose status hint is ``status`` (``timed``: only those with a turn limit)."""
        query = select(TABLES.c.id).where(TABLES.c.status == status)
        if timed:
            query = query.where(TABLES.c.turn_limit_s.is_not(None))
        with self.engine.connect() as conn:
            rows = conn.execute(query.limit(limit))
            return [r[0] for r in rows]

    @guarded
    def tables(self, table_ids: Iterable[str]) -> dict[str, TableRecord]:
        """The records of the tables among ``table_ids`` that exist, by id (in one query)."""
        wanted = sorted(set(table_ids))
        if not wanted:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(TABLES).where(TABLES.c.id.in_(wanted)))
            return {r[0]: table_record(r) for r in rows}


def _insert_table(conn: Connection, table: TableRecord) -> None:
    conn.execute(TABLES.insert(), table_values(table))
