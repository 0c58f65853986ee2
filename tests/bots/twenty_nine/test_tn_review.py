"""The Twenty-Nine review (``ANALYST``): every bid, trump, double, ask, pair and card with an alternative
is priced from the seat's view only (the hidden trump drawn, never read), a position with a certain
answer gets it exactly, the reasons say why in a player's words, and ``cardavia review`` reads a deal
through the registry (the game registered for these tests only)."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardavia.bots.review import review_decision, review_record
from cardavia.bots.twenty_nine import ANALYST, BOTS
from cardavia.bots.twenty_nine.messages import HINTS
from cardavia.bots.twenty_nine.reading import unseen
from cardavia.bots.twenty_nine.rollout import play_out
from cardavia.bots.twenty_nine.sampler import consistent
from cardavia.games.errors import IllegalAction
from cardavia.games.twenty_nine import GAME, Action, TwentyNineDeal, deal_from_view
from games.twenty_nine.twenty_nine_helpers import twenty_nine_registered


@pytest.fixture(scope="module", autouse=True)
def registered_for_these_tests() -> Iterator[None]:
    with twenty_nine_registered():
        yield


def _played(seed: int, levels: list[str]) -> TwentyNineDeal:
    deal = GAME.new_deal(seed)
    rngs = [random.Random(f"{seed}:{s}") for s in range(4)]
    while (seat := deal.to_act()) is not None:
        deal.apply(BOTS[levels[seat]].decide(deal.view(seat), rngs[seat]).action)
    return deal


def test_a_review_prices_every_kind_of_decision_with_reasons_in_words() -> None:
    kinds: set[str] = set()
    for seed in range(6):
        deal = _played(seed, ["easy", "random", "normal", "easy"])
        if deal.bidder is None:
            continue
        record = deal.to_record()
        for seat in range(4):
            review = review_record(record, seat, max_samples=24)
            for d in review.decisions:
                kinds.add(d.chosen["do"])
                assert d.reason.id in HINTS and "{" not in d.reason.text
                # a better move is said where there was one
                assert (d.better is None) == (d.label == "best")
                assert d.better is None or (d.better.id.startswith("move-") and "{" not in d.better.text)
                assert d.label in ("best", "good", "inaccuracy", "mistake", "blunder")
                assert d.ci95[0] <= d.loss + 1e-9 and d.loss >= 0
    assert {"bid", "pass", "play", "trump"} <= kinds


def _last_choices(seed: int) -> Iterator[tuple[TwentyNineDeal, int]]:
    """Positions of a deal played by ``normal`` where the seat to act is last to play to the seventh
    trick with two cards to choose from, the trump revealed: the eighth trick then plays itself."""
    deal = GAME.new_deal(seed)
    rng = random.Random(seed)
    while (seat := deal.to_act()) is not None:
        view = deal.view(seat)
        if (
            len(deal.tricks) == 6
            and len(deal.trick) == 3
            and deal.reveal is not None
            and len([a for a in view.legal if a.do == "play"]) == 2
            and len(view.legal) == 2
        ):
            yield deal.clone(), seat
        deal.apply(BOTS["normal"].decide(view, rng).action)


def _exact(deal: TwentyNineDeal, seat: int) -> dict[Action, list[float]]:
    """Each legal action's net game points in every hidden deal that fits the seat's view."""
    view = deal.view(seat)
    hidden = sorted(unseen(view))
    others = [s for s in range(4) if s != seat]
    out: dict[Action, list[float]] = {a: [] for a in view.legal}
    for order in itertools.permutations(hidden):
        holdings: list[list[str]] = [[] for _ in range(4)]
        holdings[seat] = list(view.hand)
        for s, card in zip(others, order, strict=True):
            holdings[s].append(card)
        if not consistent(view, holdings, view.trump):
            continue
        for action in view.legal:
            world = deal_from_view(view, holdings, view.trump)
            world.apply(action)
            play_out(world, random.Random(0))
            outcome = world.outcome()
            assert outcome is not None
            out[action].append(float(outcome.returns[seat]))
    return out


def test_a_choice_whose_worth_is_certain_is_priced_exactly() -> None:
    """Last to play to the seventh trick: every hidden deal the view allows is enumerated; where one
    card is worth the same more than the other in each of them, the review finds that card best and
    the other's loss exactly, with no spread."""
    found = 0
    for seed in range(400):
        for deal, seat in _last_choices(seed):
            exact = _exact(deal, seat)
            (a, va), (b, vb) = exact.items()
            diffs = {x - y for x, y in zip(va, vb, strict=True)}
            if len(diffs) != 1 or 0.0 in diffs:
                continue
            gap = diffs.pop()
            better, worse = (a, b) if gap > 0 else (b, a)
            view = deal.view(seat)
            as_played = review_decision(ANALYST, GAME, view, worse, 0, seed)
            assert as_played is not None
            assert as_played.best == better.to_json()
            assert as_played.loss == pytest.approx(abs(gap)) and as_played.ci95 == (abs(gap), abs(gap))
            assert as_played.label == ANALYST.thresholds.label(abs(gap))
            right = review_decision(ANALYST, GAME, view, better, 0, seed)
            assert right is not None and right.label == "best" and right.loss == 0
            found += 1
        if found >= 3:
            break
    assert found >= 3


def _trump_variants(seed: int) -> Iterator[tuple[TwentyNineDeal, TwentyNineDeal, int]]:
    """Pairs of one deal with two different hidden trumps, at decisions of a seat that does not know it."""
    deal = _played(seed, ["normal"] * 4)
    if deal.bidder is None:
        return
    actions = list(deal.log)
    cut = next(i for i, a in enumerate(actions) if a.do == "trump") + 1
    for stop in range(cut, len(actions)):
        twins = []
        for trump in range(4):
            world = GAME.new_deal(seed)
            try:
                for a in actions[:stop]:
                    world.apply(Action(a.seat, "trump", suit=trump) if a.do == "trump" else a)
            except IllegalAction:  # the bidder's own trump rule: the record no longer fits
                break
            twins.append(world)
        if len(twins) < 2 or twins[0].reveal is not None:
            return
        seat = twins[0].to_act()
        if seat is None or seat == deal.bidder or len(twins[0].legal_actions()) < 2:
            continue
        if twins[0].legal_actions() != twins[1].legal_actions():
            continue
        yield twins[0], twins[1], seat


def test_a_non_bidder_is_reviewed_the_same_whatever_the_hidden_trump() -> None:
    compared = 0
    for seed in range(20):
        for one, two, seat in _trump_variants(seed):
            assert one.trump != two.trump
            v1, v2 = one.view(seat), two.view(seat)
            assert v1.to_json() == v2.to_json()
            chosen = v1.legal[-1]
            r1 = review_decision(ANALYST, GAME, v1, chosen, 5, 1, max_samples=16)
            r2 = review_decision(ANALYST, GAME, v2, chosen, 5, 1, max_samples=16)
            assert r1 == r2
            compared += 1
            break
    assert compared >= 5


def test_cardavia_review_reads_a_twenty_nine_record(tmp_path: Path) -> None:
    from cardavia.bots.review import review_text

    deal = _played(3, ["normal", "easy", "normal", "easy"])
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal.to_record()), encoding="utf-8")
    review = review_text(path.read_text(encoding="utf-8"), 0, max_samples=16)
    assert review.game == "twenty-nine" and review.version == ANALYST.version
    assert review.decisions and review.to_json(full=True)["version"] == ANALYST.version
