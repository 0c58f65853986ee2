"""One screen, one move at a time (issue 25): every game's table shows the felt, the whole hand,
the action buttons and the current explanation with the page unscrolled at laptop sizes and on a
phone (there also the trick), and the opponents' moves come out one at a time, however the
server's events bunch.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from e2e_play import table_state, take_turn
from test_site_e2e import SLUGS

pytestmark = pytest.mark.e2e

SIZES = [(1280, 800), (1366, 768), (390, 844)]

# Each box's rectangle in the viewport, with the page at scroll 0.
BOXES = """() => {
  const box = (sel) => {
    const node = document.querySelector(sel);
    if (!node) return null;
    const r = node.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
  };
  const hand = [...document.querySelectorAll('#hand button')].map((b) => b.getBoundingClientRect())
    .map((r) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height }));
  const controls = [...document.querySelectorAll('#controls button')].filter((b) => !b.hidden)
    .map((b) => b.getBoundingClientRect())
    .map((r) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height }));
  const lines = [...document.querySelectorAll('#choice > p')].map((p) => p.getBoundingClientRect())
    .map((r) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height }));
  return {
    width: window.innerWidth, height: window.innerHeight, scrollY: window.scrollY,
    board: box('#board'), centre: box('#centre'), status: box('#status'),
    choice: lines[0] || null, hand, controls,
  };
}"""


def _inside(name: str, rect: dict[str, float] | None, view: dict[str, Any]) -> None:
    assert rect is not None, f"{name} is not on the page"
    assert rect["height"] > 0, f"{name} has no height"
    assert rect["top"] >= 0 and rect["left"] >= 0, f"{name} starts outside the viewport: {rect}"
    assert rect["bottom"] <= view["height"] + 0.5, (
        f"{name} ends at {rect['bottom']:.0f}px, below the fold at {view['height']}px"
    )
    assert rect["right"] <= view["width"] + 0.5, f"{name} ends right of the viewport: {rect}"


def _measure(page: Any) -> dict[str, Any]:
    view: dict[str, Any] = page.evaluate(BOXES)
    assert view["scrollY"] == 0
    _inside("the felt", view["board"], view)
    _inside("the status line", view["status"], view)
    _inside("the explanation", view["choice"], view)
    assert view["hand"], "no hand"
    for i, rect in enumerate(view["hand"]):
        _inside(f"piece {i + 1} of the hand", rect, view)
    assert view["controls"], "no buttons"
    for i, rect in enumerate(view["controls"]):
        _inside(f"button {i + 1}", rect, view)
    return view


@pytest.mark.parametrize("lang", ["en", "ms", "hi"])
@pytest.mark.parametrize("game", ["tien-gow", "cherki", "twenty-nine"])
def test_the_table_fits_one_screen(browser: Any, server: str, game: str, lang: str) -> None:
    for width, height in SIZES:
        ctx = browser.new_context(viewport={"width": width, "height": height})
        ctx.add_init_script("try { localStorage.setItem('cardavia.pace', '0'); } catch (e) {}")
        page = ctx.new_page()
        try:
            page.goto(f"{server}/traditions/{SLUGS[game]}/table?lang={lang}")
            page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
            _measure(page)
            # a turn later the trick (or the discard) has pieces in it: all still in view
            take_turn(page, keyboard=False)
            # the page settled: over, or the player's turn with no request of theirs in flight (the
            # stream can bring the next turn while the reply to the last one is still on its way, and
            # until it comes the page holds its controls back: Hint is enabled only then)
            page.wait_for_function(
                "() => document.getElementById('status')?.dataset.status === 'over' || "
                "(document.getElementById('status')?.dataset.status === 'human' && "
                "!document.getElementById('act-hint').disabled)"
            )
            if table_state(page)["status"] != "human":
                continue
            view = _measure(page)
            if width < 500:
                _inside("the trick", view["centre"], view)
            if game == "tien-gow":
                # the trick's pieces are large enough to read: at least as large as on the rules page
                sizes = page.eval_on_selector_all(
                    "#centre .play-group svg", "ss => ss.map(s => s.getBoundingClientRect().height)"
                )
                assert all(h >= (58 if width < 500 else 78) for h in sizes), sizes
        finally:
            ctx.close()


# Every piece that arrives on the felt is marked data-motion-from (its seat); the observer stamps
# each one the moment it is in the page, with the seat that played it.
MOVES_OBSERVER = """
window.__moves = [];
const seen = new Set();
new MutationObserver((records) => {
  if (!window.__watch) return; // what the page shows on loading is already on the table
  const now = performance.now();
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (!(node instanceof Element)) continue;
      const found = [node, ...node.querySelectorAll('[data-motion-from]')]
        .filter((n) => n.dataset && n.dataset.motionFrom);
      for (const n of found) {
        const status = document.getElementById('status');
        const key = `${status.dataset.seq}/${n.dataset.motionFrom}`;
        if (seen.has(key)) continue;
        seen.add(key);
        window.__moves.push({ at: now, seat: Number(n.dataset.motionFrom), seq: Number(status.dataset.seq) });
      }
    }
  }
}).observe(document, { childList: true, subtree: true });
"""


def test_the_opponents_moves_come_one_at_a_time(browser: Any, server: str) -> None:
    """At the Fast pace the server plays on while the page holds a finished trick; the queued moves
    still come out one by one: no two of the opponents' moves within half the pace."""
    pace = 250
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script(f"try {{ localStorage.setItem('cardavia.pace', '{pace}'); }} catch (e) {{}}")
    ctx.add_init_script(MOVES_OBSERVER)
    page = ctx.new_page()
    try:
        page.goto(f"{server}/traditions/{SLUGS['tien-gow']}/table?lang=en")
        page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
        page.evaluate("window.__watch = true")
        tricks = 0
        while tricks < 3:
            take_turn(page, keyboard=False)
            page.wait_for_function(
                "() => ['human', 'over'].includes(document.getElementById('status')?.dataset.status)",
                timeout=60_000,
            )
            table = table_state(page)
            tricks = len(table["view"]["tricks"])
            if table["status"] == "over":
                break
        moves = page.evaluate("window.__moves")
    finally:
        ctx.close()
    assert len(moves) >= 8, moves
    # the player's own move is shown when they make it; every other one keeps its distance
    gaps = [(b["at"] - a["at"], a, b) for a, b in itertools.pairwise(moves) if b["seat"] != 0]
    close = [(round(gap), a["seat"], b["seat"]) for gap, a, b in gaps if gap < pace / 2]
    assert not close, f"moves closer than {pace / 2} ms: {close}"


