"""Server processes and databases for the load bench: started on free local ports, stopped afterwards.

A bare Starlette app answering one small JSON object under the same uvicorn gives the yardstick the
move endpoint is compared with; ``cardavia serve`` runs on a fresh database for each table phase.
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from cardavia.bench.databases import temporary_postgres_database


async def _bare(_request: Request) -> JSONResponse:
    return JSONResponse({"ok": True, "seq": 17, "status": "human"})


bare_app = Starlette(routes=[Route("/bare", _bare)])


def free_port() -> int:
    """A TCP port on 127.0.0.1 nothing listens on (at the moment of asking)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_listening(port: int, process: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    """Return once ``port`` accepts connections; raise if ``process`` exits or ``timeout`` passes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the server exited at start-up")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def start(command: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    """Start ``command`` with its output discarded."""
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)


def start_bare(env: dict[str, str]) -> tuple[int, subprocess.Popen[bytes]]:
    """The bare app under uvicorn on a free port, listening: (port, process)."""
    port = free_port()
    process = start(
        [
            sys.executable,
            "-c",
            "import uvicorn; from cardavia.bench.servers import bare_app; uvicorn.run(bare_app, "
            f"host='127.0.0.1', port={port}, access_log=False, log_level='warning')",
        ],
        env,
    )
    return port, _listening(port, process)


def serve(database: str, env: dict[str, str], workers: int = 1) -> tuple[int, subprocess.Popen[bytes]]:
    """``cardavia serve --workers workers`` on ``database`` on a free port, listening: (port, process)."""
    port = free_port()
    command = [sys.executable, "-m", "cardavia", "serve", "--port", str(port), "--database", database]
    process = start([*command, "--workers", str(workers)], env)
    return port, _listening(port, process)


def _listening(port: int, process: subprocess.Popen[bytes]) -> subprocess.Popen[bytes]:
    try:
        wait_listening(port, process)
    except BaseException:
        stop(process)
        raise
    return process


def stop(process: subprocess.Popen[bytes]) -> None:
    """Terminate ``process`` (kill it if it lingers) and reap it."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


@contextlib.contextmanager
def phase_database(server: str | None, folder: str, name: str) -> Iterator[str]:
    """A fresh database for one phase: a SQLite file in ``folder``, or a throw-away database on the
    PostgreSQL server of the URL ``server``."""
    if server is None:
        yield f"sqlite:///{Path(folder) / name}.db"
        return
    with temporary_postgres_database(server, f"cardavia_bench_{name}") as url:
        yield url
