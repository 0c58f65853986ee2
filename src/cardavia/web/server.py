"""``cardavia serve``: the site under uvicorn, on SQLite by default or PostgreSQL by URL.

Start-up refuses, in one line on stderr and exit status 2, a database it cannot use: a bad URL, one
it cannot reach, one it cannot write. Connections are bounded in time: a request's headers must
arrive within :data:`HEADER_TIMEOUT_S` of its first byte (or of the connection), and an idle
keep-alive connection is closed after :data:`KEEP_ALIVE_S`.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import sys
from typing import Any

from cardavia.store.db import BadDatabase, StoreUnavailable, database_url_from

HEADER_TIMEOUT_S = 10.0
# Allocations between two scans of the youngest objects (CPython's default: 700). Each scan moves
# the objects of the requests in flight a generation up, where they die later and bring the
# stop-the-world full scans sooner; with ten times fewer young scans the load bench's server
# (350 people at 100 tables) spent less than half as long in the collector and made no full scan
# in its 20 s instead of four of 60-110 ms each, during which every request waits (docs/performance.md).
GC_YOUNG_THRESHOLD = 7000
KEEP_ALIVE_S = 5


def header_timeout_protocol(base: type[Any], timeout_s: float) -> type[asyncio.Protocol]:
    """``base`` (a uvicorn HTTP protocol) closing connections whose request headers do not all
    arrive within ``timeout_s`` (a slow-loris client sends them a byte at a time, for ever)."""

    class HeaderTimeout(base):  # type: ignore[misc]
        _header_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._awaiting_headers():
                self._arm()  # from the first byte of this request: more bytes do not extend it
            else:
                self._disarm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _awaiting_headers(self) -> bool:
            cycle = self.cycle
            return cycle is None or bool(cycle.response_complete)

        def _arm(self) -> None:
            if self._header_timer is None:
                self._header_timer = self.loop.call_later(timeout_s, self._expire)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _expire(self) -> None:
            self._header_timer = None
            if self._awaiting_headers() and not self.transport.is_closing():
                self.transport.close()

    return HeaderTimeout


def _http_protocol(timeout_s: float) -> type[asyncio.Protocol]:
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as base
    except ImportError:  # httptools is optional for uvicorn
        from uvicorn.protocols.http.h11_impl import H11Protocol as base  # type: ignore[assignment]
    return header_timeout_protocol(base, timeout_s)


def tune_gc() -> None:
    """Collect once, keep the app's long-lived objects (modules, catalogs, engines' tables) out of
    every later scan, and scan the young objects less often (:data:`GC_YOUNG_THRESHOLD`)."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(GC_YOUNG_THRESHOLD, middle, old)


def serve(
    host: str = "127.0.0.1", port: int = 8000, database: str | None = None, public_url: str | None = None
) -> int:
    """Serve until interrupted; the exit status for the command line. ``public_url``: see
    :func:`cardavia.web.origins.public_url_from` (a bad one: one line on stderr, exit status 2)."""
    import uvicorn

    from cardavia.web.app import create_app
    from cardavia.web.origins import BadPublicUrl, public_url_from

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    pace = int(os.environ.get("CARDAVIA_PACE_MS", "700"))
    workers = int(os.environ.get("CARDAVIA_BOT_WORKERS", "1"))
    burst = int(os.environ.get("CARDAVIA_CREATE_BURST", "20"))
    floor = os.environ.get("CARDAVIA_MIN_STEP_MS")
    reviews = os.environ.get("CARDAVIA_REVIEW_WORKERS")  # reviews at once (default: one per core)
    header_timeout = float(os.environ.get("CARDAVIA_HEADER_TIMEOUT_S", str(HEADER_TIMEOUT_S)))
    try:
        public = public_url_from(public_url)
    except BadPublicUrl as exc:
        print(f"cardavia serve: {exc}", file=sys.stderr)
        return 2
    try:
        url = database_url_from(database)
        app = create_app(
            url,
            pace_ms=pace,
            bot_workers=workers,
            create_burst=burst,
            create_per_minute=float(os.environ.get("CARDAVIA_CREATE_PER_MINUTE", str(burst))),
            min_step_ms=None if floor is None else int(floor),
            public_url=public,
            review_workers=None if reviews is None else max(1, int(reviews)),
        )
    except (BadDatabase, StoreUnavailable, OSError) as exc:
        print(f"cardavia serve: cannot use the database: {exc}", file=sys.stderr)
        return 2
    tune_gc()
    # No access log: request lines are not needed and must never carry anything private.
    # Event streams never end by themselves: give them a few seconds at shutdown, then close them.
    uvicorn.run(
        app,
        host=host,
        port=port,
        access_log=False,
        log_level="info",
        server_header=False,
        timeout_graceful_shutdown=3,
        timeout_keep_alive=KEEP_ALIVE_S,
        http=_http_protocol(header_timeout),
    )
    return 0
