"""The 32 tiles: names, civil and military, rank levels, ties, codes."""

from __future__ import annotations

from collections import Counter

import pytest

from cardavia.games.errors import RecordError
from cardavia.games.tien_gow import TILES, full_set, group_of, tile
from cardavia.games.tien_gow.tiles import mask_of, normalize, tiles_of

CIVIL = ["6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2", "5-6", "4-6", "1-6", "1-5"]
MILITARY_LEVELS = {
    "4-5": 1,
    "3-6": 1,
    "3-5": 2,
    "2-6": 2,
    "3-4": 3,
    "2-5": 3,
    "2-4": 4,
    "1-4": 5,
    "2-3": 5,
    "1-2": 6,
}


def test_the_set_has_32_tiles_11_civil_kinds_twice_and_10_military_tiles() -> None:
    tiles = full_set()
    assert len(tiles) == 32
    counts = Counter(t.code for t in tiles)
    assert sorted(c for c in counts if counts[c] == 2) == sorted(CIVIL)
    assert sorted(c for c in counts if counts[c] == 1) == sorted(MILITARY_LEVELS)
    # every domino 1-1 .. 6-6 is in the set exactly as one kind
    assert len(counts) == 21 == len({(a, b) for a in range(1, 7) for b in range(a, 7)})


def test_civil_ranks_follow_the_table_heaven_highest() -> None:
    assert [t.code for t in TILES if t.civil] == CIVIL
    assert [t.rank for t in TILES if t.civil] == list(range(1, 12))


def test_military_levels() -> None:
    assert {t.code: t.rank for t in TILES if not t.civil} == MILITARY_LEVELS


@pytest.mark.parametrize(
    ("code", "name", "chinese"),
    [
        ("6-6", "Heaven", "天"),
        ("1-1", "Earth", "地"),
        ("4-4", "Man", "人"),
        ("1-3", "Goose", "鵝"),
        ("5-5", "Plum", "梅"),
        ("3-3", "Long Three", "長三"),
        ("2-2", "Board", "板凳"),
        ("5-6", "Hatchet", "斧頭"),
        ("4-6", "Partition", "屏風"),
        ("1-6", "Long Leg Seven", "高腳七"),
        ("1-5", "Big Head Six", "銅錘六"),
        ("4-5", "nine", "雜九"),
        ("2-6", "eight", "雜八"),
        ("2-5", "seven", "雜七"),
        ("2-4", "Big Six", "二四"),
        ("2-3", "five", "雜五"),
        ("1-2", "Little Three", "丁三"),
    ],
)
def test_names_in_english_and_chinese(code: str, name: str, chinese: str) -> None:
    t = tile(code)
    assert (t.name, t.chinese, t.label) == (name, chinese, f"{name} {code}")


def test_big_head_six_and_big_six_are_different_tiles() -> None:
    assert tile("1-5").civil and not tile("2-4").civil
    assert tile("1-5") != tile("2-4")


def test_ties_only_copies_of_a_civil_kind_and_military_tiles_of_one_level() -> None:
    # a tie means neither beats the other as singles
    for a in full_set():
        for b in full_set():
            ga, gb = group_of([a]), group_of([b])
            assert ga is not None and gb is not None
            tied = a.civil == b.civil and not ga.beats(gb) and not gb.beats(ga)
            assert tied == (a.civil == b.civil and a.rank == b.rank)
    plum, partition = group_of([tile("5-5")]), group_of([tile("4-6")])
    assert plum is not None and partition is not None
    assert plum.beats(partition) and not partition.beats(plum)  # both total 10, different ranks


def test_codes_are_read_low_first_and_reversed_codes_are_accepted() -> None:
    assert tile("2-1") == tile("1-2")
    assert tile("6-5").code == "5-6"


@pytest.mark.parametrize("code", ["0-1", "1-7", "12", "", "1--2", "a-b", "1-2-3"])
def test_unknown_tiles_are_record_errors(code: str) -> None:
    with pytest.raises(RecordError) as err:
        tile(code)
    assert err.value.code == "unknown-tile"


def test_masks_encode_multisets_uniquely() -> None:
    heaven = tile("6-6")
    one, two = mask_of([heaven]), mask_of([heaven, heaven])
    assert one is not None and two is not None
    assert tiles_of(two) == (heaven, heaven)
    assert normalize(two & ~one) == one  # taking one copy away leaves "one Heaven"
    assert mask_of([heaven, heaven, heaven]) is None
    assert mask_of([tile("1-2"), tile("1-2")]) is None
    assert mask_of(full_set()) == (1 << 32) - 1


def test_an_unknown_tile_is_shown_short_whatever_it_is() -> None:
    for code in ["7" * 10_000, [[["6-6"]]] * 1000]:
        with pytest.raises(RecordError) as err:
            tile(code)  # type: ignore[arg-type]
        assert len(err.value.message) < 120 and len(str(err.value.params["tile"])) <= 40
