"""What the Twenty-Nine table says at the moments a whole deal against the AI rarely reaches, seen
from the host's page while three friends (through the API) make the others' decisions (their
invite links name the seat each is for, the partner's first): the
partner deciding is not "the opponents"; a doubled bidder is told what a redouble does and the
auction lists who doubled and who redoubled; a bidder who cannot follow suit shows its own trump
(it asks nobody), and the log and the end of the deal say so. On a phone no seat's name is cut, in
any language."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from e2e_play import TIMEOUT_S
from friends_api import Friend
from test_friends_e2e import _axe
from test_site_e2e import CODES, SLUGS

pytestmark = pytest.mark.e2e

SLUG = SLUGS["twenty-nine"]


def _host_table(host: Any, server: str, friends: int) -> list[str]:
    """The host makes a friends' table on the tradition page: its invite links, in order."""
    host.goto(f"{server}/traditions/{SLUG}?lang=en")
    host.select_option("#friends-count", str(friends))
    host.click("#friends-form button[type=submit]")
    host.wait_for_selector("#invites:not([hidden])")
    # each link says whose seat it is for, the partner's first (the partner matters most here)
    labels = host.locator("#invite-list label").all_inner_texts()
    assert labels == ["Seat: Partner", "Seat: Opponent right", "Seat: Opponent left"][:friends], labels
    return [host.input_value(f"#invite-list li:nth-child({n}) input") for n in range(1, friends + 1)]


def _shown(host: Any, seq: int) -> bool:
    """Wait until the host's page shows the table at ``seq`` or later: whether at ``seq`` itself (the
    server may have played on meanwhile: the last trick's forced cards)."""
    host.wait_for_function(
        "(seq) => Number(document.getElementById('status')?.dataset.seq) >= seq", arg=seq, timeout=30_000
    )
    return int(host.get_attribute("#status", "data-seq")) == seq


def _suits(cards: list[str]) -> set[str]:
    return {card[-1] for card in cards}


def _choose(table: dict[str, Any], host_hand: list[str]) -> dict[str, Any]:
    """The host bids on (holding, or the lowest raise) and chooses its longest suit as trump; the
    others pass where they may, the first opponent doubles, and a leader leads a suit the host
    does not hold where it can (so that the bidder cannot follow); else the first legal action."""
    view = table["view"]
    legal = view["legal"]
    seat = table["seat"]
    by_do: dict[str, list[dict[str, Any]]] = {}
    for action in legal:
        by_do.setdefault(action["do"], []).append(action)
    if view["phase"] == "auction":
        if seat != 0 and "pass" in by_do:
            return by_do["pass"][0]
        bids = sorted(by_do["bid"], key=lambda a: a["value"])
        return next((a for a in bids if a["value"] == view["hold"]), bids[0])
    if view["phase"] == "trump":
        return max(by_do["trump"], key=lambda a: sum(c.endswith(a["suit"]) for c in view["hand"]))
    if "double" in by_do:
        return by_do["double"][0]
    if "play" in by_do:
        plays = by_do["play"]
        if not view["trick"]:
            missing = [a for a in plays if a["card"][-1] not in _suits(host_hand)]
            return (missing or plays)[0]
        return plays[0]
    return by_do.get("pass", legal)[0]


