"""The 32 Tien Gow tiles: 11 civil kinds (two copies each) and 10 military tiles (one each).

Public values are :class:`Tile` objects, one per *kind* (the two copies of a civil kind are the same
value: nothing in the game tells them apart). Inside the engine a set of tiles is a 32-bit mask of
*slots*, count-encoded so that every multiset has exactly one mask:

- civil kind ``c`` (0 = Heaven … 10 = Big Head Six) owns slots ``2c`` and ``2c + 1``; one copy is
  slot ``2c``, both copies are both slots (never slot ``2c + 1`` alone);
- military kind ``m`` (11 = the first nine … 20 = Little Three) owns slot ``m + 11``.

With that encoding "A is a sub-multiset of B" is ``A & ~B == 0`` and equal multisets are equal ints,
which keeps hands, groups and legal plays plain integers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardavia.games.errors import RecordError
from cardavia.games.tien_gow.messages import MESSAGES


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

BY_CODE: dict[str, Tile] = {t.code: t for t in TILES}

NUM_KINDS = 21
NUM_SLOTS = 32
FULL_SET = (1 << NUM_SLOTS) - 1
CIVIL_LO = sum(1 << (2 * c) for c in range(11))  # first-copy slots
CIVIL_HI = CIVIL_LO << 1  # second-copy slots
MILITARY_MASK = FULL_SET & ~(CIVIL_LO | CIVIL_HI)

KIND_SLOT: tuple[int, ...] = tuple(2 * k if k < 11 else k + 11 for k in range(NUM_KINDS))
"""The first slot of each kind."""
SLOT_TILE: tuple[Tile, ...] = tuple(TILES[s // 2] if s < 22 else TILES[s - 11] for s in range(NUM_SLOTS))

TILE_BIT: dict[str, int] = {t.code: 1 << KIND_SLOT[t.kind] for t in TILES}

# Heaven, Earth, Man, Goose and the military levels they pair with (nine, eight, seven, five).
MIXED_PARTNER_LEVEL: dict[int, int] = {1: 1, 2: 2, 3: 3, 4: 5}


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
    raise RecordError("unknown-tile", MESSAGES["unknown-tile"].format(tile=shown), {"tile": given})


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def normalize(mask: int) -> int:
    """Move a lone second-copy slot down to the first-copy slot (after removing one copy)."""
    lone = mask & CIVIL_HI & ~((mask & CIVIL_LO) << 1)
    return (mask & ~lone) | (lone >> 1)


def mask_of(tiles: Iterable[Tile]) -> int | None:
    """The mask of a multiset of tiles, or None if it holds more copies than the set has."""
    mask = 0
    for t in tiles:
        bit = 1 << KIND_SLOT[t.kind]
        if mask & bit:
            if not t.civil or mask & (bit << 1):
                return None
            bit <<= 1
        mask |= bit
    return mask


# the set bits of each byte value at each of the four byte positions: bits_of() without a bit loop
_BYTE_BITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(1 << (8 * pos + i) for i in range(8) if b >> i & 1) for b in range(256)) for pos in range(4)
)
_B0, _B1, _B2, _B3 = _BYTE_BITS


def bits_of(mask: int) -> tuple[int, ...]:
    """The single-slot masks of ``mask``, lowest slot first."""
    return _B0[mask & 255] + _B1[mask >> 8 & 255] + _B2[mask >> 16 & 255] + _B3[mask >> 24 & 255]


_TILES_CACHE: dict[int, tuple[Tile, ...]] = {}


def tiles_of(mask: int) -> tuple[Tile, ...]:
    """The tiles of a mask in display order (cached: plays are built from the same few masks)."""
    found = _TILES_CACHE.get(mask)
    if found is None:
        out = []
        m = mask
        while m:
            low = m & -m
            out.append(SLOT_TILE[low.bit_length() - 1])
            m ^= low
        found = tuple(out)
        if len(_TILES_CACHE) < 100_000:
            _TILES_CACHE[mask] = found
    return found


def codes_of(mask: int) -> list[str]:
    return [t.code for t in tiles_of(mask)]


def count(mask: int) -> int:
    return mask.bit_count()


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
