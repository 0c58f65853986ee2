"""The schema of a store's database: the packaged migrations run, the revision it is at, whether it
can be written, and the figures an operator watches."""

from __future__ import annotations

import functools
from pathlib import Path

from sqlalchemy import func, select, text
from sqlalchemy.exc import DBAPIError

from cardavia.store.core import StoreCore, guarded
from cardavia.store.models import REVIEWS, TABLES

MIGRATIONS = Path(__file__).with_name("migrations")
_MIGRATION_LOCK = 0x6361726461  # an arbitrary advisory-lock key: one migrating process at a time


@functools.cache
def packaged_head() -> str:
    """The newest migration this version of the code ships (what ``cardavia migrate`` brings a
    database to)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(cfg).get_current_head()
    assert head is not None
    return head


class Schema(StoreCore):
    """The store's part that migrates and inspects its database."""

    @guarded
    def check_writable(self) -> None:
        """Refuse a database this process could read but not write (a read-only SQLite file or
        folder, a read-only PostgreSQL user or replica): :class:`StoreUnavailable` "read-only"."""
        with self._tx() as conn:
            conn.execute(TABLES.update().where(text("1 = 0")).values(status="human"))

    @guarded
    def migrate(self) -> None:
        """Bring the schema to the newest packaged migration (safe with several processes at once)."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
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

    @guarded
    def schema_revision(self) -> str | None:
        """The migration the database is at (None: never migrated)."""
        with self.engine.connect() as conn:
            try:
                return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
            except DBAPIError as exc:
                if not _missing_table(exc):
                    raise
                return None

    @guarded
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


def _missing_table(exc: DBAPIError) -> bool:
    text_ = str(exc.orig).lower()
    return "no such table" in text_ or "does not exist" in text_
