"""Throw-away PostgreSQL databases, so that benchmark phases (and concurrent test runs) never collide."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def temporary_postgres_database(base: str, prefix: str = "cardavia_t") -> Iterator[str]:
    """Create an empty database on the PostgreSQL server of the URL ``base``, yield its URL, drop it
    afterwards (even if connections remain)."""
    import psycopg

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
