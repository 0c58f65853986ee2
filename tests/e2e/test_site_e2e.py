"""The site in headless Chromium against the real server: whole deals by mouse and by keyboard,
resuming after a reload, the display sliders, screenshots of every page in every language at two
widths with no horizontal overflow, and axe-core's accessibility check.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from e2e_play import play_deal, table_state, take_turn

from cardavia.i18n.languages import LANGUAGES
from cardavia.web.game_parts import games, offered_of

pytestmark = pytest.mark.e2e

# every registered game's pages, under /traditions/: its tradition's slug, then the game's own
# segment for a game that joined a tradition another game declares
SLUGS = {web.game: offered_of(web.game).path(web.game).removeprefix("/traditions/") for web in games()}
CODES = [lang.code for lang in LANGUAGES]


def open_table(page: Any, server: str, game: str, lang: str) -> None:
    page.goto(f"{server}/traditions/{SLUGS[game]}/table?lang={lang}")
    page.wait_for_function("() => document.getElementById('status')?.dataset.status !== undefined")


def finish_deal(page: Any, keyboard: bool) -> dict[str, Any]:
    """Play until a deal is settled. A drawn Cherki deal is dealt again by the server on its own,
    so a result that is drawn (or already replaced by the next deal) means: play on.
    """
    for _ in range(8):
        play_deal(page, keyboard=keyboard)
        table = table_state(page)
        result = table["view"]["result"]
        if table["status"] == "over" and result and not result.get("drawn"):
            page.wait_for_function(
                "(seq) => Number(document.getElementById('status')?.dataset.seq) === seq", arg=table["seq"]
            )
            return table
        page.wait_for_function("() => document.getElementById('result').hidden", timeout=90_000)
    raise AssertionError("eight drawn deals in a row")


@pytest.mark.parametrize(
    ("game", "lang", "keyboard"),
    [
        ("tien-gow", "en", False),
        ("tien-gow", "nb", True),
        ("cherki", "en", False),
        ("cherki", "hi", True),
    ],
)
def test_a_whole_deal_through_the_page(page: Any, server: str, game: str, lang: str, keyboard: bool) -> None:
    open_table(page, server, game, lang)
    table = finish_deal(page, keyboard)
    result = page.locator("#result")
    assert result.is_visible()
    text = result.inner_text()
    if game == "tien-gow":
        # columns, immediate payments, settlement and net for all four seats, the winner, next banker
        assert len(result.locator("tbody tr").all()) == 4
        assert len(result.locator("thead th").all()) == 6
        assert sum(table["view"]["result"]["net"]) == 0
    else:
        assert len(result.locator("tbody tr").all()) == 3
        assert str(table["view"]["result"]["x"]) in text
        assert len(result.locator("svg.card").all()) == 9
    # each action was noted in the live region, in the page's language
    notes = page.locator("#log p").all_inner_texts()
    assert len(notes) >= 8
    if lang == "en":
        assert any(" led " in n or " drew " in n or " took " in n for n in notes)
        assert any(words in text for words in ("Winner", "wins with", "You win with"))
    else:
        assert "Winner" not in text and "Settlement" not in text
    # "Next deal" continues the same table with the running totals
    page.locator("#act-next").click()
    page.wait_for_function("() => document.getElementById('result').hidden")
    after = table_state(page)
    assert after["id"] == table["id"]
    assert after["deal_no"] == table["deal_no"] + 1
    assert after["totals"] == [*map(int, table["totals"])]


def test_hand_pieces_and_controls_have_their_accessible_names(page: Any, server: str) -> None:
    open_table(page, server, "tien-gow", "en")
    page.wait_for_function("() => document.querySelectorAll('#hand button').length === 8")
    names = page.eval_on_selector_all("#hand button", "bs => bs.map(b => b.getAttribute('aria-label'))")
    codes = table_state(page)["view"]["hand"]
    assert [name.split(" ", 1)[0] for name in names] == codes
    if "6-6" in codes:
        assert "6-6 Heaven" in names
    for name in ("Play", "Face down", "Hint"):
        assert page.get_by_role("button", name=name, exact=True).count() == 1
    open_table(page, server, "cherki", "en")
    page.wait_for_function("() => document.querySelectorAll('#hand button').length >= 8")
    names = page.eval_on_selector_all("#hand button", "bs => bs.map(b => b.getAttribute('aria-label'))")
    # a card by its name alone ("5 of Coins", "White Flower"): its code is drawn, not spoken
    pieces = page.evaluate("() => JSON.parse(document.getElementById('table-data').textContent).pieces")
    assert names == [pieces[code] for code in table_state(page)["view"]["hand"]]
    for name in ("Draw", "Take", "Discard", "Call Cherki", "Hint"):
        assert page.get_by_role("button", name=name, exact=True).count() == 1


def test_hint_explains_in_the_page_language(page: Any, server: str) -> None:
    open_table(page, server, "tien-gow", "zh-Hans")
    page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
    page.locator("#act-hint").click()
    page.wait_for_function("() => document.getElementById('hint').textContent.length > 0")
    text = page.locator("#hint").inner_text()
    assert text.startswith("提示")
    # the move, why, and the figures (the review's words of the same move), in Chinese punctuation
    assert "原因：" in text and "平均每局 " in text and "模拟了 " not in text, text
    assert not re.search(r"(?<![\d\w])-\d", text), text  # a negative figure takes the minus sign


def test_a_cherki_hint_fills_every_placeholder_in_the_page_language(page: Any, server: str) -> None:
    open_table(page, server, "cherki", "ms")
    page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
    page.get_by_role("button", name="Cabut kad", exact=True).click()
    page.wait_for_function("() => document.querySelectorAll('#hand button').length === 9")
    page.locator("#act-hint").click()
    page.wait_for_function("() => document.getElementById('hint').textContent.length > 0")
    text = page.locator("#hint").inner_text()
    assert text.startswith("Petunjuk") and "buang" in text
    assert "{" not in text and "}" not in text  # card and kind names filled in, translated
    # cards are named as a Malay reader knows them, never by the English initials (5c, WF)
    card_code = re.compile(r"(?<![\w#/-])(?:[1-9][csm]|WF|RF|OT)(?![\w-])")
    assert not card_code.search(text), text
    names = page.eval_on_selector_all("[aria-label]", "els => els.map(e => e.getAttribute('aria-label'))")
    assert len(names) > 9
    assert not [n for n in names if card_code.search(n)], names
    assert not card_code.search(page.locator("main").inner_text())


def test_reload_mid_deal_resumes_the_same_table(page: Any, server: str) -> None:
    open_table(page, server, "tien-gow", "en")
    page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
    take_turn(page, keyboard=False)
    before = table_state(page)
    hand_before = page.eval_on_selector_all("#hand button", "bs => bs.map(b => b.dataset.code)")
    page.reload()
    page.wait_for_function(
        "(seq) => Number(document.getElementById('status')?.dataset.seq) >= seq", arg=before["seq"]
    )
    after = table_state(page)
    assert after["id"] == before["id"]
    assert after["deal_no"] == before["deal_no"]
    assert after["view"]["hand"] == before["view"]["hand"] or after["seq"] > before["seq"]
    hand_after = page.eval_on_selector_all("#hand button", "bs => bs.map(b => b.dataset.code)")
    assert hand_after == after["view"]["hand"]
    assert len(hand_before) == len(before["view"]["hand"])


def test_sliders_change_the_whole_page_and_persist(page: Any, server: str) -> None:
    page.goto(f"{server}/")
    style = "() => getComputedStyle(document.getElementById('page')).filter"
    assert page.evaluate(style) == "contrast(1)"
    grain_before = page.evaluate("() => getComputedStyle(document.querySelector('.grain')).opacity")
    page.locator("#pref-contrast").fill("100")
    page.locator("#pref-grain").fill("0")
    page.locator("#pref-temperature").fill("0")
    assert page.evaluate(style) == "contrast(1.4)"
    assert page.evaluate("() => getComputedStyle(document.querySelector('.grain')).opacity") == "0"
    assert float(grain_before) > 0
    assert float(page.evaluate("() => getComputedStyle(document.querySelector('.tint')).opacity")) > 0.2
    assert page.locator("output[data-for='contrast']").inner_text().startswith("100")
    # another page: the saved values are applied by the synchronous head script, before first paint
    page.goto(f"{server}/traditions/cherki/table")
    assert page.evaluate(style) == "contrast(1.4)"
    assert page.locator("#pref-contrast").input_value() == "100"
    page.reload()
    assert page.evaluate(style) == "contrast(1.4)"
    assert page.locator("#pref-temperature").input_value() == "0"
    page.locator("#pref-contrast").fill("50")
    assert page.evaluate(style) == "contrast(1)"


# The page scrolls sideways when the document is wider than the viewport; the widest elements
# that are not inside a scrolling box are named to say why.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width + 1) return [];
  const scrolls = (el) => {
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (["auto", "scroll", "hidden"].includes(getComputedStyle(a).overflowX)) return true;
    }
    return false;
  };
  const wide = ['document ' + document.documentElement.scrollWidth];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > width + 1 && !scrolls(el)) {
      wide.push(el.tagName + '.' + el.className + ' ' + Math.round(r.right));
    }
    if (wide.length > 5) break;
  }
  return wide;
}"""


