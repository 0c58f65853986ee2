"""Real ``cardavia serve`` processes under faults: a PostgreSQL outage (a proxy cut and restored),
a held SQLite write lock, a slow-loris client, kill -9 while the bot worker starts, and start-up
with a database it cannot use."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from fault_proxy import proxied
from server_process import running_server, start_server

JSON = dict[str, Any]


def _until(predicate: Any, timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out: {what}")
        time.sleep(0.05)


def _human(client: httpx.Client, url: str) -> JSON:
    def ready() -> JSON | None:
        reply = client.get(url)
        if reply.status_code == 200 and reply.json()["status"] != "bots":
            return reply.json()  # type: ignore[no-any-return]
        return None

    return _until(ready, 60, "the bots' turns")  # type: ignore[no-any-return]


@pytest.mark.postgres
@pytest.mark.slow
def test_a_postgres_outage_answers_503s_the_stream_survives_and_play_carries_on(
    tmp_path: Path, postgres_url: str
) -> None:
    with (
        proxied(postgres_url) as (url, proxy),
        running_server(url, tmp_path / "s.log", pace_ms=200) as server,
    ):
        client = httpx.Client(base_url=server.url, timeout=30)
        table = client.post("/api/tables", json={"game": "tien-gow", "level": "easy"}).json()
        path = f"/api/tables/{table['id']}"
        table = _human(client, path)
        lines: list[str] = []
        stream_ended = threading.Event()

        def follow() -> None:
            try:
                with client.stream("GET", f"{path}/events") as reply:
                    assert reply.status_code == 200
                    for line in reply.iter_lines():
                        lines.append(line)
            except httpx.HTTPError:
                pass
            stream_ended.set()

        threading.Thread(target=follow, daemon=True).start()
        _until(lambda: any(x.startswith("id: ") for x in lines), 20, "the first event")
        # seat 0 moves until the bots are to play (a trick seat 0 completes and wins is its lead
        # again), and the bots are playing when the database goes away
        while True:
            reply = client.post(
                f"{path}/actions", json={"seq": table["seq"], "action": table["view"]["legal"][0]}
            )
            assert reply.status_code == 200, reply.text
            table = reply.json()
            if table["status"] == "bots":
                break
            assert table["status"] == "human", table["status"]
        proxy.cut()
        answers = [client.get(path) for _ in range(3)]
        assert all(a.status_code == 503 for a in answers), [a.text for a in answers]
        assert all(a.json()["error"]["code"] == "unavailable" and a.headers["retry-after"] for a in answers)
        reconnect = client.get(f"{path}/events", headers={"Last-Event-ID": "1"})
        assert reconnect.status_code == 503 and reconnect.headers["retry-after"]
        time.sleep(17)  # past a keepalive: the stream stays open through the outage
        assert not stream_ended.is_set()
        proxy.restore()
        # with nobody asking, the driver carries on by itself and the stream follows it
        before = len(lines)

        def news() -> bool:
            return any(x.startswith("data: ") and '"status":"human"' in x for x in lines[before:])

        _until(news, 60, "the bots finishing their turns after the outage")
        assert not stream_ended.is_set()
        # a browser reconnecting after the outage gets the stream again, from its Last-Event-ID
        last_id = [x for x in lines if x.startswith("id: ")][-1].split(": ")[1]
        with client.stream("GET", f"{path}/events", headers={"Last-Event-ID": last_id}) as again:
            assert again.status_code == 200
            for line in again.iter_lines():
                if line.startswith("data: "):
                    break
        table = _human(client, path)
        reply = client.post(
            f"{path}/actions", json={"seq": table["seq"], "action": table["view"]["legal"][0]}
        )
        assert reply.status_code == 200
        client.close()


def test_a_held_sqlite_write_lock_delays_only_the_writes(tmp_path: Path) -> None:
    database = tmp_path / "locked.db"
    with running_server(f"sqlite:///{database}", tmp_path / "s.log") as server:
        client = httpx.Client(base_url=server.url, timeout=30)
        table = client.post("/api/tables", json={"game": "cherki", "level": "easy"}).json()
        path = f"/api/tables/{table['id']}"
        table = _human(client, path)
        locker = sqlite3.connect(database, isolation_level=None)
        locker.execute("BEGIN IMMEDIATE")  # another program holds the write lock
        posted: list[httpx.Response] = []
        writer = threading.Thread(
            target=lambda: posted.append(
                httpx.post(
                    f"{server.url}{path}/actions",
                    json={"seq": table["seq"], "action": table["view"]["legal"][0]},
                    cookies=client.cookies,
                    timeout=30,
                )
            )
        )
        writer.start()
        time.sleep(0.3)  # the write is now waiting for the lock
        try:
            for _ in range(5):  # reads are answered while the write waits
                assert client.get(path).status_code == 200
                assert client.get("/api/history").status_code == 200
            assert writer.is_alive() and not posted, "the reads waited for the locked write"
        finally:
            locker.execute("ROLLBACK")
            locker.close()
        writer.join(30)
        assert posted and posted[0].status_code == 200, posted[0].text if posted else None
        client.close()


def test_a_slow_loris_connection_is_closed(tmp_path: Path) -> None:
    server = start_server(
        f"sqlite:///{tmp_path / 'l.db'}", tmp_path / "s.log", env={"CARDAVIA_HEADER_TIMEOUT_S": "1"}
    )
    try:
        port = int(server.url.rsplit(":", 1)[1])
        sock = socket.create_connection(("127.0.0.1", port))
        sock.settimeout(0.2)
        sock.sendall(b"GET /api/history HTTP/1.1\r\nHost: x\r\n")
        closed = False
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and not closed:
            try:
                sock.sendall(b"X")  # one byte of a header, now and then, never the end
                closed = sock.recv(1) == b""
            except TimeoutError:
                continue
            except OSError:
                closed = True
        sock.close()
        assert closed, "the server kept a connection whose headers never ended"
        # a whole request on a fresh connection is answered as ever
        assert httpx.get(f"{server.url}/api/history", timeout=10).status_code == 200
    finally:
        server.stop()


def _marked(marker: str) -> list[int]:
    """Processes whose environment carries ``marker`` (a server and everything it started)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            environ = Path(f"/proc/{entry}/environ").read_bytes()
            status = Path(f"/proc/{entry}/status").read_text()
        except OSError:
            continue
        if marker.encode() in environ and "State:\tZ" not in status:
            found.append(int(entry))
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("moment", ["while its bot worker starts", "once its bot worker runs"])
def test_kill_9_of_the_server_leaves_no_process_behind(tmp_path: Path, moment: str) -> None:
    marker = f"CARDAVIA_TEST_MARK={uuid.uuid4().hex}"
    key, _, value = marker.partition("=")
    server = start_server(f"sqlite:///{tmp_path / 'o.db'}", tmp_path / "s.log", env={key: value}, wait=False)
    try:
        # the server starts its bot worker at start-up: kill it while that worker is still importing
        _until(lambda: len(_marked(marker)) >= 2, 60, "the bot worker's start")
        if moment == "once its bot worker runs":
            _until(lambda: httpx.get(f"{server.url}/api/history", timeout=1).status_code == 200, 60, "up")
            time.sleep(3)
        server.kill()
        _until(lambda: not _marked(marker), 20, f"every process of the server gone ({_marked(marker)})")
    finally:
        server.stop()
        for pid in _marked(marker):
            os.kill(pid, 9)


@pytest.mark.parametrize(
    "database, reason",
    [
        ("nosuchdb://nowhere", "not a database URL"),
        ("postgresql://postgres@127.0.0.1:1/none", "unreachable"),
        ("sqlite:///file:{tmp}/ro.db?mode=ro&uri=true", "read-only"),
        ("sqlite:///{tmp}/no/such/folder/x.db", "unavailable"),
    ],
)
def test_start_up_with_an_unusable_database_exits_with_one_line(
    tmp_path: Path, database: str, reason: str
) -> None:
    if "mode=ro" in database:
        sqlite3.connect(tmp_path / "ro.db").close()  # exists (empty), but this URL opens it read-only
    url = database.format(tmp=tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "cardavia", "serve", "--port", "1", "--database", url],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.startswith("cardavia serve:")]
    assert len(lines) == 1 and reason in lines[0], done.stderr
