"""The exact review: each split's EV against Normal at every other seat, the loss and its label,
through the platform's review (``cardavia.bots.review``) and ``cardavia review``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardavia.bots.pai_gow import ANALYST
from cardavia.bots.pai_gow.levels import split_of
from cardavia.bots.review import ExactAnalyst, review_record
from cardavia.cli import main
from cardavia.games.pai_gow import GAME, PaiGowDeal, View, make_set, tile
from cardavia.games.pai_gow.tiles import Tile, unseen_by
from cardavia.games.registry import GameEntry, game_ids, registered
from cardavia.games.replay import ReplayRejected

# the spec's "Values against a Normal banker": (four tiles, one hand of the split, its EV)
SPEC_VALUES = [
    ("3-4 2-5 6-6 5-6", "6-6 3-4", 0.4539),
    ("3-4 2-5 6-6 5-6", "3-4 2-5", 0.2099),
    ("2-2 1-5 5-6 3-6", "2-2 5-6", -0.4409),
    ("2-2 1-5 5-6 3-6", "5-6 1-5", -0.5645),
    ("2-2 1-5 5-6 3-6", "2-2 1-5", -1.0),
]


@pytest.fixture(autouse=True)
def pai_gow() -> Iterator[None]:
    """Pai Gow registered for the test (as it is once its registry line lands)."""
    if "pai-gow" in game_ids():
        yield
        return
    entry = GameEntry(
        "pai-gow", "cardavia.games.pai_gow", "cardavia.bots.pai_gow", "cardavia.web.games.pai_gow"
    )
    with registered(entry):
        yield


def view_of(codes: str, seat: int = 0, banker: int = 1) -> View:
    mine = [tile(c) for c in codes.split()]
    others = unseen_by(mine)
    hands: list[list[Tile]] = [others[4 * i : 4 * i + 4] for i in range(3)]
    hands.insert(seat, mine)
    return PaiGowDeal(hands, banker).view(seat)


def test_the_analyst_is_an_exact_one() -> None:
    assert isinstance(ANALYST, ExactAnalyst)
    assert ANALYST.thresholds.as_tuple() == (0.02, 0.05, 0.15)


@pytest.mark.parametrize(("codes", "hand", "value"), SPEC_VALUES)
def test_the_values_are_the_spec_s(codes: str, hand: str, value: float) -> None:
    view = view_of(codes)
    exact = ANALYST.exact(view)
    assert exact.against.text == "Exact values in points a deal, against Normal at every other seat"
    wanted = ANALYST.choice(view, make_set(0, hand))
    (ev,) = {v for a, v in exact.values if ANALYST.choice(view, a) == wanted}
    assert ev == pytest.approx(value, abs=0.0005)


def _record(sets: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "game": "pai-gow",
        "banker": 1,
        "hands": [
            ["2-2", "1-5", "5-6", "3-6"],
            ["1-1", "1-1", "1-4", "2-3"],
            ["3-4", "2-5", "6-6", "5-6"],
            ["4-4", "4-4", "5-5", "5-5"],
        ],
        "sets": sets,
    }


# the seats set out of seat order; seat 0 keeps Normal's 7/3 (a mistake), seat 2 the best, and seat 2
# names the hand that goes in front (either hand names a split)
RECORD = _record(
    [
        {"seat": 3, "hand": ["5-5", "4-4"]},
        {"seat": 0, "hand": ["1-5", "5-6"]},
        {"seat": 2, "hand": ["5-6", "2-5"]},
        {"seat": 1, "hand": ["1-1", "1-1"]},
    ]
)


def test_a_decision_lists_every_split_its_value_the_loss_and_the_label() -> None:
    review = review_record(RECORD, 0)
    assert review.exact and review.version == ANALYST.version
    (d,) = review.decisions
    assert d.index == 1 and d.label == "mistake"  # 0.5645 - 0.4409 = 0.1236
    assert d.loss == pytest.approx(0.5645 - 0.4409, abs=0.0005) and d.ci95 == (d.loss, d.loss)
    assert d.samples == 0 and d.alternatives == 3
    out = d.to_json()
    assert out["exact"] is True
    assert out["against"]["id"] == "against-normal"
    values = {o["move"]["text"]: o["value"] for o in out["options"]}
    assert values == pytest.approx(
        {
            "set 2-2+5-6 behind and 1-5+3-6 in front": -0.4409,
            "set 5-6+1-5 behind and 2-2+3-6 in front": -0.5645,
            "set 2-2+1-5 behind and 5-6+3-6 in front": -1.0,
        },
        abs=0.0005,
    )
    # the best first: −0.4409, −0.5645 (the chosen 7/3), −1.0
    assert [(o["chosen"], o["best"]) for o in out["options"]] == [
        (False, True),
        (True, False),
        (False, False),
    ]
    assert d.better is not None and d.better.text == "set 2-2+5-6 behind and 1-5+3-6 in front"
    assert d.reason.id == "best-ev-gain"
    assert review.summary()["points_lost"] == d.loss


def test_the_same_split_named_by_its_other_hand_is_the_best_and_loses_nothing() -> None:
    review = review_record(RECORD, 2)
    (d,) = review.decisions
    assert d.index == 2 and d.label == "best" and d.loss == 0 and d.better is None
    assert d.chosen == {"seat": 2, "hand": ["5-6", "2-5"]}
    assert max(o.value for o in d.options) == pytest.approx(0.4539, abs=0.0005)


def test_the_banker_s_decision_is_valued_against_normal_players() -> None:
    (d,) = review_record(RECORD, 1).decisions
    assert d.index == 3 and d.against is not None and d.against.id == "against-normal"
    # the banker's EV: minus the sum of three Normal players' means
    assert len(d.options) == 2  # 1-1 with either five: one split, named once
    assert {o.move.text for o in d.options} == {
        "set 1-1+1-1 behind and 1-4+2-3 in front",
        "set 1-1+1-4 behind and 1-1+2-3 in front",
    }


def test_labels_are_the_spec_s() -> None:
    t = ANALYST.thresholds
    assert [t.label(x) for x in (0.001, 0.0199, 0.02, 0.0499, 0.05, 0.1499, 0.15, 2.0)] == [
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_the_review_reads_the_seat_s_view_only() -> None:
    # other seats' tiles changed, the seat's own the same: the same review
    other = _record(RECORD["sets"])
    other["hands"] = [
        RECORD["hands"][0],
        ["4-4", "4-4", "5-5", "5-5"],
        ["1-1", "1-1", "1-4", "2-3"],
        ["3-4", "2-5", "6-6", "5-6"],
    ]
    other["sets"] = [
        {"seat": 1, "hand": ["5-5", "5-5"]},
        {"seat": 0, "hand": ["1-5", "5-6"]},
        {"seat": 2, "hand": ["1-1", "2-3"]},
        {"seat": 3, "hand": ["3-4", "6-6"]},
    ]
    a = review_record(RECORD, 0).to_json(full=True)
    b = review_record(other, 0).to_json(full=True)
    assert a["decisions"] == b["decisions"]


def test_cardavia_review_prints_every_split_and_against_whom(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(RECORD))
    assert main(["review", str(path), "--seat", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("  1 mistake    chose") and "loss 0.1236" in out[0]
    assert out[1] == "    Exact values in points a deal, against Normal at every other seat:"
    assert out[2:5] == [
        "    -0.4409  set 2-2+5-6 behind and 1-5+3-6 in front  (best)",
        "    -0.5645  set 5-6+1-5 behind and 2-2+3-6 in front  (chosen)",
        "    -1.0000  set 2-2+1-5 behind and 5-6+3-6 in front",
    ]
    # why: what the better split wins and risks, beside the player's, with the figures
    assert out[5] == (
        "    why: 2-2+5-6 behind and 1-5+3-6 in front win more on average than the strongest hand behind, "
        "counting every hand the others may hold. On average −0.441 points a deal, against −0.565 for "
        "your move. Against all the tiles it may meet, it wins 2% of the time and loses 46%; the other "
        "choice wins 7% and loses 63%."
    )
    # one decision: no accuracy (all or nothing), how far its choices lay apart
    assert out[-1] == "1 decision, 0.1236 points lost; its choices lay 0.5591 apart"
    assert main(["review", str(path), "--seat", "0", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    (d,) = got["decisions"]
    assert d["label"] == "mistake" and d["ci95"] == [d["loss"], d["loss"]]
    assert d["loss"] == pytest.approx(0.1236, abs=0.0005)
    assert [o["value"] for o in d["options"]] == pytest.approx([-0.4409, -0.5645, -1.0], abs=0.0005)
    assert d["against"]["text"].endswith("against Normal at every other seat")


def test_a_review_does_not_depend_on_the_seed_or_a_cap_on_samples() -> None:
    a = review_record(RECORD, 0, seed=1).to_json()
    assert a == review_record(RECORD, 0, seed=99, max_samples=2).to_json()


def test_bad_records_are_refused() -> None:
    with pytest.raises(ReplayRejected):
        review_record({**RECORD, "banker": 9}, 0)
    with pytest.raises(ReplayRejected):
        review_record(_record([{"seat": 0, "hand": ["6-6", "5-6"]}]), 0)
    with pytest.raises(Exception, match="not finished"):
        review_record(_record(RECORD["sets"][:3]), 0)


def test_every_split_of_random_deals_matches_the_hard_level() -> None:
    # the review's best is worth what Hard's choice is worth (Hard plays the exact best response)
    import random

    from cardavia.bots.pai_gow import BOTS

    for seed in range(6):
        deal = GAME.new_deal(seed)
        for seat in range(4):
            view = deal.view(seat)
            hard = BOTS["hard"].decide(view, random.Random(0)).action
            values = dict((ANALYST.choice(view, a), v) for a, v in ANALYST.exact(view).values)
            assert values[ANALYST.choice(view, hard)] == max(values.values())
            assert split_of(view, hard) is not None


def test_a_banker_s_loss_is_labelled_per_player_and_against_the_spread() -> None:
    # the banker of deal 1336 holds 5-5 2-2 5-6 4-6: its three splits lie between −2.64 and −2.45 (its
    # result is three players'); setting the worst gives away 0.195, 0.065 a player: a mistake by the
    # spec's thresholds of a player's deal, not a blunder (it was one before the thresholds were per stake)
    deal = GAME.new_deal(1336)
    banker = deal.banker
    view = deal.view(banker)
    assert sorted(t.code for t in view.hand) == ["2-2", "4-6", "5-5", "5-6"]
    values = {ANALYST.choice(view, a): (a, v) for a, v in ANALYST.exact(view).values}
    worst, low = min(values.values(), key=lambda av: av[1])
    high = max(v for _, v in values.values())
    assert low == pytest.approx(-2.6425, abs=0.0001) and high == pytest.approx(-2.4478, abs=0.0001)
    deal.apply(worst)
    for seat in range(4):
        if seat != banker:
            deal.apply(deal.legal_actions_of(seat)[0])
    (d,) = review_record(deal.to_record(), banker).decisions
    assert d.loss == pytest.approx(0.1947, abs=0.0001) and d.spread == d.loss
    assert ANALYST.stakes(view) == 3 and d.label == "mistake"
    # the same loss and spread for a player (one stake) is a blunder
    assert ANALYST.thresholds.label(d.loss, d.spread, 1) == "blunder"
    # the options are listed best first, the chosen one last
    assert [o.value for o in d.options] == sorted((o.value for o in d.options), reverse=True)
    assert d.options[-1].chosen


def test_alike_tiles_make_one_option_in_the_review_and_the_hint() -> None:
    from cardavia.bots.registry import suggest

    # 3-3 3-3 4-6 3-4: the partner of the first 3-3 is the other 3-3, or 4-6, or 3-4 (two partners
    # that make the one split 3-3+4-6 / 3-3+3-4): two choices
    view = view_of("3-3 3-3 4-6 3-4")
    assert len(view.legal) == 2 and len(ANALYST.exact(view).values) == 2
    advice = suggest("pai-gow", view, 0)
    assert advice.values is not None and advice.values.versus == "next"
    assert advice.reason.id == "pair-behind"  # the rule of thumb's own words: it keeps the pair behind
    assert "the next best (set 3-3+4-6 behind and 3-3+3-4 in front)" in advice.values.text


def test_the_random_level_draws_a_partner_one_in_three() -> None:
    import random

    from cardavia.bots.pai_gow import BOTS
    from cardavia.games.pai_gow import legal_sets, split_identity

    view = view_of("3-3 3-3 4-6 3-4")
    picked = []
    for seed in range(300):
        drawn = random.Random(seed).choice(legal_sets(0, view.hand))
        action = BOTS["random"].decide(view, random.Random(seed)).action
        assert action in view.legal
        assert split_identity(view.hand, action.hand) == split_identity(view.hand, drawn.hand)
        picked.append(action.hand[1].code == "3-3")
    assert 70 <= sum(picked) <= 130  # the pair behind about one time in three, not one in two