def page_paths() -> list[tuple[str, str]]:
    paths = [("catalogue", "/"), ("history", "/history")]
    for game, slug in SLUGS.items():
        paths += [
            (f"{game}", f"/traditions/{slug}"),
            (f"{game}-rules", f"/traditions/{slug}/rules"),
            (f"{game}-table", f"/traditions/{slug}/table"),
        ]
    return paths


@pytest.mark.parametrize("width", [1280, 390])
def test_screenshots_of_every_page_without_horizontal_overflow(
    browser: Any, server: str, artifacts: Path, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.add_init_script("try { localStorage.setItem('cardavia.pace', '0'); } catch (e) {}")
    page = context.new_page()
    problems: list[str] = []
    try:
        for code in CODES:
            for name, path in page_paths():
                page.goto(f"{server}{path}?lang={code}")
                if path.endswith("/table"):
                    page.wait_for_function("() => document.querySelectorAll('#hand button').length > 0")
                    page.wait_for_timeout(150)
                wide = page.evaluate(OVERFLOW)
                if wide:
                    problems.append(f"{code} {path} @{width}: {wide}")
                # the whole page, but at most 4000 px of it: encoding a long rules page takes seconds
                height = min(4000, int(page.evaluate("document.documentElement.scrollHeight")))
                clip = {"x": 0, "y": 0, "width": width, "height": height}
                page.screenshot(path=str(artifacts / f"{name}-{code}-{width}.png"), full_page=True, clip=clip)
    finally:
        context.close()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_axe_finds_no_serious_violations(browser: Any, server: str, lang: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script("try { localStorage.setItem('cardavia.pace', '0'); } catch (e) {}")
    page = context.new_page()
    found: list[str] = []
    try:
        for _, path in page_paths():
            page.goto(f"{server}{path}?lang={lang}")
            if path.endswith("/table"):
                page.wait_for_function("() => document.querySelectorAll('#hand button').length > 0")
            results = axe.run(page)
            for violation in results.response["violations"]:
                if violation["impact"] in ("serious", "critical"):
                    targets = [n["target"] for n in violation["nodes"][:3]]
                    found.append(f"{path} [{lang}] {violation['id']}: {violation['help']} {targets}")
    finally:
        context.close()
    assert not found, "\n".join(found)


def test_an_illegal_choice_is_explained_and_cannot_be_played(page: Any, server: str) -> None:
    from itertools import combinations

    open_table(page, server, "tien-gow", "en")
    page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
    table = table_state(page)
    page.wait_for_function(
        "(seq) => Number(document.getElementById('status')?.dataset.seq) === seq", arg=table["seq"]
    )
    view = table["view"]
    ups = {"+".join(sorted(a["tiles"])) for a in view["legal"] if a["face"] == "up"}
    downs = {"+".join(sorted(a["tiles"])) for a in view["legal"] if a["face"] == "down"}
    size = 2 if not view["trick"] else len(view["legal"][0]["tiles"])
    hand = view["hand"]
    bad = next(
        (c for c in combinations(range(len(hand)), size) if "+".join(sorted(hand[i] for i in c)) not in ups),
        None,
    )
    if bad is None:
        pytest.skip("every choice of this hand is a legal group")
    for index in bad:
        page.locator("#hand button").nth(index).click()
    assert page.locator("#act-play").is_disabled()
    chosen = "+".join(sorted(hand[i] for i in bad))
    assert page.locator("#act-down").is_enabled() == (chosen in downs)
    assert page.locator("#choice").inner_text().strip()
    assert page.locator("#hand button[aria-pressed='true']").count() == size


def test_a_phone_s_header_is_two_rows_with_the_sliders_behind_display(browser: Any, server: str) -> None:
    # issue 30, item 7: the language, Change and three sliders took 240 of a phone's 844 px
    for width, height in ((390, 844), (1280, 800)):
        ctx = browser.new_context(viewport={"width": width, "height": height})
        page = ctx.new_page()
        try:
            page.goto(f"{server}/traditions/{SLUGS['tien-gow']}/table?lang=ms")
            header = page.locator(".site-header").bounding_box()
            toggle = page.locator("#sliders-toggle")
            assert header is not None
            if width > 500:  # a laptop shows the sliders, and no button
                assert not toggle.is_visible() and page.locator("#pref-contrast").is_visible()
                continue
            assert header["height"] <= 100, header
            assert not page.locator("#pref-contrast").is_visible()
            assert toggle.get_attribute("aria-expanded") == "false"
            toggle.click()
            assert page.locator("#pref-contrast").is_visible()
            assert toggle.get_attribute("aria-expanded") == "true"
            toggle.click()
            assert not page.locator("#pref-contrast").is_visible()
        finally:
            ctx.close()
