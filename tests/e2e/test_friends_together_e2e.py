"""A friends' table made whole, in the browser (issue 25): the host's own name, the turn clock (and its
screen-reader warning 10 s before the end, after a reload too), quick messages each person reads in
their own language (politely announced, and muted when they choose), and playing again together.
Each language's page is checked by axe, and screenshots of both pages are kept."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from e2e_play import TIMEOUT_S, table_state, take_turn
from e2e_server import ARTIFACTS
from test_friends_e2e import _axe
from test_site_e2e import SLUGS

pytestmark = pytest.mark.e2e

HOST_NAME = "Mei <i>L</i>"
GUEST_NAME = "Ann"
CLOCK = re.compile(r"\d:\d\d")


def _texts(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("JSON.parse(document.getElementById('table-data').textContent).text"))


def _status(page: Any) -> str:
    return str(page.get_attribute("#status", "data-status"))


def _seated(host: Any, guest: Any, lang: str, other: str, server: str) -> None:
    host.goto(f"{server}/traditions/{SLUGS['cherki']}")
    assert host.get_attribute("html", "lang") == lang
    host.fill("#host-name", HOST_NAME)
    host.select_option("#friends-count", "1")
    host.select_option("#turn-limit", "120")
    host.click("#friends-form button[type=submit]")
    url = host.input_value("#invite-list li:nth-child(1) input")
    host.click("#friends-go")
    guest.goto(url)
    assert guest.get_attribute("html", "lang") == other
    guest.fill("#join-name", GUEST_NAME)
    guest.click("#join-form button[type=submit]")
    guest.wait_for_url("**/table")
    for page in (host, guest):
        page.wait_for_function(
            "() => !['waiting', undefined, null].includes(document.getElementById('status')?.dataset.status)",
            timeout=TIMEOUT_S * 1000,
        )


def _a_persons_turn(host: Any, guest: Any) -> Any:
    """The page of the person to decide now (the AI plays its own seat at once)."""
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        for page in (host, guest):
            if _status(page) == "human":
                return page
        time.sleep(0.05)
    raise AssertionError("no person's turn came")


@pytest.mark.parametrize(("lang", "other"), [("en", "ms"), ("ms", "hi"), ("hi", "en")])
def test_names_clock_and_quick_messages_each_in_its_own_language(
    browser: Any, server: str, lang: str, other: str
) -> None:
    contexts = [
        browser.new_context(viewport={"width": 1280, "height": 800}, locale=lang),
        browser.new_context(viewport={"width": 390, "height": 844}, locale=other),
    ]
    errors: list[str] = []
    try:
        for ctx in contexts:
            ctx.add_init_script("try { localStorage.setItem('cardavia.pace', '0'); } catch (e) {}")
        host, guest = (ctx.new_page() for ctx in contexts)
        for page in (host, guest):
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.clock.install()  # time flows, and the test may move it on (the clock's warning)
        _seated(host, guest, lang, other, server)
        # the host's chosen name, as text, on the guest's felt and seat list
        guest.wait_for_function(
            "(name) => document.getElementById('board').textContent.includes(name)", arg=HOST_NAME
        )
        assert HOST_NAME in guest.locator("#seat-list").inner_text()
        assert guest.locator("#board i, #seat-list i").count() == 0
        # the turn clock: on both pages, for the person to decide, in each page's language
        page = _a_persons_turn(host, guest)
        other_page = guest if page is host else host
        texts = _texts(page)
        you = texts["clock_you"].split("%(time)s")[0]
        page.wait_for_selector("#turn-clock:not([hidden])")
        assert page.locator("#turn-clock").inner_text().startswith(you)
        assert CLOCK.search(page.locator("#turn-clock").inner_text())
        other_page.wait_for_selector("#turn-clock:not([hidden])")
        assert CLOCK.search(other_page.locator("#turn-clock").inner_text())
        # a reload shows the server's clock again, not a new one
        seq = table_state(page)["seq"]
        page.reload()
        page.wait_for_function(
            "(seq) => Number(document.getElementById('status')?.dataset.seq) === seq", arg=seq
        )
        page.wait_for_selector("#turn-clock:not([hidden])")
        shown = page.locator("#turn-clock").inner_text()
        minutes, seconds = (int(x) for x in CLOCK.search(shown).group(0).split(":"))  # type: ignore[union-attr]
        assert minutes * 60 + seconds <= 120
        # 10 s before the end the person to decide hears it (an assertive region)
        assert page.get_attribute("#turn-clock-warning", "aria-live") == "assertive"
        page.clock.fast_forward(max(0, minutes * 60 + seconds - 8) * 1000)  # the page's clock only
        page.wait_for_function(
            "(text) => document.getElementById('turn-clock-warning').textContent === text",
            arg=texts["clock_warn_you"],
        )
        # a quick message: sent by id, read by the other in their own language, in the polite log
        assert guest.get_attribute("#log", "aria-live") == "polite"
        guest.wait_for_selector("#quick:not([hidden])")
        guest.click("[data-quick='thanks']")
        host_words = _texts(host)["quick_thanks"]
        host.wait_for_function(
            "(text) => document.getElementById('log').textContent.includes(text)", arg=host_words
        )
        # the sender's own line is written when the server's answer comes, which may be after the
        # other page has it from its stream
        guest.wait_for_function(
            "(text) => document.getElementById('log').textContent.includes(text)",
            arg=_texts(guest)["quick_thanks"],
        )
        host.wait_for_selector(".seat .seat-say")
        ARTIFACTS.mkdir(exist_ok=True)
        host.screenshot(path=str(ARTIFACTS / f"friends-together-{lang}-1280x800.png"))
        guest.screenshot(path=str(ARTIFACTS / f"friends-together-{other}-390x844.png"))
        _axe(host, f"host ({lang}), clock and quick messages", errors)
        _axe(guest, f"guest ({other}), clock and quick messages", errors)
        # muted: remembered after a reload, and the other's messages are neither shown nor said
        guest.check("#quick-mute")
        guest.reload()
        guest.wait_for_selector("#quick:not([hidden])")
        assert guest.is_checked("#quick-mute")
        host.click("[data-quick='good_game']")
        host.wait_for_function(
            "(text) => document.getElementById('log').textContent.includes(text)",
            arg=_texts(host)["quick_good_game"],
        )
        guest.wait_for_timeout(1000)  # the stream had its chance to bring it
        assert _texts(guest)["quick_good_game"] not in guest.locator("#log").inner_text()
    finally:
        for ctx in contexts:
            ctx.close()
    assert not errors, errors


def test_the_host_plays_again_together_and_every_page_follows(browser: Any, server: str) -> None:
    contexts = [
        browser.new_context(viewport={"width": 1280, "height": 800}, locale="en"),
        browser.new_context(viewport={"width": 390, "height": 844}, locale="ms"),
    ]
    errors: list[str] = []
    try:
        for ctx in contexts:
            ctx.add_init_script("try { localStorage.setItem('cardavia.pace', '0'); } catch (e) {}")
        host, guest = (ctx.new_page() for ctx in contexts)
        for page in (host, guest):
            page.on("pageerror", lambda exc: errors.append(str(exc)))
        _seated(host, guest, "en", "ms", server)
        first = table_state(host)["id"]
        deadline = time.monotonic() + TIMEOUT_S * 2
        while not host.locator("#act-rematch").is_visible():
            assert time.monotonic() < deadline, "the deal did not end in time"
            for page in (host, guest):
                if table_state(page)["status"] == "human":
                    take_turn(page, False)
            time.sleep(0.05)
        assert not guest.locator("#act-rematch").is_visible()  # the host's to offer
        _axe(host, "host, deal over, Play again together", errors)
        host.click("#act-rematch")
        for page, seat in ((host, 0), (guest, 1)):
            page.wait_for_function(
                "(old) => (localStorage.getItem('cardavia.table.cherki') || old) !== old",
                arg=first,
                timeout=TIMEOUT_S * 1000,
            )
            page.wait_for_function("() => document.getElementById('status')?.dataset.status !== 'over'")
            state = table_state(page)
            assert state["seat"] == seat and state["deal_no"] == 1 and state["id"] != first
        assert table_state(host)["id"] == table_state(guest)["id"]
    finally:
        for ctx in contexts:
            ctx.close()
    assert not errors, errors
