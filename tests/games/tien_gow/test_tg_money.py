"""Money: the spec's four examples, immediate payments, the factors, the Little Three catch, options."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tien_gow_helpers import deal_of, down, up

from cardavia.games.payments import deltas_of
from cardavia.games.replay import replay_record
from cardavia.games.tien_gow import TienGowDeal, tile
from cardavia.games.tien_gow.options import DEFAULT_OPTIONS, Options
from cardavia.games.tien_gow.scoring import immediate_deltas, settlement_lines
from cardavia.games.tien_gow.tiles import mask_of

HEAVEN = mask_of([tile("6-6")]) or 0
LITTLE_THREE = mask_of([tile("1-2")]) or 0
SUPREME = mask_of([tile("2-4"), tile("1-2")]) or 0
QUARTET = mask_of([tile(c) for c in ["6-6", "6-6", "4-5", "3-6"]]) or 0
EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def settlement(*args: Any, **kwargs: Any) -> list[int]:
    """Each seat's final settlement: the sum of the settlement's payment lines."""
    return deltas_of(settlement_lines(*args, **kwargs), 4)


def test_example_banker_p2_winner_p0() -> None:
    assert settlement(0, [3, 2, 0, 3], banker=2, winning_group=HEAVEN) == [13, -2, -10, -1]


def test_example_banker_wins_and_owes_a_surplus() -> None:
    assert settlement(0, [2, 6, 0, 0], banker=0, winning_group=HEAVEN) == [16, 4, -10, -10]


def test_example_surplus_owed_to_a_losing_banker_is_doubled() -> None:
    assert settlement(3, [1, 5, 0, 2], banker=1, winning_group=HEAVEN) == [-3, 2, -5, 6]


def test_example_sweep_with_a_final_little_three() -> None:
    assert settlement(0, [8, 0, 0, 0], banker=1, winning_group=LITTLE_THREE) == [80, -40, -20, -20]


def test_example_sweep_played_out() -> None:
    """Banker P1 leads; P0 wins every trick and leads 1-2 on the final single; the rest must go down."""
    deal = deal_of(["4-4 6-6 6-6 4-5 3-6 1-1 1-1 1-2", "1-5", "", ""], banker=1)
    deal.apply(up(1, "1-5"))
    deal.apply(deal.legal_actions()[-1])
    deal.apply(deal.legal_actions()[-1])
    deal.apply(up(0, "4-4"))
    for lead in ["6-6 6-6", "4-5 3-6", "1-1 1-1", "1-2"]:
        deal.apply(up(0, lead))
        for _ in range(3):
            legal = deal.legal_actions()
            assert not any(p.face_up for p in legal) or lead != "1-2"
            deal.apply(legal[-1])
    result = deal.result()
    assert result is not None
    assert result["columns"] == [8, 0, 0, 0]
    assert result["immediate"] == [0, 0, 0, 0]
    assert result["settlement"] == result["net"] == [80, -40, -20, -20]
    assert [t["winner"] for t in result["tricks"]] == [0] * 5


def test_immediate_supreme_and_quartet_payments_doubled_with_the_banker() -> None:
    assert immediate_deltas(0, 2, banker=0) == [12, -4, -4, -4]
    assert immediate_deltas(1, 2, banker=0) == [-4, 8, -2, -2]
    assert immediate_deltas(3, 4, banker=2) == [-4, -4, -8, 16]


def test_a_followers_supreme_is_a_discard_and_earns_nothing() -> None:
    deal = deal_of(["1-4 2-3", "2-4 1-2", "", ""], banker=0)
    deal.apply(up(0, "1-4 2-3"))
    deal.apply(down(1, "2-4 1-2"))
    deal.apply(deal.legal_actions()[-1])
    deal.apply(deal.legal_actions()[-1])
    assert deal.columns == (2, 0, 0, 0) and deal.immediate == (0, 0, 0, 0)


def test_the_banker_leading_the_supreme_collects_double_from_everyone() -> None:
    deal = deal_of(["2-4 1-2", "", "", ""], banker=0)
    deal.apply(up(0, "2-4 1-2"))
    for _ in range(3):
        assert not any(p.face_up for p in deal.legal_actions())
        deal.apply(deal.legal_actions()[-1])
    assert deal.immediate == (12, -4, -4, -4)
    assert deal.view(2).tricks[-1].payments == (12, -4, -4, -4)


def test_a_supreme_led_by_another_seat_collects_double_from_the_banker() -> None:
    deal = deal_of(["6-6 2-4 1-2", "", "", "1-5"], banker=3)
    deal.apply(up(3, "1-5"))
    deal.apply(up(0, "6-6"))
    deal.apply(deal.legal_actions()[-1])
    deal.apply(deal.legal_actions()[-1])
    assert deal.to_act() == 0
    deal.apply(up(0, "2-4 1-2"))
    for _ in range(3):
        deal.apply(deal.legal_actions()[-1])
    assert deal.immediate == (8, -2, -2, -4)


def test_a_followers_quartet_wins_and_collects() -> None:
    deal = deal_of(["1-1 1-1 3-5 2-6", "6-6 6-6 4-5 3-6", "", ""], banker=0)
    deal.apply(up(0, "1-1 1-1 3-5 2-6"))
    deal.apply(up(1, "6-6 6-6 4-5 3-6"))
    deal.apply(deal.legal_actions()[-1])
    deal.apply(deal.legal_actions()[-1])
    assert deal.columns == (0, 4, 0, 0)
    assert deal.immediate == (-8, 16, -4, -4)


def _catch_deal(options: Options = DEFAULT_OPTIONS) -> TienGowDeal:
    """P0 (banker) leads its quartet, loses 1-5 to P1's 5-5, wins P1's pair, leads 1-2: P1 wins with 2-4."""
    deal = deal_of(
        [
            "6-6 6-6 4-5 3-6 1-5 1-1 1-1 1-2",
            "5-5 1-6 1-6 2-4 4-4 4-4 1-3 1-3",
            "3-5 2-6 3-4 2-5 5-6 5-6 4-6 4-6",
            "5-5 3-3 3-3 2-2 2-2 1-5 1-4 2-3",
        ],
        banker=0,
        options=options,
    )
    for play in [
        up(0, "6-6 6-6 4-5 3-6"),
        down(1, "4-4 4-4 1-3 1-3"),
        down(2, "3-5 2-6 3-4 2-5"),
        down(3, "2-2 2-2 1-4 2-3"),
        up(0, "1-5"),
        up(1, "5-5"),
        down(2, "5-6"),
        down(3, "1-5"),
        up(1, "1-6 1-6"),
        down(2, "5-6 4-6"),
        down(3, "3-3 3-3"),
        up(0, "1-1 1-1"),
        up(0, "1-2"),
        up(1, "2-4"),
        down(2, "4-6"),
    ]:
        deal.apply(play)
    assert list(deal.legal_actions()) == [down(3, "5-5")]  # early death
    deal.apply(down(3, "5-5"))
    return deal


def test_the_little_three_catch() -> None:
    result = _catch_deal().result()
    assert result is not None
    assert result["winner"] == 1 and result["columns"] == [6, 2, 0, 0]
    assert result["immediate"] == [24, -8, -8, -8]  # the banker's quartet
    # P0 is owed a doubled surplus of 2 and pays the 5 + 5 that P2 and P3 owe
    assert result["settlement"] == [4 - 10, -4 + 10, 0, 0]
    assert result["net"] == [18, -2, -8, -8]


def test_catch_settlement_keeps_a_surplus_the_winner_owes() -> None:
    # P2 led 1-2 and P0 won with 2-4; P2 pays its own 5 and the banker P3's 10; P0 still owes P1 2
    assert settlement(0, [2, 6, 0, 0], banker=3, winning_group=0, catch_leader=2) == [13, 2, -15, 0]


def test_catch_factor_option() -> None:
    result = _catch_deal(Options(catch_factor=2)).result()
    assert result is not None and result["settlement"] == [4 - 20, -4 + 20, 0, 0]


def test_banker_surplus_option() -> None:
    opts = Options(banker_doubles_surplus=False)
    assert settlement(3, [1, 5, 0, 2], banker=1, winning_group=HEAVEN, options=opts) == [-3, 1, -5, 7]
    # the banker as winner still doubles what it owes
    assert settlement(0, [2, 6, 0, 0], banker=0, winning_group=HEAVEN, options=opts) == [16, 4, -10, -10]


def test_final_factor_and_surplus_options() -> None:
    # a final quartet doubles everything, the surplus P1 is owed too
    assert settlement(0, [2, 6, 0, 0], banker=3, winning_group=QUARTET) == [26, 4, -10, -20]
    no_surplus_factor = Options(last_factor_on_surplus=False)
    assert settlement(0, [2, 6, 0, 0], banker=3, winning_group=QUARTET, options=no_surplus_factor) == [
        28,
        2,
        -10,
        -20,
    ]
    four = Options(final_quartet_factor=4)
    assert settlement(0, [2, 6, 0, 0], banker=3, winning_group=QUARTET, options=four) == [52, 8, -20, -40]
    assert settlement(0, [4, 4, 0, 0], banker=0, winning_group=SUPREME) == [40, 0, -20, -20]


def test_final_trick_bonus_option() -> None:
    """A quartet winning the final trick is paid at once, unless the Hong Kong option says no."""
    hands = ["6-6 6-6 4-5 3-6 1-1 1-1 3-5 2-6", "", "", ""]
    for option, immediate in [(True, [48, -16, -16, -16]), (False, [24, -8, -8, -8])]:
        deal = deal_of(hands, banker=0, options=Options(bonus_on_final_trick=option))
        for lead in ["1-1 1-1 3-5 2-6", "6-6 6-6 4-5 3-6"]:
            deal.apply(up(0, lead))
            for _ in range(3):
                deal.apply(deal.legal_actions()[-1])
        result = deal.result()
        assert result is not None and result["columns"] == [8, 0, 0, 0]
        assert result["immediate"] == immediate
        # never multiplied by the final-trick or sweep factors; the settlement is (5 x 2 x 2 x 2) each
        assert result["settlement"] == [120, -40, -40, -40]


@pytest.mark.parametrize(
    ("name", "banker", "winner", "columns", "net"),
    [
        ("tien-gow-money-1.json", 2, 0, [3, 2, 0, 3], [13, -2, -10, -1]),
        ("tien-gow-money-2.json", 0, 0, [2, 6, 0, 0], [16, 4, -10, -10]),
        ("tien-gow-money-3.json", 1, 3, [1, 5, 0, 2], [-3, 2, -5, 6]),
        ("tien-gow-sweep.json", 1, 0, [8, 0, 0, 0], [80, -40, -20, -20]),
    ],
)
def test_the_spec_money_examples_replay_as_whole_deals(
    name: str, banker: int, winner: int, columns: list[int], net: list[int]
) -> None:
    """Each of the spec's four money examples as a played deal that ``cardavia replay`` scores."""
    record = json.loads((EXAMPLES / name).read_text())
    assert record["banker"] == banker
    outcome = replay_record(record)
    assert outcome.finished
    result = outcome.result
    assert (result["winner"], result["next_banker"], result["columns"]) == (winner, winner, columns)
    assert result["immediate"] == [0, 0, 0, 0]
    assert result["settlement"] == result["net"] == net


