"""The spec's worked examples, each as a test: one-hand showdowns, splits and deals A to F."""

from __future__ import annotations

from typing import Any

import pytest
from pai_gow_helpers import (
    deal_record,
    key,
    net_of,
    registered_for_tests,  # noqa: F401  (the fixture below)
)

from cardavia.games.pai_gow import Options, PaiGowDeal, Tile, beats, make_set, result, splits_of, tile
from cardavia.games.pai_gow.tiles import full_set
from cardavia.games.replay import replay_record

pytestmark = pytest.mark.usefixtures("registered_for_tests")

COPIES_TIE = {"copies_to_banker": False}
TIEN_GOW = {"gee_joon_single_rank": "tien-gow"}
ZERO_KEEPS_HIGH = {"zero_zero_to_banker": False}


def meet(player: str, banker: str, options: dict[str, Any] | None = None) -> int:
    opts = Options(**(options or {}))
    return beats(key(player, opts).order, key(banker, opts).order, opts)


@pytest.mark.parametrize(
    ("player", "banker", "options", "expected"),
    [
        ("3-4+2-2", "5-6+5-5", None, -1),  # 1. both 1: Mooy beats Bon
        ("2-2+1-6", "2-2+3-4", None, -1),  # 2. a copy goes to the banker ...
        ("2-2+1-6", "2-2+3-4", COPIES_TIE, 0),  # ... or ties
        ("2-4+2-3", "1-4+1-2", None, -1),  # 3. both 8, a Five high: a copy
        ("2-4+2-3", "1-4+1-2", TIEN_GOW, 1),  # ... 2-4 outranks the Fives
        ("5-5+4-6", "5-6+3-6", None, -1),  # 4. 0 and 0: the banker
        ("5-5+4-6", "5-6+3-6", ZERO_KEEPS_HIGH, 1),  # ... Mooy beats Foo
        ("1-1+4-5", "1-4+2-3", None, -1),  # 5. Day-Wong against the Fives pair
        ("1-1+3-6", "6-6+4-4", None, 1),  # 6. Day-Wong beats Teen-Gong
        ("6-6+1-6", "1-1+3-4", None, 1),  # 7. both 9: Teen high
        ("6-6+6-6", "2-4+1-2", None, -1),  # 8. the Supreme
    ],
)
def test_one_hand_against_the_banker(
    player: str, banker: str, options: dict[str, Any] | None, expected: int
) -> None:
    assert meet(player, banker, options) == expected


def test_zero_against_zero_goes_to_the_banker_even_when_copies_tie() -> None:
    assert meet("5-5+4-6", "5-6+3-6", COPIES_TIE) == -1
    assert meet("5-5+4-6", "5-5+4-6", {"copies_to_banker": False, "zero_zero_to_banker": False}) == 0


def _splits(codes: str) -> list[tuple[int, int, str]]:
    out = []
    for s in splits_of([tile(c) for c in codes.split()]):
        out.append((s.high_key.value, s.low_key.value, "+".join(t.code for t in s.high)))
    return sorted(out)


def test_the_splits_of_2_2_1_5_5_6_3_6() -> None:
    # 0/0, 5/5, 7/3; in 5/5 the high hand is 2-2+5-6 (Bon beats Look)
    found = _splits("2-2 1-5 5-6 3-6")
    assert [(h, lo) for h, lo, _ in found] == [(0, 0), (5, 5), (7, 3)]
    assert found[1][2] == "2-2+5-6"


def test_two_pairs_of_alike_tiles_have_two_distinct_splits() -> None:
    assert len(splits_of([tile(c) for c in ["6-6", "6-6", "1-1", "1-1"]])) == 2


DEAL_A = deal_record(
    2,
    {
        2: ("6-6+4-5", "5-6+5-5"),
        0: ("6-6+3-6", "3-4+2-2"),
        1: ("1-3+1-3", "1-1+2-6"),
        3: ("4-4+4-4", "5-5+5-6"),
    },
)
DEAL_B = deal_record(
    0,
    {
        0: ("1-5+2-4", "5-6+3-6"),
        1: ("6-6+1-6", "5-5+4-6"),
        2: ("1-4+2-3", "1-1+3-5"),
        3: ("5-6+1-2", "3-3+2-2"),
    },
)
DEAL_C = deal_record(
    1,
    {
        1: ("6-6+6-6", "1-4+1-2"),
        0: ("1-1+4-5", "3-5+4-6"),
        2: ("4-4+4-4", "2-4+2-3"),
        3: ("3-4+2-5", "3-6+5-6"),
    },
)
DEAL_D = deal_record(
    3,
    {
        3: ("2-2+5-6", "1-5+3-6"),
        0: ("6-6+4-5", "1-1+3-5"),
        1: ("4-4+4-4", "5-6+1-2"),
        2: ("2-4+1-3", "3-3+1-6"),
    },
)
DEAL_E = deal_record(
    1,
    {
        1: ("2-4+1-2", "2-2+1-5"),
        2: ("6-6+6-6", "1-1+1-1"),
        0: ("3-6+3-4", "1-3+3-3"),
        3: ("5-5+5-5", "4-5+2-5"),
    },
)
DEAL_F = deal_record(
    2,
    {
        2: ("6-6+3-3", "1-1+5-6"),
        3: ("4-5+1-4", "3-6+2-3"),
        0: ("5-5+4-6", "1-3+1-5"),
        1: ("6-6+2-6", "1-1+3-5"),
    },
)
DEALS: dict[str, dict[str, Any]] = {
    "A": DEAL_A,
    "B": DEAL_B,
    "C": DEAL_C,
    "D": DEAL_D,
    "E": DEAL_E,
    "F": DEAL_F,
}

