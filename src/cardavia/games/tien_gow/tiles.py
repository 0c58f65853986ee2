"""Tien Gow's tiles: the shared set of Chinese dominoes (:mod:`cardavia.games.packs.dominoes`) and the
engine's count-encoded masks of them.

Inside the engine a set of tiles is a 32-bit mask of *slots*, count-encoded so that every multiset
has exactly one mask:

- civil kind ``c`` (0 = Heaven … 10 = Big Head Six) owns slots ``2c`` and ``2c + 1``; one copy is
  slot ``2c``, both copies are both slots (never slot ``2c + 1`` alone);
- military kind ``m`` (11 = the first nine … 20 = Little Three) owns slot ``m + 11``.

With that encoding "A is a sub-multiset of B" is ``A & ~B == 0`` and equal multisets are equal ints,
which keeps hands, groups and legal plays plain integers.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardavia.games.packs.dominoes import (
    BY_CODE,
    TILES,
    Tile,
    full_set,
    show,
    show_named,
    sort_tiles,
    tile,
)

__all__ = [
    "BY_CODE",
    "TILES",
    "Tile",
    "full_set",
    "show",
    "show_named",
    "sort_tiles",
    "tile",
]

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