def test_a_chosen_level_is_never_ignored(browser: Any, server: str) -> None:
    """With an unfinished Normal table, choosing Hard and pressing Play asks which: going on with the
    Normal one keeps it; a new game is a Hard table. Axe finds nothing in the question."""
    from test_friends_e2e import _axe

    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script("try { localStorage.setItem('cardavia.pace', '0'); } catch (e) {}")
    page = ctx.new_page()
    found: list[str] = []
    try:
        page.goto(f"{server}/traditions/{SLUGS['tien-gow']}?lang=en")
        with page.expect_navigation():
            page.get_by_role("button", name="Play Tien Gow").click()
        page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
        first = table_state(page)
        assert first["level"] == "normal" and first["status"] == "human"
        for answer in ("Go on with it (Normal)", "New game (Hard)"):
            page.goto(f"{server}/traditions/{SLUGS['tien-gow']}?lang=en")
            # the first game's choice (a tradition with several games has one a game)
            levels = page.locator(".game-offer").first.get_by_role("group", name="Opponents")
            levels.get_by_role("radio", name="Hard").check()
            with page.expect_navigation():
                page.get_by_role("button", name="Play Tien Gow").click()
            ask = page.locator("#level-ask")
            ask.wait_for(state="visible")
            assert ask.inner_text().startswith(
                "You have a game in progress against Normal opponents. You chose Hard."
            )
            # the question is in view at the top, its first answer focused
            assert page.evaluate("document.activeElement.id") == "level-resume"
            _axe(page, f"asked, before {answer}", found)
            page.get_by_role("button", name=answer).click()
            assert ask.is_hidden()
            if not answer.startswith("Go on"):
                # the old table still shows its turn until the new one is made: wait for the new one
                page.wait_for_function(
                    "(old) => localStorage.getItem('cardavia.table.tien-gow') !== old", arg=first["id"]
                )
            page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
            table = table_state(page)
            if answer.startswith("Go on"):
                assert table["id"] == first["id"] and table["level"] == "normal"
            else:
                assert table["id"] != first["id"] and table["level"] == "hard"
                page.wait_for_function(
                    "() => document.getElementById('table-level').dataset.level === 'hard'"
                )
                assert page.locator("#table-level").inner_text() == "Opponents: Hard"
        # the same level again: nothing to ask
        page.goto(f"{server}/traditions/{SLUGS['tien-gow']}?lang=en")
        with page.expect_navigation():
            page.get_by_role("button", name="Play Tien Gow").click()
        page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
        assert page.locator("#level-ask").is_hidden()
    finally:
        ctx.close()
    assert not found, "\n".join(found)


LONG_NAME = "Ann-Marie Kristiansen-Ol"  # the longest name a friend may give: 24 characters

# Every badge of every seat inside its seat and its name line, and not cut (a badge's text wider
# than its box would be).
BADGES_FIT = """() => [...document.querySelectorAll('.seat .badge')].map((b) => {
  const r = b.getBoundingClientRect();
  const line = b.closest('.seat-name').getBoundingClientRect();
  const seat = b.closest('.seat').getBoundingClientRect();
  const inside = (o) => r.left >= o.left - 0.5 && r.right <= o.right + 0.5
    && r.top >= o.top - 0.5 && r.bottom <= o.bottom + 0.5;
  return { text: b.textContent, fits: inside(line) && inside(seat) && b.scrollWidth <= b.clientWidth + 1 };
}).filter((b) => !b.fits)"""

