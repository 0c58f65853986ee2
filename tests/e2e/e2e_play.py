"""Playing a deal through the page: by mouse (clicks) or by keyboard alone (Tab, Space, Enter).

The driver asks the table API (from the page, with its cookie) for the legal actions, as a player
reads them off the screen, and then acts only through the page's own controls.
"""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Page

TIMEOUT_S = 90.0


def table_state(page: Page) -> dict[str, Any]:
    game = page.evaluate("JSON.parse(document.getElementById('table-data').textContent).game")
    table_id = page.evaluate(f"localStorage.getItem('cardavia.table.{game}')")
    text = page.evaluate(
        "async (id) => (await fetch('/api/tables/' + id, {credentials: 'same-origin'})).text()", table_id
    )
    return dict(json.loads(text))


def _choose(table: dict[str, Any]) -> dict[str, Any]:
    legal = table["view"]["legal"]
    if table["game"] == "twenty-nine":
        return _choose_twenty_nine(table["view"])
    if table["game"] == "tien-gow":
        # prefer a face-up play (exercises the Play button), else the first face-down one
        ups = [a for a in legal if a["face"] == "up"]
        return (ups or legal)[0]
    for do in ("call", "take", "draw"):
        found = [a for a in legal if a["do"] == do]
        if found:
            return found[0]
    called = [a for a in legal if a["do"] == "discard" and a.get("call")]
    return (called or legal)[0]


def _choose_twenty_nine(view: dict[str, Any]) -> dict[str, Any]:
    """Hold a bid up to 20, open at the lowest bid, else pass; ask for the trump and declare the
    pair whenever allowed (to go through those controls); decline doubles; else the first card."""
    legal = view["legal"]
    by_do = {a["do"]: a for a in reversed(legal)}  # the first of each kind
    if view["phase"] == "auction":
        if view["hold"] is not None and view["hold"] <= 20:
            return {"do": "bid", "value": view["hold"]}
        if "pass" not in by_do:
            return by_do["bid"]
        return by_do["pass"]
    for do in ("trump", "pair", "reveal"):
        if do in by_do:
            return by_do[do]
    return by_do.get("play") or by_do["pass"]


def _tile_buttons(page: Page, codes: list[str]) -> list[int]:
    """Indices of hand buttons holding ``codes`` (each copy once)."""
    hand = page.eval_on_selector_all("#hand button", "bs => bs.map(b => b.dataset.code)")
    chosen: list[int] = []
    for code in codes:
        chosen.append(next(i for i, c in enumerate(hand) if c == code and i not in chosen))
    return chosen


CONTROL = {
    ("tien-gow", "up"): "#act-play",
    ("tien-gow", "down"): "#act-down",
    ("cherki", "draw"): "#act-draw",
    ("cherki", "take"): "#act-take",
    ("cherki", "discard"): "#act-discard",
    ("cherki", "call"): "#act-call",
}


def _plan(table: dict[str, Any], action: dict[str, Any]) -> tuple[list[int], str]:
    """Which hand buttons to press and which control, for ``action``."""
    if table["game"] == "twenty-nine":
        do = action["do"]
        if do == "play":
            return [action["card"]], "#act-play"
        if do == "bid":
            return [], "#act-hold" if action["value"] == table["view"]["hold"] else "#act-bid"
        if do == "trump":
            return [], f"#act-trump-{action['suit']}"
        return [], {"reveal": "#act-ask"}.get(do, f"#act-{do}")
    if table["game"] == "tien-gow":
        return action["tiles"], CONTROL[("tien-gow", action["face"])]
    if action["do"] == "discard":
        return [action["card"]], "#act-call" if action.get("call") else "#act-discard"
    return [], CONTROL[("cherki", action["do"])]


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


SHORTCUT = {
    "#act-play": "p",
    "#act-down": "f",
    "#act-draw": "d",
    "#act-take": "t",
    "#act-discard": "x",
    "#act-call": "c",
    "#act-bid": "b",
    "#act-hold": "o",
    "#act-pass": "s",
    "#act-double": "d",
    "#act-redouble": "r",
    "#act-ask": "a",
    "#act-pair": "k",
}


def take_turn(page: Page, keyboard: bool) -> None:
    table = table_state(page)
    if table["status"] != "human":
        return
    action = _choose(table)
    codes, control = _plan(table, action)
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
    if keyboard and control not in SHORTCUT:
        _press_by_keyboard(page, control)  # a control without a key of its own (a suit): Tab to it
    elif keyboard:
        # keyboard alone: the control's own key, pressed from the hand, where the focus stays
        _focus_hand(page)
        page.keyboard.press(SHORTCUT[control])
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
