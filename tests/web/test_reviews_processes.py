"""Reviews in a real ``cardavia serve``: several run at once, and a server told to stop does not wait
for running reviews; it ends them and gives their jobs back, and they are done once a server runs
again."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_process import start_server

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


def _play_deal(client: httpx.Client, path: str) -> None:
    """Seat 0 plays its first legal action each turn until the deal is over."""
    while True:

        def settled() -> JSON | None:
            table: JSON = client.get(path).json()
            return table if table["status"] != "bots" else None

        table = _until(settled, 60, "the bots' turns")
        if table["status"] == "over":
            return
        reply = client.post(
            f"{path}/actions", json={"seq": table["seq"], "action": table["view"]["legal"][0]}
        )
        assert reply.status_code == 200, reply.text


@pytest.mark.slow
def test_reviews_run_side_by_side_and_a_stopping_server_gives_them_back_at_once(tmp_path: Path) -> None:
    database = tmp_path / "r.db"
    env = {"CARDAVIA_REVIEW_WORKERS": "2"}
    server = start_server(f"sqlite:///{database}", tmp_path / "s.log", env=env)
    try:
        client = httpx.Client(base_url=server.url, timeout=30)
        reviews = []
        for _ in range(2):
            table = client.post("/api/tables", json={"game": "tien-gow", "level": "easy"}).json()
            path = f"/api/tables/{table['id']}"
            _play_deal(client, path)
            reviews.append(f"{path}/deals/1/review")
        for review in reviews:
            assert client.post(review).status_code == 202

        def both_running() -> bool:
            return all(client.get(review).json()["status"] == "running" for review in reviews)

        _until(both_running, 60, "both reviews to run at once")
        stopped = time.monotonic()
        server.process.terminate()  # SIGTERM, as systemd or a terminal's Ctrl-C
        server.process.wait(30)
        took = time.monotonic() - stopped
        client.close()
    finally:
        server.stop()
    print(f"the server stopped {took:.1f} s after SIGTERM with two reviews running")
    # a review takes far longer than this (they were both still running); the bound is the issue's
    assert took < 5, took
    with sqlite3.connect(database) as db:
        statuses = [row[0] for row in db.execute("SELECT status FROM cardavia_reviews")]
    assert statuses == ["queued", "queued"]  # given back, to be taken at once by the next server
    server = start_server(f"sqlite:///{database}", tmp_path / "s2.log", env=env)
    try:
        client = httpx.Client(base_url=server.url, timeout=30, cookies=client.cookies)
        for review in reviews:

            def done(review: str = review) -> JSON | None:
                reply: JSON = client.get(review).json()
                assert reply["status"] in ("queued", "running", "done"), reply
                return reply if reply["status"] == "done" else None

            reply = _until(done, 300, "the review to be done after the restart")
            assert reply["review"]["game"] == "tien-gow" and reply["review"]["seat"] == 0
        client.close()
    finally:
        server.stop()
