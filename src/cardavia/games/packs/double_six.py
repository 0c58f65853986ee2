"""The Western double-six dominoes, shared by the block games played with them: 28 tiles, each pair of
pips 0-6 once, seven of them doubles.

Only what every game on this set agrees on lives here: the tiles, their codes and English names,
their pips, and which tiles carry a given pip. A tile's code is its two halves joined by ``-``, low
pip first (``"0-0"``, ``"3-5"``, ``"6-6"``); input may write the high pip first (``"5-3"``). Who opens,
where a tile may go and what it scores are each game's own business.

Tiles are numbered 0-27 in the order of their codes (``0-0 0-1 … 0-6 1-1 … 6-6``); engines work on
these small ints, and on sets of them as bit masks (bit ``i`` for tile ``i``), and codes are what
leaves them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cardavia.games.errors import RecordError

PIPS: tuple[int, ...] = tuple(range(7))  # 0 (blank) to 6
PIP_NAMES: tuple[str, ...] = ("blank", "one", "two", "three", "four", "five", "six")
# the English message of a code naming no tile (each game's catalog translates it by its code)
UNKNOWN_TILE = "unknown tile {tile}: tiles are written by their two pips, like 0-3 or 6-6"


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile of the set: its number (0-27), code, its two halves (``low`` <= ``high``) and name."""

    index: int
    code: str  # "3-5"
    low: int
    high: int
    name: str  # "three-five", "double six"

    @property
    def pips(self) -> int:
        """The tile's two halves added: 0 (0-0) to 12 (6-6)."""
        return self.low + self.high

    @property
    def double(self) -> bool:
        return self.low == self.high

    def has(self, pip: int) -> bool:
        """Whether one of the tile's halves shows ``pip``."""
        return pip in (self.low, self.high)

    def other(self, pip: int) -> int:
        """The half that is not ``pip`` (the pip itself for a double); ``pip`` must be on the tile."""
        return self.high if pip == self.low else self.low


def _name(low: int, high: int) -> str:
    if low == high:
        return f"double {PIP_NAMES[low]}"
    return f"{PIP_NAMES[low]}-{PIP_NAMES[high]}"


TILES: tuple[Tile, ...] = tuple(
    Tile(i, f"{low}-{high}", low, high, _name(low, high))
    for i, (low, high) in enumerate((lo, hi) for lo in PIPS for hi in PIPS if lo <= hi)
)
SET_SIZE = len(TILES)  # 28
TOTAL_PIPS = sum(t.pips for t in TILES)  # 168
CODES: tuple[str, ...] = tuple(t.code for t in TILES)
BY_CODE: dict[str, Tile] = {t.code: t for t in TILES}
_INPUT: dict[str, Tile] = {**BY_CODE, **{f"{t.high}-{t.low}": t for t in TILES}}

LOW: tuple[int, ...] = tuple(t.low for t in TILES)
HIGH: tuple[int, ...] = tuple(t.high for t in TILES)
TILE_PIPS: tuple[int, ...] = tuple(t.pips for t in TILES)
DOUBLE: tuple[int, ...] = tuple(next(t.index for t in TILES if t.low == t.high == p) for p in PIPS)
"""The double of each pip: ``DOUBLE[6]`` is the number of 6-6."""
DOUBLES_MASK: int = sum(1 << i for i in DOUBLE)
WITH_PIP: tuple[int, ...] = tuple(sum(1 << t.index for t in TILES if t.has(p)) for p in PIPS)
"""The tiles carrying each pip, as a mask: seven tiles each (the double once)."""
FULL_MASK: int = (1 << SET_SIZE) - 1
INDEX_OF: dict[tuple[int, int], int] = {
    **{(t.low, t.high): t.index for t in TILES},
    **{(t.high, t.low): t.index for t in TILES},
}
"""The tile of two halves in either order."""


def tile_of(code: object) -> Tile | None:
    """The tile a code names (``"3-5"`` or ``"5-3"``), or None if it names none."""
    return _INPUT.get(code) if isinstance(code, str) else None


def tile(code: object) -> Tile:
    """The tile written ``code``; ``RecordError`` (``unknown-tile``) naming the code if there is none."""
    found = tile_of(code)
    if found is not None:
        return found
    shown, given = _clip(repr(code)), _clip(str(code))  # anything may stand where a tile belongs
    raise RecordError("unknown-tile", UNKNOWN_TILE.format(tile=shown), {"tile": given})


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def mask_of(tiles: Iterable[int]) -> int:
    """The mask of tile numbers."""
    out = 0
    for t in tiles:
        out |= 1 << t
    return out


def tiles_in(mask: int) -> list[int]:
    """The tile numbers of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def pips_in(mask: int) -> int:
    """The pips of the tiles of a mask, added."""
    return sum(TILE_PIPS[t] for t in tiles_in(mask))
