"""Fixtures shared by the web tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from postgres_databases import temporary_postgres_database


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A throw-away database on the PostgreSQL server of 127.0.0.1:5432, dropped afterwards."""
    with temporary_postgres_database() as url:
        yield url
