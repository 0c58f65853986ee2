"""The table as a game (issue 10): the opponents' level chosen is the level played, whole deals by
mouse and by keyboard alone at both widths, focus kept in the hand, a refused action's reason, the
move log rebuilt after a reload, payments that open into their reasons, and axe-core in every state.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from e2e_play import table_state, take_turn
from test_site_e2e import SLUGS, finish_deal

pytestmark = pytest.mark.e2e

LEVEL_NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}


def _context(browser: Any, width: int, level: str | None = None, pace: int = 0) -> Any:
    ctx = browser.new_context(viewport={"width": width, "height": 844 if width < 500 else 900})
    script = f"try {{ localStorage.setItem('cardavia.pace', '{pace}');"
    if level:
        script += f" localStorage.setItem('cardavia.level', '{level}');"
    ctx.add_init_script(script + " } catch (e) {}")
    return ctx


def _open(page: Any, server: str, game: str, lang: str = "en") -> None:
    page.goto(f"{server}/traditions/{SLUGS[game]}/table?lang={lang}")
    page.wait_for_function("() => document.getElementById('status')?.dataset.status !== undefined")


@pytest.mark.parametrize(
    ("game", "level", "keyboard", "width"),
    [
        ("tien-gow", "easy", False, 1280),
        ("tien-gow", "hard", True, 390),
        ("cherki", "easy", True, 1280),
        ("cherki", "hard", False, 390),
    ],
)
def test_the_level_chosen_is_the_level_played_through_a_whole_deal(
    browser: Any, server: str, artifacts: Path, game: str, level: str, keyboard: bool, width: int
) -> None:
    ctx = _context(browser, width, level)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        _open(page, server, game)
        # the radio group remembers the choice, the new table plays it and says so
        assert page.locator(f"input[name='level'][value='{level}']").is_checked()
        assert table_state(page)["level"] == level
        assert page.locator("#table-level").inner_text() == f"Opponents: {LEVEL_NAMES[level]}"
        group = page.get_by_role("group", name="Opponents")
        assert group.get_by_role("radio").count() == 3
        if width < 500:
            # one screen: the hand and the controls above the fold
            fold = page.evaluate("() => window.innerHeight")
            bottom = page.evaluate("() => document.getElementById('controls').getBoundingClientRect().bottom")
            assert bottom <= fold, f"controls end at {bottom}px, the fold is at {fold}px"
        table = finish_deal(page, keyboard)
        assert table["level"] == level
        page.screenshot(path=str(artifacts / f"table-{game}-{level}-{width}-over.png"), full_page=True)
        # every figure of the settlement opens into its reasons, in words, every placeholder filled
        summaries = page.locator("#result details.explain summary")
        assert summaries.count() >= 1
        summaries.first.click()
        reasons = page.locator("#result details.explain[open] li").all_inner_texts()
        assert reasons and all("{" not in r and "%(" not in r for r in reasons)
        assert any(" pay" in r for r in reasons)
        page.screenshot(path=str(artifacts / f"table-{game}-{level}-{width}-explained.png"), full_page=True)
        # the end of the deal is announced once, in the status line
        assert page.locator("#status").inner_text().startswith("The deal is over")
    finally:
        ctx.close()
    assert not errors, errors


def test_a_refused_action_shows_the_engines_reason(page: Any, server: str) -> None:
    from itertools import combinations

    _open(page, server, "tien-gow")
    page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
    table = table_state(page)
    page.wait_for_function(
        "(seq) => Number(document.getElementById('status')?.dataset.seq) === seq", arg=table["seq"]
    )
    view = table["view"]
    legal = {"+".join(sorted(a["tiles"])) for a in view["legal"]}
    hand = view["hand"]
    bad = next(
        (
            c
            for k in (2, 3)
            for c in combinations(range(len(hand)), k)
            if "+".join(sorted(hand[i] for i in c)) not in legal
        ),
        None,
    )
    if bad is None:
        pytest.skip("every choice of this hand is legal")
    for index in bad:
        page.locator("#hand button").nth(index).click()
    # Enter sends what is chosen; the server refuses it and the page shows the engine's reason
    page.locator("#hand button").nth(bad[0]).focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('notice').textContent.startsWith('Not allowed:')")
    text = page.locator("#notice").inner_text()
    assert "{" not in text and len(text) > len("Not allowed: ") + 5
    assert table_state(page)["seq"] == table["seq"]  # nothing was played
    assert page.evaluate("() => document.getElementById('hand').contains(document.activeElement)")


def test_the_move_log_survives_a_reload(page: Any, server: str) -> None:
    _open(page, server, "cherki")
    page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
    take_turn(page, keyboard=False)
    take_turn(page, keyboard=False)
    page.wait_for_function("() => document.getElementById('status')?.dataset.status !== 'bots'")
    before = page.locator("#log p").all_inner_texts()
    assert any("You drew" in line or "You took" in line for line in before)
    page.reload()
    page.wait_for_function("() => document.querySelectorAll('#log p').length > 1")
    after = page.locator("#log p").all_inner_texts()

    # the card the player drew is named as it is drawn; the table's log keeps only that a card was
    # drawn (the card is not in the action), so after a reload the line says "You drew a card."
    def same(line: str) -> str:
        return "You drew" if line.startswith("You drew") else line

    assert [same(line) for line in after[: len(before)]] == [same(line) for line in before]


def test_the_tab_title_says_it_is_your_turn(page: Any, server: str) -> None:
    _open(page, server, "tien-gow")
    page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
    assert page.title().startswith("Your turn")


def test_a_new_game_plays_the_newly_chosen_level(page: Any, server: str) -> None:
    _open(page, server, "tien-gow")
    page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
    first = table_state(page)
    page.get_by_role("radio", name="Hard").check()
    assert page.locator("#level-note").is_visible()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#act-new").click()
    page.wait_for_function("(id) => localStorage.getItem('cardavia.table.tien-gow') !== id", arg=first["id"])
    page.wait_for_function("() => document.getElementById('table-level').dataset.level === 'hard'")
    assert table_state(page)["level"] == "hard"
    assert page.evaluate("() => localStorage.getItem('cardavia.level')") == "hard"
    assert not page.locator("#level-note").is_visible()


def _axe(page: Any, where: str, found: list[str]) -> None:
    from axe_playwright_python.sync_playwright import Axe

    for violation in Axe().run(page).response["violations"]:
        targets = [n["target"] for n in violation["nodes"][:3]]
        found.append(f"{where}: {violation['id']} ({violation['impact']}) {violation['help']} {targets}")


@pytest.mark.parametrize("lang", ["en", "nb", "zh-Hans"])
@pytest.mark.parametrize("game", ["tien-gow", "cherki"])
def test_axe_in_every_table_state(browser: Any, server: str, artifacts: Path, game: str, lang: str) -> None:
    """Your turn, the bots' turn (at the slow pace), the deal over and its results opened: 0 violations."""
    found: list[str] = []
    for width in (1280, 390):
        ctx = _context(browser, width, pace=1500)
        page = ctx.new_page()
        try:
            _open(page, server, game, lang)
            page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
            _axe(page, f"{game} {lang} {width} your turn", found)
            page.screenshot(path=str(artifacts / f"state-{game}-{lang}-{width}-turn.png"))
            for _ in range(3):  # a Cherki turn is a pick-up then a discard
                take_turn(page, keyboard=False)
                if page.evaluate("() => document.getElementById('status')?.dataset.status") == "bots":
                    break
            assert page.evaluate("() => document.getElementById('status')?.dataset.status") == "bots"
            _axe(page, f"{game} {lang} {width} bots' turn", found)
            page.screenshot(path=str(artifacts / f"state-{game}-{lang}-{width}-bots.png"))
            page.select_option("#pace", "0")
            table = finish_deal(page, keyboard=False)
            assert table["status"] == "over"
            if game == "cherki" and any(table["view"]["called"]):
                _axe(page, f"{game} {lang} {width} called", found)
            _axe(page, f"{game} {lang} {width} deal over", found)
            page.locator("#result details.explain summary").first.click()
            _axe(page, f"{game} {lang} {width} results opened", found)
            page.screenshot(path=str(artifacts / f"state-{game}-{lang}-{width}-results.png"), full_page=True)
        finally:
            ctx.close()
    assert not found, "\n".join(found)


