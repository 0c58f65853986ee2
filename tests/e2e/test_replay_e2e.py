"""The replay page in headless Chromium: reached from the end of a deal, stepped by keyboard and by
buttons, every hand on request, and axe-core's check."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_site_e2e import finish_deal, open_table

pytestmark = pytest.mark.e2e


def test_a_finished_deal_replays_by_keyboard(page: Any, server: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    open_table(page, server, "tien-gow", "en")
    table = finish_deal(page, keyboard=False)
    link = page.locator("#replay-link a")
    link.wait_for(state="visible")
    link.click()
    page.wait_for_selector("#replay-position:not(:empty)")
    assert page.locator("#replay-heading").inner_text() == f"Replay: Deal {table['deal_no']}"
    total = int(re.search(r"of (\d+)", page.locator("#replay-position").inner_text()).group(1))  # type: ignore[union-attr]
    assert page.locator("#replay-move").inner_text() == "Before anyone has played."
    assert page.locator("#step-prev").is_disabled()
    page.keyboard.press("End")
    assert page.locator("#replay-position").inner_text() == f"Move {total} of {total}"
    assert page.locator("#step-next").is_disabled()
    assert not page.locator("#result").is_hidden()  # the end of the deal, as the table showed it
    page.keyboard.press("ArrowLeft")
    assert page.locator("#replay-position").inner_text() == f"Move {total - 1} of {total}"
    assert page.locator("#replay-move").inner_text().strip()  # the move named in words
    page.keyboard.press("Home")
    assert page.locator("#replay-position").inner_text() == f"Move 0 of {total}"
    page.locator("#step-next").click()
    assert page.locator("#replay-position").inner_text() == f"Move 1 of {total}"
    # every hand, once asked: four seats of eight tiles before anyone plays
    page.keyboard.press("Home")
    page.locator("#show-hands").check()
    page.wait_for_selector("#replay-hands:not([hidden])")
    assert page.locator("#replay-hands .replay-hand").count() == 4
    assert page.locator("#replay-hands svg.tile").count() == 32
    results = Axe().run(page)
    assert results.response["violations"] == [], [v["id"] for v in results.response["violations"]]


def test_a_decision_in_the_replay_is_played_again_from_a_new_table(page: Any, server: str) -> None:
    open_table(page, server, "tien-gow", "en")
    table = finish_deal(page, keyboard=False)
    page.locator("#replay-link a").click()
    page.wait_for_selector("#replay-position:not(:empty)")
    page.keyboard.press("Home")
    # forward to the player's first move: the button offers to play it differently
    for _ in range(8):
        page.keyboard.press("ArrowRight")
        if page.locator("#try-here").is_visible():
            break
    button = page.locator("#try-here")
    assert button.is_visible() and button.inner_text() == "Play this move differently"
    at = int(re.search(r"Move (\d+)", page.locator("#replay-position").inner_text()).group(1))  # type: ignore[union-attr]
    steps = page.evaluate(
        "async (path) => (await fetch(path)).json()",
        f"/api/tables/{table['id']}/deals/{table['deal_no']}/steps",
    )
    button.click()
    page.wait_for_url("**/table?**")  # the address says where the table comes from
    page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
    fresh = page.evaluate("() => localStorage.getItem('cardavia.table.tien-gow')")
    assert fresh != table["id"]
    now = page.evaluate("async (id) => (await fetch(`/api/tables/${id}`)).json()", fresh)
    # the same deal at the same point: the hand and the trick the player had before that move
    assert now["view"]["hand"] == steps[at - 1]["view"]["hand"]
    assert now["view"]["trick"] == steps[at - 1]["view"]["trick"]
    assert page.locator("#hand button").count() == len(now["view"]["hand"])


def test_the_review_says_the_better_move_and_its_reason_with_piece_names(page: Any, server: str) -> None:
    open_table(page, server, "tien-gow", "nb")
    table = finish_deal(page, keyboard=False)
    page.locator("#replay-link a").click()
    page.wait_for_selector("#replay-position:not(:empty)")
    page.locator("#review-start").click()
    page.wait_for_selector("#review-summary:not(:empty)", timeout=240_000)
    data = page.evaluate("() => JSON.parse(document.getElementById('table-data').textContent)")
    reply = page.evaluate(
        "async (path) => (await fetch(path)).json()",
        f"/api/tables/{table['id']}/deals/{table['deal_no']}/review",
    )
    lost = [d for d in reply["review"]["decisions"] if d["label"] != "best"]
    if not lost:
        pytest.skip("every decision of this deal was the best: no better move to show")
    codes = re.compile(r"\d-\d\s*\+\s*\d-\d")  # tiles as bare codes, "3-3+3-5"
    for d in lost:
        page.keyboard.press("Home")
        for _ in range(d["index"] + 1):
            page.keyboard.press("ArrowRight")
        better = page.locator("#replay-verdict .replay-better").inner_text()
        # a move to make, in Norwegian, face up or down as the best is, each tile by its name
        face = "med forsiden opp" if d["best"]["face"] == "up" else "med forsiden ned"
        assert face in better, better
        for code in d["best"]["tiles"]:
            assert f"{data['pieces'][code]} {code}" in better, better
        assert better != page.locator("#replay-move").inner_text()
        verdict = page.locator("#replay-verdict").inner_text()
        assert not codes.search(verdict) and "{" not in verdict, verdict
        # the interval's level as Norwegian writes a percentage (from the number format, not the
        # sentence), in the figures behind the decision's disclosure
        figures = page.locator("#replay-verdict details.replay-figures")
        figures.locator("summary").click()
        shown = figures.inner_text()
        level = data["confidence"].replace("\u00a0", " ")
        assert level in shown.replace("\u00a0", " ") and "%(" not in shown, shown


def _step_to(page: Any, step: int) -> None:
    page.keyboard.press("Home")
    for _ in range(step):
        page.keyboard.press("ArrowRight")


HYPHEN_MINUS = re.compile(r"(?<![\d\w])-\d")  # a negative figure written with "-" (a tile's "6-6" is not one)


def test_the_review_reads_as_a_coach_and_the_retry_says_where_it_comes_from(page: Any, server: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    open_table(page, server, "tien-gow", "en")
    table = finish_deal(page, keyboard=False)
    page.locator("#replay-link a").click()
    page.wait_for_selector("#replay-position:not(:empty)")
    base = f"/api/tables/{table['id']}/deals/{table['deal_no']}"
    steps = page.evaluate("async (path) => (await fetch(path)).json()", f"{base}/steps")
    data = page.evaluate("() => JSON.parse(document.getElementById('table-data').textContent)")
    me = steps[0]["view"]["seat"]

    # your own face-down tiles are named in your replay (the server gives them to you alone)
    downs = [i for i, s in enumerate(steps) if s["seat"] == me and (s["action"] or {}).get("face") == "down"]
    for i in downs:
        _step_to(page, i)
        tiles = " + ".join(f"{data['pieces'][c]} {c}" for c in steps[i]["action"]["tiles"])
        assert page.locator("#replay-move").inner_text().startswith(f"You played {tiles} face down.")
        # and drawn in the trick, each tile by its name (only this seat's view holds them)
        drawn = page.locator(".play-group.down .own-down svg")
        assert [drawn.nth(n).get_attribute("aria-label") for n in range(drawn.count())] == [
            f"{c} {data['pieces'][c]}" for c in steps[i]["action"]["tiles"]
        ]
    # the move is offered again only where there was a choice: the engine's legal actions say so
    for i in range(1, len(steps)):
        if steps[i]["seat"] != me:
            continue
        _step_to(page, i)
        assert page.locator("#try-here").is_visible() == (len(steps[i - 1]["view"]["legal"]) > 1), i

    page.locator("#review-start").click()
    page.wait_for_selector("#review-summary:not(:empty)", timeout=240_000)
    review = page.evaluate("async (path) => (await fetch(path)).json()", f"{base}/review")["review"]
    summary = page.locator("#review-summary").inner_text()
    # the labels counted, no percentage (the accuracy waits behind the disclosure)
    assert re.match(r"\d+ decisions? reviewed: ", summary) and "%" not in summary, summary
    # the figures wait behind a disclosure, accuracy explained in its line
    figures = page.locator("#review-figures")
    assert figures.is_visible() and figures.get_attribute("open") is None
    figures.locator("summary").click()
    assert page.locator("#review-help").inner_text().startswith("Accuracy: of the points your choices")
    # only the moves that lost points, biggest first
    lost = sorted(
        (d for d in review["decisions"] if d["label"] in ("inaccuracy", "mistake", "blunder")),
        key=lambda d: (-d["loss"], d["index"]),
    )
    items = page.locator("#review-losses li")
    if lost:
        assert items.count() == min(10, len(lost))
        for n, d in enumerate(lost[:10]):
            assert items.nth(n).inner_text().startswith(f"Move {d['index'] + 1} of "), (n, d)
            assert "Good" not in items.nth(n).inner_text()
        # a loss followed from the list lands on its move with the verdict in view, not scrolled past
        items.nth(len(lost[:10]) - 1).locator("button").click()
        assert (
            page.locator("#replay-position").inner_text().startswith(f"Move {lost[:10][-1]['index'] + 1} of ")
        )
        assert page.evaluate("() => document.activeElement.id") == "step-next"
        steps_box = page.locator(".replay-steps").bounding_box()
        verdict_box = page.locator("#replay-verdict").bounding_box()
        height = page.evaluate("() => window.innerHeight")
        assert steps_box is not None and verdict_box is not None
        assert steps_box["y"] >= 0 and verdict_box["y"] + verdict_box["height"] <= height, (
            steps_box,
            verdict_box,
        )
    else:
        assert items.inner_text() == "None of your decisions lost points."
    worse = [d for d in review["decisions"] if d["label"] != "best"]
    for d in review["decisions"]:
        _step_to(page, d["index"] + 1)
        verdict = page.locator("#replay-verdict")
        why = verdict.locator(".replay-why").inner_text()
        # words first, then the figures that make the case: the better move's average beside yours
        # (where yours was the best: beside the usual choice or the next best, as the Hint said)
        assert why.startswith("Why: ") and "simulated" not in why and "On average" not in why, why
        figures = verdict.locator(".replay-values").inner_text()
        assert "{" not in figures and "%(" not in figures, figures
        versus = {
            "yours": "for your move",
            "usual": "for the usual choice (",
            "next": "for the next best (",
            "close": ": too close to tell apart.",
        }
        assert figures.startswith("On average ") and versus[d["values"]["versus"]] in figures, figures
        assert " deals played out from what you could see, it ends ahead in " in figures, figures
        details = verdict.locator("details.replay-figures")
        assert details.get_attribute("open") is None
        details.locator("summary").click()
        shown = verdict.inner_text()
        assert "played out" in details.inner_text() and not HYPHEN_MINUS.search(shown), shown
    results = Axe().run(page)
    assert results.response["violations"] == [], [v["id"] for v in results.response["violations"]]

    # the retry table says where it comes from, and what the review suggested there
    d = worse[0] if worse else review["decisions"][0]
    _step_to(page, d["index"] + 1)
    if not page.locator("#try-here").is_visible():
        pytest.skip("the reviewed decision had one legal move")  # a review skips those: not reached
    expected = page.locator("#replay-verdict .replay-better").inner_text().removeprefix("Better: ").strip()
    page.locator("#try-here").click()
    page.wait_for_url("**/table?**")
    page.wait_for_function("() => document.getElementById('status')?.dataset.status === 'human'")
    said = page.locator("#tried-from")
    said.wait_for(state="visible")
    move = d["index"] + 1
    if worse:
        said_first = f"Deal {table['deal_no']}, move {move} again — the review suggested: "
        assert said.inner_text().startswith(said_first)
        assert expected in said.inner_text()
    else:
        assert said.inner_text().startswith(f"Deal {table['deal_no']}, move {move} again.")
    results = Axe().run(page)
    assert results.response["violations"] == [], [v["id"] for v in results.response["violations"]]
    said.locator("a").click()
    page.wait_for_url(f"**/replay/{table['id']}/{table['deal_no']}")
    page.wait_for_selector("#replay-position:not(:empty)")


def test_a_cherki_deal_replays_to_the_engines_result(page: Any, server: str) -> None:
    # the game's own controls are wired on the replay page too, and the end shows the deal's
    # returns as the engine gave them (the step's outcome), the winner's cards marked
    open_table(page, server, "cherki", "en")
    table = finish_deal(page, keyboard=False)
    link = page.locator("#replay-link a")
    link.wait_for(state="visible")
    link.click()
    page.wait_for_selector("#replay-position:not(:empty)")
    assert page.locator("#replay-controls #act-discard").count() == 1
    page.keyboard.press("End")
    assert not page.locator("#result").is_hidden()
    winner = table["deals"][-1]["winner"]
    assert winner is not None and page.locator("#result .winning-hand .scored-card").count() > 0


def _exact_games() -> list[str]:
    """The registered games reviewed exactly, as their profiles say (``Review.EXACT``)."""
    from cardavia.games.profile import Review
    from cardavia.games.registry import game_ids, get_game

    return [game for game in game_ids() if get_game(game).profile.review is Review.EXACT]


# A deal played through the API in the page's browser: seat 0 takes its last legal choice, or
# (alternate) its last and its first in turn (a player who loses points); answers the table's id.
PLAY_DEAL = """async ([game, alternate]) => {
  const post = async (path, body) => (await fetch(path, {
    method: 'POST', credentials: 'same-origin',
    headers: {'content-type': 'application/json'}, body: JSON.stringify(body)})).json();
  const made = await post('/api/tables', {game, level: 'normal'});
  const get = async () => (await fetch('/api/tables/' + made.id)).json();
  const pause = () => new Promise((r) => setTimeout(r, 50));
  let t = await get();
  for (let k = 0; k < 200 && t.status !== 'human'; k++) { await pause(); t = await get(); }
  let n = 0;
  while (t.status === 'human' && t.deal_no === 1) {
    const legal = t.view.legal;
    const action = alternate && n++ % 2 ? legal[0] : legal[legal.length - 1];
    await post('/api/tables/' + made.id + '/actions', {seq: t.seq, action});
    for (let k = 0; k < 200; k++) { t = await get(); if (t.status !== 'bots') break; await pause(); }
  }
  return {id: made.id};
}"""


@pytest.mark.parametrize("game", _exact_games())
def test_an_exact_review_lists_every_choice_with_its_value(page: Any, server: str, game: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    from cardavia.web.game_parts import traditions

    page.goto(f"{server}/?lang=en")
    # a deal played through the API in this browser: seat 0 takes its last legal choice
    table = page.evaluate(PLAY_DEAL, [game, False])

    steps = page.evaluate(
        "async (id) => (await fetch(`/api/tables/${id}/deals/1/steps`)).json()", table["id"]
    )
    assert steps, "the deal did not finish"
    base = next(t.path(game) for t in traditions() if t.web(game) is not None)
    url = f"{base}/replay/{table['id']}/1?lang=en"
    page.goto(f"{server}{url}")
    page.wait_for_selector("#replay-position:not(:empty)")
    page.locator("#review-start").click()
    page.wait_for_selector("#review-summary:not(:empty)", timeout=60_000)
    for _ in range(len(steps)):
        if page.locator("#replay-verdict .replay-options").count():
            break
        page.keyboard.press("ArrowRight")
    options = page.locator("#replay-verdict .replay-options li")
    assert 2 <= options.count() <= 3
    assert page.locator("#replay-verdict .replay-options li.chosen").count() == 1
    assert page.locator("#replay-verdict .replay-against").inner_text().strip()
    values = []
    for text in options.all_inner_texts():
        found = re.search(r": ([+\u2212]?\d\.\d{3})$", text)
        assert found, text  # each choice with its value, three decimals
        values.append(float(found.group(1).replace("\u2212", "-")))
    assert values == sorted(values, reverse=True)  # the best first
    # why, with the figures: the averages and how often each choice wins and loses
    figures = page.locator("#replay-verdict .replay-values").inner_text()
    assert figures.startswith("On average ") and "Against all the tiles it may meet, it wins " in figures
    # one decision: no accuracy (all or nothing), how far its choices lay apart
    page.locator("#review-figures summary").click()
    totals = page.locator("#review-totals").inner_text()
    assert totals.startswith("Points lost: ") and "apart" in totals and "accuracy" not in totals, totals
    assert page.locator("#review-help").is_hidden()
    results = Axe().run(page)
    assert results.response["violations"] == [], [v["id"] for v in results.response["violations"]]


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_a_loss_followed_from_the_list_lands_with_its_verdict_in_view(
    page: Any, server: str, width: int, height: int
) -> None:
    from cardavia.web.game_parts import traditions

    game = "twenty-nine"
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{server}/?lang=en")
    base = next(t.path(game) for t in traditions() if t.web(game) is not None)
    # deals played through the API in this browser, seat 0 taking its first and its last legal
    # choice in turn (a player who loses points), until one's review lists a loss
    for _ in range(4):
        table = page.evaluate(PLAY_DEAL, [game, True])
        page.goto(f"{server}{base}/replay/{table['id']}/1?lang=en")
        page.wait_for_selector("#replay-position:not(:empty)")
        page.locator("#review-start").click()
        page.wait_for_selector("#review-summary:not(:empty)", timeout=120_000)
        items = page.locator("#review-losses li button")
        if items.count():
            break
    else:
        raise AssertionError("four deals of first and last choices and not one loss")
    # the list is beside the table, or below it on a phone: the link lands on the move, the step
    # buttons and its verdict in view
    items.last.scroll_into_view_if_needed()
    items.last.click()
    _verdict_and_steps_in_view(page, height)
    # the page left scrolled just past the step buttons, the verdict at its top (as a click in the
    # list below can leave it): following the loss again brings the buttons back into view too
    page.evaluate(
        "() => window.scrollBy(0, document.getElementById('replay-verdict').getBoundingClientRect().top)"
    )
    items.last.evaluate("button => button.click()")  # a click that does not scroll the page first
    _verdict_and_steps_in_view(page, height)


def _verdict_and_steps_in_view(page: Any, height: int) -> None:
    steps_box = page.locator(".replay-steps").bounding_box()
    verdict_box = page.locator("#replay-verdict").bounding_box()
    assert steps_box is not None and verdict_box is not None
    # (a pixel's rounding either way: the boxes' edges fall on fractions of a pixel)
    top, bottom = verdict_box["y"], verdict_box["y"] + verdict_box["height"]
    assert top >= -1 and bottom <= height + 1, verdict_box
    if steps_box["height"] + verdict_box["height"] < height / 2:  # the buttons fit above it: in view too
        assert steps_box["y"] >= -1, steps_box
    assert page.locator("#replay-verdict .replay-better").is_visible()
    assert page.evaluate("() => document.activeElement.id") == "step-next"
