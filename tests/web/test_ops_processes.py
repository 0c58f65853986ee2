"""``cardavia serve`` as an operator runs it: JSON access logs, one server per SQLite file, /readyz
through a database outage, and ``--workers 2`` on PostgreSQL: two processes behind one port, one of
them killed with kill -9 in the middle of play."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fault_proxy import proxied
from prometheus_client.parser import text_string_to_metric_families
from server_process import running_server

from cardavia.store.db import open_store

JSON = dict[str, Any]
LOG_KEYS = {"time", "method", "route", "status", "duration_ms"}


def serve_once(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardavia", "serve", "--port", "1", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.slow
def test_access_log_is_one_json_object_a_request_with_no_token_or_cookie(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    database = f"sqlite:///{tmp_path / 'a.db'}"
    with running_server(database, log, args=["--access-log", "json"]) as server:
        with httpx.Client(base_url=server.url, timeout=10) as host:
            created = host.post("/api/tables", json={"game": "cherki", "level": "easy", "friends": 1})
            assert created.status_code == 201, created.text
            token = created.json()["invites"][0]["url"].rsplit("/join/", 1)[1]
            secrets = [token, *(c for c in host.cookies.values())]
            assert host.get(f"/api/tables/{created.json()['id']}", params={"lang": "ms"}).status_code == 200
        with httpx.Client(base_url=server.url, timeout=10) as guest:
            assert guest.get(f"/join/{token}").status_code == 200
            assert guest.post(f"/api/join/{token}", json={"name": "Siti"}).status_code == 200
            secrets += list(guest.cookies.values())
            assert guest.get("/healthz").status_code == 200
    text = log.read_text()
    for secret in secrets:
        assert secret not in text
    entries = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    assert all(entry.keys() == LOG_KEYS for entry in entries), entries
    routes = [(e["method"], e["route"], e["status"]) for e in entries]
    assert ("POST", "/api/tables", 201) in routes
    assert ("GET", "/api/tables/{table_id}", 200) in routes
    assert ("GET", "/join/{token}", 200) in routes
    assert ("POST", "/api/join/{token}", 200) in routes
    assert ("GET", "/healthz", 200) in routes
    assert all(isinstance(e["duration_ms"], float | int) and e["duration_ms"] >= 0 for e in entries)


@pytest.mark.slow
def test_one_server_per_sqlite_file(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'one.db'}"
    refused = serve_once("--database", database, "--workers", "2")
    assert refused.returncode == 2
    lines = [line for line in refused.stderr.splitlines() if line.startswith("cardavia serve:")]
    assert len(lines) == 1 and "PostgreSQL" in lines[0], refused.stderr
    with running_server(database, tmp_path / "server.log") as server:
        second = serve_once("--database", database)
        assert second.returncode == 2
        lines = [line for line in second.stderr.splitlines() if line.startswith("cardavia serve:")]
        assert len(lines) == 1 and "already served" in lines[0], second.stderr
        assert "Traceback" not in second.stderr
        assert httpx.get(f"{server.url}/readyz", timeout=5).status_code == 200  # the first serves on
        server.kill()  # kill -9 leaves no lock behind: the kernel drops it with the process
    with running_server(database, tmp_path / "server.log") as again:
        assert httpx.get(f"{again.url}/readyz", timeout=5).status_code == 200


def poll_ready(url: str, wanted: int, within_s: float) -> tuple[int, JSON]:
    """Ask ``url``/readyz until it answers ``wanted`` or ``within_s`` passes: the last answer."""
    deadline = time.monotonic() + within_s
    while True:
        try:
            reply = httpx.get(f"{url}/readyz", timeout=within_s)
            status, body = reply.status_code, reply.json()
        except httpx.HTTPError as exc:
            status, body = 0, {"error": str(exc)}
        if status == wanted or time.monotonic() > deadline:
            return status, body
        time.sleep(0.05)


@pytest.mark.postgres
@pytest.mark.slow
def test_readyz_follows_a_database_outage_and_its_end_within_2_s(tmp_path: Path, postgres_url: str) -> None:
    with proxied(postgres_url) as (url, proxy), running_server(url, tmp_path / "server.log") as server:
        assert poll_ready(server.url, 200, 5)[0] == 200
        for _ in range(2):  # an outage, its end, and the same again
            proxy.cut()
            status, body = poll_ready(server.url, 503, 2.0)
            assert status == 503, body
            assert body["status"] == "unready" and body["reason"], body
            assert httpx.get(f"{server.url}/healthz", timeout=5).status_code == 200  # the process answers
            proxy.restore()
            status, body = poll_ready(server.url, 200, 2.0)
            assert status == 200, body
        metrics = httpx.get(f"{server.url}/metrics", timeout=10).text
    errors = {
        s.labels["reason"]: s.value
        for f in text_string_to_metric_families(metrics)
        if f.name == "cardavia_database_errors"
        for s in f.samples
        if s.name.endswith("_total")
    }
    assert sum(errors.values()) >= 2, errors  # each outage was counted


class Site:
    """A browser of the one port (a fresh connection a request: the kernel hands each to either
    worker); a request a dying worker drops is sent again, as the page does."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.cookies = httpx.Cookies()
        self.dropped = 0

    def send(self, method: str, path: str, body: JSON | None = None) -> httpx.Response:
        for _ in range(20):
            try:
                with httpx.Client(base_url=self.url, cookies=self.cookies, timeout=20) as client:
                    reply = client.request(method, path, json=body)
                    self.cookies.update(client.cookies)
            except httpx.TransportError:
                self.dropped += 1
                time.sleep(0.1)
                continue
            if reply.status_code != 503:
                return reply
            time.sleep(0.1)
        raise AssertionError(f"{method} {path}: the site stopped answering")

    def table(self, path: str) -> JSON:
        deadline = time.monotonic() + 60
        while True:
            reply = self.send("GET", path)
            assert reply.status_code == 200, reply.text
            table: JSON = reply.json()
            if table["status"] != "bots":
                return table
            assert time.monotonic() < deadline, "the bots never finished their turns"
            time.sleep(0.01)


