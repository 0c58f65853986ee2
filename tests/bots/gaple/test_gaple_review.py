"""The review of Gaple decisions (``ANALYST``): every decision of a seat priced from its view, labels by
the thresholds, reasons in words, the same review for the same seed; exact where the position is small
(every fitting deal valued: the loss's interval is the loss, whatever the seed)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardavia.bots.gaple import ANALYST, BOTS
from cardavia.bots.gaple.messages import HINTS
from cardavia.bots.gaple.reading import read
from cardavia.bots.gaple.review import EXACT_WORLDS, fitting_worlds
from cardavia.bots.gaple.sampler import places_of
from cardavia.bots.review import LABELS, review_record
from cardavia.cli import main
from cardavia.games.gaple import GAME, GapleDeal
from games.gaple.gaple_helpers import gaple_registered


@pytest.fixture(autouse=True)
def registered_for_these_tests() -> Iterator[None]:
    with gaple_registered():
        yield


def played(seed: int, options: dict[str, object] | None = None) -> GapleDeal:
    deal = GAME.for_options(options or {}).new_deal(seed)
    rng = random.Random(seed)
    levels = ["easy", "normal", "random", "normal"]
    while (seat := deal.to_act()) is not None:
        deal.apply(BOTS[levels[seat]].decide(deal.view(seat), rng).action)
    return deal


def test_every_decision_of_a_seat_is_priced_and_labelled() -> None:
    labels: dict[str, int] = {}
    for seed in range(6):
        record = played(seed, {"stuck": "discard"} if seed % 2 else None).to_record()
        review = review_record(record, 0, seed=3, analyst=ANALYST)
        again = review_record(record, 0, seed=3, analyst=ANALYST)
        assert review.to_json(full=True) == again.to_json(full=True)
        for d in review.decisions:
            assert d.label in LABELS and d.loss >= 0 and d.ci95[0] <= d.loss <= d.ci95[1] + 1e-9
            assert d.reason.id in HINTS
            # a better move is said where there was one
            assert (d.better is None) == (d.label == "best") and (d.better is None or d.better.id in HINTS)
            labels[d.label] = labels.get(d.label, 0) + 1
    assert labels.get("best", 0) > 5 and sum(labels.values()) >= 15, labels


def test_a_small_position_is_valued_exactly_over_every_fitting_deal() -> None:
    exact = 0
    for seed in range(8):
        deal = played(seed)
        record = deal.to_record()
        replayed, actions = GAME.deal_from_record(record)
        small: set[int] = set()  # the indices of seat 1's decisions valued exactly
        for index, action in enumerate(actions):
            seat = replayed.to_act()
            assert seat is not None
            view = replayed.view(seat)
            if len(view.legal) > 1:
                r = read(view)
                worlds = fitting_worlds(r, places_of(r))
                if worlds is not None:
                    exact += 1
                    assert 0 < len(worlds) <= EXACT_WORLDS
                    hidden = [replayed.held[s] for s in range(4) if s != seat]
                    assert any([w.held[s] for s in range(4) if s != seat] == hidden for w in worlds)
                    if seat == 1:
                        small.add(index)
            replayed.apply(action)
        one = review_record(record, 1, seed=1, analyst=ANALYST).decisions
        two = review_record(record, 1, seed=2, analyst=ANALYST).decisions
        for a, b in zip(one, two, strict=True):
            if a.index in small:  # exact: the seed plays no part, and the interval is the loss
                assert a.to_json(full=True) == b.to_json(full=True) and a.ci95 == (a.loss, a.loss)
    assert exact > 10


def test_cardavia_review_prints_a_gaple_review(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(played(3).to_record()), encoding="utf-8")
    assert main(["review", str(path), "--seat", "1", "--json", "--max-samples", "48"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "gaple" and out["seat"] == 1 and out["summary"]["decisions"] >= 1
