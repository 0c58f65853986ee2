"""The real server for the browser tests: ``cardavia serve`` on a free port with a temporary SQLite,
toy games of the tests registered in it where asked, and where Debian's Chromium is.

A module of its own (``conftest`` re-exports it): a test module imports its helpers from here, which
names one file whichever folders pytest was given (``from conftest import`` finds whichever
``conftest`` was imported last).
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from cardavia.games.registry import GameEntry
from game_cases import cardavia_command

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_up(url: str, proc: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"cardavia serve exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=1) as reply:
                if reply.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("cardavia serve did not answer")


def start_server(database: Path, toys: Sequence[GameEntry] = ()) -> tuple[str, subprocess.Popen[bytes]]:
    """``cardavia serve`` on a free port, serving ``toys`` (toy games of the tests) too."""
    port = _free_port()
    command, needs = cardavia_command(toys)
    cmd = [*command, "serve", "--port", str(port), "--database", f"sqlite:///{database}"]
    # no pace and no floor between bot moves: the browser tests play many whole deals
    env = {
        **os.environ,
        "CARDAVIA_PACE_MS": "0",
        "CARDAVIA_MIN_STEP_MS": "0",
        "CARDAVIA_CREATE_BURST": "500",
        **needs,
    }
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_up(base + "/", proc)
    except Exception:
        proc.kill()
        raise
    return base, proc


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
