"""Play with friends in the browser (issue 14): the host makes an invite link on the tradition page,
a second browser takes the seat under a name, and the two play a whole deal against each other and
the AI, each seeing only its own hand, its own seat at the bottom, and the other's name as text."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import pytest
from e2e_play import TIMEOUT_S, table_state, take_turn
from test_site_e2e import SLUGS

pytestmark = pytest.mark.e2e

NAME = "Ann <b>x</b>"


def _hand(page: Any) -> Counter[str]:
    return Counter(page.eval_on_selector_all("#hand button", "bs => bs.map(b => b.dataset.code)"))


def _axe(page: Any, where: str, found: list[str]) -> None:
    from axe_playwright_python.sync_playwright import Axe

    for violation in Axe().run(page).response["violations"]:
        targets = [n["target"] for n in violation["nodes"][:3]]
        found.append(f"{where}: {violation['id']} ({violation['impact']}) {violation['help']} {targets}")


def _host_panel(host: Any, url: str, second: str, found: list[str]) -> None:
    """The host's seat list while the table waits: each open seat with its link (kept from the
    tradition page), Copy, New link and Let the AI play; the felt says the seats wait for a player."""
    host.wait_for_selector("#seats-panel:not([hidden]) [data-key='seat-1-link']")
    assert host.input_value("[data-key='seat-1-link']") == url
    assert host.input_value("[data-key='seat-2-link']") == second
    assert host.locator("#act-start").is_visible()
    assert host.locator(".seat .seat-who.open").count() == 2
    assert host.locator("#seat-list .seat-row.open").count() == 2
    _axe(host, "host, waiting", found)
    # a new link for seat 2 replaces the old one, then the AI takes the seat
    host.click("[data-key='seat-2-renew']")
    host.wait_for_function(
        "(old) => document.querySelector(\"[data-key='seat-2-link']\").value !== old", arg=second
    )
    renewed = host.input_value("[data-key='seat-2-link']")
    assert "/join/" in renewed and renewed != second
    host.click("[data-key='seat-2-ai']")
    host.wait_for_selector("#seat-list .seat-row.ai >> nth=0")
    host.wait_for_function("() => !document.querySelector(\"[data-key='seat-2-link']\")")
    assert host.locator("#seat-list .seat-row.open").count() == 1
    _axe(host, "host, a seat given to the AI", found)


def _guest_panel(guest: Any, host: Any, found: list[str]) -> None:
    """The guest sees the same seat list without its buttons and is offered no table of their own;
    both rules asides count the people and the AI at the table."""
    guest.wait_for_selector("#seats-panel:not([hidden]) .seat-row.person")
    assert guest.locator("#seat-list button").count() == 0
    assert not guest.locator("#act-new").is_visible()
    assert host.locator("#act-new").is_visible()
    host.wait_for_selector("#seat-list .seat-row.person")
    assert NAME in host.locator("#seat-list").inner_text() and host.locator("#seat-list b").count() == 0
    for page in (host, guest):
        assert page.locator("#table-meta").inner_text().startswith("2 people and ")
    _axe(guest, "guest, playing", found)


@pytest.mark.parametrize("game", ["tien-gow", "cherki"])
def test_two_browsers_play_a_whole_deal_each_seeing_only_its_own_hand(
    browser: Any, server: str, game: str
) -> None:
    contexts = [
        browser.new_context(viewport={"width": 1280, "height": 900}),
        browser.new_context(viewport={"width": 390, "height": 844}),
    ]
    errors: list[str] = []
    try:
        for ctx in contexts:
            ctx.add_init_script("try { localStorage.setItem('cardavia.pace', '0'); } catch (e) {}")
        host, guest = (ctx.new_page() for ctx in contexts)
        for page in (host, guest):
            page.on("pageerror", lambda exc: errors.append(str(exc)))
        host.goto(f"{server}/traditions/{SLUGS[game]}?lang=en")
        host.select_option("#friends-count", "2")
        host.click("#friends-form button[type=submit]")
        url, second = (host.input_value(f"#invite-list li:nth-child({n}) input") for n in (1, 2))
        assert "/join/" in url and "/join/" in second
        assert url.startswith(f"{server}/join/")  # the API's relative link, made whole by the page
        host.click("#friends-go")
        host.wait_for_function("() => document.getElementById('status')?.dataset.status === 'waiting'")
        _host_panel(host, url, second, errors)
        guest.goto(url)
        guest.fill("#join-name", "\u3164\u2800")  # Hangul filler, braille blank: nothing to see
        guest.click("#join-form button[type=submit]")
        guest.wait_for_function("() => document.getElementById('join-error').textContent !== ''")
        said = guest.locator("#join-error").inner_text()
        assert said == "Your name must show at least one letter, digit or symbol.", said
        guest.fill("#join-name", NAME)
        guest.click("#join-form button[type=submit]")
        guest.wait_for_url(f"**/traditions/{SLUGS[game]}/table")
        for page in (host, guest):
            page.wait_for_function(
                "() => !['waiting', undefined].includes(document.getElementById('status')?.dataset.status)",
                timeout=TIMEOUT_S * 1000,
            )
        mine = [table_state(host), table_state(guest)]
        assert [t["seat"] for t in mine] == [0, 1] and mine[0]["id"] == mine[1]["id"]
        # each page draws its own seat at the bottom, and shows the other person's name as text
        for page, seat in ((host, 0), (guest, 1)):
            assert page.get_attribute(".seat[data-pos='bottom']", "data-seat") == str(seat)
        host.wait_for_function(
            "(name) => document.getElementById('board').textContent.includes(name)", arg=NAME
        )
        assert host.locator("#board b").count() == 0
        _guest_panel(guest, host, errors)
        deadline = time.monotonic() + TIMEOUT_S * 2
        while time.monotonic() < deadline:
            if all(p.locator("#result").is_visible() for p in (host, guest)):
                break
            for page in (host, guest):
                state = table_state(page)
                if state["status"] == "human":
                    # the hand on the page is this seat's own, and no piece of the other person's
                    # hand shows in it beyond what this seat holds itself
                    assert _hand(page) == Counter(state["view"]["hand"])
                    take_turn(page, False)
            time.sleep(0.05)
        else:
            raise AssertionError("the deal did not end in time")
        finals = [table_state(host), table_state(guest)]
        assert finals[0]["seq"] == finals[1]["seq"] and finals[0]["deals"]
    finally:
        for ctx in contexts:
            ctx.close()
    assert not errors, errors
