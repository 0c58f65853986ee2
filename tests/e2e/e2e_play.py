"""Playing a deal through the page: by mouse (clicks) or by keyboard alone (Tab, Space, Enter).

The driver asks the table API (from the page, with its cookie) for the legal actions, as a player
reads them off the screen, and then acts only through the page's own controls, as the game's
keyboard kit says (``browser_keys*.py`` in the game's test folder: which action, which pieces and
which control); a control's key is the one the page gives it (``data-shortcut``). It names no game.
"""

from __future__ import annotations

import importlib.util
import json
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from playwright.sync_api import Page

TIMEOUT_S = 90.0
TESTS = Path(__file__).resolve().parents[1]


def table_state(page: Page) -> dict[str, Any]:
    game = page.evaluate("JSON.parse(document.getElementById('table-data').textContent).game")
    table_id = page.evaluate(f"localStorage.getItem('cardavia.table.{game}')")
    text = page.evaluate(
        "async (id) => (await fetch('/api/tables/' + id, {credentials: 'same-origin'})).text()", table_id
    )
    return dict(json.loads(text))


def _kits() -> dict[str, ModuleType]:
    """Every game's keyboard kit, by game: each ``browser_keys*.py`` under tests/ (a toy's
    ``browser_keys.py``, a registered game's ``browser_keys_<package>.py`` in its web tests' folder:
    a name of its own, as the doctest collection wants) says, for its ``GAME``, which action to
    ``choose`` from a view and the ``plan`` that makes it on the page (the hand's pieces to choose,
    then the control to press)."""
    found = {}
    for path in sorted(TESTS.rglob("browser_keys*.py")):
        name = f"{path.parent.name}_{path.stem}"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        found[module.GAME] = module
    return found


KITS = _kits()


def _tile_buttons(page: Page, codes: list[str]) -> list[int]:
    """Indices of hand buttons holding ``codes`` (each copy once)."""
    hand = page.eval_on_selector_all("#hand button", "bs => bs.map(b => b.dataset.code)")
    chosen: list[int] = []
    for code in codes:
        chosen.append(next(i for i, c in enumerate(hand) if c == code and i not in chosen))
    return chosen


def _press_by_keyboard(page: Page, selector: str) -> None:
    """Tab forward until ``selector`` has the focus, then press Space on it."""
    target = page.locator(selector)
    for _ in range(120):
        if target.evaluate("el => el === document.activeElement"):
            page.keyboard.press("Space")
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"could not reach {selector} with Tab")


def _focus_hand(page: Page) -> None:
    """Tab into the hand (one tab stop) unless the focus is already there."""
    for _ in range(120):
        if page.evaluate("() => document.getElementById('hand').contains(document.activeElement)"):
            return
        page.keyboard.press("Tab")
    raise AssertionError("could not reach the hand with Tab")


def _select_by_arrows(page: Page, index: int) -> None:
    """From the hand's focused piece, arrow keys to ``index``, then Space chooses it."""
    _focus_hand(page)
    at = int(page.evaluate("() => Number(document.activeElement.dataset.index)"))
    key = "ArrowRight" if index > at else "ArrowLeft"
    for _ in range(abs(index - at)):
        page.keyboard.press(key)
    assert page.evaluate("() => Number(document.activeElement.dataset.index)") == index
    page.keyboard.press("Space")


def take_turn(page: Page, keyboard: bool) -> None:
    table = table_state(page)
    if table["status"] != "human":
        return
    kit = KITS[table["game"]]
    action = kit.choose(table["view"])
    codes, control = kit.plan(table["view"], action)
    seq = table["seq"]
    # the page shows this very position (the stream may be a moment behind the API)
    page.wait_for_function(
        "(seq) => Number(document.getElementById('status')?.dataset.seq) === seq && "
        "document.getElementById('status')?.dataset.status === 'human'",
        arg=seq,
        timeout=TIMEOUT_S * 1000,
    )
    for index in _tile_buttons(page, codes):
        if keyboard:
            _select_by_arrows(page, index)
        else:
            page.locator(f"#hand button >> nth={index}").click()
    page.wait_for_function(f"() => !document.querySelector('{control}').disabled", timeout=10_000)
    shortcut = page.get_attribute(control, "data-shortcut")
    if keyboard and not shortcut:
        _press_by_keyboard(page, control)  # a control without a key of its own (a suit): Tab to it
    elif keyboard:
        # keyboard alone: the control's own key, pressed from the hand, where the focus stays
        _focus_hand(page)
        page.keyboard.press(str(shortcut))
    else:
        page.locator(control).click()
    page.wait_for_function(
        "(seq) => Number(document.getElementById('status')?.dataset.seq) > seq",
        arg=seq,
        timeout=TIMEOUT_S * 1000,
    )
    if keyboard:
        # after the action the focus is still in the hand, never on the page's top
        page.wait_for_function(
            "() => !document.querySelector('#hand button') || "
            "document.getElementById('hand').contains(document.activeElement)"
        )


def play_deal(page: Page, keyboard: bool = False) -> None:
    """Play the human's seat until the result panel shows the settlement."""
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        page.wait_for_function(
            "() => !document.getElementById('result').hidden || "
            "document.getElementById('status')?.dataset.status === 'human'",
            timeout=TIMEOUT_S * 1000,
        )
        if page.locator("#result").is_visible():
            return
        take_turn(page, keyboard)
    raise AssertionError("the deal did not end in time")
