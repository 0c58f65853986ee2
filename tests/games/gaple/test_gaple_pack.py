"""The shared double-six pack (``cardavia.games.packs.double_six``, first used by Gaple): 28 tiles, each
pair of pips once, codes low pip first (the high pip first read too), names, pips and masks."""

from __future__ import annotations

import dataclasses
from itertools import combinations_with_replacement

import pytest

from cardavia.games.errors import RecordError
from cardavia.games.packs.double_six import (
    BY_CODE,
    CODES,
    DOUBLE,
    DOUBLES_MASK,
    FULL_MASK,
    INDEX_OF,
    SET_SIZE,
    TILE_PIPS,
    TILES,
    TOTAL_PIPS,
    WITH_PIP,
    mask_of,
    pips_in,
    tile,
    tile_of,
    tiles_in,
)


def test_twenty_eight_tiles_each_pair_of_pips_once() -> None:
    assert SET_SIZE == len(TILES) == len(set(CODES)) == 28
    assert [(t.low, t.high) for t in TILES] == list(combinations_with_replacement(range(7), 2))
    assert all(TILES[i].index == i and BY_CODE[TILES[i].code] is TILES[i] for i in range(28))
    assert CODES[:3] == ("0-0", "0-1", "0-2") and CODES[-1] == "6-6"


def test_pips_doubles_and_the_set_total() -> None:
    assert TOTAL_PIPS == sum(TILE_PIPS) == 168  # spec: the set holds 168
    assert [TILES[d].code for d in DOUBLE] == ["0-0", "1-1", "2-2", "3-3", "4-4", "5-5", "6-6"]
    assert DOUBLES_MASK.bit_count() == 7 and all(TILES[t].double for t in tiles_in(DOUBLES_MASK))
    assert BY_CODE["3-5"].pips == 8 and BY_CODE["3-5"].other(3) == 5 and BY_CODE["6-6"].other(6) == 6


def test_each_pip_is_on_seven_tiles() -> None:
    for pip in range(7):
        on = tiles_in(WITH_PIP[pip])
        assert len(on) == 7 and all(TILES[t].has(pip) for t in on)
    assert mask_of(range(28)) == FULL_MASK and pips_in(FULL_MASK) == 168


def test_codes_low_pip_first_and_either_order_read() -> None:
    assert tile("5-3") is tile("3-5") is BY_CODE["3-5"]
    assert INDEX_OF[(5, 3)] == INDEX_OF[(3, 5)] == BY_CODE["3-5"].index
    for bad in ("7-1", "3_5", "35", "", None, 35, "3-5 ", "a-b"):
        assert tile_of(bad) is None
    with pytest.raises(RecordError) as error:
        tile("x" * 80)
    assert error.value.code == "unknown-tile" and len(error.value.message) < 120


def test_names_for_screen_readers() -> None:
    assert BY_CODE["0-0"].name == "double blank" and BY_CODE["6-6"].name == "double six"
    assert BY_CODE["3-5"].name == "three-five" and BY_CODE["0-4"].name == "blank-four"
    assert len({t.name for t in TILES}) == 28


def test_tiles_are_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        TILES[0].code = "6-6"  # type: ignore[misc]
