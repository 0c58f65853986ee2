"""The 32 tiles as Pai Gow sees them: 16 classes of two, each with a pair rank and a single rank.

The tiles themselves are the shared set of Chinese dominoes (:mod:`cardavia.games.packs.dominoes`:
the 21 kinds, codes, parsing and full set, as Tien Gow plays them too); this module only adds what Pai
Gow reads off them. The set's kinds are numbered so that the 11 civil kinds already run Teen, Day,
Yun, … Look, which are Pai Gow's classes 2–12 in order; the military levels map onto Nines, Eights,
Sevens, Fives and the two Gee Joon tiles (Big Six 2-4 and Little Three 1-2).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cardavia.games.packs.dominoes import TILES, Tile, full_set, tile

__all__ = [
    "CLASSES",
    "CLASS_OF",
    "GEE_JOON",
    "Tile",
    "TileClass",
    "class_of",
    "full_set",
    "pips",
    "sort_tiles",
    "tile",
    "unseen_by",
]


@dataclass(frozen=True, slots=True)
class TileClass:
    """One of the 16 classes: two tiles of one class are a pair. ``rank`` is the pair rank (1 best)."""

    rank: int  # pair rank 1 (Gee Joon, the Supreme) … 16 (Fives)
    name: str  # the spec's (casino) name: "Teen", "Gee Joon"
    chinese: str
    codes: tuple[str, ...]  # its tiles' codes (a civil class: one code twice)
    # what the site calls it (the glossary: Pai Gow names each tile as Tien Gow does): "Heaven",
    # "nine" for a mixed class, "Supreme" for Gee Joon
    site_name: str

    @property
    def single_rank(self) -> int:
        """The default single rank (1 best): Teen 1 … Fives 15, Gee Joon 16 (the spec's table)."""
        return 16 if self.rank == 1 else self.rank - 1


CLASSES: tuple[TileClass, ...] = (
    TileClass(1, "Gee Joon", "至尊", ("2-4", "1-2"), "Supreme"),
    TileClass(2, "Teen", "天", ("6-6",), "Heaven"),
    TileClass(3, "Day", "地", ("1-1",), "Earth"),
    TileClass(4, "Yun", "人", ("4-4",), "Man"),
    TileClass(5, "Gor", "和", ("1-3",), "Goose"),
    TileClass(6, "Mooy", "梅", ("5-5",), "Plum"),
    TileClass(7, "Chong", "長三", ("3-3",), "Long Three"),
    TileClass(8, "Bon", "板凳", ("2-2",), "Board"),
    TileClass(9, "Foo", "斧頭", ("5-6",), "Hatchet"),
    TileClass(10, "Ping", "紅頭十", ("4-6",), "Partition"),
    TileClass(11, "Tit", "高腳七", ("1-6",), "Long Leg Seven"),
    TileClass(12, "Look", "銅錘六", ("1-5",), "Big Head Six"),
    TileClass(13, "Nines", "雜九", ("4-5", "3-6"), "nine"),
    TileClass(14, "Eights", "雜八", ("3-5", "2-6"), "eight"),
    TileClass(15, "Sevens", "雜七", ("3-4", "2-5"), "seven"),
    TileClass(16, "Fives", "雜五", ("1-4", "2-3"), "five"),
)
"""The 16 classes by pair rank (index = rank - 1)."""

CLASS_OF: dict[str, TileClass] = {code: c for c in CLASSES for code in c.codes}
GEE_JOON = CLASSES[0]
TEEN, DAY, YUN = CLASSES[1], CLASSES[2], CLASSES[3]
NINES, EIGHTS = CLASSES[12], CLASSES[13]

# every kind of the set has its class, and every class its tiles: a wrong table fails at import
assert {t.code for t in TILES} == set(CLASS_OF)


def class_of(t: Tile) -> TileClass:
    return CLASS_OF[t.code]


def pips(t: Tile) -> int:
    """The tile's pips as printed (2-4 is 6, 1-2 is 3; Gee Joon's other value is the key's business)."""
    low, high = t.pips
    return low + high


def unseen_by(hand: Iterable[Tile]) -> list[Tile]:
    """The tiles a seat holding ``hand`` cannot see before the reveal: the set less its own (28)."""
    left = full_set()
    for t in hand:
        left.remove(t)
    return left


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """Tiles in Pai Gow's display order: by class (Gee Joon, Teen, … Fives), then by code."""
    return tuple(sorted(tiles, key=lambda t: (CLASS_OF[t.code].rank, t.code)))
