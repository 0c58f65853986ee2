"""The replay page in headless Chromium: reached from the end of a deal, stepped by keyboard and by
buttons, every hand on request, and axe-core's check."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_site_e2e import finish_deal, open_table

pytestmark = pytest.mark.e2e


def test_a_finished_deal_replays_by_keyboard(page: Any, server: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    open_table(page, server, "tien-gow", "en")
    table = finish_deal(page, keyboard=False)
    link = page.locator("#replay-link a")
    link.wait_for(state="visible")
    link.click()
    page.wait_for_selector("#replay-position:not(:empty)")
    assert page.locator("#replay-heading").inner_text() == f"Replay: Deal {table['deal_no']}"
    total = int(re.search(r"of (\d+)", page.locator("#replay-position").inner_text()).group(1))  # type: ignore[union-attr]
    assert page.locator("#replay-move").inner_text() == "Before anyone has played."
    assert page.locator("#step-prev").is_disabled()
    page.keyboard.press("End")
    assert page.locator("#replay-position").inner_text() == f"Move {total} of {total}"
    assert page.locator("#step-next").is_disabled()
    assert not page.locator("#result").is_hidden()  # the end of the deal, as the table showed it
    page.keyboard.press("ArrowLeft")
    assert page.locator("#replay-position").inner_text() == f"Move {total - 1} of {total}"
    assert page.locator("#replay-move").inner_text().strip()  # the move named in words
    page.keyboard.press("Home")
    assert page.locator("#replay-position").inner_text() == f"Move 0 of {total}"
    page.locator("#step-next").click()
    assert page.locator("#replay-position").inner_text() == f"Move 1 of {total}"
    # every hand, once asked: four seats of eight tiles before anyone plays
    page.keyboard.press("Home")
    page.locator("#show-hands").check()
    page.wait_for_selector("#replay-hands:not([hidden])")
    assert page.locator("#replay-hands .replay-hand").count() == 4
    assert page.locator("#replay-hands svg.tile").count() == 32
    results = Axe().run(page)
    assert results.response["violations"] == [], [v["id"] for v in results.response["violations"]]


def test_a_decision_in_the_replay_is_played_again_from_a_new_table(page: Any, server: str) -> None:
    open_table(page, server, "tien-gow", "en")
    table = finish_deal(page, keyboard=False)
    page.locator("#replay-link a").click()
    page.wait_for_selector("#replay-position:not(:empty)")
    page.keyboard.press("Home")
    # forward to the player's first move: the button offers to play it differently
    for _ in range(8):
        page.keyboard.press("ArrowRight")
        if page.locator("#try-here").is_visible():
            break
    button = page.locator("#try-here")
    assert button.is_visible() and button.inner_text() == "Play this move differently"
    at = int(re.search(r"Move (\d+)", page.locator("#replay-position").inner_text()).group(1))  # type: ignore[union-attr]
    steps = page.evaluate(
        "async (path) => (await fetch(path)).json()",
        f"/api/tables/{table['id']}/deals/{table['deal_no']}/steps",
    )
    button.click()
    page.wait_for_url("**/table")
    page.wait_for_function("() => document.getElementById('status').dataset.status === 'human'")
    fresh = page.evaluate("() => localStorage.getItem('cardavia.table.tien-gow')")
    assert fresh != table["id"]
    now = page.evaluate("async (id) => (await fetch(`/api/tables/${id}`)).json()", fresh)
    # the same deal at the same point: the hand and the trick the player had before that move
    assert now["view"]["hand"] == steps[at - 1]["view"]["hand"]
    assert now["view"]["trick"] == steps[at - 1]["view"]["trick"]
    assert page.locator("#hand button").count() == len(now["view"]["hand"])


def test_the_review_says_the_better_move_and_its_reason_with_piece_names(page: Any, server: str) -> None:
    open_table(page, server, "tien-gow", "nb")
    table = finish_deal(page, keyboard=False)
    page.locator("#replay-link a").click()
    page.wait_for_selector("#replay-position:not(:empty)")
    page.locator("#review-start").click()
    page.wait_for_selector("#review-summary:not(:empty)", timeout=240_000)
    data = page.evaluate("() => JSON.parse(document.getElementById('table-data').textContent)")
    reply = page.evaluate(
        "async (path) => (await fetch(path)).json()",
        f"/api/tables/{table['id']}/deals/{table['deal_no']}/review",
    )
    lost = [d for d in reply["review"]["decisions"] if d["label"] != "best"]
    if not lost:
        pytest.skip("every decision of this deal was the best: no better move to show")
    codes = re.compile(r"\d-\d\s*\+\s*\d-\d")  # tiles as bare codes, "3-3+3-5"
    for d in lost:
        page.keyboard.press("Home")
        for _ in range(d["index"] + 1):
            page.keyboard.press("ArrowRight")
        better = page.locator("#replay-verdict .replay-better").inner_text()
        # a move to make, in Norwegian, face up or down as the best is, each tile by its name
        face = "med forsiden opp" if d["best"]["face"] == "up" else "med forsiden ned"
        assert face in better, better
        for code in d["best"]["tiles"]:
            assert f"{data['pieces'][code]} {code}" in better, better
        assert better != page.locator("#replay-move").inner_text()
        verdict = page.locator("#replay-verdict").inner_text()
        assert not codes.search(verdict) and "{" not in verdict, verdict
        # the interval's level as Norwegian writes a percentage (from the number format, not the sentence)
        level = data["confidence"].replace("\u00a0", " ")
        assert level in verdict.replace("\u00a0", " ") and "%(" not in verdict, verdict