@pytest.mark.parametrize(("bonus", "immediate"), [(True, [36, -12, -12, -12]), (False, [24, -8, -8, -8])])
def test_a_final_supreme_is_paid_at_once_and_doubles_the_settlement(
    bonus: bool, immediate: list[int]
) -> None:
    deal = deal_of(
        ["6-6 6-6 4-5 3-6 1-1 1-1 2-4 1-2", "", "", ""], options=Options(bonus_on_final_trick=bonus)
    )
    for lead in ["6-6 6-6 4-5 3-6", "1-1 1-1", "2-4 1-2"]:
        deal.apply(up(0, lead))
        for _ in range(3):
            deal.apply(deal.legal_actions()[-1])
    result = deal.result()
    assert result is not None and result["columns"] == [8, 0, 0, 0]
    assert result["immediate"] == immediate
    # 5 x banker 2 x final Supreme 2 x sweep 2 from each
    assert result["settlement"] == [120, -40, -40, -40]


# ---- payments explained: the lines the end-of-deal panel opens into --------------------------------


def _lines(**kw: object) -> list[tuple[int, int, int, list[tuple[str, int]]]]:
    from cardavia.games.tien_gow.scoring import settlement_lines

    return [
        (ln["payer"], ln["payee"], ln["amount"], [(f["id"], f["value"]) for f in ln["factors"]])
        for ln in settlement_lines(**kw)  # type: ignore[arg-type]
    ]


