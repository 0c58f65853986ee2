"""The real server (``cardavia serve`` on a free port, temporary SQLite) and Debian's Chromium.

Playwright drives /usr/bin/chromium; it never downloads a browser. Tables are created with the
opponents' pace at 0 (the page reads it from localStorage) so a whole deal takes seconds.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

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


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not shutil.which(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (make browser)")
    base, proc = start_server(tmp_path_factory.mktemp("db") / "cardavia.sqlite")
    yield base
    stop_server(proc)


# Module scope, not session: the sync API keeps an event loop running in the main thread while it
# is open, and tests collected after these (asyncio.run in tests/web) must not find one.
@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield chromium
        chromium.close()


@pytest.fixture()
def context(browser: object) -> Iterator[object]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    ctx.add_init_script("try { localStorage.setItem('cardavia.pace', '0'); } catch (e) {}")
    yield ctx
    ctx.close()


@pytest.fixture()
def page(context: object) -> Iterator[object]:
    pg = context.new_page()  # type: ignore[attr-defined]
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
