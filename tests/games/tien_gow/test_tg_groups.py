"""Groups: the nine types, what is not a group, what beats what, and every legal lead (perft-style)."""

from __future__ import annotations

import itertools

import pytest

from cardavia.games.tien_gow import (
    GroupType,
    Tile,
    can_beat,
    full_set,
    group_of,
    legal_follows,
    legal_leads,
    tile,
)
from cardavia.games.tien_gow.groups import ALL_GROUP_MASKS, GROUP_TYPE, lead_masks
from cardavia.games.tien_gow.tiles import mask_of


def tiles(codes: str) -> list[Tile]:
    return [tile(c) for c in codes.replace("+", " ").split()]


def gtype(codes: str) -> GroupType | None:
    g = group_of(tiles(codes))
    return None if g is None else g.type


def beats(b: str, a: str) -> bool:
    return can_beat(tiles(b), tiles(a))


@pytest.mark.parametrize(
    ("codes", "expected"),
    [
        ("6-6", GroupType.CIVIL_SINGLE),
        ("1-5", GroupType.CIVIL_SINGLE),
        ("4-5", GroupType.MILITARY_SINGLE),
        ("2-4", GroupType.MILITARY_SINGLE),
        ("1-2", GroupType.MILITARY_SINGLE),
        ("6-6 6-6", GroupType.CIVIL_PAIR),
        ("1-5 1-5", GroupType.CIVIL_PAIR),
        ("4-5 3-6", GroupType.MILITARY_PAIR),
        ("3-5 2-6", GroupType.MILITARY_PAIR),
        ("3-4 2-5", GroupType.MILITARY_PAIR),
        ("1-4 2-3", GroupType.MILITARY_PAIR),
        ("2-4 1-2", GroupType.SUPREME),
        ("6-6 4-5", GroupType.MIXED_PAIR),
        ("6-6 3-6", GroupType.MIXED_PAIR),
        ("1-1 3-5", GroupType.MIXED_PAIR),
        ("4-4 2-5", GroupType.MIXED_PAIR),
        ("1-3 2-3", GroupType.MIXED_PAIR),
        ("6-6 6-6 3-6", GroupType.CIVIL_TRIPLE),
        ("1-3 1-3 1-4", GroupType.CIVIL_TRIPLE),
        ("6-6 4-5 3-6", GroupType.MILITARY_TRIPLE),
        ("4-4 3-4 2-5", GroupType.MILITARY_TRIPLE),
        ("6-6 6-6 4-5 3-6", GroupType.QUARTET),
        ("1-3 1-3 1-4 2-3", GroupType.QUARTET),
    ],
)
def test_the_nine_group_types(codes: str, expected: GroupType) -> None:
    assert gtype(codes) is expected
    # order of the tiles does not matter
    assert gtype(" ".join(reversed(codes.split()))) is expected


@pytest.mark.parametrize(
    "codes",
    [
        "5-5 4-6",  # same total, different kinds
        "3-3 2-4",
        "6-6 6-6 1-1 1-1",  # two civil pairs
        "6-6 3-5",  # Heaven with an eight
        "1-1 4-5",  # Earth goes with eights, not by pip total
        "2-4 4-5",
        "1-2 2-3",  # 1-2 never pairs with a five
        "2-4 1-4",
        "5-5 1-4",  # Plum has no military partner
        "6-6 1-3",
        "4-5 2-4",
        "2-3 1-2",
        "4-5 3-5",
        "6-6 6-6 4-5 3-5",
        "6-6 4-5 3-6 2-4",
        "6-6 1-1 4-5",
        "6-6 2-4 1-2",
        "4-5 3-6 3-5",
    ],
)
def test_nothing_else_is_a_group(codes: str) -> None:
    assert gtype(codes) is None


def test_the_set_holds_exactly_61_groups() -> None:
    counts: dict[GroupType, int] = {}
    for mask in ALL_GROUP_MASKS:
        counts[GROUP_TYPE[mask]] = counts.get(GROUP_TYPE[mask], 0) + 1
    assert counts == {
        GroupType.CIVIL_SINGLE: 11,
        GroupType.MILITARY_SINGLE: 10,
        GroupType.CIVIL_PAIR: 11,
        GroupType.MILITARY_PAIR: 4,
        GroupType.SUPREME: 1,
        GroupType.MIXED_PAIR: 8,
        GroupType.CIVIL_TRIPLE: 8,
        GroupType.MILITARY_TRIPLE: 4,
        GroupType.QUARTET: 4,
    }
    # brute force over every multiset of 1-4 tiles of the set agrees with the table
    found = set()
    for k in range(1, 5):
        for combo in itertools.combinations(full_set(), k):
            if group_of(combo) is not None:
                found.add(mask_of(combo))
    assert found == set(ALL_GROUP_MASKS)


def test_civil_singles_rank_heaven_down_to_big_head_six() -> None:
    order = ["6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2", "5-6", "4-6", "1-6", "1-5"]
    for hi, lo in itertools.combinations(order, 2):
        assert beats(hi, lo) and not beats(lo, hi)


def test_military_singles_rank_nine_eight_seven_six_five_three() -> None:
    order = ["4-5", "3-5", "3-4", "2-4", "1-4", "1-2"]
    for hi, lo in itertools.combinations(order, 2):
        assert beats(hi, lo) and not beats(lo, hi)
    for a, b in [("4-5", "3-6"), ("3-5", "2-6"), ("3-4", "2-5"), ("1-4", "2-3")]:
        assert not beats(a, b) and not beats(b, a)


def test_civil_and_military_singles_never_beat_each_other() -> None:
    assert not beats("4-5", "1-5") and not beats("6-6", "1-2")


