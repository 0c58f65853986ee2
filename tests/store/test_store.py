"""The action log: migrations, the unique (table, seq) key, WAL, URLs, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect, text

from cardavia.store.db import Store, open_store
from cardavia.store.engine import database_url_from
from cardavia.store.errors import SeqTaken
from cardavia.store.records import FinishedDeal, LoggedAction, TableRecord
from postgres_databases import temporary_postgres_database


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        s = open_store(f"sqlite:///{tmp_path / 'log.db'}")
        yield s
        s.dispose()
    else:
        with temporary_postgres_database() as url:
            s = open_store(url)
            yield s
            s.dispose()


def _table(table_id: str = "t_1", owner: str = "a" * 64) -> TableRecord:
    return TableRecord(
        id=table_id,
        game="cherki",
        level="easy",
        seed=2**62 + 5,
        options={},
        seats=("human", "easy", "easy"),
        owner=owner,
        pace_ms=700,
        status="human",
        created_at=1.5,
    )


def _head_revision() -> str:
    """The newest packaged migration, as Alembic reads the scripts."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(_migrations()))
    head = ScriptDirectory.from_config(cfg).get_current_head()
    assert head is not None
    return head


def test_migrations_create_the_schema_and_are_idempotent(store: Store) -> None:
    store.migrate()  # a second start-up changes nothing
    names = set(inspect(store.engine).get_table_names())
    assert {
        "cardavia_tables",
        "cardavia_actions",
        "cardavia_deals",
        "cardavia_reviews",
        "cardavia_invites",
        "alembic_version",
    } <= names
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == _head_revision()


def test_table_round_trip_and_head_counts_actions(store: Store) -> None:
    store.create_table(_table())
    head = store.head("t_1")
    assert head is not None
    record, length = head
    assert record == _table() and length == 0
    store.append("t_1", LoggedAction(0, 1, 0, {"do": "draw", "seat": 0}), status="human")
    store.append("t_1", LoggedAction(1, 1, 0, {"do": "discard", "card": "5c"}), status="bots")
    assert store.head("t_1") == (TableRecord(**{**_table().__dict__, "status": "bots"}), 2)
    assert [e.action["do"] for e in store.actions("t_1")] == ["draw", "discard"]
    assert [e.seq for e in store.actions("t_1", 1)] == [1]
    assert store.tables_with_status("bots") == ["t_1"]
    assert store.head("t_missing") is None


def test_a_seq_is_written_once(store: Store) -> None:
    store.create_table(_table())
    store.append("t_1", LoggedAction(0, 1, 0, {"do": "draw"}), status="human")
    with pytest.raises(SeqTaken):
        store.append("t_1", LoggedAction(0, 1, 0, {"do": "take"}), status="human")
    assert [e.action for e in store.actions("t_1")] == [{"do": "draw"}]
    assert store.head("t_1") is not None and store.head("t_1")[1] == 1  # type: ignore[index]


