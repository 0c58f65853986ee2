"""Every game through its page, as docs/adding-a-game.md promises a new one: every registered game
and every toy of the tests (``game_cases``; the server registers the toys for its life), each
table shown on one screen at a laptop's size and a phone's (the felt, the whole hand, the buttons
and the explanation with the page unscrolled), a whole deal played by keyboard alone (as the
game's keyboard kit says: ``browser_keys*.py`` in its test folder), and axe-core finding nothing on
the player's turn and once the deal is over.

The games' own browser tests go further (each language, each state, friends); this one is what
every game gets for being registered.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_play import KITS, play_deal
from e2e_server import CHROMIUM, start_server, stop_server
from test_friends_e2e import _axe
from test_one_screen_e2e import _measure

from cardavia.web.game_parts import offered_of
from game_cases import games, toys

pytestmark = pytest.mark.e2e

SIZES = [(1280, 800), (390, 844)]  # a laptop, then a phone, where the deal is played
# the sizes of the first, second and third deals of a table: two laptops' and a phone's
SIZES_EVERY_DEAL = [(1280, 800), (1366, 768), (390, 844)]


@pytest.fixture(scope="module")
def every_game_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``cardavia serve`` with every toy of the tests registered besides the registry's games."""
    if not shutil.which(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (make browser)")
    base, proc = start_server(tmp_path_factory.mktemp("every") / "every.sqlite", toys=tuple(toys().values()))
    yield base
    stop_server(proc)


def _your_turn(page: Any) -> None:
    # the page settled on the player's turn: no request of theirs in flight (Hint is enabled then)
    page.wait_for_function(
        "() => document.getElementById('status')?.dataset.status === 'human'"
        " && !document.getElementById('act-hint').disabled"
    )


@pytest.mark.parametrize("game", games(), indirect=True)
def test_a_deal_of_every_game_by_keyboard_on_one_screen_with_nothing_for_axe(
    browser: Any, every_game_server: str, artifacts: Path, game: str
) -> None:
    assert game in KITS, f"{game} has no keyboard kit (browser_keys*.py in its test folder)"
    width, height = SIZES[0]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    ctx.add_init_script("try { localStorage.setItem('cardavia.pace', '0'); } catch (e) {}")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    found: list[str] = []
    try:
        page.goto(f"{every_game_server}{offered_of(game).path(game)}/table?lang=en")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            _your_turn(page)
            _measure(page)
            _axe(page, f"{game} {width} your turn", found)
        play_deal(page, keyboard=True)
        _axe(page, f"{game} {width} the deal over", found)
        page.screenshot(path=str(artifacts / f"every-game-{game}-{width}-over.png"), full_page=True)
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
    assert not found, "\n".join(found)


# what the status shows, what a screen reader hears of it, and the first line of the explanation
STATUS_AND_ASK = """() => {
  const status = document.getElementById('status');
  const spoken = status.querySelector('.visually-hidden');
  return [status.querySelector('[aria-hidden=true]')?.textContent ?? status.textContent,
          spoken ? spoken.textContent : status.textContent,
          document.querySelector('#choice > p')?.textContent.trim() || ''];
}"""

NEXT_DEAL = """() => {
  const r = document.getElementById('act-next').getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height,
           visible: !document.getElementById('act-next').hidden };
}"""


@pytest.mark.parametrize("game", games(), indirect=True)
def test_every_deal_starts_on_one_screen_and_ends_with_next_deal_in_view(
    browser: Any, every_game_server: str, artifacts: Path, game: str
) -> None:
    # a deal at each size, ended by the mouse: at its end *Next deal* is on the screen (the end panel
    # scrolled into view does not push it above the top), and the next deal starts as the first did,
    # unscrolled, with the felt, the status, the hand and the buttons in view (issue 30, item 1)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script("try { localStorage.setItem('cardavia.pace', '0'); } catch (e) {}")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{every_game_server}{offered_of(game).path(game)}/table?lang=en")
        for deal, (width, height) in enumerate(SIZES_EVERY_DEAL, start=1):
            page.set_viewport_size({"width": width, "height": height})
            play_deal(page)
            page.wait_for_function("() => !document.getElementById('act-next').hidden")
            button = page.evaluate(NEXT_DEAL)
            where = f"{game} at {width}×{height}, the end of deal {deal}"
            assert button["visible"] and button["height"] > 0, where
            assert button["top"] >= 0 and button["bottom"] <= height + 0.5, f"{where}: Next deal at {button}"
            page.screenshot(path=str(artifacts / f"next-deal-{game}-{width}-end-{deal}.png"))
            page.click("#act-next")
            page.wait_for_function("() => document.getElementById('result').hidden")
            _your_turn(page)
            _measure(page)
            # the status, which a screen reader announces, says what the game asks now (issue 30, 8)
            shown, spoken, asked = page.evaluate(STATUS_AND_ASK)
            assert shown == "Your turn", (game, shown)
            assert spoken == (f"Your turn. {asked}" if asked else "Your turn"), (game, spoken, asked)
            page.screenshot(path=str(artifacts / f"next-deal-{game}-{width}-start-{deal + 1}.png"))
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