def test_partner_redouble_and_the_bidder_showing_its_trump(browser: Any, server: str) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script("try { localStorage.setItem('cardavia.pace', '0'); } catch (e) {}")
    found: list[str] = []
    errors: list[str] = []
    try:
        host = ctx.new_page()
        host.on("pageerror", lambda exc: errors.append(str(exc)))
        links = _host_table(host, server, 3)
        friends = [Friend(server) for _ in links]
        names: dict[int, str] = {}
        by_seat: dict[int, Friend] = {}
        for friend, url, name in zip(friends, links, ("Ann", "Ben", "Cai"), strict=True):
            seat = friend.join(url, name)["seat"]
            names[seat], by_seat[seat] = name, friend
        host.click("#friends-go")
        seen: set[str] = set()
        deadline = time.monotonic() + TIMEOUT_S * 3
        while time.monotonic() < deadline and "result" not in seen:
            mine = host.evaluate("async (id) => (await fetch('/api/tables/' + id)).json()", friends[0].table)
            view = mine["view"]
            if mine["status"] == "over" and (view["result"] or {}).get("annulled"):
                time.sleep(0.2)  # an annulled deal: the server deals again on its own
                continue
            if mine["status"] == "over":
                if not _shown(host, mine["seq"]):
                    continue
                if "shown" in seen:
                    result = host.locator("#result").inner_text()
                    assert "You showed your trump in trick" in result, result
                    # the whole deal's log, the end and the hints leave no placeholder
                    shown = host.locator("main").inner_text()
                    assert not re.search(r"\{\w+\}|%\(", shown), shown
                    seen.add("result")
                    break
                host.click("#act-next")  # a deal without the moment sought: the next one
                host.wait_for_function(
                    "(seq) => Number(document.getElementById('status')?.dataset.seq) > seq", arg=mine["seq"]
                )
                continue
            seat = view["to_act"]
            if not _shown(host, mine["seq"]):
                continue
            if seat == 2 and "partner" not in seen:
                # the partner decides: the status line does not say the opponents play
                assert host.locator("#status").inner_text() == "Your partner is playing…"
                seen.add("partner")
            if seat in (1, 3) and view["phase"] != "auction":
                assert host.locator("#status").inner_text() == "Your opponents are playing…"
            if seat != 0:
                table = by_seat[seat].state()
                by_seat[seat].act(table["seq"], _choose(table, view["hand"]))
                continue
            legal = {a["do"] for a in view["legal"]}
            if "redouble" in legal:
                # the bidder, doubled: what a redouble does, and who doubled, in the auction's list
                choice = host.locator("#choice").inner_text()
                assert "Redouble if you expect to make it" in choice, choice
                assert host.locator("#act-redouble").is_visible()
                calls = host.locator("#centre .calls").inner_text()
                assert f"{names[1]} (Opponent right) Doubled" in calls, calls
                _axe(host, "the redouble decision", found)
                host.click("#act-redouble")
                host.wait_for_function(
                    "() => document.getElementById('log').textContent.includes('You redouble.')"
                )
                # for the rest of the deal the seats say who doubled and who redoubled
                assert "Redoubled" in host.locator(".seat[data-pos='bottom'] .seat-facts").inner_text()
                assert "Doubled" in host.locator(".seat[data-pos='right'] .seat-facts").inner_text()
                seen.add("redouble")
                continue
            if "reveal" in legal and view["bidder"] == 0:
                # the bidder cannot follow suit: it shows its own trump, it asks nobody
                assert host.locator("#act-ask").inner_text() == "Show trump"
                choice = host.locator("#choice").inner_text()
                assert "you may show your trump first" in choice and "ask" not in choice, choice
                host.click("#act-ask")
                host.wait_for_function(
                    "() => document.getElementById('log').textContent.includes('You show your trump')"
                )
                choice = host.locator("#choice").inner_text()
                assert "You showed your trump" in choice and "You asked" not in choice, choice
                assert "Showed trump" in host.locator(".seat[data-pos='bottom']").inner_text()
                _axe(host, "the bidder's trump shown", found)
                seen.add("shown")
            action = _choose({"view": view, "seat": 0}, view["hand"])
            host.evaluate(
                "async ([id, body]) => fetch('/api/tables/' + id + '/actions', {method: 'POST',"
                " headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)})",
                [friends[0].table, {"seq": mine["seq"], "action": action}],
            )
            host.wait_for_function(
                "(seq) => Number(document.getElementById('status')?.dataset.seq) > seq", arg=mine["seq"]
            )
        assert {"partner", "redouble", "shown", "result"} <= seen, seen
    finally:
        ctx.close()
    assert not found, "\n".join(found)
    assert not errors, errors


@pytest.mark.parametrize("lang", CODES)
def test_no_seat_name_is_cut_on_a_phone(browser: Any, server: str, lang: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.goto(f"{server}/traditions/{SLUG}/table?lang={lang}")
        page.wait_for_function("() => document.querySelectorAll('.seat .seat-label').length === 4")
        cut = page.eval_on_selector_all(
            ".seat .seat-label",
            "els => els.filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)"
            ".map(e => e.textContent)",
        )
        assert not cut, f"{lang}: cut seat names {cut}"
    finally:
        ctx.close()
