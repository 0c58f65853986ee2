"""The core every table operation goes through: the table's lock, the cache and the commit path.

States are cached in memory per process, but each call first asks the store how long the log is and
replays what another process wrote since; a write that loses the race for its seq drops the cache.
Operations are synchronous and short, and they may be called from several threads at once (the web
layer runs them in a bounded pool of threads, never on its event loop): each one holds its table's
lock, so one table's cached state is only ever read or changed by one thread at a time.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, TypeVar

from cardavia.service.errors import NotFound, Raced
from cardavia.service.quick import QuickGate
from cardavia.service.state import TableState, seat_of
from cardavia.store.db import Store
from cardavia.store.errors import SeqTaken
from cardavia.store.records import FinishedDeal, LoggedAction

JSON = dict[str, Any]
AppendHook = Callable[[str, int], None]
W = TypeVar("W")
LOCK_STRIPES = 256  # tables share this many locks: bounded memory, rare contention between tables
READ_WAIT_S = 0.2  # a read waits this long for a write of its table, then reads a copy of its own


class TableCore:
    """Tables on one store: what every part of :class:`~cardavia.service.tables.TableService`
    shares. ``on_append(table_id, seq)`` is called after each action is written."""

    def __init__(
        self,
        store: Store,
        *,
        cache_size: int = 4096,
        on_append: AppendHook | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.cache_size = cache_size
        self.on_append = on_append
        self.clock = clock
        self._cache: OrderedDict[str, TableState] = OrderedDict()
        self._cache_lock = threading.Lock()  # guards the process's caches: states and presence
        self._locks = [threading.RLock() for _ in range(LOCK_STRIPES)]
        # the parts' own caches, made here so that one object holds all of a service's state
        self._beats: dict[tuple[str, int], float] = {}  # (table, seat) -> when this process wrote it
        self._presence: dict[str, tuple[float, dict[int, float]]] = {}  # table -> (read at, seen)
        self.quick = QuickGate(lambda: self.clock())
        # where new tables' seeds come from (tests replace it to make tables repeatable)
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(63)

    @contextmanager
    def lock(self, table_id: str) -> Iterator[None]:
        """Hold ``table_id``'s lock: while held, no other thread of this process reads or changes
        its cached state. Every operation takes it; callers hold it across several calls that
        must see one state (loading it, then rendering it)."""
        with self._locks[hash(table_id) % LOCK_STRIPES]:
            yield

    @contextmanager
    def reading(
        self, table_id: str, owner: str | None = None, trust: Callable[[TableState], bool] | None = None
    ) -> Iterator[TableState]:
        """The table as its log says now, to read (never to change) for the ``with``'s length.

        Usually this process's copy, under the table's lock (without asking the store, if ``trust``
        says the copy is current); but when a write of the table holds the lock for long (it waits
        for a locked or slow database), a private copy rebuilt from the log, so that reading a table
        never waits for a write of it.
        """
        lock = self._locks[hash(table_id) % LOCK_STRIPES]
        if lock.acquire(timeout=READ_WAIT_S):
            try:
                cached = self._cache.get(table_id)
                if (
                    cached is not None
                    and trust is not None
                    and (owner is None or seat_of(cached.record, owner) is not None)
                    and trust(cached)
                ):
                    yield cached
                else:
                    yield self._state(table_id, owner)
            finally:
                lock.release()
            return
        head = self.store.head(table_id)
        if head is None or (owner is not None and seat_of(head[0], owner) is None):
            raise NotFound()
        yield TableState.rebuild(head[0], self.store.actions(table_id))

    # -- loading ----------------------------------------------------------------------------------
    def state(self, table_id: str, owner: str | None = None) -> TableState:
        """The table as its log says now. ``owner`` (the browser's key hash) must match, if given."""
        with self.lock(table_id):
            return self._state(table_id, owner)

    def _state(self, table_id: str, owner: str | None) -> TableState:
        head = self.store.head(table_id)
        if head is None:
            raise NotFound()
        record, length = head
        if owner is not None and seat_of(record, owner) is None:
            raise NotFound()
        state = self._cache.get(table_id)
        if state is None or state.seq > length:
            state = TableState.rebuild(record, self.store.actions(table_id))
        elif state.seq < length:
            state.extend(self.store.actions(table_id, state.seq))
        state.record = record
        self._remember(state)
        return state

    def _remember(self, state: TableState) -> None:
        with self._cache_lock:
            self._cache[state.record.id] = state
            self._cache.move_to_end(state.record.id)
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)

    def cached(self, table_id: str) -> TableState | None:
        """This process's copy of the table, unchecked: only for writes (the log's unique key checks
        them) or when the caller knows no other process wrote since. Read it under :meth:`lock`."""
        return self._cache.get(table_id)

    def forget(self, table_id: str) -> None:
        """Drop this process's copy of the table: the next read rebuilds it from the log."""
        with self._cache_lock:
            self._cache.pop(table_id, None)

    def viewer(self, state: TableState, owner: str) -> int:
        """The seat ``owner`` holds at ``state``'s table (checked by loading it: else NotFound)."""
        seat = seat_of(state.record, owner)
        if seat is None:
            raise NotFound()
        return seat

    # -- writing ----------------------------------------------------------------------------------
    def _racing(self, state: TableState, attempt: Callable[[TableState], W]) -> W:
        """``attempt(state)``, tried again from the log as it is now each time its write loses the
        log's next seq to another writer (:class:`Raced`), as long as what it writes still stands.

        Where seats decide at once, each writes whenever it likes, on any process, and a decision
        made from an older seq stands while only the others acted since: a write is lost at most
        once to each other seat's decision, and once to an identical copy of its own (after which
        it is answered as done), so as many tries as seats, plus one, always see it through.
        """
        for _ in range(state.num_seats):
            try:
                return attempt(state)
            except Raced as lost:
                state = lost.state
        return attempt(state)

    def _commit(self, state: TableState, entry: LoggedAction, action: Any) -> None:
        """Apply ``entry`` to ``state`` and append it to the log: the one way an action is written.
        A lost race for its seq is :class:`Raced` (with the table as the log says now)."""
        entry = replace(entry, created_at=self.clock())  # when the next turn begins, kept in the log
        before = state.status()
        summary = state.apply_entry(entry, action)  # IllegalAction leaves the state untouched
        after = state.status()
        finished = None
        if summary is not None:
            finished = FinishedDeal(
                state.record.id, summary.deal_no, state.record.game, summary.result, self.clock()
            )
        try:
            self.store.append(
                state.record.id,
                entry,
                status=after if after != before else None,
                finished=finished,
                owner=state.record.owner,
            )
        except SeqTaken:
            self.forget(state.record.id)
            raise Raced(self.state(state.record.id)) from None
        except BaseException:
            # not written (the database could not answer): the applied entry must not stay cached
            self.forget(state.record.id)
            raise
        if self.on_append is not None:
            self.on_append(state.record.id, entry.seq)
