"""Seats deciding at once in the browser (issue 23's platform part), on a game registered only here
(tests/toysim/, *Secret Card*): the host and a friend are both to play at the same moment, each
page says so and marks every seat still deciding; the friend plays first (the host is seat 0, the
one-seat protocol's ``to_act``) and no page waits on the other; the host's page then shows that
the friend has chosen, nothing of what; once all have chosen, both pages show every choice.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_play import TIMEOUT_S, table_state
from e2e_server import CHROMIUM, start_server, stop_server
from test_friends_e2e import _axe

from toysim import ENTRY

pytestmark = pytest.mark.e2e

SLUG = "toy-secret-card"


@pytest.fixture(scope="module")
def sim_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``cardavia serve`` with Secret Card registered for the process's life (the bots think in it)."""
    if not shutil.which(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (make browser)")
    base, proc = start_server(tmp_path_factory.mktemp("sim") / "sim.sqlite", toys=(ENTRY,))
    yield base
    stop_server(proc)


def _status(page: Any) -> str:
    return str(page.get_attribute("#status", "data-status"))


def _wait_status(page: Any, *wanted: str) -> None:
    page.wait_for_function(
        "(w) => w.includes(document.getElementById('status')?.dataset.status)",
        arg=list(wanted),
        timeout=TIMEOUT_S * 1000,
    )


# As this test plays (each person the first piece of their hand, the Normal AI its highest), 17.7 %
# of deals are drawn (counted over seeds 0-19999): twenty in a row, about one run in 10^15.
MAX_DEALS = 20


def _deal_over_or_redealt(host: Any, guest: Any, deal_no: int) -> str:
    """Once the host has chosen in deal ``deal_no``: "over" when both pages show its end,
    "redealt" when it was drawn and both are to choose in the next deal."""
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        states = [table_state(page) for page in (host, guest)]
        if all(t["deal_no"] == deal_no for t in states) and all(_status(p) == "over" for p in (host, guest)):
            return "over"
        if all(t["deal_no"] > deal_no for t in states) and all(_status(p) == "human" for p in (host, guest)):
            for page in (host, guest):
                assert page.locator("#hand button:not([aria-disabled='true'])").count() > 0
            return "redealt"
        time.sleep(0.05)
    raise AssertionError(f"the deal neither ended nor was dealt again: {[_status(p) for p in (host, guest)]}")


def _choose(page: Any) -> str:
    button = page.locator("#hand button:not([aria-disabled='true'])").first
    code = str(button.get_attribute("data-code"))
    button.click()
    page.click("#act-play")
    return code


def test_two_people_choose_at_once_in_either_order(browser: Any, sim_server: str, artifacts: Path) -> None:
    contexts = [
        browser.new_context(viewport={"width": 1280, "height": 900}),
        browser.new_context(viewport={"width": 390, "height": 844}),
    ]
    errors: list[str] = []
    found: list[str] = []
    try:
        for ctx in contexts:
            ctx.add_init_script("try { localStorage.setItem('cardavia.pace', '0'); } catch (e) {}")
        host, guest = (ctx.new_page() for ctx in contexts)
        for page in (host, guest):
            page.on("pageerror", lambda exc: errors.append(str(exc)))
        host.goto(f"{sim_server}/traditions/{SLUG}?lang=en")
        host.select_option("#friends-count", "1")
        host.click("#friends-form button[type=submit]")
        url = host.input_value("#invite-list li:nth-child(1) input")
        host.click("#friends-go")
        _wait_status(host, "waiting")
        guest.goto(url)
        guest.fill("#join-name", "Ann")
        guest.click("#join-form button[type=submit]")
        guest.wait_for_url(f"**/traditions/{SLUG}/table")
        # both are to choose at the same moment: each page says it is their turn
        for page in (host, guest):
            _wait_status(page, "human")
        both = [table_state(host), table_state(guest)]
        assert [t["seat"] for t in both] == [0, 1] and both[0]["id"] == both[1]["id"]
        assert {0, 1} <= set(both[0]["view"]["acting"])
        for page in (host, guest):
            marked = page.eval_on_selector_all(".seat.to-act", "els => els.map(e => Number(e.dataset.seat))")
            assert {0, 1} <= set(marked), marked  # every seat still deciding is marked, not one
        for page, name in ((host, "host"), (guest, "guest")):
            page.screenshot(path=str(artifacts / f"deciding-at-once-{name}-choosing.png"))
            _axe(page, f"{name}, choosing", found)
        # the friend, seat 1, chooses first: no page waits for seat 0
        guest_piece = _choose(guest)
        _wait_status(guest, "people", "bots", "over")
        host.wait_for_selector(".seat[data-seat='1'] .has-chosen", timeout=TIMEOUT_S * 1000)
        assert _status(host) == "human"
        marked = host.eval_on_selector_all(".seat.to-act", "els => els.map(e => Number(e.dataset.seat))")
        assert 1 not in marked and 0 in marked
        # the host sees that Ann has chosen, nothing of what: no choice in the centre, nor in the log
        assert host.locator("#centre .choice").count() == 0
        assert "Ann (Left) has chosen." in host.locator("#log").inner_text()
        host.screenshot(path=str(artifacts / "deciding-at-once-host-after-friend.png"))
        _axe(host, "host, the friend has chosen", found)
        deal_no = table_state(host)["deal_no"]
        _choose(host)
        # A tie for the highest piece draws the deal and the server deals again at once: both are
        # to choose again. The AI's piece is hidden until the reveal, so no choice avoids a tie for
        # sure; the people play on (the friend first again) until a deal has a winner.
        for _ in range(MAX_DEALS):
            if _deal_over_or_redealt(host, guest, deal_no) == "over":
                break
            deal_no += 1
            guest_piece = _choose(guest)
            _wait_status(guest, "people", "bots", "over")
            host.wait_for_selector(".seat[data-seat='1'] .has-chosen", timeout=TIMEOUT_S * 1000)
            _choose(host)
        else:
            pytest.fail(f"{MAX_DEALS} deals in a row were drawn")
        for page, name in ((host, "host"), (guest, "guest")):
            assert _status(page) == "over"
            page.wait_for_selector("#centre .choice >> nth=2")
            shown = page.eval_on_selector_all(
                "#centre .choice use", "els => els.map(e => e.getAttribute('href'))"
            )
            assert len(shown) == 3 and f"#toysim-{guest_piece}" == shown[1], shown
            page.screenshot(path=str(artifacts / f"deciding-at-once-{name}-shown.png"))
            _axe(page, f"{name}, shown", found)
    finally:
        for ctx in contexts:
            ctx.close()
    assert not errors, errors
    assert not found, found
