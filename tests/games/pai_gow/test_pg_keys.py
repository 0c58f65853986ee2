"""The spec's tiles, classes and the key of a 2-tile hand, rule by rule, with every option."""

from __future__ import annotations

from itertools import combinations

import pytest
from pai_gow_helpers import key

from cardavia.games.errors import RecordError
from cardavia.games.pai_gow import CLASSES, Options, class_of, describe_key, single_rank, tile
from cardavia.games.pai_gow.hands import GONG, PAIR, POINTS, WONG, points
from cardavia.games.pai_gow.tiles import full_set

TIEN_GOW = Options(gee_joon_single_rank="tien-gow")
NO_WONG_GONG = Options(wong_gong=False)
NOT_WILD = Options(gee_joon_wild=False)
ZERO_KEEPS_HIGH = Options(zero_zero_to_banker=False)


def test_the_32_tiles_fall_into_16_classes_of_two() -> None:
    tiles = full_set()
    assert len(tiles) == 32 and len(CLASSES) == 16
    for cls in CLASSES:
        assert sum(1 for t in tiles if class_of(t) is cls) == 2
    assert [c.rank for c in CLASSES] == list(range(1, 17))


def test_the_classes_table() -> None:
    table = {c.name: (sorted(c.codes), c.rank, c.single_rank) for c in CLASSES}
    assert table["Gee Joon"] == (["1-2", "2-4"], 1, 16)
    assert table["Teen"] == (["6-6"], 2, 1)
    assert table["Look"] == (["1-5"], 12, 11)
    assert table["Nines"] == (["3-6", "4-5"], 13, 12)
    assert table["Fives"] == (["1-4", "2-3"], 16, 15)
    names = [c.name for c in CLASSES]
    assert names == [
        "Gee Joon", "Teen", "Day", "Yun", "Gor", "Mooy", "Chong", "Bon",
        "Foo", "Ping", "Tit", "Look", "Nines", "Eights", "Sevens", "Fives",
    ]  # fmt: skip


def test_records_accept_high_pip_first_and_refuse_unknown_tiles() -> None:
    assert tile("2-1").code == "1-2"
    with pytest.raises(RecordError) as err:
        tile("7-1")
    assert err.value.code == "unknown-tile"


def test_two_tiles_are_a_pair_exactly_when_of_one_class() -> None:
    tiles = full_set()
    for a, b in combinations(tiles, 2):
        assert (key(f"{a.code}+{b.code}").category == PAIR) == (class_of(a) is class_of(b))


@pytest.mark.parametrize("hand", ["4-4+3-5", "2-4+1-5", "5-5+4-6"])
def test_the_spec_s_not_pairs(hand: str) -> None:
    assert key(hand).category != PAIR


def test_a_pair_s_value_is_17_minus_its_rank_supreme_16_to_fives_1() -> None:
    assert key("2-4+1-2") == key("1-2+2-4")
    assert (key("2-4+1-2").category, key("2-4+1-2").value, key("2-4+1-2").high) == (PAIR, 16, None)
    assert key("6-6+6-6").value == 15
    assert key("1-4+2-3").value == 1
    pairs = [key(f"{c.codes[0]}+{c.codes[-1]}") for c in CLASSES]
    assert [k.order for k in pairs] == sorted((k.order for k in pairs), reverse=True)
    assert describe_key(pairs[0]) == "the Supreme" and describe_key(pairs[1]) == "Heaven pair"
    assert describe_key(pairs[12]) == "pair of nines"


def test_wong_is_teen_or_day_with_a_nine() -> None:
    for hand in ("6-6+4-5", "6-6+3-6", "1-1+4-5", "1-1+3-6"):
        assert key(hand).category == WONG and key(hand).value == 0
    assert key("6-6+4-5").order > key("1-1+4-5").order  # Teen-Wong beats Day-Wong
    assert key("6-6+4-5").order == key("6-6+3-6").order  # one key: a copy
    assert describe_key(key("1-1+3-6")) == "Earth Wong"  # the site's tile names (Day is Earth)
    assert describe_key(key("6-6+4-4")) == "Heaven Gong"


def test_gong_is_teen_or_day_with_an_8_pip_tile() -> None:
    for hand in ("6-6+4-4", "6-6+3-5", "6-6+2-6", "1-1+4-4", "1-1+3-5", "1-1+2-6"):
        assert key(hand).category == GONG
    assert key("6-6+4-4").order > key("1-1+2-6").order
    assert key("4-5+3-6").order > key("6-6+4-4").order  # any pair beats any Wong or Gong
    assert key("1-1+4-5").order > key("6-6+4-4").order  # any Wong beats any Gong
    assert key("1-1+2-6").order > key("6-6+1-6").order  # any Gong beats a 9


