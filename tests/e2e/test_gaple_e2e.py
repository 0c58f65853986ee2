"""Gaple in the browser, registered in its server here where the registry does not list it yet: a deal
played by mouse at a laptop's size and a phone's, a tile that fits both ends laid at the end the
player taps on the line, a blocked deal explained (every count, the rule, the blocker), a match's
end, and axe-core with nothing to say in each state.

Every table is made from a seed (in the server's database, for this browser's key), so what a deal
shows does not depend on chance: the bots decide from seeds of the table's, and the player plays as
the keyboard kit chooses (a tile that fits both ends first). The seeds were found by playing the
first deals of tables 1 to 59 so, as :func:`test_the_seeds_show_what_the_tests_need` checks again.
"""

from __future__ import annotations

import hashlib
import importlib.util
import secrets
import shutil
from collections.abc import Iterator
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

import pytest
from e2e_play import table_state, take_turn
from e2e_server import CHROMIUM, start_server, stop_server
from test_friends_e2e import _axe

from cardavia.games.registry import GameEntry, game_ids, registered
from cardavia.service import TableService
from cardavia.service.driver import settle
from cardavia.store.db import Store, open_store

pytestmark = pytest.mark.e2e

ENTRY = GameEntry("gaple", "cardavia.games.gaple", "cardavia.bots.gaple", "cardavia.web.games.gaple")
TABLE = "/traditions/indonesian-dominoes/table"
KIT_PATH = Path(__file__).resolve().parents[1] / "web" / "gaple" / "browser_keys_gaple.py"
# the tables' seeds and options: what each first deal shows, played by the kit against easy bots
BOTH_WIDE = 1  # the player's tile fits both ends four times; West goes out
BOTH_NARROW = 9  # three times; North goes out
BLOCKED = 8  # both ends twice, then the line is blocked
MATCH_END = (5, {"target": 30})  # a match to 30, won in its first deal
SIZES = {1280: 800, 390: 844}


def gaple() -> AbstractContextManager[Any]:
    """Gaple registered for a while, unless the registry lists it already."""
    return nullcontext() if "gaple" in game_ids() else registered(ENTRY)


