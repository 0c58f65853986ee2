"""The store: one :class:`Store` over a database, made of its parts, and :func:`open_store`.

``Store`` is composed of mixins, one module a concern, all built on :class:`StoreCore` (the engine,
its watchdog and the guard on every call): :class:`Schema` (migrations), :class:`Tables` (a table's
row), :class:`ActionLog` (the log and its one append a database), :class:`Seats` (invites and
invited seats), :class:`Presence` (who was seen when, and rate-limit tokens) and :class:`History`
(finished deals). Mixins rather than repository objects the store owns, because callers use one
flat ``store.append(...)``, ``store.touch(...)`` surface: repositories would need that surface
written a second time as delegating methods, whereas each mixin's methods are the store's, written
once, and each part is type-checked against the one core it shares. Review jobs are apart
(:class:`ReviewStore`), since a job loop holds them beside the store rather than through it.

The layers above take the store from here, and its records, errors and settings from the modules
that define them (``records``, ``errors``, ``engine``, ``actions``, ``schema``, ``reviews``).
"""

from __future__ import annotations

from cardavia.store.actions import ActionLog
from cardavia.store.engine import database_url_from
from cardavia.store.history import History
from cardavia.store.presence import Presence
from cardavia.store.schema import Schema
from cardavia.store.seats import Seats
from cardavia.store.tables import Tables


class Store(Schema, Tables, ActionLog, Seats, Presence, History):
    """The action log, tables, seats, presence and history behind one SQLAlchemy engine."""


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
