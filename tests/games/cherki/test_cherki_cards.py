"""The 120 cards: faces, codes, names, kinds, points, red stamps (spec: Cards)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardavia.games.cherki import (
    DECK_SIZE,
    FACE_BY_CODE,
    FACES,
    KIND_CODES,
    RED_CODES,
    card_name,
    face_index,
)
from cardavia.games.cherki.cards import FULL_DECK
from cardavia.games.errors import RecordError


def test_thirty_faces_four_copies_make_120_cards() -> None:
    assert len(FACES) == 30
    assert DECK_SIZE == len(FULL_DECK) == 120
    assert set(Counter(FULL_DECK).values()) == {4}


def test_codes_are_the_contract_codes() -> None:
    expected = {f"{v}{s}" for v in range(1, 10) for s in "csm"} | {"WF", "RF", "OT"}
    assert set(FACE_BY_CODE) == expected
    assert [f.code for f in FACES][:4] == ["1c", "1s", "1m", "2c"]  # sorted by kind, then suit


@pytest.mark.parametrize(
    ("code", "name", "chinese", "kind", "points"),
    [
        ("5c", "5 of Coins", "五筒", "5", 5),
        ("9s", "9 of Strings", "九索", "9", 9),
        ("1m", "1 of Myriads", "一萬", "1", 1),
        ("WF", "White Flower", "白花", "WF", 1),
        ("RF", "Red Flower", "紅花", "RF", 1),
        ("OT", "Old Thousand", "老千", "OT", 1),
    ],
)
def test_each_face_has_names_kind_and_points(
    code: str, name: str, chinese: str, kind: str, points: int
) -> None:
    face = FACES[face_index(code)]
    assert (face.name, face.chinese, face.kind_code, face.points) == (name, chinese, kind, points)
    assert card_name(code) == name


def test_number_kinds_ignore_suit_and_honours_are_their_own_kind() -> None:
    assert len(KIND_CODES) == 12
    assert {FACES[face_index(c)].kind for c in ("7c", "7s", "7m")} == {6}
    honour_kinds = {FACES[face_index(c)].kind for c in ("WF", "RF", "OT")}
    assert len(honour_kinds) == 3
    assert FACES[face_index("1c")].kind not in honour_kinds  # honours never set with 1s


def test_red_stamps_are_on_9_of_strings_red_flower_and_old_thousand() -> None:
    assert {"9s", "RF", "OT"} == RED_CODES
    assert sum(f.red for f in FACES) == 3


def test_points_total_of_the_deck() -> None:
    # per face: numbers 1..9 in three suits, honours 1 each; four copies
    assert sum(FACES[f].points for f in FULL_DECK) == 4 * (3 * 45 + 3)


@pytest.mark.parametrize("bad", ["0c", "10c", "5x", "wf", "", 5, None])
def test_unknown_codes_are_refused(bad: object) -> None:
    with pytest.raises(RecordError) as info:
        face_index(bad)
    assert info.value.code == "unknown-card"