def _kit() -> Any:
    spec = importlib.util.spec_from_file_location("browser_keys_gaple_e2e", KIT_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


KIT = _kit()


@pytest.fixture(scope="module")
def gaple_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Store]]:
    """``cardavia serve`` with Gaple registered, and its database, where the tests make tables."""
    if not shutil.which(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (make browser)")
    database = tmp_path_factory.mktemp("gaple") / "gaple.sqlite"
    base, proc = start_server(database, toys=() if "gaple" in game_ids() else (ENTRY,))
    store = open_store(f"sqlite:///{database}")
    try:
        yield base, store
    finally:
        store.dispose()
        stop_server(proc)


def _table(store: Store, seed: int, options: dict[str, Any] | None = None) -> tuple[str, str]:
    """A table of Gaple from ``seed`` for a new browser: its id and the browser's secret."""
    secret = secrets.token_urlsafe(32)
    owner = hashlib.sha256(secret.encode()).hexdigest()
    with gaple():
        state = TableService(store).create(
            game="gaple", level="easy", owner=owner, pace_ms=0, seed=seed, options=options
        )
    return state.record.id, secret


def _open(
    browser: Any, base: str, store: Store, width: int, seed: int, options: Any = None
) -> tuple[Any, Any]:
    table, secret = _table(store, seed, options)
    ctx = browser.new_context(viewport={"width": width, "height": SIZES[width]})
    ctx.add_cookies([{"name": "cardavia_key", "value": secret, "url": base}])
    ctx.add_init_script(
        "try { localStorage.setItem('cardavia.pace', '0');"
        f" localStorage.setItem('cardavia.table.gaple', '{table}'); }} catch (e) {{}}"
    )
    page = ctx.new_page()
    page.goto(f"{base}{TABLE}?lang=en")
    page.wait_for_function(f"() => localStorage.getItem('cardavia.table.gaple') === '{table}'")
    return ctx, page


def _turn_or_end(page: Any) -> bool:
    """Wait for the player's turn (True) or the deal's end (False)."""
    page.wait_for_function(
        "() => !document.getElementById('result').hidden || "
        "(document.getElementById('status')?.dataset.status === 'human'"
        " && !document.getElementById('act-hint').disabled)",
        timeout=60_000,
    )
    return not page.locator("#result").is_visible()


def _lay_at_the_tapped_end(page: Any, action: dict[str, Any], where: str, found: list[str] | None) -> None:
    """The tile that fits both ends: chosen, the line offers both ends, the player taps one (axe
    run on the page while it asks, where ``found`` collects what it finds)."""
    table = table_state(page)
    view, seq = table["view"], table["seq"]
    page.locator(f"#hand button[data-code='{action['tile']}']").first.click()
    page.wait_for_selector(".gp-line .gp-end-left")
    page.wait_for_selector(".gp-line .gp-end-right")
    assert page.locator("#act-left").is_visible() and page.locator("#act-right").is_visible()
    assert page.locator("#act-play").is_hidden()
    said = page.locator("#choice p").first.inner_text()
    assert "fits both ends" in said, said
    if found is not None:
        _axe(page, f"{where}: choosing an end", found)
    page.locator(f".gp-line .gp-end-{action['end']}").click()
    page.wait_for_function(
        "(seq) => Number(document.getElementById('status')?.dataset.seq) > seq", arg=seq, timeout=30_000
    )
    # the tile went to the end tapped (the bots may have played on since)
    mine = [a for a in table_state(page)["view"]["history"] if a["seat"] == 0 and a["do"] == "play"]
    assert (mine[-1]["tile"], mine[-1].get("end")) == (action["tile"], action["end"]), (view["ends"], mine)


def _play_by_mouse(page: Any, where: str, found: list[str]) -> int:
    """The player's turns by mouse, as the kit chooses, until the deal ends: how many times a tile
    fitting both ends was laid at a tapped end."""
    both = 0
    first = True
    for _ in range(30):
        if not _turn_or_end(page):
            return both
        if first:
            _axe(page, f"{where}: your turn", found)
            first = False
        view = table_state(page)["view"]
        action = KIT.choose(view)
        _codes, control = KIT.plan(view, action)
        if control in ("#act-left", "#act-right"):
            _lay_at_the_tapped_end(page, action, where, found if both == 0 else None)
            both += 1
        else:
            take_turn(page, keyboard=False)
    raise AssertionError(f"{where}: the deal did not end in 30 turns")


def _result(page: Any) -> dict[str, Any]:
    page.wait_for_selector("#result-heading")
    result: dict[str, Any] = table_state(page)["view"]["result"]
    return result


@pytest.mark.parametrize(("width", "seed"), [(1280, BOTH_WIDE), (390, BOTH_NARROW)])
def test_a_deal_by_mouse_with_an_end_chosen_on_the_line(
    browser: Any, gaple_server: tuple[str, Store], artifacts: Path, width: int, seed: int
) -> None:
    base, store = gaple_server
    ctx, page = _open(browser, base, store, width, seed)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    found: list[str] = []
    try:
        both = _play_by_mouse(page, f"{width}", found)
        result = _result(page)
        assert both >= 1, f"seed {seed}: no tile fitted both ends (the seed no longer shows it)"
        assert result["end"] == "out"
        heading = page.locator("#result-heading").inner_text()
        assert "out" in heading.lower(), heading
        # every seat's row: its tiles left, its count, its match score; the winner marked
        assert page.locator("#result .gp-result-table tbody tr").count() == 4
        assert page.locator("#result .gp-result-table .gp-win").count() == 1
        assert page.locator("#act-next").is_visible()
        _axe(page, f"{width}: the deal over", found)
        page.screenshot(path=str(artifacts / f"gaple-{width}-over.png"))
        # the next deal starts from the match's scores
        page.click("#act-next")
        page.wait_for_function("() => document.getElementById('result').hidden")
        _turn_or_end(page)
        assert table_state(page)["view"]["scores"] == result["scores"]
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
    assert not found, "\n".join(found)


def test_a_blocked_deal_is_explained(browser: Any, gaple_server: tuple[str, Store], artifacts: Path) -> None:
    base, store = gaple_server
    ctx, page = _open(browser, base, store, 1280, BLOCKED)
    found: list[str] = []
    try:
        _play_by_mouse(page, "blocked", found)
        result = _result(page)
        assert result["end"] == "blocked", f"seed {BLOCKED}: the deal was not blocked"
        heading = page.locator("#result-heading").inner_text()
        assert "blocked" in heading.lower(), heading
        lines = page.locator("#result .res-lines li").all_inner_texts()
        assert any("lowest" in line.lower() or "fewest" in line.lower() for line in lines), lines
        # every seat's count as the result says it, the blocker marked
        counts = page.locator("#result .gp-result-table tbody td:nth-child(3)").all_inner_texts()
        assert sorted(int(c) for c in counts) == sorted(result["counts"])
        assert page.locator("#result .gp-result-table .gp-mark:not(.gp-win)").count() == 1
        _axe(page, "blocked: the deal over", found)
        page.screenshot(path=str(artifacts / "gaple-blocked.png"))
    finally:
        ctx.close()
    assert not found, "\n".join(found)


def test_a_match_is_won_and_the_next_deal_starts_a_new_one(
    browser: Any, gaple_server: tuple[str, Store], artifacts: Path
) -> None:
    base, store = gaple_server
    seed, options = MATCH_END
    ctx, page = _open(browser, base, store, 390, seed, options)
    found: list[str] = []
    try:
        _play_by_mouse(page, "match", found)
        result = _result(page)
        assert result["match_over"], f"seed {seed}: the match to 30 was not won in the first deal"
        lines = page.locator("#result .res-lines li").all_inner_texts()
        assert any("match" in line.lower() and "30" in line for line in lines), lines
        _axe(page, "match won", found)
        page.screenshot(path=str(artifacts / "gaple-match-won.png"))
        page.click("#act-next")
        page.wait_for_function("() => document.getElementById('result').hidden")
        _turn_or_end(page)
        assert table_state(page)["view"]["scores"] == [0, 0, 0, 0]
    finally:
        ctx.close()
    assert not found, "\n".join(found)


def test_the_seeds_show_what_the_tests_need(tmp_path: Path) -> None:
    """The seeds above, played in the service as the page plays them: the cases the tests rely on."""
    from cardavia.bots.registry import choose

    store = open_store(f"sqlite:///{tmp_path / 'seeds.sqlite'}")
    shown = {}
    try:
        for seed, options in ((BOTH_WIDE, None), (BOTH_NARROW, None), (BLOCKED, None), MATCH_END):
            with gaple():
                service = TableService(store)
                state = service.create(
                    game="gaple", level="easy", owner="0" * 64, pace_ms=0, seed=seed, options=options
                )
                table, both = state.record.id, 0
                for _ in range(30):
                    settle(service, table, choose)
                    state = service.state(table, "0" * 64)
                    if state.status() == "over":
                        break
                    view = state.deal.view(0).to_json()
                    view["legal"] = [state.game.action_to_json(a) for a in state.deal.view(0).legal]
                    action = KIT.choose(view)
                    both += KIT.plan(view, action)[1] in ("#act-left", "#act-right")
                    service.act(table, "0" * 64, state.seq, action)
                result = state.finished[-1].result
                shown[seed] = (result["end"], both > 0, result["match_over"])
    finally:
        store.dispose()
    assert shown == {
        BOTH_WIDE: ("out", True, False),
        BOTH_NARROW: ("out", True, False),
        BLOCKED: ("blocked", True, False),
        MATCH_END[0]: ("out", True, True),
    }
