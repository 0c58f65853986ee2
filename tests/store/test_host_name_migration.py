"""Revision 0009: a table keeps its host's chosen name and when its last invited seat was filled;
tables made before it have neither, and their host is still the seat no invited person holds."""

from __future__ import annotations

import json
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import text

from cardavia.service.state import host_seat
from cardavia.store.db import Store
from cardavia.store.schema import MIGRATIONS


def test_tables_made_before_keep_their_host_and_have_no_name(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with store.engine.connect() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0008")
        conn.commit()
        conn.execute(
            text(
                "INSERT INTO cardavia_tables (id, game, level, seed, options, seats, owner, pace_ms, status,"
                " created_at, people) VALUES ('t_old', 'cherki', 'easy', 5, '{}', :seats, :host, 0, 'human',"
                " 1.0, :people)"
            ),
            {
                "seats": json.dumps(["human"] * 3),
                "host": "a" * 64,
                "people": json.dumps(
                    [None, {"owner": "g" * 64, "name": "Ann"}, {"owner": "h" * 64, "name": "Bo"}]
                ),
            },
        )
        conn.commit()
    store.migrate()
    record = store.head("t_old")[0]  # type: ignore[index]
    assert record.host_name is None and record.seated_at is None
    assert host_seat(record) == 0
    # and back down: the columns go, the table stays
    with store.engine.connect() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0008")
        conn.commit()
        assert conn.execute(text("SELECT id FROM cardavia_tables")).scalar_one() == "t_old"
    store.dispose()
