"""When each invited person was last seen at a table, and the rate limits' token buckets: small rows
upserted often, shared by every server process."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Table, select, text

from cardavia.store.core import StoreCore, guarded, writes
from cardavia.store.models import PRESENCE, RATES

# A rate limit's ask (take_token) in one statement, written out once (building it with the
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


class Presence(StoreCore):
    """The store's part that keeps presence and rate-limit tokens."""

    @writes
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

    @guarded
    def presence(self, table_id: str) -> dict[int, float]:
        """When each seat's person of ``table_id`` was last seen (seats never seen are missing)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(PRESENCE.c.seat, PRESENCE.c.seen_at).where(PRESENCE.c.table_id == table_id)
            )
            return {int(r[0]): float(r[1]) for r in rows}

    def _insert(self, table: Table) -> Any:
        """An INSERT of this database's dialect (for its ``ON CONFLICT ... DO UPDATE``)."""
        if self.is_postgres:
            from sqlalchemy.dialects.postgresql import insert as pg_insert

            return pg_insert(table)
        from sqlalchemy.dialects.sqlite import insert as lite_insert

        return lite_insert(table)

    @guarded
    def take_token(self, key: str, burst: int, per_s: float, now: float) -> bool:
        """Whether the bucket ``key`` (``burst`` tokens, refilled at ``per_s`` a second) has a token
        at ``now``, taking it if so: one upsert, atomic on both databases, so that every process
        draws on the same bucket. A clock that went back refills nothing."""
        params = {"key": key, "full": float(burst), "per_s": per_s, "now": now}
        with self._tx() as conn:
            return bool(conn.execute(_TAKE_TOKEN, params).scalar_one())

    @guarded
    def forget_tokens(self, before: float) -> int:
        """Drop the buckets last asked before ``before`` (full again by then: as good as absent); how many."""
        with self._tx() as conn:
            return int(conn.execute(RATES.delete().where(RATES.c.at < before)).rowcount)
