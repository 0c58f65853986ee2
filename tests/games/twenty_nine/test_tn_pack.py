"""The shared French-suited 32-card pack (``cardavia.games.packs.french``, first used by Twenty-Nine):
cards, codes, names, input forms, immutable values."""

from __future__ import annotations

import dataclasses

import pytest

from cardavia.games.packs.french import BY_CODE, CODES, PACK, PACK_SIZE, RANKS, SUITS, card_name, card_of


def test_thirty_two_cards_each_once() -> None:
    assert PACK_SIZE == len(PACK) == len(set(CODES)) == 32
    assert {c.rank for c in PACK} == set(RANKS) == set("789TJQKA")
    assert {c.suit for c in PACK} == set(SUITS) == set("cdhs")
    assert all(PACK[i].index == i and BY_CODE[PACK[i].code] is PACK[i] for i in range(32))


def test_numbers_give_suit_and_rank() -> None:
    jh = BY_CODE["Jh"]
    assert (jh.suit_index, jh.rank_index) == (SUITS.index("h"), RANKS.index("J"))
    assert jh.red and not BY_CODE["Js"].red


def test_codes_and_names() -> None:
    assert card_name("Jh") == "Jack of Hearts" and card_name("Tc") == "Ten of Clubs"
    assert card_of("10h") is BY_CODE["Th"] and card_of("Th") is BY_CODE["Th"]
    for bad in ("1h", "Jx", "jh", "", None, 7, "10"):
        assert card_of(bad) is None


def test_cards_are_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        PACK[0].code = "As"  # type: ignore[misc]