NETS: list[tuple[str, dict[str, Any] | None, list[int]]] = [
    ("A", None, [-1, 1, 0, 0]),
    ("A", COPIES_TIE, [-1, 1, -1, 1]),
    ("B", None, [0, 0, 1, -1]),
    ("B", COPIES_TIE, [0, 0, 1, -1]),
    ("B", ZERO_KEEPS_HIGH, [-2, 1, 1, 0]),
    ("C", None, [0, 2, -1, -1]),
    ("C", TIEN_GOW, [0, 1, 0, -1]),
    ("D", None, [1, 1, 0, -2]),
    ("D", {"wong_gong": False}, [-1, 1, 0, 0]),
    ("D", {"gee_joon_wild": False}, [1, 0, -1, 0]),
    ("E", None, [-1, 1, 0, 0]),
    ("F", None, [-1, 1, 0, 0]),
]


@pytest.mark.parametrize(("name", "options", "net"), NETS, ids=[f"{n}-{o}" for n, o, _ in NETS])
def test_the_spec_s_deals(name: str, options: dict[str, Any] | None, net: list[int]) -> None:
    record = dict(DEALS[name])
    if options:
        record["options"] = options
    assert net_of(record) == net


RESULTS: dict[str, list[str | None]] = {
    "A": ["loss", "win", None, "push"],
    "B": [None, "push", "win", "loss"],
    "C": ["push", None, "loss", "loss"],
    "D": ["win", "win", "push", None],
    "E": ["loss", None, "push", "push"],
    "F": ["loss", "win", None, "push"],
}


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_the_spec_s_deal_results_and_hands(name: str) -> None:
    result = replay_record(DEALS[name]).result
    assert result["results"] == RESULTS[name]
    assert result["banker"] == DEALS[name]["banker"]
    assert result["next_banker"] == (DEALS[name]["banker"] + 1) % 4


def test_deal_b_s_hands_as_the_spec_names_them() -> None:
    hands = replay_record(DEAL_B).result["hands"]
    assert hands[0] == {"high": ["1-5", "2-4"], "low": ["5-6", "3-6"]}  # 9 / 0
    assert hands[3] == {"high": ["5-6", "1-2"], "low": ["3-3", "2-2"]}  # 7 / 0


def test_deal_d_without_wild_gee_joon_makes_2_4_1_3_the_low_hand() -> None:
    hands = replay_record({**DEAL_D, "options": {"gee_joon_wild": False}}).result["hands"]
    assert sorted(hands[2]["low"]) == ["1-3", "2-4"]


def test_deal_f_equal_keys_either_hand_high() -> None:
    hands = replay_record(DEAL_F).result["hands"]
    assert sorted([sorted(hands[3]["high"]), sorted(hands[3]["low"])]) == [["1-4", "4-5"], ["2-3", "3-6"]]


def test_the_spec_s_record_example() -> None:
    record = {
        "game": "pai-gow",
        "banker": 2,
        "hands": [
            ["6-6", "3-6", "3-4", "2-2"],
            ["1-3", "1-3", "1-1", "2-6"],
            ["6-6", "4-5", "5-6", "5-5"],
            ["4-4", "4-4", "5-5", "5-6"],
        ],
        "sets": [
            {"seat": 3, "hand": ["5-5", "5-6"]},
            {"seat": 0, "hand": ["6-6", "3-6"]},
            {"seat": 2, "hand": ["6-6", "4-5"]},
            {"seat": 1, "hand": ["1-1", "2-6"]},
        ],
        "options": {"copies_to_banker": False},
    }
    result = replay_record(record).result
    assert result["net"] == [-1, 1, -1, 1]
    assert result["results"] == ["loss", "win", None, "win"]


def test_with_copies_tied_the_result_is_the_sign_of_the_two_hands_summed() -> None:
    ties = Options(copies_to_banker=False)
    high, mid, low = 3000, 1000, 100  # three key orders, high > mid > low
    assert result((high, mid), (mid, low), ties) == 1  # beats both: win
    assert result((high, low), (mid, low), ties) == 1  # win + tie = win
    assert result((mid, low), (mid, low), ties) == 0  # tie + tie = push
    assert result((low, low), (mid, low), ties) == -1  # loss + tie = loss
    assert result((high, low), (mid, mid), ties) == 0  # win + loss = push
    assert result((high, low), (mid, low), Options()) == 0  # copies to the banker: one hand only, push


def test_alike_splits_are_one_legal_set_either_way_it_is_named() -> None:
    deal = PaiGowDeal([[tile(c) for c in ["6-6", "6-6", "1-1", "1-1"]], *_rest("6-6 6-6 1-1 1-1")], 0)
    # the partner of the first 6-6: 6-6, or 1-1 (either 1-1: one split, listed once)
    assert [s.to_json()["hand"] for s in deal.legal_actions_of(0)] == [["6-6", "6-6"], ["6-6", "1-1"]]
    for named in ("6-6 1-1", "1-1 6-6"):
        trial = deal.clone()
        trial.apply(make_set(0, named))
        assert trial.view(0).split is not None
        assert trial.view(0).split.to_json() == {"high": ["6-6", "1-1"], "low": ["6-6", "1-1"]}


def _rest(codes: str) -> list[list[Tile]]:
    left = list(full_set())
    for c in codes.split():
        left.remove(tile(c))
    return [left[4 * i : 4 * i + 4] for i in range(3)]