def test_explained_banker_p2_winner_p0() -> None:
    """P1 with 2 columns owes 2; P2, the banker, with none owes 5 doubled; P3 with 3 owes 1."""
    assert _lines(winner=0, columns=[3, 2, 0, 3], banker=2, winning_group=HEAVEN) == [
        (1, 0, 2, [("columns", 2)]),
        (2, 0, 10, [("no-column", 5), ("banker", 2)]),
        (3, 0, 1, [("columns", 1)]),
    ]


def test_explained_surplus_is_a_line_from_the_winner() -> None:
    """The banker wins: P1's six columns are a surplus of 2, doubled, paid by the winner."""
    assert _lines(winner=0, columns=[2, 6, 0, 0], banker=0, winning_group=HEAVEN) == [
        (0, 1, 4, [("surplus", 2), ("banker", 2)]),
        (2, 0, 10, [("no-column", 5), ("banker", 2)]),
        (3, 0, 10, [("no-column", 5), ("banker", 2)]),
    ]


def test_explained_surplus_owed_to_a_losing_banker() -> None:
    assert _lines(winner=3, columns=[1, 5, 0, 2], banker=1, winning_group=HEAVEN) == [
        (0, 3, 3, [("columns", 3)]),
        (3, 1, 2, [("surplus", 1), ("banker", 2)]),
        (2, 3, 5, [("no-column", 5)]),
    ]


