"""The review engine: certain answers, what it may read, determinism, and bad records."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardavia.bots.registry import get_bot
from cardavia.bots.review import LABELS, Thresholds, review_record
from cardavia.games.registry import get_game
from cardavia.games.replay import ReplayRejected


def _bots_play(deal: Any, game: str, rng: random.Random, level: str = "normal") -> None:
    bot = get_bot(game, level)
    while (s := deal.to_act()) is not None:
        deal.apply(bot.decide(deal.view(s), rng).action)


@pytest.mark.parametrize("game_id", ["tien-gow", "cherki"])
def test_review_is_deterministic_and_well_formed(game_id: str) -> None:
    game = get_game(game_id)
    deal = game.new_deal(9)
    _bots_play(deal, game_id, random.Random(9), "easy")
    record = deal.to_record()
    first = review_record(record, 0, seed=4)
    assert first.to_json(full=True) == review_record(record, 0, seed=4).to_json(full=True)
    out = first.to_json()
    assert set(out) == {"game", "seat", "decisions", "summary"}
    assert out["game"] == game_id and out["seat"] == 0
    assert out["summary"]["decisions"] == len(out["decisions"]) > 0
    key = "plays" if game_id == "tien-gow" else "actions"
    forced = 0
    for d in out["decisions"]:
        assert set(d) == {"index", "chosen", "best", "loss", "ci95", "label"}
        assert record[key][d["index"]] == d["chosen"]
        assert d["label"] in LABELS and d["loss"] >= 0
        if d["label"] == "best":
            assert d["loss"] == 0 and d["chosen"] == d["best"]
    # forced turns are not decisions
    deal2, actions = game.deal_from_record(record)
    for i, a in enumerate(actions):
        if deal2.to_act() == 0 and len(deal2.view(0).legal) == 1:
            forced += 1
            assert all(d["index"] != i for d in out["decisions"])
        deal2.apply(a)
    assert 0 <= out["summary"]["accuracy"] <= 100
    assert out["summary"]["points_lost"] == pytest.approx(sum(d["loss"] for d in out["decisions"]), abs=0.05)


def test_labels_need_the_lower_bound_to_clear_the_threshold() -> None:
    t = Thresholds(2.0, 5.0, 10.0)
    assert [t.label(x) for x in (-1.0, 1.99, 2.0, 4.9, 5.0, 9.99, 10.0)] == [
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
    ]


def test_unfinished_records_and_bad_seats_are_refused_with_a_reason() -> None:
    from cardavia.bots.review import ReviewError

    game = get_game("tien-gow")
    deal = game.new_deal(1)
    deal.apply(deal.legal_actions()[0])
    with pytest.raises(ReviewError) as exc:
        review_record(deal.to_record(), 0)
    assert exc.value.code == "unfinished"
    _bots_play(deal, "tien-gow", random.Random(1))
    with pytest.raises(ReviewError) as exc:
        review_record(deal.to_record(), 4)
    assert exc.value.code == "bad-seat"
    with pytest.raises(ReplayRejected):
        review_record({"game": "tien-gow", "banker": 0}, 0)
