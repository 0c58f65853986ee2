"""Groups: what may be led, what beats what, and every legal lead of a hand.

All 61 groups of the set (as count-encoded masks, see :mod:`tiles`) are tabulated once at import with
their type, rank and the groups that beat them, so recognising a group or enumerating a hand's leads
is a dictionary lookup or a filter over a short list.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from cardavia.games.tien_gow.tiles import (
    CIVIL_HI,
    KIND_SLOT,
    MIXED_PARTNER_LEVEL,
    TILES,
    Tile,
    bits_of,
    mask_of,
    sort_tiles,
    tiles_of,
)


class GroupType(enum.Enum):
    """The nine kinds of group. ``value`` is the stable id used in JSON."""

    CIVIL_SINGLE = "civil-single"
    MILITARY_SINGLE = "military-single"
    CIVIL_PAIR = "civil-pair"
    MILITARY_PAIR = "military-pair"
    SUPREME = "supreme"
    MIXED_PAIR = "mixed-pair"
    CIVIL_TRIPLE = "civil-heavy-triple"  # 2 civil + 1 military
    MILITARY_TRIPLE = "military-heavy-triple"  # 1 civil + 2 military
    QUARTET = "quartet"

    @property
    def civil_count(self) -> int:
        return _SHAPE[self][0]

    @property
    def military_count(self) -> int:
        return _SHAPE[self][1]

    @property
    def size(self) -> int:
        return sum(_SHAPE[self])


_SHAPE: dict[GroupType, tuple[int, int]] = {
    GroupType.CIVIL_SINGLE: (1, 0),
    GroupType.MILITARY_SINGLE: (0, 1),
    GroupType.CIVIL_PAIR: (2, 0),
    GroupType.MILITARY_PAIR: (0, 2),
    GroupType.SUPREME: (0, 2),
    GroupType.MIXED_PAIR: (1, 1),
    GroupType.CIVIL_TRIPLE: (2, 1),
    GroupType.MILITARY_TRIPLE: (1, 2),
    GroupType.QUARTET: (2, 2),
}
_TYPE_ORDER = {t: i for i, t in enumerate(GroupType)}


@dataclass(frozen=True, slots=True)
class Group:
    """A recognised group. ``rank`` 1 is highest within its type (the Supreme has rank 0)."""

    type: GroupType
    rank: int
    tiles: tuple[Tile, ...]

    def beats(self, other: Group) -> bool:
        """Whether this group, played by a follower, takes the trick from ``other``."""
        return _beats(self.type, self.rank, other.type, other.rank)

    def to_json(self) -> dict[str, object]:
        return {"type": self.type.value, "rank": self.rank, "tiles": [t.code for t in self.tiles]}


def _beats(b_type: GroupType, b_rank: int, a_type: GroupType, a_rank: int) -> bool:
    # A follower's 2-4 + 1-2 is a discard and nothing beats a led Supreme; otherwise the shape
    # (civil count, military count) must match and the rank must be strictly higher.
    if b_type is GroupType.SUPREME or a_type is GroupType.SUPREME:
        return False
    return _SHAPE[b_type] == _SHAPE[a_type] and b_rank < a_rank


def _bit(t: Tile, copy: int = 0) -> int:
    return 1 << (KIND_SLOT[t.kind] + copy)


def _build() -> list[tuple[int, GroupType, int]]:
    civil = [t for t in TILES if t.civil]
    military = [t for t in TILES if not t.civil]
    by_level: dict[int, list[Tile]] = {}
    for t in military:
        by_level.setdefault(t.rank, []).append(t)
    out: list[tuple[int, GroupType, int]] = []
    for t in civil:
        out.append((_bit(t), GroupType.CIVIL_SINGLE, t.rank))
    for t in military:
        out.append((_bit(t), GroupType.MILITARY_SINGLE, t.rank))
    for t in civil:
        out.append((_bit(t) | _bit(t, 1), GroupType.CIVIL_PAIR, t.rank))
    for level, pair in by_level.items():
        if len(pair) == 2 and level != 4:
            out.append((_bit(pair[0]) | _bit(pair[1]), GroupType.MILITARY_PAIR, level))
    big_six, little_three = by_level[4][0], by_level[6][0]
    out.append((_bit(big_six) | _bit(little_three), GroupType.SUPREME, 0))
    for c in civil:
        partner_level = MIXED_PARTNER_LEVEL.get(c.rank)
        if partner_level is None:
            continue
        one, both = _bit(c), _bit(c) | _bit(c, 1)
        partners = by_level[partner_level]
        for m in partners:
            out.append((one | _bit(m), GroupType.MIXED_PAIR, c.rank))
        for m in partners:
            out.append((both | _bit(m), GroupType.CIVIL_TRIPLE, c.rank))
        both_m = _bit(partners[0]) | _bit(partners[1])
        out.append((one | both_m, GroupType.MILITARY_TRIPLE, c.rank))
        out.append((both | both_m, GroupType.QUARTET, c.rank))
    out.sort(key=lambda g: (g[0].bit_count(), _TYPE_ORDER[g[1]], g[2], g[0]))
    return out


_ALL = _build()
ALL_GROUP_MASKS: tuple[int, ...] = tuple(m for m, _, _ in _ALL)
"""Every group of the set, by size, then type, then strength."""
GROUP_TYPE: dict[int, GroupType] = {m: t for m, t, _ in _ALL}
GROUP_RANK: dict[int, int] = {m: r for m, _, r in _ALL}
BEATERS: dict[int, tuple[int, ...]] = {
    a: tuple(b for b, bt, br in _ALL if _beats(bt, br, at, ar)) for a, at, ar in _ALL
}
"""For each group, the groups a follower may play face up over it (weakest first)."""
for _a in BEATERS:
    BEATERS[_a] = tuple(sorted(BEATERS[_a], key=lambda b: -GROUP_RANK[b]))
QUARTET_MASKS = frozenset(m for m, t, _ in _ALL if t is GroupType.QUARTET)
SUPREME_MASK = next(m for m, t, _ in _ALL if t is GroupType.SUPREME)
LITTLE_THREE_BIT = _bit(TILES[20])
BIG_SIX_BIT = _bit(TILES[17])

_MULTI = tuple(m for m in ALL_GROUP_MASKS if m.bit_count() > 1)
_LEADS_CACHE: dict[int, tuple[int, ...]] = {}
_LEADS_CACHE_MAX = 200_000


def lead_masks(hand: int) -> tuple[int, ...]:
    """Every distinct group the hand (a mask) may lead, singles first (cached per hand)."""
    found = _LEADS_CACHE.get(hand)
    if found is not None:
        return found
    # a second copy repeats the first copy's single
    out = bits_of(hand & ~CIVIL_HI) + tuple([g for g in _MULTI if not g & ~hand])
    if len(_LEADS_CACHE) >= _LEADS_CACHE_MAX:
        _LEADS_CACHE.clear()
    _LEADS_CACHE[hand] = out
    return out


# ---- the public, Tile-based helpers (what bots and the web layer call) ----


def group_of(tiles: Iterable[Tile]) -> Group | None:
    """The group these tiles form, or None if they form none."""
    ts = sort_tiles(tiles)
    mask = mask_of(ts)
    if mask is None:
        return None
    gtype = GROUP_TYPE.get(mask)
    if gtype is None:
        return None
    return Group(gtype, GROUP_RANK[mask], ts)


def group_of_mask(mask: int) -> Group | None:
    gtype = GROUP_TYPE.get(mask)
    if gtype is None:
        return None
    return Group(gtype, GROUP_RANK[mask], tiles_of(mask))


def can_beat(follow: Iterable[Tile], high: Iterable[Tile]) -> bool:
    """Whether ``follow``, played face up by a follower, beats the current high group ``high``."""
    b, a = group_of(follow), group_of(high)
    return b is not None and a is not None and b.beats(a)


def legal_leads(hand: Iterable[Tile]) -> list[tuple[Tile, ...]]:
    """Every distinct group the hand may lead (singles first, then by size, type and strength)."""
    mask = mask_of(hand)
    if mask is None:
        raise ValueError("a hand cannot hold more copies of a tile than the set has")
    return [tiles_of(g) for g in lead_masks(mask)]


def why_not_group(tiles: tuple[Tile, ...]) -> tuple[str, dict[str, str], dict[str, str]]:
    """Why ``tiles`` is not a group: the reason code, the message's fields and the error's params."""
    civil = [t for t in tiles if t.civil]
    military = [t for t in tiles if not t.civil]
    for same in (civil, military):
        for t in same[1:]:
            if t.rank != same[0].rank:
                pair = {"a": same[0].code, "b": t.code}
                return "not-a-group-kinds", pair, pair
    if len(military) == 2 and military[0].rank in (4, 6):
        pair = {"a": military[0].code, "b": military[1].code}  # 2-4 and 1-2 never pair with a nine…
        return "not-a-group-kinds", pair, pair
    if civil and military and len(civil) <= 2 and len(military) <= 2:
        level = MIXED_PARTNER_LEVEL.get(civil[0].rank)
        if level is None:
            return "not-a-group-no-partner", {"civil": civil[0].label}, {"civil": civil[0].code}
        if military[0].rank != level:
            partner = next(t for t in TILES if not t.civil and t.rank == level)
            return (
                "not-a-group-partner",
                {"civil": civil[0].label, "partner": partner.name},
                {"civil": civil[0].code, "partner": partner.code},
            )
    return "not-a-group", {"tiles": "+".join(t.code for t in tiles)}, {}
