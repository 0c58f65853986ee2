"""The real server (``cardavia serve`` on a free port, temporary SQLite) and Debian's Chromium.

Playwright drives /usr/bin/chromium; it never downloads a browser. Tables are created with the
opponents' pace at 0 (the page reads it from localStorage) so a whole deal takes seconds.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_server import ARTIFACTS, CHROMIUM, start_server, stop_server

__all__ = ["ARTIFACTS", "CHROMIUM", "start_server", "stop_server"]  # for the tests that import them from here


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
