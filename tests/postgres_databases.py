"""Throw-away PostgreSQL databases for tests: on the server of ``$CARDAVIA_TEST_POSTGRES`` (default the
local one, trust auth), so concurrent runs never collide."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from cardavia.bench.databases import temporary_postgres_database as _on_server

ADMIN_URL_ENV = "CARDAVIA_TEST_POSTGRES"
DEFAULT_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/test"


def admin_url() -> str:
    """The server tests may create databases on."""
    return os.environ.get(ADMIN_URL_ENV, DEFAULT_ADMIN_URL)


@contextmanager
def temporary_postgres_database(prefix: str = "cardavia_t") -> Iterator[str]:
    """An empty database on :func:`admin_url`'s server, dropped afterwards (even if connections remain)."""
    with _on_server(admin_url(), prefix) as url:
        yield url
