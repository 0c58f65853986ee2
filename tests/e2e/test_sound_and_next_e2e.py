"""Sounds and a round without pressing Next deal (issue 30, item 9): both off until chosen and
remembered; with sounds on, a piece played and the player's turn sound (through the page's audio
context, stubbed here to hear what it is asked to play); with the next deal by itself, a deal's end
is followed by the next deal a few seconds later, no button pressed."""

from __future__ import annotations

from typing import Any

import pytest
from e2e_play import table_state
from test_pai_gow_e2e import TABLE, _context, _my_turn, _over

pytestmark = pytest.mark.e2e

# an audio context that records the tones it is asked to start, by frequency
FAKE_AUDIO = """
window.__tones = [];
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() {
    const tone = { frequency: { value: 0 }, connect: (node) => node, stop() {} };
    tone.start = () => window.__tones.push(tone.frequency.value);
    return tone;
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (node) => node };
  }
};
"""
PIECE, TURN_HIGH = 660, 784  # the tones of a piece played and the last of the turn's


def _tones(page: Any) -> list[float]:
    return list(page.evaluate("() => window.__tones"))


def test_sounds_are_off_until_chosen_then_sound_moves_and_turns_and_are_remembered(
    browser: Any, server: str
) -> None:
    ctx = _context(browser, 1280)
    ctx.add_init_script(FAKE_AUDIO)
    page = ctx.new_page()
    try:
        page.goto(f"{server}{TABLE}?lang=en")
        _my_turn(page)
        assert not page.locator("#sound").is_checked() and _tones(page) == []
        page.locator("#sound").check()
        assert _tones(page) == [PIECE]  # the player hears what they turned on
        page.reload()
        _my_turn(page)
        assert page.locator("#sound").is_checked()  # remembered
        before = len(_tones(page))
        page.locator("#act-auto").click()
        _over(page)
        page.locator("#act-next").click()
        _my_turn(page)
        heard = _tones(page)[before:]
        assert PIECE in heard, heard  # the others' sets, shown one by one
        # the new deal's turn (in a game of seats deciding at once the others' pieces may follow it)
        assert TURN_HIGH in heard, heard
        page.locator("#sound").uncheck()
        quiet = len(_tones(page))
        page.locator("#act-auto").click()
        _over(page)
        assert len(_tones(page)) == quiet
    finally:
        ctx.close()


def test_the_next_deal_starts_by_itself_when_chosen(browser: Any, server: str) -> None:
    ctx = _context(browser, 1280)
    page = ctx.new_page()
    try:
        page.goto(f"{server}{TABLE}?lang=en")
        _my_turn(page)
        assert not page.locator("#auto-next").is_checked()
        page.locator("#auto-next").check()
        first = table_state(page)["deal_no"]
        page.locator("#act-auto").click()
        _over(page)
        # no button pressed: the next deal comes 5 s after the end
        page.wait_for_function(
            "() => document.getElementById('status')?.dataset.status === 'human'"
            " && document.getElementById('result').hidden",
            timeout=15_000,
        )
        assert table_state(page)["deal_no"] == first + 1
        page.reload()
        assert page.locator("#auto-next").is_checked()  # remembered
    finally:
        ctx.close()
