"""Real ``cardavia serve`` processes for the tests that need them (crash, several processes, live events).

Servers listen on 127.0.0.1 on a free port and are always stopped: use :func:`running_server`. A
server may serve toy games of the tests besides the registry's (``toys``: registered in its
process for its life, their bots thinking in it).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from cardavia.games.registry import GameEntry
from game_cases import cardavia_command


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    url: str
    log: Path

    def kill(self) -> None:
        """kill -9: no shutdown of any kind."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def start_server(
    database: str,
    log: Path,
    *,
    pace_ms: int = 0,
    workers: int = 1,
    min_step_ms: int | None = 0,
    env: dict[str, str] | None = None,
    wait: bool = True,
    args: Sequence[str] = (),
    toys: Sequence[GameEntry] = (),
) -> Server:
    """``cardavia serve`` on a free port. ``min_step_ms``: the bots' floor (None: as shipped);
    ``env``: more environment; ``wait``: return only once it answers; ``args``: more options
    (``--workers 2``); ``toys``: toy games of the tests it serves too (their bots think in the
    server's process: a worker process would not know them)."""
    port = free_port()
    command, needs = cardavia_command(toys)
    env = {
        **os.environ,
        "CARDAVIA_PACE_MS": str(pace_ms),
        "CARDAVIA_BOT_WORKERS": str(workers),
        "CARDAVIA_CREATE_BURST": "1000",
        **needs,
        **(env or {}),
    }
    if min_step_ms is not None:
        env["CARDAVIA_MIN_STEP_MS"] = str(min_step_ms)
    out = log.open("ab")
    process = subprocess.Popen(
        [
            *command,
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--database",
            database,
            *args,
        ],
        stdout=out,
        stderr=subprocess.STDOUT,
        env=env,
    )
    server = Server(process, f"http://127.0.0.1:{port}", log)
    deadline = time.monotonic() + 30
    while wait:
        if process.poll() is not None:
            raise RuntimeError(f"server exited: {log.read_text()[-2000:]}")
        try:
            if httpx.get(f"{server.url}/api/history", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            server.stop()
            raise RuntimeError(f"server did not start: {log.read_text()[-2000:]}")
        time.sleep(0.05)
    return server


@contextmanager
def running_server(database: str, log: Path, **options: Any) -> Iterator[Server]:
    server = start_server(database, log, **options)
    try:
        yield server
    finally:
        server.stop()
