"""The site in Chromium through ``cardavia serve --workers 2`` on PostgreSQL: two processes behind one
port. A whole deal is played through the page, one worker is killed with kill -9, and the next deal
is played through the same page (its requests and event stream now answered by the survivor and the
worker started in the dead one's place)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from e2e_play import table_state
from e2e_server import CHROMIUM
from test_site_e2e import finish_deal, open_table

from postgres_databases import temporary_postgres_database

pytestmark = [pytest.mark.e2e, pytest.mark.postgres, pytest.mark.slow]


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def pids_answering(url: str, count: int) -> set[int]:
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


def test_a_deal_through_two_workers_then_another_after_a_kill_9(page: Any, tmp_path: Path) -> None:
    import shutil

    if not shutil.which(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (make browser)")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = {**os.environ, "CARDAVIA_PACE_MS": "0", "CARDAVIA_MIN_STEP_MS": "0", "CARDAVIA_CREATE_BURST": "500"}
    with temporary_postgres_database() as database, (tmp_path / "server.log").open("wb") as log:
        command = [sys.executable, "-m", "cardavia", "serve", "--port", str(port), "--database", database]
        proc = subprocess.Popen([*command, "--workers", "2"], env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            workers = pids_answering(url, 2)
            open_table(page, url, "cherki", "en")
            first = finish_deal(page, keyboard=False)
            os.kill(sorted(workers)[0], signal.SIGKILL)
            page.locator("#act-next").click()
            page.wait_for_function("() => document.getElementById('result').hidden", timeout=90_000)
            second = finish_deal(page, keyboard=False)
            assert second["deal_no"] > first["deal_no"]
            assert table_state(page)["id"] == first["id"]
            assert len(pids_answering(url, 2) - workers) == 1  # the dead worker was replaced
        finally:
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
