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
import time
from typing import Any

from cardavia.metrics import MULTIPROC_ENV
from cardavia.store.engine import ENV_VAR, database_url_from
from cardavia.store.errors import BadDatabase, StoreUnavailable

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


ACCESS_LOG_ENV = "CARDAVIA_ACCESS_LOG"  # "json": one JSON line a request (``cardavia.web.observe``)
APP_FACTORY = "cardavia.web.server:app_from_environment"
WORKER_ENV = "CARDAVIA_WORKER"  # "1" in the processes of serve --workers N
WORKER_RETRY_S = 2.0
HTTP_PROTOCOL = "cardavia.web.server:HeaderTimeoutHTTP"  # a worker builds it anew (see __getattr__)


def __getattr__(name: str) -> Any:
    # The header-timeout protocol by import string: worker processes get their configuration
    # pickled, and a class made by a function cannot be; each worker builds its own here.
    if name == "HeaderTimeoutHTTP":
        return _http_protocol(float(os.environ.get("CARDAVIA_HEADER_TIMEOUT_S", str(HEADER_TIMEOUT_S))))
    raise AttributeError(name)


def app_from_environment(database: str | None = None) -> Any:
    """The site as ``cardavia serve`` configures it, from the environment (``CARDAVIA_*``): what
    each worker process of ``serve --workers N`` runs."""
    from cardavia.web.app import create_app
    from cardavia.web.origins import public_url_from

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    burst = int(os.environ.get("CARDAVIA_CREATE_BURST", "20"))
    floor = os.environ.get("CARDAVIA_MIN_STEP_MS")
    reviews = os.environ.get("CARDAVIA_REVIEW_WORKERS")  # reviews at once (default: one per core)
    while True:
        try:
            app = create_app(
                database_url_from(database),
                pace_ms=int(os.environ.get("CARDAVIA_PACE_MS", "700")),
                bot_workers=int(os.environ.get("CARDAVIA_BOT_WORKERS", "1")),
                create_burst=burst,
                create_per_minute=float(os.environ.get("CARDAVIA_CREATE_PER_MINUTE", str(burst))),
                min_step_ms=None if floor is None else int(floor),
                access_log=os.environ.get(ACCESS_LOG_ENV, "") == "json",
                public_url=public_url_from(),
                review_workers=None if reviews is None else max(1, int(reviews)),
            )
            break
        except StoreUnavailable as exc:
            if os.environ.get(WORKER_ENV) != "1":
                raise
            # A worker replacing a dead one while the database is out: it waits for the database
            # (answering the supervisor's pings meanwhile) rather than die and be started again
            # and again; the other workers answer 503s until the database is back.
            logging.getLogger(__name__).warning("worker start: %s; trying again in %s s", exc, WORKER_RETRY_S)
            time.sleep(WORKER_RETRY_S)
    tune_gc()
    return app


def _refuse(reason: str) -> int:
    print(f"cardavia serve: {reason}", file=sys.stderr)
    return 2


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database: str | None = None,
    *,
    workers: int = 1,
    access_log: str | None = None,
    public_url: str | None = None,
    metrics_from: str | None = None,
) -> int:
    """Serve until interrupted; the exit status for the command line.

    ``workers`` > 1 (PostgreSQL only): that many processes on one listening socket, under uvicorn's
    supervisor, which starts a new one in place of any that dies. ``access_log`` "json": one JSON
    line a request on standard output. ``public_url``: see
    :func:`cardavia.web.origins.public_url_from` (a bad one: one line on stderr, exit status 2).
    ``metrics_from``: the addresses ``/metrics`` answers (:mod:`cardavia.web.operators`; a bad
    list: one line on stderr, exit status 2).
    """
    import uvicorn

    from cardavia.store.serving import AlreadyServed, hold_sqlite
    from cardavia.web.entries import BadEntry, check_registry
    from cardavia.web.operators import METRICS_FROM_ENV, BadNetworks
    from cardavia.web.operators import metrics_from as metrics_networks
    from cardavia.web.origins import PUBLIC_URL_ENV, BadPublicUrl, public_url_from
    from cardavia.web.shutdown import exit_zero_on_sigterm

    if access_log is not None:
        os.environ[ACCESS_LOG_ENV] = access_log
    try:
        check_registry(catalogs=False)  # one line here, not a traceback from each worker
    except BadEntry as exc:
        return _refuse(str(exc))
    try:
        public = public_url_from(public_url)
    except BadPublicUrl as exc:
        return _refuse(str(exc))
    if public is not None:
        os.environ[PUBLIC_URL_ENV] = public  # each worker process reads it from there
    try:
        metrics_networks(metrics_from)
    except BadNetworks as exc:
        return _refuse(str(exc))
    if metrics_from is not None:
        os.environ[METRICS_FROM_ENV] = metrics_from  # as the public URL
    try:
        url = database_url_from(database)
    except (BadDatabase, OSError) as exc:
        return _refuse(f"cannot use the database: {exc}")
    if workers < 1:
        return _refuse("--workers must be at least 1")
    if workers > 1 and not url.startswith("postgresql"):
        return _refuse(
            "--workers above 1 needs PostgreSQL: a SQLite file is served by one process "
            "(--database postgresql://...)"
        )
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "access_log": False,  # uvicorn's own: request lines with raw paths (invite tokens); see above
        "log_level": "info",
        "server_header": False,
        # The event streams end as soon as the server is told to stop (web.shutdown); any other
        # request still in flight gets a few seconds.
        "timeout_graceful_shutdown": 3,
        "timeout_keep_alive": KEEP_ALIVE_S,
    }
    if workers > 1:
        return _serve_workers(url, workers, options)
    try:
        app = app_from_environment(url)
        hold_sqlite(url)
    except (BadDatabase, StoreUnavailable, OSError) as exc:
        return _refuse(f"cannot use the database: {exc}")
    except AlreadyServed as exc:
        return _refuse(str(exc))
    header_timeout = float(os.environ.get("CARDAVIA_HEADER_TIMEOUT_S", str(HEADER_TIMEOUT_S)))
    exit_zero_on_sigterm()  # a deploy's SIGTERM is a normal end: exit status 0, not -15
    uvicorn.run(app, http=_http_protocol(header_timeout), **options)
    return 0


def _serve_workers(url: str, workers: int, options: dict[str, Any]) -> int:
    """``workers`` processes of :func:`app_from_environment` on one socket (uvicorn's supervisor),
    the database checked and migrated once first, metrics shared through a folder of files."""
    import shutil
    import tempfile

    import uvicorn

    from cardavia.store.db import open_store

    try:
        open_store(url, writable=True).dispose()  # a one-line refusal here, not one per worker
    except (BadDatabase, StoreUnavailable, OSError) as exc:
        return _refuse(f"cannot use the database: {exc}")
    os.environ[ENV_VAR] = url
    os.environ[WORKER_ENV] = "1"
    own_folder = None
    if not os.environ.get(MULTIPROC_ENV):
        own_folder = os.environ[MULTIPROC_ENV] = tempfile.mkdtemp(prefix="cardavia-metrics-")
    try:
        uvicorn.run(APP_FACTORY, factory=True, workers=workers, http=HTTP_PROTOCOL, **options)
    finally:
        if own_folder is not None:
            shutil.rmtree(own_folder, ignore_errors=True)
    return 0
