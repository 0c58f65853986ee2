"""A friend who left, in the browser: the host's seat list says the friend has left and offers "Let
the AI play for them"; once chosen, the list and the felt say the AI plays for them, the log says so,
and axe finds nothing. The guest is not offered the table's pace (the host's to set)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from e2e_play import TIMEOUT_S, table_state, take_turn
from e2e_server import CHROMIUM, start_server, stop_server
from test_friends_e2e import _axe
from test_site_e2e import SLUGS

from cardavia.service.tables.presence import LEFT_AFTER_S
from cardavia.store.db import open_store

pytestmark = pytest.mark.e2e


def test_the_host_lets_the_ai_play_for_a_friend_who_left(browser: Any, tmp_path: Path) -> None:
    import shutil

    if not shutil.which(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (make browser)")
    database = tmp_path / "presence.sqlite"
    server, proc = start_server(database)
    contexts = [
        browser.new_context(viewport={"width": 1280, "height": 900}),
        browser.new_context(viewport={"width": 390, "height": 844}),
    ]
    errors: list[str] = []
    try:
        host, guest = (ctx.new_page() for ctx in contexts)
        for page in (host, guest):
            page.on("pageerror", lambda exc: errors.append(str(exc)))
        host.goto(f"{server}/traditions/{SLUGS['cherki']}?lang=en")
        host.select_option("#friends-count", "1")
        host.click("#friends-form button[type=submit]")
        url = host.input_value("#invite-list li:nth-child(1) input")
        host.click("#friends-go")
        guest.goto(url)
        guest.fill("#join-name", "Ann")
        guest.click("#join-form button[type=submit]")
        guest.wait_for_url(f"**/traditions/{SLUGS['cherki']}/table")
        for page in (host, guest):
            page.wait_for_function(
                "() => !['waiting', undefined].includes(document.getElementById('status')?.dataset.status)",
                timeout=TIMEOUT_S * 1000,
            )
        host.wait_for_selector("#seat-list .seat-row.person")
        # the pace is the host's: the guest is not offered it
        assert host.locator("#pace").is_visible() and not guest.locator("#pace").is_visible()
        # while Ann is here the host has nothing to hand over
        assert host.locator("[data-key='seat-1-play-for']").count() == 0
        table_id = table_state(host)["id"]
        contexts[1].close()  # Ann closes her browser...
        store = open_store(f"sqlite:///{database}")
        try:  # ...and her last sign is old (rather than wait LEFT_AFTER_S for real)
            store.touch(table_id, 1, time.time() - LEFT_AFTER_S - 10)
        finally:
            store.dispose()
        time.sleep(5.5)  # the server reuses a table's presence read for up to 5 s
        host.reload()
        button = host.wait_for_selector("[data-key='seat-1-play-for']", timeout=30_000)
        assert "has left the table" in host.locator("#seat-list .seat-row.left").inner_text().lower()
        assert host.locator(".seat .seat-who.left").count() == 1
        _axe(host, "host, a friend who left", errors)
        button.click()
        host.wait_for_selector("#seat-list .seat-row.away")
        host.wait_for_function(
            "() => document.getElementById('log').textContent.includes('The AI plays for')"
        )
        assert host.locator("[data-key='seat-1-play-for']").count() == 0
        assert "ai_plays" in str(table_state(host)["people"][1])
        # the AI plays on for Ann: her going is said once, not again before each of her moves
        host.select_option("#pace", "0")
        for _ in range(4):
            take_turn(host, keyboard=False)
            host.wait_for_function(
                "() => ['human', 'over'].includes(document.getElementById('status')?.dataset.status)",
                timeout=TIMEOUT_S * 1000,
            )
        lines = host.locator("#log p").all_inner_texts()
        gone = [line for line in lines if "Ann" in line and ("away" in line or "AI plays for" in line)]
        assert len(gone) == 1, lines
        _axe(host, "host, the AI playing for a friend who left", errors)
    finally:
        for ctx in contexts:
            ctx.close()
        stop_server(proc)
    assert not errors, errors
