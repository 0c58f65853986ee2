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
