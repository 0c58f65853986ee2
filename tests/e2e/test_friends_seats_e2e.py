"""Friends at a table, from the pages (issue 30): the host's waiting page keeps the links and *Start
now* in view at 1280 x 800 in every language and says nothing of seats deciding while nobody plays;
one's own invite link opened again (from the message it came in) leads back to one's seat; and a
friend whose time ran out is told apart from a friend who has left."""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from e2e_play import TIMEOUT_S, table_state, take_turn
from e2e_server import CHROMIUM, start_server, stop_server
from friends_api import Friend
from test_friends_e2e import _axe
from test_site_e2e import CODES, SLUGS

from cardavia.games.registry import game_ids, get_game
from cardavia.service.tables.presence import LEFT_AFTER_S
from cardavia.store.db import open_store

pytestmark = pytest.mark.e2e


def _friends_table(page: Any, server: str, game: str, lang: str, friends: int, limit: str = "") -> list[str]:
    """The host's friends' table of ``game`` made on its tradition page: the invite links."""
    slug = SLUGS[game].split("/")[0]
    page.goto(f"{server}/traditions/{slug}?lang={lang}")
    if page.locator("#friends-game").count():
        page.select_option("#friends-game", game)
    page.select_option("#friends-count", str(friends))
    page.select_option("#turn-limit", limit)
    page.click("#friends-form button[type=submit]")
    page.wait_for_selector("#invites:not([hidden])")
    return [page.input_value(f"#invite-list li:nth-child({n}) input") for n in range(1, friends + 1)]


def _in_view(page: Any, selector: str) -> bool:
    return bool(
        page.eval_on_selector(
            selector,
            "e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }",
        )
    )


@pytest.mark.parametrize("lang", CODES)
def test_the_waiting_page_keeps_the_links_and_start_now_in_view(browser: Any, server: str, lang: str) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    found: list[str] = []
    try:
        page = ctx.new_page()
        for game in game_ids():
            _friends_table(page, server, game, lang, get_game(game).num_seats - 1)
            page.click("#friends-go")
            page.wait_for_selector("#act-start:not([hidden])")
            page.wait_for_selector("[data-key$='-link']")
            data = page.evaluate("JSON.parse(document.getElementById('table-data').textContent)")
            # the status, every open seat's link and Start now, with the page unscrolled
            for selector in ("#status", "#act-start", *(f"[data-key='seat-{s}-link']" for s in range(1, 4))):
                if page.locator(selector).count():
                    assert _in_view(page, selector), f"{game} [{lang}]: {selector} is out of view"
            # nobody decides while the table waits: no seat says it is deciding or to play
            felt = page.locator("#board").inner_text()
            for key in ("deciding", "to_act"):
                said = data["text"].get(key)
                assert not said or said not in felt, f"{game} [{lang}]: {said!r} on the waiting felt"
            if lang in ("en", "hi", "zh-Hans"):
                _axe(page, f"{game} waiting [{lang}]", found)
    finally:
        ctx.close()
    assert not found, "\n".join(found)


def test_ones_own_link_opened_again_leads_back_to_ones_seat(browser: Any, server: str) -> None:
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(3)]
    try:
        host, guest, stranger = (ctx.new_page() for ctx in contexts)
        game = "twenty-nine"
        first, _ = _friends_table(host, server, game, "en", 2)
        host.click("#friends-go")
        guest.goto(first)
        guest.fill("#join-name", "Ann")
        guest.click("#join-form button[type=submit]")
        guest.wait_for_url(f"**/traditions/{SLUGS[game]}/table")
        seat = table_state(guest)["seat"]
        # Ann's page meanwhile holds another table of the game (a game of her own, say)
        guest.evaluate(f"localStorage.setItem('cardavia.table.{game}', 'elsewhere')")
        # ...and she opens her link again from the chat it came in: her seat, not "Page not found"
        guest.goto(first)
        guest.wait_for_url(f"**/traditions/{SLUGS[game]}/table")
        guest.wait_for_function("() => document.getElementById('status')?.dataset.status !== undefined")
        again = table_state(guest)
        assert again["seat"] == seat and again["id"] == table_state(host)["id"]
        assert guest.get_attribute(".seat[data-pos='bottom']", "data-seat") == str(seat)
        # the link is still nothing to anyone else
        reply = stranger.goto(first)
        assert reply is not None and reply.status == 404
    finally:
        for ctx in contexts:
            ctx.close()


@pytest.mark.slow
def test_a_friend_out_of_time_is_told_apart_from_one_who_left(browser: Any, tmp_path: Path) -> None:
    if not shutil.which(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (make browser)")
    database = tmp_path / "slow.sqlite"
    server, proc = start_server(database)
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script("try { localStorage.setItem('cardavia.pace', '0'); } catch (e) {}")
    found: list[str] = []
    try:
        host = ctx.new_page()
        links = _friends_table(host, server, "cherki", "en", 2, limit="30")
        slow, gone = Friend(server), Friend(server)
        seats = {slow.join(links[0], "Ann")["seat"]: "Ann", gone.join(links[1], "Ben")["seat"]: "Ben"}
        host.click("#friends-go")
        # the host plays its turns; Ann stays at the table (her page looks now and then) but lets
        # her time run out; then the AI plays her turn
        deadline = time.monotonic() + TIMEOUT_S * 2
        while time.monotonic() < deadline:
            people = slow.state()["people"]
            ann = next(p for p in people if p.get("name") == "Ann")
            if ann.get("away"):
                break
            take_turn(host, keyboard=False)
            time.sleep(0.5)
        else:
            raise AssertionError("Ann's time never ran out")
        assert ann["away_reason"] == "time"
        # Ben's last sign is old: he has left (rather than wait LEFT_AFTER_S for real)
        store = open_store(f"sqlite:///{database}")
        try:
            store.touch(
                str(slow.table),
                next(s for s, n in seats.items() if n == "Ben"),
                time.time() - LEFT_AFTER_S - 10,
            )
        finally:
            store.dispose()
        time.sleep(5.5)  # the server reuses a table's presence read for up to 5 s
        host.reload()
        host.wait_for_selector("#seat-list .seat-row.left")
        rows = {
            name: host.locator(f"#seat-list .seat-row:has-text('{name}')").inner_text()
            for name in ("Ann", "Ben")
        }
        # Ann is still here: her time ran out; Ben has gone (whether the AI plays for him yet or not)
        assert "Out of time: the AI played their turn" in rows["Ann"] and "left" not in rows["Ann"], rows
        assert "Has left" in rows["Ben"] and "Out of time" not in rows["Ben"], rows
        felt = {
            name: host.locator(f".seat[data-seat='{seat}'] .seat-who").inner_text()
            for seat, name in seats.items()
        }
        assert felt["Ann"] == "Out of time: the AI played their turn", felt
        assert felt["Ben"] in ("Has left the table", "Has left: the AI plays for them"), felt
        _axe(host, "a slow friend and one who left", found)
    finally:
        ctx.close()
        stop_server(proc)
    assert not found, "\n".join(found)