def worker_pids(url: str, count: int) -> set[int]:
    """The pids of the processes answering on ``url`` (asked until ``count`` are seen)."""
    seen: set[int] = set()
    deadline = time.monotonic() + 60
    while len(seen) < count:
        assert time.monotonic() < deadline, seen
        try:
            with httpx.Client(timeout=5) as client:  # a new connection: either worker may take it
                seen.add(int(client.get(f"{url}/healthz").json()["pid"]))
        except httpx.TransportError:
            time.sleep(0.1)
    return seen


@pytest.mark.postgres
@pytest.mark.slow
def test_two_workers_behind_one_port_play_on_through_a_kill_9(tmp_path: Path, postgres_url: str) -> None:
    rng = random.Random(22)
    acked: list[tuple[int, JSON]] = []  # (seq, action) answered 200
    with running_server(postgres_url, tmp_path / "server.log", args=["--workers", "2"]) as server:
        first = worker_pids(server.url, 2)
        site = Site(server.url)
        created = site.send("POST", "/api/tables", {"game": "cherki", "level": "easy", "pace_ms": 0})
        assert created.status_code == 201, created.text
        path = f"/api/tables/{created.json()['id']}"
        killed: int | None = None
        for turn in range(60):
            table = site.table(path)
            if turn == 20:  # mid-play: one worker dies with no warning
                killed = rng.choice(sorted(first))
                os.kill(killed, signal.SIGKILL)
            if table["status"] == "over":
                reply = site.send("POST", f"{path}/next-deal", {"seq": table["seq"]})
                assert reply.status_code == 200, reply.text
                continue
            action = rng.choice(table["view"]["legal"])
            reply = site.send("POST", f"{path}/actions", {"seq": table["seq"], "action": action})
            assert reply.status_code in (200, 409), reply.text  # 409: a resend of one already applied
            if reply.status_code == 200:
                acked.append((table["seq"], action))
        # uvicorn's supervisor started a worker in the dead one's place
        after = worker_pids(server.url, 2)
        assert killed is not None and killed not in after and len(after - first) == 1
        # a scrape through either worker sees every worker's requests
        families = text_string_to_metric_families(httpx.get(f"{server.url}/metrics", timeout=10).text)
        counted = sum(
            s.value
            for f in families
            if f.name == "cardavia_http_requests"
            for s in f.samples
            if s.name.endswith("_total") and s.labels["route"] == "/api/tables/{table_id}/actions"
        )
        assert counted >= len(acked)
    store = open_store(postgres_url, migrate=False)
    try:
        log = store.actions(created.json()["id"])
    finally:
        store.dispose()
    seqs = [entry.seq for entry in log]
    assert seqs == list(range(len(log)))  # no gap, nothing twice
    by_seq = {entry.seq: entry.action for entry in log}
    for seq, action in acked:  # every acknowledged action is in the log, where it was acknowledged
        assert {k: v for k, v in by_seq[seq].items() if k in action} == action
    assert len(acked) >= 20


@pytest.mark.postgres
@pytest.mark.slow
def test_a_worker_killed_during_an_outage_waits_for_the_database_and_the_site_comes_back(
    tmp_path: Path, postgres_url: str
) -> None:
    log = tmp_path / "server.log"
    with proxied(postgres_url) as (url, proxy), running_server(url, log, args=["--workers", "2"]) as server:
        first = worker_pids(server.url, 2)
        proxy.cut()
        os.kill(min(first), signal.SIGKILL)
        deadline = time.monotonic() + 60
        while "worker start: database unavailable" not in log.read_text():
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.2)
        assert server.process.poll() is None  # the supervisor did not give up
        proxy.restore()
        after = worker_pids(server.url, 2)  # the replacement started once the database was back
        assert len(after - first) == 1
        for _ in range(6):  # and every worker is ready
            assert poll_ready(server.url, 200, 10)[0] == 200
