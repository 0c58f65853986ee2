"""Throw-away PostgreSQL databases for tests and benchmarks, so concurrent runs never collide."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager

ADMIN_URL_ENV = "CARDAVIA_TEST_POSTGRES"
DEFAULT_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/test"


def admin_url() -> str:
    """The server tests may create databases on (default: the local one, trust auth)."""
    return os.environ.get(ADMIN_URL_ENV, DEFAULT_ADMIN_URL)


@contextmanager
def temporary_postgres_database(prefix: str = "cardavia_t", base: str | None = None) -> Iterator[str]:
    """Create an empty database on the server of ``base`` (default :func:`admin_url`), yield its
    URL, drop it afterwards (even if connections remain)."""
    import psycopg

    base = base or admin_url()
    for scheme in ("postgresql+psycopg://", "postgres://"):
        if base.startswith(scheme):
            base = "postgresql://" + base[len(scheme) :]
    name = f"{prefix}_{os.getpid()}_{secrets.token_hex(4)}"
    with psycopg.connect(base, autocommit=True, connect_timeout=5) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    head, _, _ = base.rpartition("/")
    try:
        yield f"{head}/{name}"
    finally:
        with psycopg.connect(base, autocommit=True, connect_timeout=5) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
