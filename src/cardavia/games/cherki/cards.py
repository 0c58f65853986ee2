"""The 120 Cherki cards: 30 faces, four copies each, and the 12 kinds they set by.

Faces are numbered 0-29 in kind order (1c 1s 1m 2c ... 9m WF RF OT) so that sorting face numbers
sorts a hand by kind then suit. Kinds are numbered 0-11: 0-8 are the values 1-9 (suit ignored),
9-11 the honours White Flower, Red Flower and Old Thousand. Engines work on these small ints;
codes ("5c", "WF") are what leaves the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardavia.games.errors import RecordError

NUM_FACES = 30
NUM_KINDS = 12
COPIES = 4
DECK_SIZE = NUM_FACES * COPIES  # 120

SUITS: tuple[str, ...] = ("c", "s", "m")
SUIT_NAMES: dict[str, str] = {"c": "Coins", "s": "Strings", "m": "Myriads"}
SUIT_CHINESE: dict[str, str] = {"c": "筒", "s": "索", "m": "萬"}
_CHINESE_NUMERALS = "一二三四五六七八九"

HONOURS: tuple[tuple[str, str, str], ...] = (
    ("WF", "White Flower", "白花"),
    ("RF", "Red Flower", "紅花"),
    ("OT", "Old Thousand", "老千"),
)
WF, RF, OT = 9, 10, 11  # the honours' kinds

# A kind as it leaves the engine (params, views): "1".."9" for values, the honour's code otherwise.
KIND_CODES: tuple[str, ...] = tuple(str(v) for v in range(1, 10)) + tuple(h[0] for h in HONOURS)
KIND_NAMES: tuple[str, ...] = tuple(str(v) for v in range(1, 10)) + tuple(h[1] for h in HONOURS)
KIND_BY_CODE: dict[str, int] = {code: k for k, code in enumerate(KIND_CODES)}


@dataclass(frozen=True)
class Face:
    """One of the 30 faces: its code, names, the kind it sets by, its points, its red stamp."""

    index: int
    code: str
    name: str  # English, e.g. "5 of Coins"
    chinese: str  # e.g. "五筒"
    kind: int  # 0-8 for values 1-9, 9-11 for WF, RF, OT
    value: int | None  # 1-9 for number cards, None for honours
    suit: str | None  # "c", "s", "m", or None for honours
    points: int
    red: bool  # the 9 of Strings, Red Flower and Old Thousand carry a red stamp

    @property
    def kind_code(self) -> str:
        return KIND_CODES[self.kind]

    def to_json(self) -> dict[str, object]:
        return {
            "code": self.code,
            "name": self.name,
            "chinese": self.chinese,
            "kind": self.kind_code,
            "points": self.points,
            "red": self.red,
        }


def _build_faces() -> tuple[Face, ...]:
    faces: list[Face] = []
    for value in range(1, 10):
        for suit in SUITS:
            code = f"{value}{suit}"
            faces.append(
                Face(
                    index=len(faces),
                    code=code,
                    name=f"{value} of {SUIT_NAMES[suit]}",
                    chinese=_CHINESE_NUMERALS[value - 1] + SUIT_CHINESE[suit],
                    kind=value - 1,
                    value=value,
                    suit=suit,
                    points=value,
                    red=code == "9s",
                )
            )
    for k, (code, name, chinese) in enumerate(HONOURS):
        faces.append(
            Face(
                index=len(faces),
                code=code,
                name=name,
                chinese=chinese,
                kind=WF + k,
                value=None,
                suit=None,
                points=1,
                red=code in ("RF", "OT"),
            )
        )
    return tuple(faces)


FACES: tuple[Face, ...] = _build_faces()
FACE_CODES: tuple[str, ...] = tuple(f.code for f in FACES)
FACE_BY_CODE: dict[str, int] = {f.code: f.index for f in FACES}
KIND_OF: tuple[int, ...] = tuple(f.kind for f in FACES)  # face index -> kind
POINTS: tuple[int, ...] = tuple(f.points for f in FACES)  # face index -> points
RED_CODES: frozenset[str] = frozenset(f.code for f in FACES if f.red)
# The full deck in face order, four copies of each face: what a shuffle starts from.
FULL_DECK: tuple[int, ...] = tuple(f for f in range(NUM_FACES) for _ in range(COPIES))


def face_index(code: object) -> int:
    """The face number of a card code; ``RecordError`` (``unknown-card``) for anything else."""
    if isinstance(code, str):
        index = FACE_BY_CODE.get(code)
        if index is not None:
            return index
    raise RecordError(
        "unknown-card",
        f"unknown card {code!r}: expected 1c-9c, 1s-9s, 1m-9m, WF, RF or OT",
        {"card": str(code)},
    )


def card_name(code: str) -> str:
    """The English name of a card code ("5c" -> "5 of Coins")."""
    return FACES[FACE_BY_CODE[code]].name


def kind_of_code(code: str) -> int:
    """The kind (0-11) a card code sets by."""
    return KIND_OF[FACE_BY_CODE[code]]


def sort_codes(codes: list[str]) -> list[str]:
    """Card codes sorted by kind then suit (1c 1s 1m 2c ... WF RF OT)."""
    return sorted(codes, key=FACE_BY_CODE.__getitem__)
