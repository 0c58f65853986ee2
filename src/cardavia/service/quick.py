"""Quick messages at a shared table: a fixed set, sent by id (each person reads it in their own
language), never stored. A seat may send one every :data:`QUICK_GAP_S`; any other id is refused.

Messages travel as news of their table (see :meth:`cardavia.web.events.EventHub.say`), never in the
log: a person who was not at the table when one was sent does not see it later.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from cardavia.service.errors import TableError

# the ids a page may send; the words are in each catalog, under the page's "quick_<id>" keys
QUICK_MESSAGES = ("good_game", "well_played", "thanks", "oops", "one_moment")
QUICK_GAP_S = 2.0  # the least time between two messages of one seat


class TooFast(TableError):
    """A seat sent a quick message less than :data:`QUICK_GAP_S` after its last one."""

    status = 429


class QuickGate:
    """Checks each quick message: a known id, and not too soon after the seat's last one (counted
    per process: a browser's requests to two processes could send two in the gap, no more)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._last: dict[tuple[str, int], float] = {}
        self._lock = threading.Lock()

    def check(self, table_id: str, seat: int, message: str) -> None:
        """Let ``seat`` of ``table_id`` send ``message`` now, or raise ``bad-message`` or
        :class:`TooFast` ``too-fast`` (with ``wait_ms``), changing nothing."""
        if message not in QUICK_MESSAGES:
            raise TableError("bad-message", "not one of the quick messages", {"known": list(QUICK_MESSAGES)})
        now = self.clock()
        key = (table_id, seat)
        with self._lock:
            last = self._last.get(key)
            if last is not None and 0 <= now - last < QUICK_GAP_S:
                wait = int((QUICK_GAP_S - (now - last)) * 1000) + 1
                raise TooFast("too-fast", "one quick message every 2 seconds", {"wait_ms": wait})
            if len(self._last) > 100_000:  # forget them all rather than grow
                self._last.clear()
            self._last[key] = now