def test_explained_sweep_with_a_final_little_three() -> None:
    """×2 (Little Three) ×2 (sweep), and the banker's double on P1's line only."""
    assert _lines(winner=0, columns=[8, 0, 0, 0], banker=1, winning_group=LITTLE_THREE) == [
        (1, 0, 40, [("no-column", 5), ("banker", 2), ("final-little-three", 2), ("sweep", 2)]),
        (2, 0, 20, [("no-column", 5), ("final-little-three", 2), ("sweep", 2)]),
        (3, 0, 20, [("no-column", 5), ("final-little-three", 2), ("sweep", 2)]),
    ]


def test_explained_catch_names_who_pays_for_whom() -> None:
    from cardavia.games.tien_gow.scoring import settlement_lines

    lines = settlement_lines(
        3, [2, 1, 1, 4], banker=0, winning_group=mask_of([tile("2-4")]) or 0, catch_leader=1
    )
    catches = [ln for ln in lines if ln["factors"][-1]["id"] == "catch"]
    assert {ln["factors"][-1]["params"]["owed_by"] for ln in catches} == {0, 2}
    assert all(ln["payer"] == 1 for ln in catches)
    assert settlement(
        3, [2, 1, 1, 4], banker=0, winning_group=mask_of([tile("2-4")]) or 0, catch_leader=1
    ) == [
        0,
        -(4 + 3 + 3),
        0,
        10,
    ]


def test_a_finished_view_explains_every_payment_and_they_add_up() -> None:
    """Played out at random, each finished deal's lines sum to its immediate and settlement figures."""
    import random

    from cardavia.games.payments import deltas_of
    from cardavia.games.registry import get_game
    from cardavia.games.tien_gow.messages import EXPLAIN

    for seed in range(40):
        rng = random.Random(seed)
        deal = get_game("tien-gow").new_deal(seed)
        assert deal.view(0).to_json()["explain"] is None
        deal.random_playout(rng)
        result = deal.result()
        lines = deal.view(seed % 4).to_json()["explain"]["lines"]
        immediate = deltas_of([ln for ln in lines if ln["kind"] == "immediate"], 4)
        final = deltas_of([ln for ln in lines if ln["kind"] == "settlement"], 4)
        assert immediate == result["immediate"] and final == result["settlement"]
        for ln in lines:
            assert ln["payer"] != ln["payee"] and ln["amount"] > 0
            texts = [EXPLAIN[f["id"]].format(value=f["value"], **f["params"]) for f in ln["factors"]]
            assert all("{" not in text for text in texts)
