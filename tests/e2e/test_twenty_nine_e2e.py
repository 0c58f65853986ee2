"""Twenty-Nine in the browser against the AI: a whole deal (the auction, the trump, doubling, the
play to the end) by mouse and by keyboard, through the page's own controls; the trump named on no
page but the bidder's until it is shown; axe-core at the auction, the hidden trump and the end."""

from __future__ import annotations

import time
from typing import Any

import pytest
from e2e_play import TIMEOUT_S, table_state, take_turn
from test_friends_e2e import _axe
from test_site_e2e import SLUGS

pytestmark = pytest.mark.e2e

SUITS = {"c": "Clubs", "d": "Diamonds", "h": "Hearts", "s": "Spades"}


def _check_trump_shown_as_the_view_says(page: Any, view: dict[str, Any]) -> None:
    """The centre names the trump only when this seat's view holds it; hand cards are marked as
    trumps only then."""
    centre = page.locator("#centre .trump")
    marked = page.locator("#hand button.trump").count()
    if view["trump"] is None:
        assert centre.inner_text() in ("Trump: chosen, hidden", "Trump: being chosen")
        assert marked == 0
        text = page.locator("#board").inner_text() + page.locator("#choice").inner_text()
        assert not any(f" {name}" in text for name in SUITS.values()), text
    else:
        assert SUITS[view["trump"]] in centre.inner_text()
        held = [c for c in view["hand"] if c.endswith(view["trump"])]
        assert marked == len(held)


@pytest.mark.parametrize("keyboard", [False, True])
def test_a_whole_deal_against_the_ai(page: Any, server: str, keyboard: bool) -> None:
    found: list[str] = []
    if not keyboard:  # by the mouse on a phone, by the keyboard on a laptop
        page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server}/traditions/{SLUGS['twenty-nine']}/table?lang=en")
    checked: set[str] = set()
    deals = 1
    deadline = time.monotonic() + TIMEOUT_S * 4
    while time.monotonic() < deadline:
        page.wait_for_function(
            "() => !document.getElementById('result').hidden || "
            "document.getElementById('status')?.dataset.status === 'human'",
            timeout=TIMEOUT_S * 1000,
        )
        table = table_state(page)
        view = table["view"]
        if page.locator("#result").is_visible() and view["over"] and not view["result"].get("annulled"):
            # another deal until the player has seen the trump hidden from them (as an opponent of
            # the bidder or the bidder's partner) and, once, chosen it
            wanted = {"hidden", "secret"} if keyboard else {"hidden", "secret", "refused"}
            if wanted <= checked or deals >= 6:
                break
            deals += 1
            page.click("#act-next")
            page.wait_for_function("() => document.getElementById('result').hidden")
            continue
        if table["status"] != "human":
            continue
        page.wait_for_function(
            "(seq) => Number(document.getElementById('status')?.dataset.seq) === seq", arg=table["seq"]
        )
        # the seats: the partner faces the player, the opponents either side
        assert page.locator(".seat[data-pos='top'] .seat-label").inner_text() == "Partner"
        if view["phase"] == "auction" and "auction" not in checked:
            checked.add("auction")
            # only the legal bids are offered, the rule of holding beside them
            bids = [a["value"] for a in view["legal"] if a["do"] == "bid" and a["value"] != view["hold"]]
            options = page.eval_on_selector_all("#tn-bid option", "os => os.map(o => Number(o.value))")
            assert options == bids
            assert "Holding:" in page.locator("#choice").inner_text()
            assert page.locator("#act-pass").is_visible() == any(a["do"] == "pass" for a in view["legal"])
            _axe(page, "auction", found)
        if view["phase"] == "play":
            _check_trump_shown_as_the_view_says(page, view)
            # following suit marked: a card that cannot be played is dimmed and aria-disabled
            playable = {a["card"] for a in view["legal"] if a["do"] == "play"}
            for code in view["hand"]:
                button = page.locator(f"#hand button[data-code='{code}']")
                assert (button.get_attribute("aria-disabled") == "true") == (code not in playable), code
            # the trick marks who led it; a dimmed card clicked is refused with the rule it breaks,
            # naming the suit led (issue 30, item 6)
            if view["trick"]:
                first = page.locator("#centre .trick-plays .play").first
                assert "led" in (first.get_attribute("class") or "").split(), first.inner_text()
                assert first.locator(".play-seat").inner_text().endswith(" · led")
            suit = view["trick"][0]["card"][-1] if view["trick"] else None
            held_led = suit is not None and any(c.endswith(suit) for c in view["hand"])
            off_suit = [c for c in view["hand"] if suit is not None and not c.endswith(suit)]
            if held_led and off_suit and not keyboard and "refused" not in checked:
                checked.add("refused")
                led = SUITS[suit]
                # aria-disabled (the rule says no), not disabled: a mouse still clicks it
                page.click(f"#hand button[data-code='{off_suit[0]}']", force=True)
                page.wait_for_function("() => document.getElementById('notice').textContent.length > 0")
                said = page.locator("#notice").inner_text()
                assert f"you must follow suit while you can: {led} were led" in said, said
                box = page.locator("#notice").bounding_box()
                assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, box
                assert table_state(page)["seq"] == table["seq"]  # refused: nothing changed
            assert page.locator("#act-ask").is_visible() == any(a["do"] == "reveal" for a in view["legal"])
            assert page.locator("#act-pair").is_visible() == any(a["do"] == "pair" for a in view["legal"])
            if view["trump"] is None and "hidden" not in checked:
                checked.add("hidden")
                _axe(page, "hidden trump", found)
            if view["trump"] is not None and view["reveal"] is None:
                checked.add("secret")  # the bidder's own page names it, marked "only you know it"
                assert "(only you know it)" in page.locator("#centre .trump").inner_text()
        take_turn(page, keyboard)
    else:
        raise AssertionError("the deal did not end in time")
    assert "hidden" in checked, f"in {deals} deals the trump was never hidden from the player"
    # a deal with a trick where the player holds the suit led and another (nearly every one): by mouse
    assert keyboard or "refused" in checked, f"in {deals} deals no card was refused"
    result = page.locator("#result")
    text = result.inner_text()
    r = table_state(page)["view"]["result"]
    assert f"bid {r['bid']} with" in text and SUITS[r["trump"]] in text
    assert ("Made:" in text) == r["made"] and f"target of {r['target']}" in text
    assert "Match: your team" in text
    # the end shows the trump to everyone
    assert SUITS[r["trump"]] in page.locator("#centre .trump").inner_text()
    _axe(page, "end of the deal", found)
    assert not found, "\n".join(found)
