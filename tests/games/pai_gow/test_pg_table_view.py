"""What the table reads of a Pai Gow view: each legal split's two hands with their keys, and at the
reveal why each comparison went as it did (the spec's worked examples)."""

from __future__ import annotations

import pytest

from cardavia.games.pai_gow import GAME
from cardavia.games.pai_gow.actions import make_set
from cardavia.games.pai_gow.hands import key_of, why
from cardavia.games.pai_gow.options import parse_options
from cardavia.games.pai_gow.tiles import tile


def _order(a: str, b: str, options: dict[str, object] | None = None) -> int:
    return key_of(tile(a), tile(b), parse_options(options)).order


@pytest.mark.parametrize(
    ("player", "banker", "options", "expected"),
    [
        (("3-4", "2-2"), ("5-6", "5-5"), None, "beaten"),  # example 1: Mooy beats Bon
        (("2-2", "1-6"), ("2-2", "3-4"), None, "copy"),  # example 2
        (("2-2", "1-6"), ("2-2", "3-4"), {"copies_to_banker": False}, "tie"),
        (("5-5", "4-6"), ("5-6", "3-6"), None, "zero-zero"),  # example 4
        (("5-5", "4-6"), ("5-6", "3-6"), {"copies_to_banker": False}, "zero-zero"),
        (("1-1", "3-6"), ("6-6", "4-4"), None, "beat"),  # example 6: Day-Wong over Teen-Gong
        (("6-6", "1-6"), ("1-1", "3-4"), None, "beat"),  # example 7
    ],
)
def test_why_a_hand_met_the_bankers_as_it_did(
    player: tuple[str, str], banker: tuple[str, str], options: dict[str, object] | None, expected: str
) -> None:
    assert why(_order(*player, options), _order(*banker, options), parse_options(options)) == expected


def test_each_legal_split_comes_with_its_two_hands_and_keys() -> None:
    deal = GAME.new_deal(3)
    view = deal.view(0).to_json()
    assert len(view["choices"]) == len(view["legal"]) and view["own"] is None
    for legal, choice in zip(view["legal"], view["choices"], strict=True):
        four = sorted(choice["high"]["tiles"] + choice["low"]["tiles"])
        assert four == sorted(view["hand"])
        assert sorted(legal["hand"]) in (sorted(choice["high"]["tiles"]), sorted(choice["low"]["tiles"]))
        assert {"category", "value", "high"} <= set(choice["high"]["key"])
    deal.apply(make_set(0, view["legal"][0]["hand"]))
    mine = deal.view(0).to_json()
    assert mine["choices"] == [] and mine["own"] == view["choices"][0]


def test_the_reveal_says_why_for_every_player_and_nothing_for_the_banker() -> None:
    deal = GAME.new_deal(5)
    for seat in range(4):
        deal.apply(deal.legal_actions_of(seat)[0])
    shows = deal.view(1).to_json()["showings"]
    banker = deal.banker
    for show in shows:
        for side in ("high", "low"):
            if show["seat"] == banker:
                assert show[side]["why"] is None
            else:
                assert show[side]["why"] in {
                    "beat",
                    "beaten",
                    "beat-tile",
                    "beaten-tile",
                    "copy",
                    "zero-zero",
                }
                assert (show[side]["why"] in ("beat", "beat-tile")) == (show[side]["vs_banker"] == 1)


def test_one_value_decided_by_the_better_tile_says_so() -> None:
    from cardavia.games.pai_gow.hands import make_split
    from cardavia.games.pai_gow.options import DEFAULT_OPTIONS
    from cardavia.games.pai_gow.view import showing

    # example 7: Heaven with a seven (9) against Earth with a seven (9): the player's, by Heaven
    player = make_split((tile("6-6"), tile("1-6")), (tile("2-2"), tile("1-3")))
    banker = make_split((tile("1-1"), tile("3-4")), (tile("5-5"), tile("4-6")))
    shown = showing(0, player, 1, banker, DEFAULT_OPTIONS)
    assert (shown.high_why, shown.low_why) == ("beat-tile", "beat")


def test_a_pair_of_two_different_tiles_is_named_by_its_kind() -> None:
    from cardavia.games.pai_gow.hands import make_split
    from cardavia.games.pai_gow.view import split_json

    shown = split_json(make_split((tile("2-4"), tile("1-2")), (tile("4-5"), tile("3-6"))))
    assert (shown["high"]["pair_of"], shown["low"]["pair_of"]) == ("supreme", "nines")
    plain = split_json(make_split((tile("6-6"), tile("6-6")), (tile("1-4"), tile("2-4"))))
    assert (plain["high"]["pair_of"], plain["low"]["pair_of"]) == (None, None)