def test_points_are_pips_mod_10() -> None:
    assert key("1-3+2-3").value == 9
    assert key("2-3+5-6").value == 6
    assert key("5-5+4-6").value == 0
    assert key("6-6+1-1").value == 4  # Teen + Day: 4 points
    assert key("4-4+3-5").value == 6


def test_a_wild_gee_joon_counts_3_or_6_whichever_gives_more() -> None:
    assert key("1-2+5-6").value == 7  # 3 + 11 (6 + 11 = 7 too)
    assert key("2-4+1-5").value == 9  # 3 + 6
    assert key("2-4+2-3").value == 8  # 3 + 5, not 6 + 5 = 1
    assert key("1-2+1-3").value == 7  # 3 + 4 or 6 + 4 = 0: 7
    assert key("1-4+1-2").value == 8


def test_not_wild_2_4_counts_6_and_1_2_counts_3() -> None:
    assert key("2-4+1-5", NOT_WILD).value == 2
    assert key("1-2+5-6", NOT_WILD).value == 4
    assert key("2-4+1-3", NOT_WILD).value == 0
    assert points(tile("1-2"), tile("1-3"), NOT_WILD) == 7


def test_high_is_the_better_single_rank_and_a_gee_joon_tile_is_high_of_no_hand_but_the_supreme() -> None:
    assert key("2-4+1-5").high == tile("1-5")
    assert key("1-2+1-4").high == tile("1-4")
    for t in full_set():
        if class_of(t).name != "Gee Joon":
            assert key(f"2-4+{t.code}").high in (None, t)
            assert key(f"1-2+{t.code}").high in (None, t)


def test_teen_or_day_with_a_seven_is_a_9_above_every_other_9() -> None:
    nines = [key(f"{a.code}+{b.code}") for a, b in combinations(full_set(), 2)]
    nines = [k for k in nines if k.category == POINTS and k.value == 9]
    top = max(k.order for k in nines)
    for hand in ("6-6+1-6", "6-6+3-4", "6-6+2-5"):
        assert key(hand).order == top
    assert key("1-1+3-4").order == max(k.order for k in nines if k.high != tile("6-6"))


def test_all_0_point_hands_have_one_key_unless_they_keep_their_high_tile() -> None:
    zeros = [key(h) for h in ("5-5+4-6", "5-6+3-6", "1-3+3-3", "1-5+2-2")]
    assert len({(k.category, k.value, k.high, k.order) for k in zeros}) == 1
    assert zeros[0].order == 0
    assert key("5-5+4-6", ZERO_KEEPS_HIGH).order > key("5-6+3-6", ZERO_KEEPS_HIGH).order  # Mooy beats Foo
    assert key("5-5+4-6", ZERO_KEEPS_HIGH).high == tile("5-5")


def test_equal_keys_are_copies_and_keys_compare_by_category_value_then_high() -> None:
    assert key("2-2+1-6").order == key("2-2+3-4").order  # both 1, Bon high: a copy
    assert key("3-4+2-2").order < key("5-6+5-5").order  # both 1: Mooy beats Bon
    assert key("1-4+2-3").order > key("1-1+4-5").order  # a pair beats a Wong
    assert key("1-1+3-6").order < key("6-6+4-5").order  # Teen-Wong beats Day-Wong


def test_tien_gow_single_ranks() -> None:
    ranks = {c: single_rank(tile(c), TIEN_GOW) for c in ("3-4", "2-4", "1-4", "2-3", "1-2", "6-6")}
    assert ranks == {"3-4": 14, "2-4": 15, "1-4": 16, "2-3": 16, "1-2": 17, "6-6": 1}
    assert {single_rank(tile(c)) for c in ("2-4", "1-2")} == {16}
    assert key("2-4+2-3", TIEN_GOW).high == tile("2-4")
    assert key("2-4+2-3", TIEN_GOW).order > key("1-4+1-2", TIEN_GOW).order


def test_without_wong_gong_teen_or_day_with_a_9_or_8_count_as_points() -> None:
    assert (key("6-6+4-5", NO_WONG_GONG).category, key("6-6+4-5", NO_WONG_GONG).value) == (POINTS, 1)
    assert (key("1-1+3-5", NO_WONG_GONG).category, key("1-1+3-5", NO_WONG_GONG).value) == (POINTS, 0)
    assert key("6-6+4-4", NO_WONG_GONG).order == 0
    assert key("6-6+6-6", NO_WONG_GONG).category == PAIR
