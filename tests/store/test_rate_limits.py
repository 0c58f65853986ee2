"""Rate limits in the database: one bucket per key shared by every process (two stores on one
database stand for two processes), taken in one atomic statement, on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import func, select, text

from cardavia.service.limits import RateLimit
from cardavia.store.db import Store, open_store
from cardavia.store.models import RATES
from postgres_databases import temporary_postgres_database


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def two(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Store, Store]]:
    """Two stores (two processes' engines) on one database."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'rates.db'}"
        a, b = open_store(url), open_store(url)
        yield a, b
        a.dispose()
        b.dispose()
    else:
        with temporary_postgres_database() as url:
            a, b = open_store(url), open_store(url)
            yield a, b
            a.dispose()
            b.dispose()


def test_two_processes_share_one_burst(two: tuple[Store, Store]) -> None:
    one, other = (RateLimit(store, burst=3, per_minute=60) for store in two)
    asks = [(one if i % 2 else other).allow("tables:1.2.3.4", now=100.0) for i in range(6)]
    assert asks == [True, True, True, False, False, False]
    assert one.allow("tables:5.6.7.8", now=100.0)  # a bucket per key
    assert one.allow("join:1.2.3.4", now=100.0)


def test_the_bucket_refills_at_its_rate_and_never_beyond_its_burst(two: tuple[Store, Store]) -> None:
    one, other = (RateLimit(store, burst=2, per_minute=60) for store in two)  # a token a second
    assert [one.allow("k", now=0.0) for _ in range(3)] == [True, True, False]
    assert other.allow("k", now=1.0) and not one.allow("k", now=1.0)
    assert not one.allow("k", now=1.5)  # half a token
    assert one.allow("k", now=2.0) and not other.allow("k", now=2.0)
    assert [one.allow("k", now=1000.0) for _ in range(3)] == [True, True, False]  # full: 2, not 998
    assert not other.allow("k", now=500.0)  # a clock gone back refills nothing, and breaks nothing
    assert other.allow("k", now=1001.0)


def test_racing_asks_never_take_more_than_the_burst(two: tuple[Store, Store]) -> None:
    limits = [RateLimit(store, burst=5, per_minute=1) for store in two]
    allowed: list[bool] = []
    lock = threading.Lock()

    def ask(limit: RateLimit) -> None:
        for _ in range(4):
            answer = limit.allow("race", now=50.0)
            with lock:
                allowed.append(answer)

    threads = [threading.Thread(target=ask, args=(limits[i % 2],)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(allowed) == 32 and allowed.count(True) == 5


def test_full_buckets_are_forgotten(two: tuple[Store, Store]) -> None:
    store = two[0]
    limit = RateLimit(store, burst=2, per_minute=60)
    assert limit.allow("old", now=0.0) and limit.allow("new", now=100.0)
    assert store.forget_tokens(before=100.0 - 2.0) == 1  # "old" is full again: as good as no row
    with store.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(RATES)).scalar_one() == 1
    assert limit.allow("old", now=100.0)


def test_a_limit_needs_a_burst(two: tuple[Store, Store]) -> None:
    with pytest.raises(ValueError):
        RateLimit(two[0], burst=0, per_minute=1)
    assert RateLimit(two[0], burst=1, per_minute=2).retry_after_s == 30


@pytest.mark.postgres
def test_on_postgres_the_buckets_write_no_wal() -> None:
    with temporary_postgres_database() as url:
        store = open_store(url)
        with store.engine.connect() as conn:
            kind = conn.execute(
                text("SELECT relpersistence FROM pg_class WHERE relname = 'cardavia_rate_limits'")
            ).scalar_one()
        store.dispose()
    assert kind == "u"  # unlogged: a crash may only refill some buckets
