"""The 32 Chinese dominoes, shared by the games played with them: 11 civil kinds (two copies each)
and 10 military tiles (one each), their codes, English and Chinese names and the set's own order.

Only what every game on these tiles agrees on lives here: the kinds, their codes (pips, low first:
``"1-2"``; ``"2-1"`` is read too), names and the traditional order of the set (civil kinds by rank,
military tiles by level). How a tile ranks or counts in play is each game's own business.

Public values are :class:`Tile` objects, one per *kind*: the two copies of a civil kind are the same
value (nothing in a game tells them apart).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardavia.games.errors import RecordError
from cardavia.games.protocol import Piece

# the English message of a code naming no tile (each game's catalog translates it by its code)
UNKNOWN_TILE = "unknown tile {tile}: tiles are written by pips, low first, like 1-2 or 6-6"


@dataclass(frozen=True, slots=True)
class Tile:
    """One kind of tile. ``rank`` is the civil rank 1–11 or the military level 1–6 (1 is highest)."""

    code: str  # pips, low first: "1-2"
    name: str  # English name: "Heaven", "nine", "Little Three"
    chinese: str
    civil: bool
    rank: int
    kind: int  # 0–20: civil kinds by rank, then military tiles by level (the display order)

    @property
    def military(self) -> bool:
        return not self.civil

    @property
    def copies(self) -> int:
        """How many of this tile the set holds: 2 for a civil kind, 1 for a military tile."""
        return 2 if self.civil else 1

    @property
    def pips(self) -> tuple[int, int]:
        low, high = self.code.split("-")
        return int(low), int(high)

    @property
    def label(self) -> str:
        """Name then pips, as messages show a tile: "Plum 5-5"."""
        return f"{self.name} {self.code}"

    def to_json(self) -> dict[str, object]:
        return {
            "code": self.code,
            "name": self.name,
            "chinese": self.chinese,
            "civil": self.civil,
            "rank": self.rank,
        }


_CIVIL = (
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
)
_MILITARY = (
    ("4-5", "nine", "雜九", 1),
    ("3-6", "nine", "雜九", 1),
    ("3-5", "eight", "雜八", 2),
    ("2-6", "eight", "雜八", 2),
    ("3-4", "seven", "雜七", 3),
    ("2-5", "seven", "雜七", 3),
    ("2-4", "Big Six", "二四", 4),
    ("1-4", "five", "雜五", 5),
    ("2-3", "five", "雜五", 5),
    ("1-2", "Little Three", "丁三", 6),
)

TILES: tuple[Tile, ...] = tuple(
    [Tile(code, name, zh, True, i + 1, i) for i, (code, name, zh) in enumerate(_CIVIL)]
    + [Tile(code, name, zh, False, level, 11 + i) for i, (code, name, zh, level) in enumerate(_MILITARY)]
)
"""The 21 kinds in display order (civil by rank, then military by level)."""

# the 21 kinds as every game on these tiles declares its pieces: the site names each tile the same
# way in every one of them (the English names here, translated once in the pack's catalog)
PIECES: tuple[Piece, ...] = tuple(Piece(t.code, t.name, copies=t.copies) for t in TILES)

BY_CODE: dict[str, Tile] = {t.code: t for t in TILES}


def tile(code: str) -> Tile:
    """The tile written ``code`` ("1-2"; "2-1" is accepted too); ``RecordError`` if there is none."""
    if isinstance(code, str) and len(code) == 3 and code[1] == "-":
        a, b = code[0], code[2]
        if a > b:
            a, b = b, a
        found = BY_CODE.get(f"{a}-{b}")
        if found is not None:
            return found
    # a record may hold anything where a tile belongs: keep the message one short line
    shown, given = _clip(repr(code)), _clip(str(code))
    raise RecordError("unknown-tile", UNKNOWN_TILE.format(tile=shown), {"tile": given})


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """Tiles in display order: civil by rank, then military by level."""
    return tuple(sorted(tiles, key=lambda t: t.kind))


def full_set() -> list[Tile]:
    """All 32 tiles (civil kinds twice), in display order."""
    return [t for t in TILES for _ in range(t.copies)]


def show(tiles: Sequence[Tile]) -> str:
    """Codes joined as a player writes a play: "6-6+4-5"."""
    return "+".join(t.code for t in tiles)


def show_named(tiles: Sequence[Tile]) -> str:
    """Names and codes, as messages show tiles the reader did not just choose: "Plum 5-5"."""
    return " + ".join(t.label for t in tiles)
