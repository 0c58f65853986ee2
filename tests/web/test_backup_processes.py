"""``cardavia backup`` while a table is in play, more play, the server stopped, ``cardavia restore``:
the restarted server serves the table at the point of the backup (SQLite, and PostgreSQL when its
tools are on the machine)."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_process import running_server

JSON = dict[str, Any]


def cardavia(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardavia", *args], capture_output=True, text=True, timeout=120
    )


def at_persons_turn(client: httpx.Client, path: str) -> JSON:
    for _ in range(3000):
        table: JSON = client.get(path).json()
        if table["status"] != "bots":
            return table
    raise AssertionError("the bots never finished their turns")


def play(client: httpx.Client, path: str, moves: int, rng: random.Random) -> JSON:
    table = at_persons_turn(client, path)
    for _ in range(moves):
        if table["status"] == "over":
            reply = client.post(f"{path}/next-deal", json={"seq": table["seq"]})
        else:
            action = rng.choice(table["view"]["legal"])
            reply = client.post(f"{path}/actions", json={"seq": table["seq"], "action": action})
        assert reply.status_code == 200, reply.text
        table = at_persons_turn(client, path)
    return table


def backed_up_and_restored(database: str, tmp_path: Path, backup_file: Path) -> None:
    rng = random.Random(5)
    log = tmp_path / "server.log"
    with running_server(database, log) as server, httpx.Client(base_url=server.url, timeout=20) as host:
        created = host.post("/api/tables", json={"game": "cherki", "level": "easy", "pace_ms": 0})
        assert created.status_code == 201, created.text
        path = f"/api/tables/{created.json()['id']}"
        saved = play(host, path, 4, rng)
        done = cardavia("backup", "--database", database, "--to", str(backup_file))
        assert done.returncode == 0, done.stderr
        later = play(host, path, 4, rng)
        assert later["seq"] > saved["seq"]  # the database moved on after the backup
        cookies = host.cookies
    done = cardavia("restore", "--database", database, "--from", str(backup_file))
    assert done.returncode == 0, done.stderr
    with (
        running_server(database, log) as server,
        httpx.Client(base_url=server.url, timeout=20, cookies=cookies) as host,
    ):
        restored = at_persons_turn(host, path)
        assert restored["seq"] == saved["seq"]
        assert restored["view"] == saved["view"] and restored["status"] == saved["status"]
        # and it plays on from there
        play(host, path, 2, rng)


@pytest.mark.slow
def test_a_sqlite_backup_restores_the_table_at_its_point(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'site.db'}"
    backed_up_and_restored(database, tmp_path, tmp_path / "site-backup.db")


@pytest.mark.slow
def test_restore_refuses_a_sqlite_file_being_served(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'site.db'}"
    with running_server(database, tmp_path / "server.log"):
        assert cardavia("backup", "--database", database, "--to", str(tmp_path / "b.db")).returncode == 0
        done = cardavia("restore", "--database", database, "--from", str(tmp_path / "b.db"))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "already served" in done.stderr, done.stderr


@pytest.mark.postgres
@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("pg_dump") is None or shutil.which("pg_restore") is None,
    reason="PostgreSQL's pg_dump and pg_restore are not on this machine's PATH",
)
def test_a_postgres_backup_restores_the_table_at_its_point(tmp_path: Path, postgres_url: str) -> None:
    backed_up_and_restored(postgres_url, tmp_path, tmp_path / "site.dump")
