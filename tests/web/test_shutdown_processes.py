"""A routine stop of ``cardavia serve`` (SIGTERM, as systemd sends it on every deploy) while people
hold their tables' event streams: every stream ends as a normal end (the page reconnects), nothing is
logged as an ERROR (an alert on ERROR lines must not page on a deploy), and the exit status is 0."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import httpx
import pytest
from server_process import Server, start_server


def hold_streams(server: Server, streams: int) -> tuple[list[threading.Thread], list[str]]:
    """``streams`` event streams open on tables of people (two streams a table, each its own
    browser's table): each thread notes how its stream ended once the first event came."""
    ended: list[str] = []
    opened = threading.Semaphore(0)

    def hold(client: httpx.Client, table_id: str) -> None:
        try:
            with client.stream("GET", f"/api/tables/{table_id}/events") as stream:
                first = True
                for line in stream.iter_lines():
                    if first and line.startswith("data: "):
                        assert json.loads(line[6:])["id"] == table_id
                        first = False
                        opened.release()
            ended.append("end")  # the server ended the response: the last chunk came
        except httpx.HTTPError as exc:
            ended.append(type(exc).__name__)
            opened.release()

    threads = []
    for n in range(streams):
        client = httpx.Client(base_url=server.url, timeout=httpx.Timeout(10, read=60))
        created = client.post("/api/tables", json={"game": ("cherki", "pai-gow")[n % 2], "level": "easy"})
        assert created.status_code == 201, created.text
        threads.append(threading.Thread(target=hold, args=(client, created.json()["id"]), daemon=True))
    for t in threads:
        t.start()
    for _ in threads:
        assert opened.acquire(timeout=30)
    return threads, ended


def stop_and_check(server: Server, streams: int) -> None:
    threads, ended = hold_streams(server, streams)
    time.sleep(0.5)  # every stream is waiting for news
    server.process.terminate()  # SIGTERM
    status = server.process.wait(30)
    for t in threads:
        t.join(10)
    log = server.log.read_text()
    assert status == 0, log[-3000:]
    assert ended == ["end"] * streams, ended
    errors = [line for line in log.splitlines() if "ERROR" in line or "Traceback" in line]
    assert not errors, log[-5000:]
    assert "Shutting down" in log  # it was a graceful stop, not a kill


@pytest.mark.slow
def test_a_stop_with_open_streams_ends_them_and_logs_no_error(tmp_path: Path) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'stop.db'}", tmp_path / "server.log")
    try:
        stop_and_check(server, 4)
    finally:
        server.kill()


@pytest.mark.postgres
@pytest.mark.slow
def test_a_stop_of_two_workers_with_open_streams_logs_no_error(tmp_path: Path, postgres_url: str) -> None:
    server = start_server(postgres_url, tmp_path / "server.log", args=["--workers", "2"])
    try:
        stop_and_check(server, 6)
    finally:
        server.kill()
