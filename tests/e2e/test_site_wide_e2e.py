"""The site-wide parts in headless Chromium: the language selector waits for confirmation, the
tradition page's Opponents choice is remembered and reaches the table, the 404 page leads back, the
table page speaks without JavaScript, headings are in order once scripts ran, axe-core finds nothing
on these pages in three languages, and screenshots at both widths.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from e2e_play import table_state

pytestmark = pytest.mark.e2e

LANGS = ["en", "ms", "zh-Hant"]
PAGES = {
    "catalogue": "/",
    "tradition-tien-gow": "/traditions/chinese-dominoes",
    "tradition-cherki": "/traditions/cherki",
    "rules-cherki": "/traditions/cherki/rules",
    "history": "/history",
    "not-found": "/no/such/page",
}

HEADINGS = """() => [...document.querySelectorAll('h1,h2,h3,h4,h5,h6')]
  .filter(h => h.getClientRects().length || h.classList.contains('visually-hidden'))
  .map(h => Number(h.tagName[1]))"""


def navigations(page: Any) -> list[str]:
    seen: list[str] = []
    page.on("framenavigated", lambda frame: seen.append(frame.url) if frame == page.main_frame else None)
    return seen


def test_an_arrow_key_on_the_language_selector_does_not_change_the_language(page: Any, server: str) -> None:
    page.goto(f"{server}/traditions/cherki?lang=en")
    seen = navigations(page)
    select = page.locator("#language-select")
    select.focus()
    page.keyboard.press("ArrowDown")  # a closed <select> changes its value (and fires "change") here
    chosen = select.input_value()
    assert chosen != "en"
    assert page.evaluate("document.documentElement.lang") == "en"
    # the Change button now stands out; Enter on the selector (or the button) confirms
    assert "primary" in (page.locator(".language-go").get_attribute("class") or "")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.evaluate("document.documentElement.lang") == chosen
    assert len(seen) == 1  # one reload: the confirmed one
    assert page.url.endswith("/traditions/cherki")


def test_a_mouse_choice_applies_with_the_change_button(page: Any, server: str) -> None:
    page.goto(f"{server}/?lang=en")
    seen = navigations(page)
    page.locator("#language-select").select_option("nb")
    assert page.evaluate("document.documentElement.lang") == "en"
    with page.expect_navigation():
        page.get_by_role("button", name="Change", exact=True).click()
    assert page.evaluate("document.documentElement.lang") == "nb"
    assert len(seen) == 1
    assert page.locator("h1").inner_text() == "Korttradisjoner"
    page.goto(f"{server}/?lang=en")  # leave the browser in English for the other tests


def test_the_opponents_choice_is_remembered_and_carried_to_the_table(page: Any, server: str) -> None:
    page.goto(f"{server}/traditions/cherki?lang=en")
    group = page.get_by_role("group", name="Opponents")
    assert group.get_by_role("radio", name="Normal").is_checked()  # the default
    group.get_by_role("radio", name="Hard").check()
    assert page.evaluate("localStorage.getItem('cardavia.level')") == "hard"
    page.reload()
    assert group.get_by_role("radio", name="Hard").is_checked()  # remembered by this browser
    # keyboard alone: arrows move within the group, Enter on the Play button goes to the table
    group.get_by_role("radio", name="Hard").focus()
    page.keyboard.press("ArrowLeft")
    assert group.get_by_role("radio", name="Normal").is_checked()
    assert page.evaluate("localStorage.getItem('cardavia.level')") == "normal"
    page.keyboard.press("ArrowRight")
    page.get_by_role("button", name="Play Cherki").focus()
    with page.expect_navigation() as navigation:
        page.keyboard.press("Enter")
    # the table is asked for with the level (and then takes it off its address)
    assert navigation.value.url.endswith("/traditions/cherki/table?level=hard")


def test_the_level_chosen_on_the_tradition_page_is_the_level_played(page: Any, server: str) -> None:
    page.goto(f"{server}/traditions/chinese-dominoes?lang=en")
    # the first game's choice (a tradition with several games has one a game)
    levels = page.locator(".game-offer").first.get_by_role("group", name="Opponents")
    levels.get_by_role("radio", name="Easy").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Play Tien Gow").click()
    page.wait_for_function("() => document.getElementById('status')?.dataset.status !== undefined")
    assert table_state(page)["level"] == "easy"


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_the_404_page_leads_back_to_the_catalogue(page: Any, server: str, lang: str) -> None:
    reply = page.goto(f"{server}/traditions/nowhere?lang={lang}")
    assert reply.status == 404
    assert reply.headers["content-type"].startswith("text/html")
    assert page.evaluate("document.documentElement.lang") == lang
    heading = page.locator("h1").inner_text()
    assert heading == {"en": "Page not found", "hi": "पेज नहीं मिला"}[lang]
    with page.expect_navigation():
        page.locator("main a.button").click()
    assert page.url == f"{server}/"


def test_the_table_page_says_what_to_do_without_javascript(browser: Any, server: str) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 800})
    try:
        page = context.new_page()
        page.goto(f"{server}/traditions/chinese-dominoes/table?lang=nb")
        notice = page.locator(".noscript-notice")
        assert notice.is_visible()
        assert notice.inner_text().startswith("Dette bordet trenger JavaScript.")
        assert page.locator(".rules-aside").is_visible()  # the rules are still there to read
        # the tradition page's Play form works without JavaScript too: the level travels in the URL
        page.goto(f"{server}/traditions/cherki?lang=en")
        page.get_by_role("group", name="Opponents").get_by_role("radio", name="Easy").check()
        page.get_by_role("button", name="Play Cherki").click()
        page.wait_for_url("**/traditions/cherki/table?level=easy")
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_no_axe_violations_and_headings_in_order(browser: Any, server: str, lang: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    found: list[str] = []
    for width in (1280, 390):
        context = browser.new_context(viewport={"width": width, "height": 900})
        page = context.new_page()
        try:
            for name, path in PAGES.items():
                page.goto(f"{server}{path}?lang={lang}")
                levels = page.evaluate(HEADINGS)
                assert levels[0] == 1 and levels.count(1) == 1, (name, levels)
                assert all(b <= a + 1 for a, b in itertools.pairwise(levels)), (name, levels)
                for violation in axe.run(page).response["violations"]:
                    targets = [n["target"] for n in violation["nodes"][:3]]
                    found.append(f"{name} [{lang} @{width}] {violation['id']}: {violation['help']} {targets}")
        finally:
            context.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("width", [1280, 390])
def test_screenshots_of_the_site_wide_pages(browser: Any, server: str, artifacts: Path, width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        for lang in ["en", "ms", "id", "nb", "hi", "zh-Hans", "zh-Hant"]:
            for name, path in PAGES.items():
                page.goto(f"{server}{path}?lang={lang}")
                wide = page.evaluate(
                    "document.documentElement.scrollWidth - document.documentElement.clientWidth"
                )
                assert wide <= 1, f"{name} {lang} @{width} scrolls sideways by {wide}px"
                height = min(3000, int(page.evaluate("document.documentElement.scrollHeight")))
                clip = {"x": 0, "y": 0, "width": width, "height": height}
                page.screenshot(
                    path=str(artifacts / f"site-{name}-{lang}-{width}.png"), full_page=True, clip=clip
                )
    finally:
        context.close()
