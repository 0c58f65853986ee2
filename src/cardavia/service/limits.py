"""Rate limits shared by every server process: token buckets kept in the database.

A bucket per limited thing and client (``"tables:203.0.113.9"``) holds ``burst`` tokens and refills at
``per_minute``; each ask takes a token or is refused. The buckets live in the database, asked in one
statement (:meth:`cardavia.store.db.Store.take_token`), so that N processes allow the burst once,
not N times. Blocking: run :meth:`RateLimit.allow` in a store thread.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field

from cardavia.store.db import Store

# Every this many asks, a process drops the buckets that are full again (an old client's row is the
# same as no row), so that the table holds only the clients of the last few minutes.
SWEEP_EVERY = 1000


@dataclass
class RateLimit:
    """Token buckets on ``store``: ``burst`` asks at once, then ``per_minute``."""

    store: Store
    burst: int
    per_minute: float
    _asks: itertools.count[int] = field(default_factory=itertools.count, repr=False)

    def __post_init__(self) -> None:
        if self.burst < 1 or self.per_minute < 0:
            raise ValueError("a rate limit needs a burst of at least 1 and a rate of 0 or more")

    @property
    def retry_after_s(self) -> int:
        """Seconds until a refused client has a token again (at most)."""
        return max(1, round(60.0 / self.per_minute)) if self.per_minute > 0 else 3600

    def allow(self, key: str, now: float | None = None) -> bool:
        """Whether ``key`` may go on now (a token is taken), or must wait (nothing changes but the
        bucket's refill). Raises ``StoreUnavailable`` when the database cannot answer."""
        now = time.time() if now is None else now  # wall-clock: the processes must share it
        if next(self._asks) % SWEEP_EVERY == SWEEP_EVERY - 1 and self.per_minute > 0:
            self.store.forget_tokens(now - self.burst * 60.0 / self.per_minute)
        return self.store.take_token(key[:160], self.burst, self.per_minute / 60.0, now)