def test_pairs() -> None:
    assert beats("6-6 6-6", "1-1 1-1") and not beats("1-5 1-5", "1-6 1-6")
    assert beats("4-5 3-6", "3-5 2-6") and beats("3-4 2-5", "1-4 2-3") and not beats("1-4 2-3", "3-4 2-5")
    assert not beats("6-6 6-6", "1-4 2-3")  # civil pair vs military pair: other type
    assert not beats("4-5 3-6", "1-5 1-5")


def test_the_supreme_is_unbeatable_when_led_and_a_discard_when_followed() -> None:
    assert not beats("4-5 3-6", "2-4 1-2")
    assert not beats("2-4 1-2", "1-4 2-3")
    assert not beats("2-4 1-2", "3-4 2-5")


def test_mixed_groups_rank_heaven_earth_man_goose() -> None:
    assert beats("6-6 4-5", "1-1 2-6") and beats("1-1 2-6", "4-4 3-4") and beats("4-4 3-4", "1-3 2-3")
    assert not beats("6-6 3-6", "6-6 4-5")  # equal
    assert beats("6-6 6-6 3-6", "1-1 1-1 3-5") and beats("1-1 3-5 2-6", "1-3 1-4 2-3")
    assert beats("6-6 6-6 4-5 3-6", "1-1 1-1 3-5 2-6")


def test_a_mixed_pair_is_never_beaten_by_a_civil_or_military_pair() -> None:
    for pair in ["6-6 6-6", "4-5 3-6", "2-4 1-2"]:
        assert not beats(pair, "1-3 2-3")
    assert not beats("6-6 4-5", "1-5 1-5")


def test_civil_heavy_and_military_heavy_triples_never_beat_each_other() -> None:
    assert not beats("6-6 6-6 4-5", "1-3 1-4 2-3")
    assert not beats("6-6 4-5 3-6", "1-3 1-3 2-3")


# ---- every legal lead of a hand, counted like a perft ----


def test_the_spec_hand_leads() -> None:
    leads = legal_leads(tiles("6-6 6-6 4-5 3-6 1-3 2-3 2-4 1-2"))
    shown = {"+".join(t.code for t in lead) for lead in leads}
    singles = [lead for lead in leads if len(lead) == 1]
    assert len(singles) == 7  # 6-6 counts once
    assert shown - {"+".join(t.code for t in s) for s in singles} == {
        "6-6+6-6",  # Heaven pair
        "4-5+3-6",  # nines pair
        "2-4+1-2",  # Supreme
        "6-6+4-5",  # Heaven–nine, either nine
        "6-6+3-6",
        "1-3+2-3",  # Goose–five
        "6-6+6-6+4-5",  # Heaven–Heaven–nine
        "6-6+6-6+3-6",
        "6-6+4-5+3-6",  # Heaven–nine–nine
        "6-6+6-6+4-5+3-6",  # the Heaven quartet
    }
    assert len(leads) == 17
    for bad in ["1-3+2-4", "2-3+1-2", "6-6+1-3", "4-5+2-4"]:
        assert bad not in shown


@pytest.mark.parametrize(
    ("hand", "count"),
    [
        ("6-6 6-6 4-5 3-6 1-3 2-3 2-4 1-2", 17),
        # 6 singles, 4 pairs, 4 mixed pairs, 4 + 2 triples, 2 quartets
        ("6-6 6-6 1-1 1-1 4-5 3-6 3-5 2-6", 22),
        ("5-5 3-3 2-2 5-6 4-6 1-6 1-5 2-4", 8),  # singles only
        ("4-5 3-6 3-5 2-6 3-4 2-5 2-4 1-2", 12),  # 8 singles, 3 military pairs, the Supreme
        ("5-5 5-5 3-3 3-3 2-2 2-2 1-5 1-5", 8),  # 4 singles, 4 civil pairs
        ("4-4 4-4 3-4 2-5 1-3 1-3 1-4 2-3", 22),  # Man and Goose: 6 + 4 + 4 + 4 + 2 + 2
        ("6-6", 1),
        ("6-6 4-5", 3),
    ],
)
def test_lead_counts(hand: str, count: int) -> None:
    leads = legal_leads(tiles(hand))
    assert len(leads) == count
    assert len({tuple(t.code for t in lead) for lead in leads}) == count  # all distinct
    assert all(group_of(lead) is not None for lead in leads)


def test_the_whole_set_as_a_hand_leads_all_61_groups() -> None:
    assert len(lead_masks((1 << 32) - 1)) == 61


def test_leads_agree_with_brute_force_on_many_hands() -> None:
    import random

    rng = random.Random(5)
    for _ in range(200):
        hand = rng.sample(full_set(), 8)
        expected = set()
        for k in range(1, 5):
            for combo in itertools.combinations(hand, k):
                if group_of(combo) is not None:
                    expected.add(tuple(sorted(t.code for t in combo)))
        got = {tuple(sorted(t.code for t in lead)) for lead in legal_leads(hand)}
        assert got == expected


def test_legal_follows_of_a_hand() -> None:
    hand = tiles("6-6 6-6 4-5 3-6 1-3 2-3 2-4 1-2")
    follows = legal_follows(hand, tiles("2-2"), 1)
    assert [(t[0].code, up) for t, up in follows if up] == [("1-3", True), ("6-6", True)]
    assert len(follows) == 9
    assert not any(up for _, up in legal_follows(hand, tiles("2-2"), 1, early_death=True))
    assert len(legal_follows(hand, tiles("1-4 2-3"), 2)) == 1 + 22  # nines raise; 22 discards