def test_racing_writers_of_one_seq_one_wins(store: Store) -> None:
    store.create_table(_table())
    outcomes: list[str] = []
    barrier = threading.Barrier(8)

    def write(n: int) -> None:
        barrier.wait()
        try:
            store.append("t_1", LoggedAction(0, 1, 0, {"n": n}), status="human")
            outcomes.append("won")
        except SeqTaken:
            outcomes.append("lost")

    threads = [threading.Thread(target=write, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["lost"] * 7 + ["won"]
    assert len(store.actions("t_1")) == 1


def test_finished_deals_make_the_owners_history(store: Store) -> None:
    store.create_table(_table("t_1", owner="a" * 64))
    store.create_table(_table("t_2", owner="b" * 64))
    done = FinishedDeal("t_1", 1, "cherki", {"winner": 1}, 10.0)
    store.append("t_1", LoggedAction(0, 1, 0, {"do": "draw"}), status="over", finished=done, owner="a" * 64)
    assert store.history("a" * 64) == [done]
    assert store.history("b" * 64) == []


def _shared_table(table_id: str = "t_s", host: str = "a" * 64) -> TableRecord:
    base = _table(table_id, owner=host)
    return TableRecord(**{**base.__dict__, "people": (None, {"owner": None}, None)})


def test_a_guest_history_holds_the_deals_of_the_seat_they_took(store: Store) -> None:
    host, guest, other = "a" * 64, "g" * 64, "o" * 64
    store.create_table(_shared_table("t_s", host))
    store.new_invite("t_s", 1, "h" * 64, 1.0)
    assert store.claim_invite("h" * 64, guest, "Mei") == ("t_s", 1)
    done = FinishedDeal("t_s", 1, "cherki", {"winner": 1}, 10.0)
    store.append("t_s", LoggedAction(0, 1, 0, {"do": "draw"}), status="over", finished=done, owner=host)
    assert store.history(host) == [done]
    assert store.history(guest) == [done]
    assert store.history(other) == []


def test_a_guest_history_is_found_by_an_index(tmp_path: Path) -> None:
    s = open_store(f"sqlite:///{tmp_path / 'plan.db'}")
    with s.engine.connect() as conn:
        plan = conn.execute(
            text("EXPLAIN QUERY PLAN SELECT table_id FROM cardavia_invites WHERE owner = :o"), {"o": "g"}
        ).all()
    s.dispose()
    assert any("ix_cardavia_invites_owner" in str(row[-1]) for row in plan), plan


def test_the_invite_owner_migration_fills_in_who_took_each_seat(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config

    from cardavia.store.schema import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'old.db'}"
    old = open_store(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    guest = "g" * 64
    with old.engine.connect() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0004")
        people = json.dumps([None, {"owner": guest, "name": "Mei"}, {"owner": None}])
        conn.execute(
            text(
                "INSERT INTO cardavia_tables (id, game, level, seed, options, seats, owner, pace_ms, status,"
                " created_at, people) VALUES ('t_o', 'cherki', 'easy', 5, '{}', :seats,"
                " :host, 700, 'over', 1.0, :people)"
            ),
            {"host": "a" * 64, "people": people, "seats": json.dumps(["human"] * 3)},
        )
        for token, seat, status in (("u" * 64, 1, "used"), ("r" * 64, 1, "revoked"), ("p" * 64, 2, "open")):
            conn.execute(
                text("INSERT INTO cardavia_invites VALUES (:t, 't_o', :s, :st, 1.0)"),
                {"t": token, "s": seat, "st": status},
            )
        conn.execute(
            text("INSERT INTO cardavia_deals VALUES ('t_o', 1, :host, 'cherki', '{}', 2.0)"),
            {"host": "a" * 64},
        )
        conn.commit()
    old.dispose()
    new = open_store(url)  # migrates to the newest schema
    assert [d.table_id for d in new.history(guest)] == ["t_o"]
    with new.engine.connect() as conn:
        owners = dict(conn.execute(text("SELECT token_hash, owner FROM cardavia_invites")).all())
    new.dispose()
    assert owners == {"u" * 64: guest, "r" * 64: None, "p" * 64: None}


def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    s = open_store(f"sqlite:///{tmp_path / 'w.db'}")
    with s.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar_one() == "wal"
    s.dispose()


def test_database_url_default_env_and_postgres_driver(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("CARDAVIA_DATABASE_URL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    default = database_url_from(None)
    assert default.startswith("sqlite:///") and default.endswith("cardavia.db")
    assert Path(default.removeprefix("sqlite:///")).parent.is_dir()
    monkeypatch.setenv("CARDAVIA_DATABASE_URL", "postgresql://u@h:5432/db")
    assert database_url_from(None) == "postgresql+psycopg://u@h:5432/db"
    assert database_url_from("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url_from("sqlite:///x.db") == "sqlite:///x.db"


@pytest.mark.postgres
def test_a_postgres_append_is_one_statement_with_its_news_and_all_or_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The action, the table's status, the finished deal and the NOTIFY go in one statement outside
    any transaction block (one round trip, no BEGIN or COMMIT), and a taken seq writes none of them."""
    import psycopg

    with temporary_postgres_database() as url:
        s = open_store(url)
        try:
            s.create_table(_table())
            sent: list[tuple[str, bool]] = []
            execute = psycopg.Cursor.execute

            def counting(cur: psycopg.Cursor[Any], query: Any, *args: Any, **kwargs: Any) -> Any:
                sent.append((str(query), cur.connection.autocommit))
                return execute(cur, query, *args, **kwargs)

            listener = psycopg.connect(url.replace("+psycopg", ""), autocommit=True)
            listener.execute("LISTEN cardavia_tables")
            monkeypatch.setattr(psycopg.Cursor, "execute", counting)
            done = FinishedDeal("t_1", 1, "cherki", {"winner": 1}, 10.0)
            s.append(
                "t_1", LoggedAction(0, 1, 0, {"do": "draw"}), status="over", finished=done, owner="a" * 64
            )
            assert len(sent) == 1 and sent[0][1] is True
            with pytest.raises(SeqTaken):
                s.append(
                    "t_1",
                    LoggedAction(0, 1, 0, {"do": "take"}),
                    status="bots",
                    finished=FinishedDeal("t_1", 2, "cherki", {"winner": 2}, 11.0),
                    owner="a" * 64,
                )
            monkeypatch.undo()
            notes = [n.payload for n in listener.notifies(timeout=0.5, stop_after=2)]
            listener.close()
            assert notes == [s.notice("t_1", 0)]
            assert s.head("t_1") == (TableRecord(**{**_table().__dict__, "status": "over"}), 1)
            assert s.history("a" * 64) == [done]
            assert [e.action for e in s.actions("t_1")] == [{"do": "draw"}]
        finally:
            s.dispose()


def test_tables_tried_before_seeds_of_their_own_end_with_their_deal(tmp_path: Path) -> None:
    """Revision 0007: a table made from another's deal before it had a seed of its own shares that
    table's seed, so its next deal would be one the other table is still to play. The migration finds
    such tables by the shared seed and marks them to end with their deal; the first table keeps on."""
    from alembic import command
    from alembic.config import Config

    from cardavia.store.db import Store

    url = f"sqlite:///{tmp_path / 'old.db'}"
    store = Store(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(_migrations()))
    with store.engine.connect() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0006")
        conn.commit()
        for tid, seed, at in (("t_live", 7, 1.0), ("t_tried", 7, 2.0), ("t_other", 8, 3.0)):
            conn.execute(
                text(
                    "INSERT INTO cardavia_tables (id, game, level, seed, options, seats, owner, pace_ms,"
                    " status, created_at, people) VALUES (:id, 'cherki', 'easy', :seed, '{}',"
                    " '[\"human\", \"easy\", \"easy\"]', :owner, 0, 'human', :at, '[]')"
                ),
                {"id": tid, "seed": seed, "owner": "a" * 64, "at": at},
            )
        conn.commit()
    store.migrate()
    assert store.head("t_live")[0].origin is None  # type: ignore[index]
    assert store.head("t_tried")[0].origin == {"ends": True}  # type: ignore[index]
    assert store.head("t_other")[0].origin is None  # type: ignore[index]
    store.dispose()


def _migrations() -> Path:
    from cardavia.store.schema import MIGRATIONS

    return MIGRATIONS
