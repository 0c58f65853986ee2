"""The store under faults: a database that cannot answer raises StoreUnavailable (never a driver's
error), a connection PostgreSQL dropped is replaced without a ping before every use, a read-only
database is refused at start, and the SQLite write-ahead log stays bounded under overlapping readers."""

from __future__ import annotations

import contextlib
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from cardavia.store.db import Store, open_store
from cardavia.store.engine import WAL_LIMIT_BYTES
from cardavia.store.errors import OutcomeUnknown, SeqTaken, StoreUnavailable
from cardavia.store.records import LoggedAction, TableRecord
from postgres_databases import admin_url, temporary_postgres_database


def _table(table_id: str) -> TableRecord:
    return TableRecord(
        table_id, "cherki", "easy", 1, {}, ("human", "easy", "easy"), "o" * 64, 0, "human", 1.0
    )


def test_a_full_disk_is_store_unavailable_and_the_log_keeps_what_it_had(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'full.db'}")
    store.create_table(_table("t_full"))
    store.dispose()
    # the same file, on a "disk" that holds no more pages than it has now
    store = Store(f"sqlite:///{tmp_path / 'full.db'}")

    @event.listens_for(store.engine, "connect")
    def full(dbapi_conn: Any, _record: Any) -> None:
        pages = dbapi_conn.execute("PRAGMA page_count").fetchone()[0]
        dbapi_conn.execute(f"PRAGMA max_page_count={pages}")

    with pytest.raises(StoreUnavailable) as caught:
        for seq in range(2000):
            store.append("t_full", LoggedAction(seq, 1, 0, {"pad": "x" * 500}), status=None)
    assert caught.value.reason == "disk-full"
    assert store.head("t_full") is not None  # reads still work
    store.dispose()


def test_a_read_only_database_is_refused_at_start(tmp_path: Path) -> None:
    open_store(f"sqlite:///{tmp_path / 'ro.db'}").dispose()
    url = f"sqlite:///file:{tmp_path / 'ro.db'}?mode=ro&uri=true"
    open_store(url).dispose()  # reading is possible ...
    with pytest.raises(StoreUnavailable) as caught:
        open_store(url, writable=True)  # ... but a server needs to write
    assert caught.value.reason == "read-only"


def test_the_wal_stays_bounded_while_readers_always_overlap(tmp_path: Path) -> None:
    """Readers that always overlap starve a passive checkpoint; the log must still be reset."""
    path = tmp_path / "wal.db"
    store = open_store(f"sqlite:///{path}")
    store.create_table(_table("t_wal"))
    store.checkpoints(every_s=0.05)
    stop = threading.Event()

    def reader(offset: float) -> None:
        time.sleep(offset)
        while not stop.is_set():
            with store._raw() as conn:  # a read transaction held a little while, as a busy page does
                conn.execute("BEGIN")
                conn.execute("SELECT count(*) FROM cardavia_actions").fetchone()
                time.sleep(0.004)
                conn.execute("COMMIT")

    readers = [threading.Thread(target=reader, args=(i * 0.002,)) for i in range(3)]
    for thread in readers:
        thread.start()
    wal = Path(f"{path}-wal")
    biggest = 0
    try:
        for seq in range(6000):  # some 50 MB of log: a passive checkpoint alone lets the file reach all of it
            store.append("t_wal", LoggedAction(seq, 1, 0, {"pad": "y" * 300}), status=None)
            if seq % 200 == 0:
                biggest = max(biggest, wal.stat().st_size)
        # the readers still overlap: the checkpointer must bring the log back under the limit. How
        # soon depends on how the machine schedules its thread (a loaded CI machine starves it for
        # a while), so this waits for it instead of bounding the peak
        deadline = time.monotonic() + 60
        while wal.stat().st_size > WAL_LIMIT_BYTES and time.monotonic() < deadline:
            time.sleep(0.05)
        settled = wal.stat().st_size
    finally:
        stop.set()
        for thread in readers:
            thread.join()
        store.dispose()
    # (it is past the limit in every run seen here, where only the waiting checkpoint cuts it back)
    assert settled <= WAL_LIMIT_BYTES, (settled, biggest)


@pytest.mark.postgres
def test_postgres_dropped_connections_are_replaced_without_a_ping_per_use() -> None:
    import psycopg

    with temporary_postgres_database() as url:
        store = open_store(url)
        pings = {"n": 0}
        ping = store.engine.dialect.do_ping

        def counted(conn: Any) -> bool:
            pings["n"] += 1
            return ping(conn)

        store.engine.dialect.do_ping = counted  # type: ignore[method-assign]
        store.create_table(_table("t_pg"))
        for seq in range(5):
            store.append("t_pg", LoggedAction(seq, 1, 0, {}), status=None)
            assert store.head("t_pg") is not None
        assert pings["n"] == 0  # no round trip spent checking a connection before each use
        # PostgreSQL drops every connection of this database (a restart, a failover)
        name = url.rsplit("/", 1)[1]
        with psycopg.connect(admin_url(), autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,)
            )
        head = store.head("t_pg")  # the stale pooled connection is replaced and the read tried again
        assert head is not None and head[1] == 5
        store.append("t_pg", LoggedAction(5, 1, 0, {}), status=None)
        with psycopg.connect(admin_url(), autocommit=True) as admin:  # and again, before a read by the ORM
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,)
            )
        assert [e.seq for e in store.actions("t_pg")] == list(range(6))
        store.dispose()


def test_an_unreachable_postgres_is_store_unavailable() -> None:
    with pytest.raises(StoreUnavailable) as caught:
        open_store("postgresql://postgres@127.0.0.1:1/nothing")
    assert caught.value.reason == "unreachable"


def test_a_failure_after_a_write_in_one_request_is_outcome_unknown(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'o.db'}")
    store.create_table(_table("t_o"))

    def fail(*_args: Any) -> Any:
        raise StoreUnavailable("unreachable", "gone")

    # a request that wrote, then failed to read: its write may be all that happened
    with pytest.raises(OutcomeUnknown) as caught, store.outcome():
        store.append("t_o", LoggedAction(0, 1, 0, {}), status=None)
        fail()
    assert caught.value.reason == "unreachable" and caught.value.code == "unknown"
    # a request that failed before writing anything: nothing was applied
    with pytest.raises(StoreUnavailable) as refused, store.outcome():
        store.head("t_o")
        fail()
    assert not isinstance(refused.value, OutcomeUnknown)
    # a refused write (its seq taken) is no write of this request's
    with pytest.raises(StoreUnavailable) as taken, store.outcome():
        with contextlib.suppress(SeqTaken):
            store.append("t_o", LoggedAction(0, 1, 0, {}), status=None)
        fail()
    assert not isinstance(taken.value, OutcomeUnknown)
    store.dispose()
