"""The exact review: each split's EV against Normal at every other seat, the loss and its label."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardavia.bots.pai_gow.review import label, review_decision, review_record
from cardavia.games.errors import IllegalAction, RecordError
from cardavia.games.pai_gow import DEFAULT_OPTIONS, make_set, tile

# the spec's "Values against a Normal banker"
SPEC_VALUES = [
    ("3-4 2-5 6-6 5-6", "6-6 3-4", 0.4539),
    ("3-4 2-5 6-6 5-6", "3-4 2-5", 0.2099),
    ("2-2 1-5 5-6 3-6", "2-2 5-6", -0.4409),
    ("2-2 1-5 5-6 3-6", "5-6 1-5", -0.5645),
    ("2-2 1-5 5-6 3-6", "2-2 1-5", -1.0),
]


@pytest.mark.parametrize(("codes", "hand", "value"), SPEC_VALUES)
def test_the_review_s_values_are_the_spec_s(codes: str, hand: str, value: float) -> None:
    review = review_decision(0, [tile(c) for c in codes.split()], 1, make_set(0, hand), DEFAULT_OPTIONS)
    assert float(review.chosen.ev) == pytest.approx(value, abs=0.0005)
    assert review.against == "Normal at every other seat"


def test_a_review_has_every_split_the_loss_and_its_label() -> None:
    hand = [tile(c) for c in ["2-2", "1-5", "5-6", "3-6"]]
    review = review_decision(0, hand, 1, make_set(0, "5-6 1-5"), DEFAULT_OPTIONS, index=3)
    out = review.to_json()
    assert out["index"] == 3 and len(out["splits"]) == 3
    assert out["best"]["high"] == ["2-2", "5-6"] and out["chosen"]["high"] == ["5-6", "1-5"]
    assert out["loss"] == pytest.approx(0.5645 - 0.4409, abs=0.0005)
    assert out["ci95"] == [out["loss"], out["loss"]]
    assert out["label"] == "mistake"  # 0.1236
    assert out["better"]["text"] == "set 2-2+5-6 behind and 1-5+3-6 in front"
    worst = review_decision(0, hand, 1, make_set(0, "1-5 2-2"), DEFAULT_OPTIONS).to_json()
    assert worst["label"] == "blunder" and worst["loss"] == pytest.approx(1 - 0.4409, abs=0.0005)
    best = review_decision(0, hand, 1, make_set(0, "1-5 3-6"), DEFAULT_OPTIONS).to_json()
    assert best["label"] == "best" and best["loss"] == 0 and "better" not in best


def test_an_equally_good_split_loses_nothing() -> None:
    # 6-6+3-4 / 5-6+2-5 and 6-6+2-5 / 5-6+3-4 have one value
    hand = [tile(c) for c in ["3-4", "2-5", "6-6", "5-6"]]
    review = review_decision(0, hand, 1, make_set(0, "6-6 2-5"), DEFAULT_OPTIONS)
    assert review.loss == 0 and review.label == "best"


@pytest.mark.parametrize(
    ("loss", "name"),
    [
        (Fraction(0), "best"),
        (Fraction(1, 1000), "good"),
        (Fraction(1999, 100000), "good"),
        (Fraction(2, 100), "inaccuracy"),
        (Fraction(4999, 100000), "inaccuracy"),
        (Fraction(5, 100), "mistake"),
        (Fraction(1499, 10000), "mistake"),
        (Fraction(15, 100), "blunder"),
        (Fraction(2), "blunder"),
    ],
)
def test_labels(loss: Fraction, name: str) -> None:
    assert label(loss) == name


RECORD = {
    "game": "pai-gow",
    "banker": 1,
    "hands": [
        ["2-2", "1-5", "5-6", "3-6"],
        ["6-6", "6-6", "1-4", "2-5"],
        ["3-4", "2-3", "1-3", "1-1"],
        ["4-4", "4-4", "5-5", "5-6"],
    ],
    "sets": [
        {"seat": 3, "hand": ["5-5", "5-6"]},
        {"seat": 0, "hand": ["1-5", "5-6"]},
        {"seat": 1, "hand": ["6-6", "6-6"]},
    ],
}


def test_a_record_s_decisions_of_one_seat_are_reviewed() -> None:
    (review,) = review_record(RECORD, 0)
    assert review.index == 1 and review.label == "mistake"
    (bank,) = review_record(RECORD, 1)
    assert bank.index == 2 and bank.against == "Normal at every other seat"
    assert review_record(RECORD, 2) == ()


def test_a_bad_record_is_refused() -> None:
    with pytest.raises(RecordError):
        review_record({**RECORD, "banker": 9}, 0)
    with pytest.raises(IllegalAction):
        review_record({**RECORD, "sets": [{"seat": 0, "hand": ["6-6", "5-6"]}]}, 0)
