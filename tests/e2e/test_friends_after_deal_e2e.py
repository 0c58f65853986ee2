"""After a deal at a friends' table, in the browser (issue 25): the guest's history gives their own
result, their replay is drawn from their own seat with everyone's names, and *Play this move
differently* opens a table of their own at their turn, holding their pieces, that plays on."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from e2e_play import TIMEOUT_S, table_state, take_turn
from test_friends_e2e import _axe
from test_site_e2e import SLUGS

pytestmark = pytest.mark.e2e

HOST_NAME = "Mei"


def _play_together(host: Any, guest: Any) -> dict[str, Any]:
    """Both people play their turns until the deal is over; the guest's last view of the table."""
    deadline = time.monotonic() + TIMEOUT_S * 3
    while time.monotonic() < deadline:
        if all(p.locator("#result").is_visible() for p in (host, guest)):
            return table_state(guest)
        for page in (host, guest):
            if table_state(page)["status"] == "human":
                take_turn(page, False)
        time.sleep(0.05)
    raise AssertionError("the deal did not end in time")


def test_a_guest_replays_and_tries_their_own_moves_from_their_own_seat(browser: Any, server: str) -> None:
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(2)]
    errors: list[str] = []
    found: list[str] = []
    try:
        for ctx in contexts:
            ctx.add_init_script("try { localStorage.setItem('cardavia.pace', '0'); } catch (e) {}")
        host, guest = (ctx.new_page() for ctx in contexts)
        for page in (host, guest):
            page.on("pageerror", lambda exc: errors.append(str(exc)))
        host.goto(f"{server}/traditions/{SLUGS['tien-gow']}?lang=en")
        host.fill("#host-name", HOST_NAME)
        host.select_option("#friends-count", "1")
        host.click("#friends-form button[type=submit]")
        url = host.input_value("#invite-list li:nth-child(1) input")
        host.click("#friends-go")
        guest.goto(url)
        guest.fill("#join-name", "Ann")
        guest.click("#join-form button[type=submit]")
        guest.wait_for_url("**/table")
        for page in (host, guest):
            page.wait_for_function(
                "() => !['waiting', undefined, null]"
                ".includes(document.getElementById('status')?.dataset.status)",
                timeout=TIMEOUT_S * 1000,
            )
        table = _play_together(host, guest)
        me = table["seat"]
        assert me == 1
        deal = table["deals"][-1]

        # the history: this seat's own points, not the host's
        guest.goto(f"{server}/history?lang=en")
        guest.wait_for_selector("#history tbody tr")
        row = guest.locator("#history tbody tr").first
        shown = row.locator("td").nth(3).inner_text().replace("\u2212", "-")
        assert int(shown or 0) == deal["returns"][me], (shown, deal["returns"])
        _axe(guest, "guest, history", found)

        # the replay: drawn from the guest's seat, the host named beside theirs
        row.locator("a").first.click()
        guest.wait_for_selector("#replay-position:not(:empty)")
        assert guest.get_attribute(".seat[data-pos='bottom']", "data-seat") == str(me)
        guest.wait_for_function(
            "(name) => document.getElementById('board').textContent.includes(name)", arg=HOST_NAME
        )
        _axe(guest, "guest, replay", found)

        # a move of the guest's own played again: their seat, their pieces, their turn; it plays on
        guest.keyboard.press("Home")
        for _ in range(40):
            guest.keyboard.press("ArrowRight")
            if guest.locator("#try-here").is_visible():
                break
        assert guest.locator("#try-here").is_visible()
        at = int(re.search(r"Move (\d+)", guest.locator("#replay-position").inner_text()).group(1))  # type: ignore[union-attr]
        steps = guest.evaluate(
            "async (path) => (await fetch(path)).json()",
            f"/api/tables/{table['id']}/deals/{deal['deal_no']}/steps",
        )
        guest.locator("#try-here").click()
        guest.wait_for_url("**/table?**")
        guest.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
        tried = table_state(guest)
        assert tried["id"] != table["id"] and tried["seat"] == me
        assert tried["view"]["hand"] == steps[at - 1]["view"]["hand"]
        assert guest.get_attribute(".seat[data-pos='bottom']", "data-seat") == str(me)
        before = tried["seq"]
        take_turn(guest, False)
        guest.wait_for_function(
            "(seq) => Number(document.getElementById('status')?.dataset.seq) > seq + 1", arg=before
        )
        assert table_state(guest)["seq"] > before + 1  # the AI played on after the guest's move
        # the host's table is not theirs to see, nor the guest's tried one the host's
        assert host.evaluate("async (id) => (await fetch(`/api/tables/${id}`)).status", tried["id"]) == 404
        _axe(guest, "guest, tried table", found)
    finally:
        for ctx in contexts:
            ctx.close()
    assert not errors, errors
    assert not found, found
