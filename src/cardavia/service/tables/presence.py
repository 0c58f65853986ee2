"""Who is at a shared table: each person's heartbeat, and the person the AI decides for once they
have been gone long enough at a table with no turn limit.

A person's browser holding the table's event stream writes a heartbeat at most every
:data:`PRESENCE_BEAT_S` (the stream wakes at least every 15 s); a request of theirs counts too.
Nothing heard for :data:`LEFT_AFTER_S`: they have left (two beats missed, and some slack).
"""

from __future__ import annotations

from cardavia.service.state import TableState
from cardavia.service.tables.core import TableCore

PRESENCE_BEAT_S = 15.0
LEFT_AFTER_S = 40.0
# With no turn limit, a person who has left is waited for this long after they were last seen, then
# the AI plays their decisions until they are back (a table never waits forever on someone gone).
AWAY_GRACE_S = 90.0
PRESENCE_CACHE_S = 5.0  # how long a process reuses a table's presence read for what it shows


class Presence(TableCore):
    """Heartbeats and who is at a table (see the module docstring)."""

    def seen(self, table_id: str, seat: int, *, force: bool = False) -> bool:
        """Note that ``seat``'s person is at the table now; stored at most every
        :data:`PRESENCE_BEAT_S` per seat by this process, unless ``force``. True if written."""
        now = self.clock()
        key = (table_id, seat)
        with self._cache_lock:
            last = self._beats.get(key)
            if not force and last is not None and 0 <= now - last < PRESENCE_BEAT_S:
                return False
            if len(self._beats) > 100_000:  # forget them all rather than grow: one write each again
                self._beats.clear()
            self._beats[key] = now
        try:
            self.store.touch(table_id, seat, now)
        except BaseException:
            with self._cache_lock:
                self._beats.pop(key, None)
            raise
        with self._cache_lock:
            cached = self._presence.get(table_id)
            if cached is not None:
                self._presence[table_id] = (cached[0], {**cached[1], seat: now})
        return True

    def presence(self, table_id: str, *, fresh: bool = False) -> dict[int, float]:
        """When each seat's person was last seen, as the store says; a read less than
        :data:`PRESENCE_CACHE_S` old is reused unless ``fresh``."""
        now = self.clock()
        cached = self._presence.get(table_id)
        if not fresh and cached is not None and 0 <= now - cached[0] < PRESENCE_CACHE_S:
            return cached[1]
        seen = self.store.presence(table_id)
        with self._cache_lock:
            if len(self._presence) > self.cache_size:
                self._presence.clear()
            self._presence[table_id] = (now, seen)
        return seen

    def here(self, state: TableState, *, fresh: bool = False) -> frozenset[int]:
        """The seats of ``state``'s table whose person is there now (seen in the last
        :data:`LEFT_AFTER_S`); empty at a table no invited person shares."""
        if not state.shared:
            return frozenset()
        seen = self.presence(state.record.id, fresh=fresh)
        now = self.clock()
        return frozenset(s for s in state.persons() if s in seen and now - seen[s] < LEFT_AFTER_S)

    def left_turn(self, state: TableState) -> tuple[int, float] | None:
        """At a shared table with no turn limit, the person to decide now (of several deciding at
        once: the one the AI is due for first, the lowest seat of equals) and the seconds until
        the AI decides for them: :data:`AWAY_GRACE_S` after they were last seen (0: now).

        None when no person is to decide, the table has a turn limit (it has its own clock), or no
        other person is at the table: nobody waits, and the table rests until someone is back.
        """
        if state.record.turn_limit_s is not None:
            return None
        seats = state.person_turns()
        if not seats:
            return None
        # This process's recent read first (the driver asks after every move at every shared table):
        # it can only be older than the store, so it says the AI is due earlier, never later. The
        # store is asked only when that read says nobody waits, or that the AI is due now.
        due = self._left_turn(state, seats, self.presence(state.record.id))
        if due is None or due[1] <= 0:
            due = self._left_turn(state, seats, self.presence(state.record.id, fresh=True))
        return due

    def _left_turn(
        self, state: TableState, seats: tuple[int, ...], seen: dict[int, float]
    ) -> tuple[int, float] | None:
        now = self.clock()
        due: tuple[int, float] | None = None
        for seat in seats:
            if not any(s != seat and s in seen and now - seen[s] < LEFT_AFTER_S for s in state.persons()):
                continue
            last = seen.get(seat, state.record.created_at)
            wait = max(0.0, last + AWAY_GRACE_S - now)
            if due is None or wait < due[1]:
                due = (seat, wait)
        return due