# Each shift is kept with what moved, so that a failure says where to look (a rare one, 0.056 once
# in a loaded run, has not been caught again; a header shift of 0.007 while the page loaded was seen
# once in 22 runs).
CLS_OBSERVER = """
window.__cls = 0;
window.__shifts = [];
const named = (node) => {
  if (!node) return "?";
  if (node.id) return "#" + node.id;
  const kind = node.className ? "." + String(node.className).split(" ")[0] : "";
  return node.nodeName.toLowerCase() + kind;
};
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.hadRecentInput) continue;
    // the end of a deal brings its result, new content by design (a Cherki deal may end within the
    // turns measured, as one did once in a loop of the browser suite); what is measured is the turns
    if (document.getElementById("status")?.dataset.status === "over") continue;
    window.__cls += e.value;
    const what = e.sources.map((s) => named(s.node)).join(", ");
    window.__shifts.push(`${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${what}`);
  }
}).observe({ type: "layout-shift", buffered: true });
"""


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("game", ["tien-gow", "cherki"])
def test_nothing_moves_the_layout(browser: Any, server: str, game: str, width: int) -> None:
    """Loading the table and several turns with the opponents' moves animated: CLS below 0.05."""
    ctx = _context(browser, width, pace=250)
    ctx.add_init_script(CLS_OBSERVER)
    page = ctx.new_page()
    try:
        _open(page, server, game)
        page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
        for _ in range(5):
            take_turn(page, keyboard=False)
            if table_state(page)["status"] == "over":
                break
        page.wait_for_function(
            "() => document.getElementById('status')?.dataset.status !== 'bots'", timeout=30_000
        )
        cls = page.evaluate("window.__cls")
        shifts = "; ".join(page.evaluate("window.__shifts"))
        assert cls < 0.05, f"cumulative layout shift {cls:.3f}: {shifts}"
    finally:
        ctx.close()