# The worst case on every seat at once: each badge the game can show (its texts from the page's
# own catalog) beside the seat's name, as when one seat deals, has called and is to play.
ALL_BADGES = """(keys) => {
  const text = JSON.parse(document.getElementById('table-data').textContent).text;
  for (const line of document.querySelectorAll('.seat .seat-name')) {
    line.querySelectorAll('.badge').forEach((b) => b.remove());
    for (const key of keys) {
      const badge = document.createElement('span');
      badge.className = 'badge';
      badge.textContent = text[key];
      line.append(badge);
    }
  }
}"""

GAME_BADGES = {
    "tien-gow": ["banker", "to_act"],
    "cherki": ["dealer", "called", "to_act"],
    "twenty-nine": ["dealer", "bidder", "to_act"],
}


@pytest.mark.parametrize("lang", ["en", "ms", "hi"])
@pytest.mark.parametrize("game", ["tien-gow", "cherki", "twenty-nine"])
def test_badges_and_labels_fit_at_a_friends_table(
    browser: Any, server: str, artifacts: Path, game: str, lang: str
) -> None:
    """A friend with a 24-character name: every badge whole in every language, no "To play" while the
    table waits, the level line naming the AI's level, the name whole in its seat's title."""
    from test_friends_e2e import _axe

    contexts = [
        browser.new_context(viewport={"width": 1280, "height": 800}),
        browser.new_context(viewport={"width": 390, "height": 844}),
    ]
    found: list[str] = []
    try:
        host, guest = (ctx.new_page() for ctx in contexts)
        host.goto(f"{server}/traditions/{SLUGS[game]}?lang={lang}")
        host.select_option("#friends-count", "1")
        host.click("#friends-form button[type=submit]")
        url = host.input_value("#invite-list li:nth-child(1) input")
        host.click("#friends-go")
        host.wait_for_function("() => document.getElementById('status')?.dataset.status === 'waiting'")
        text = host.evaluate("JSON.parse(document.getElementById('table-data').textContent).text")
        # waiting: nobody is to play yet
        assert host.locator(".seat.to-act").count() == 0
        assert text["to_act"] not in host.locator("#board").inner_text()
        level = text["playing_level_ai"].replace("%(level)s", text["level_normal"])
        assert host.locator("#table-level").inner_text() == level
        _axe(host, f"{game} {lang} host, waiting", found)
        guest.goto(f"{url}?lang={lang}")
        guest.fill("#join-name", LONG_NAME)
        guest.click("#join-form button[type=submit]")
        for page in (host, guest):
            page.wait_for_function(
                "() => !['waiting', undefined].includes(document.getElementById('status')?.dataset.status)",
                timeout=60_000,
            )
        assert guest.locator("#table-level").inner_text() == level
        titles = host.eval_on_selector_all(".seat .seat-label", "ss => ss.map(s => s.title)")
        assert any(LONG_NAME in title for title in titles), titles
        for who, page in (("host", host), ("guest", guest)):
            assert page.locator(".seat.to-act").count() == 1
            assert page.evaluate(BADGES_FIT) == [], f"{who}: badges cut"
            _axe(page, f"{game} {lang} {who}, playing", found)
            page.screenshot(path=artifacts / f"friends-{game}-{lang}-{who}.png")
            page.evaluate(ALL_BADGES, GAME_BADGES[game])
            assert page.evaluate(BADGES_FIT) == [], f"{who}: badges cut when every one shows"
            page.screenshot(path=artifacts / f"friends-{game}-{lang}-{who}-all-badges.png")
        # the host's page, where the long name is, on a phone too
        host.set_viewport_size({"width": 390, "height": 844})
        host.reload()
        host.wait_for_selector("#status[data-seq] ~ *", state="attached")
        host.wait_for_selector(".seat .badge")
        assert host.evaluate(BADGES_FIT) == [], "host on a phone: badges cut"
        host.evaluate(ALL_BADGES, GAME_BADGES[game])
        assert host.evaluate(BADGES_FIT) == [], "host on a phone: badges cut when every one shows"
        host.screenshot(path=artifacts / f"friends-{game}-{lang}-host-390-all-badges.png")
    finally:
        for ctx in contexts:
            ctx.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["en", "ms", "hi"])
def test_the_log_ends_with_who_won(page: Any, server: str, lang: str) -> None:
    from test_site_e2e import finish_deal

    page.goto(f"{server}/traditions/{SLUGS['cherki']}/table?lang={lang}")
    page.wait_for_function("() => document.getElementById('status')?.dataset.status !== undefined")
    table = finish_deal(page, keyboard=False)
    winner = table["view"]["result"]["winner"]
    text = page.evaluate("JSON.parse(document.getElementById('table-data').textContent).text")
    last = page.locator("#log p").last.inner_text()
    if winner == table["seat"]:
        assert last == text["deal_won_you"]
    else:
        assert last.endswith(text["deal_won"].split("%(name)s")[-1]) and last != text["deal_won_you"]
