"""``cardavia serve``: the site under uvicorn, on SQLite by default or PostgreSQL by URL."""

from __future__ import annotations

import gc
import logging
import os

from cardavia.store.db import database_url_from


def serve(host: str = "127.0.0.1", port: int = 8000, database: str | None = None) -> int:
    """Serve until interrupted; the exit status for the command line."""
    import uvicorn

    from cardavia.web.app import create_app

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    url = database_url_from(database)
    pace = int(os.environ.get("CARDAVIA_PACE_MS", "700"))
    workers = int(os.environ.get("CARDAVIA_BOT_WORKERS", "1"))
    burst = int(os.environ.get("CARDAVIA_CREATE_BURST", "20"))
    app = create_app(
        url, pace_ms=pace, bot_workers=workers, create_burst=burst, create_per_minute=float(burst)
    )
    # The app's long-lived objects (modules, catalogs, engines' tables) need no more garbage scans.
    gc.collect()
    gc.freeze()
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
    )
    return 0