def test_trying_again_goes_when_the_server_is_back(page: Any, server: str) -> None:
    """The server is busy (503 with Retry-After): the page says it is catching up, tries again, and
    the message goes as soon as the table is back. (Playwright cannot intercept an EventSource, so
    the stream's own reconnection is not driven here.)"""
    _open(page, server, "tien-gow")
    page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
    busy = {"on": True}

    def answer(route: Any) -> None:
        if busy["on"]:
            route.fulfill(status=503, headers={"Retry-After": "1"}, body='{"error": {"code": "busy"}}')
        else:
            route.continue_()

    page.route("**/api/tables/t_*", answer)
    page.reload()
    page.wait_for_function("() => document.getElementById('notice').textContent.includes('catching up')")
    assert page.locator("#status").get_attribute("data-status") is None
    busy["on"] = False
    page.wait_for_function(
        "() => document.getElementById('status')?.dataset.status === 'human'", timeout=30_000
    )
    page.wait_for_function("() => document.getElementById('notice').textContent === ''")
    take_turn(page, keyboard=False)  # and the table plays on


def test_keys_help_and_the_drawn_card_named(page: Any, server: str) -> None:
    """'?' opens the list of keys; D draws from the hand, the card drawn is named and keeps the focus."""
    _open(page, server, "cherki")
    page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
    page.locator("#hand button[tabindex='0']").focus()
    page.keyboard.press("?")
    help_text = page.locator("#keys-help").inner_text()
    assert page.locator("#keys-help").get_attribute("open") is not None
    for name in ("Draw", "Take", "Discard", "Call Cherki", "Hint"):
        assert name in help_text
    assert page.locator("#act-draw").get_attribute("aria-keyshortcuts") == "D"
    page.keyboard.press("?")
    assert page.locator("#keys-help").get_attribute("open") is None
    # a turn that may draw (the first may be another decision): the table plays on until one comes
    for _ in range(12):
        if any(a["do"] == "draw" for a in table_state(page)["view"]["legal"]):
            break
        take_turn(page, keyboard=False)
        page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
    else:
        raise AssertionError("twelve turns and none could draw")
    page.locator("#hand button[tabindex='0']").focus()
    page.keyboard.press("d")
    page.wait_for_function("() => document.querySelector('#hand button.taken') !== null")
    drawn = table_state(page)["view"]["picked"]
    last = page.locator("#log p").last.inner_text()
    assert last.startswith("You drew ") and last.endswith(f" ({drawn}).")  # English: "9 of Strings (9s)"
    label = page.locator("#hand button.taken").get_attribute("aria-label")
    # read by its name alone: "9 of Strings, just picked up", never "9s 9 of Strings…"
    name = page.evaluate(
        "(c) => JSON.parse(document.getElementById('table-data').textContent).pieces[c]", drawn
    )
    assert label.startswith(f"{name},") and label.endswith("just picked up"), label
    assert page.evaluate("() => document.getElementById('hand').contains(document.activeElement)")


def test_an_action_the_server_may_have_applied_is_sent_again_until_its_answer_is_sure(
    page: Any, server: str
) -> None:
    """A 503 ``unknown`` (the database failed after the action may have been written): the page says
    so and sends the very same request again, which the server answers as done."""
    _open(page, server, "tien-gow")
    page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
    sent: list[str] = []
    answers: list[int] = []

    def answer(route: Any) -> None:
        sent.append(route.request.post_data)
        reply = route.fetch()  # the server applies it ...
        if len(sent) == 1:  # ... and its answer is lost on the way
            body = '{"error": {"code": "unknown", "message": "", "params": {"reason": "unreachable"}}}'
            route.fulfill(status=503, headers={"Retry-After": "1"}, body=body)
        else:
            answers.append(reply.status)
            route.fulfill(response=reply)

    page.route("**/api/tables/*/actions", answer)
    take_turn(page, keyboard=False)
    for _ in range(300):  # the page waits Retry-After, then sends again
        if answers:
            break
        page.wait_for_timeout(100)
    assert len(sent) == 2 and sent[0] == sent[1]  # the same action at the same seq
    assert answers == [200]  # answered as done: applied once
    page.unroute("**/api/tables/*/actions")
    take_turn(page, keyboard=False)  # and the table plays on
