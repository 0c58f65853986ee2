"""The key of a 2-tile hand, a player's hand against the banker's, and the splits of four tiles.

A key is ``(category, value, high)`` (the spec's *key of a 2-tile hand*); :class:`HandKey` carries
it for people and ``order``, one int that compares the same way, for the comparisons and the bots'
enumerations: ``category * 1000 + value * 20 + (18 - high's single rank)``, the last term 0 where
the high tile is not part of the key (a pair; a 0-point hand while ``zero_zero_to_banker``).
Keys depend on the options, so every table here is built per :class:`Options` and cached.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product

from cardavia.games.packs.dominoes import TILES
from cardavia.games.pai_gow.options import DEFAULT_OPTIONS, Options
from cardavia.games.pai_gow.tiles import CLASS_OF, DAY, EIGHTS, GEE_JOON, NINES, TEEN, YUN, Tile, pips

PAIR, WONG, GONG, POINTS = 3, 2, 1, 0
CATEGORY_NAMES: dict[int, str] = {PAIR: "pair", WONG: "wong", GONG: "gong", POINTS: "points"}


def single_rank(t: Tile, options: Options = DEFAULT_OPTIONS) -> int:
    """The tile's single rank (1 best): the spec's table, or the ``tien-gow`` option's reading."""
    cls = CLASS_OF[t.code]
    if options.gee_joon_single_rank == "tien-gow":
        if t.code == "2-4":
            return 15  # below the Sevens (14)
        if t.code == "1-2":
            return 17
        if cls.rank == 16:  # the Fives
            return 16
    return cls.single_rank


def _values(t: Tile, options: Options) -> tuple[int, ...]:
    """What the tile may count: a Gee Joon tile 3 or 6 while wild, else its pips."""
    if options.gee_joon_wild and CLASS_OF[t.code] is GEE_JOON:
        return (3, 6)
    return (pips(t),)


def points(a: Tile, b: Tile, options: Options = DEFAULT_OPTIONS) -> int:
    """Total pips mod 10, a wild Gee Joon tile counting 3 or 6, whichever gives more."""
    return max((x + y) % 10 for x, y in product(_values(a, options), _values(b, options)))


@dataclass(frozen=True, slots=True)
class HandKey:
    """The key of a 2-tile hand. ``high`` is None where it is not part of the key."""

    category: int  # PAIR 3, WONG 2, GONG 1, POINTS 0
    value: int  # a pair: 17 - pair rank; points: 0-9; Wong and Gong: 0
    high: Tile | None
    order: int  # compares as the key does (see the module docstring)

    @property
    def category_name(self) -> str:
        return CATEGORY_NAMES[self.category]

    def to_json(self) -> dict[str, object]:
        return {
            "category": self.category_name,
            "value": self.value,
            "high": None if self.high is None else self.high.code,
        }


def key_of(a: Tile, b: Tile, options: Options = DEFAULT_OPTIONS) -> HandKey:
    """The key of the hand ``a`` + ``b`` by the first rule that applies: pair, Wong, Gong, points."""
    ca, cb = CLASS_OF[a.code], CLASS_OF[b.code]
    if ca is cb:
        return HandKey(PAIR, 17 - ca.rank, None, PAIR * 1000 + (17 - ca.rank) * 20)
    high = a if single_rank(a, options) < single_rank(b, options) else b
    high_part = 18 - single_rank(high, options)
    if options.wong_gong and {ca, cb} & {TEEN, DAY}:
        other = cb if ca in (TEEN, DAY) else ca
        if other is NINES:
            return HandKey(WONG, 0, high, WONG * 1000 + high_part)
        if other in (EIGHTS, YUN):  # every 8-pip tile: 4-4, 3-5, 2-6
            return HandKey(GONG, 0, high, GONG * 1000 + high_part)
    value = points(a, b, options)
    if value == 0 and options.zero_zero_to_banker:
        return HandKey(POINTS, 0, None, 0)  # all 0-point hands have one key
    return HandKey(POINTS, value, high, value * 20 + high_part)


@cache
def key_table(options: Options = DEFAULT_OPTIONS) -> tuple[int, ...]:
    """``order`` of every hand of two kinds: index ``21 * a.kind + b.kind`` (the set's kind numbers)."""
    return tuple(key_of(a, b, options).order for a in TILES for b in TILES)


def beats(player: int, banker: int, options: Options = DEFAULT_OPTIONS) -> int:
    """+1 if the player's hand (its key ``order``) beats the banker's, −1 if beaten, 0 for a tie.

    Equal keys are a copy and go to the banker, unless ``copies_to_banker`` is off; while
    ``zero_zero_to_banker`` is on, 0 against 0 goes to the banker even then.
    """
    if player > banker:
        return 1
    if player < banker or options.copies_to_banker:
        return -1
    if options.zero_zero_to_banker and player == 0:  # order 0 is exactly "0 points"
        return -1
    return 0


def why(player: int, banker: int, options: Options = DEFAULT_OPTIONS) -> str:
    """Why :func:`beats` answers as it does, for the reveal to say: ``"beat"`` (strictly higher),
    ``"beaten"`` (strictly lower), ``"zero-zero"`` (0 against 0, the banker's), ``"copy"`` (equal
    keys, the banker's) or ``"tie"`` (equal keys, nobody's, when copies do not go to the banker)."""
    if player != banker:
        return "beat" if player > banker else "beaten"
    if options.zero_zero_to_banker and player == 0:
        return "zero-zero"
    return "copy" if options.copies_to_banker else "tie"


def result(player: tuple[int, int], banker: tuple[int, int], options: Options = DEFAULT_OPTIONS) -> int:
    """A player's result against the banker, both as (high order, low order): +1 win, 0 push, −1 loss.

    High meets high and low meets low; the result is the sign of the two comparisons summed (with
    copies to the banker that is: beats both, win; beats neither, loss; one, push).
    """
    total = beats(player[0], banker[0], options) + beats(player[1], banker[1], options)
    return (total > 0) - (total < 0)


RESULT_NAMES: dict[int, str] = {1: "win", 0: "push", -1: "loss"}


@dataclass(frozen=True, slots=True)
class Split:
    """Four tiles set as two hands: ``high`` (後, the higher key) and ``low`` (前), tiles best first."""

    high: tuple[Tile, Tile]
    low: tuple[Tile, Tile]
    high_key: HandKey
    low_key: HandKey

    @property
    def orders(self) -> tuple[int, int]:
        return (self.high_key.order, self.low_key.order)

    def same_as(self, other: Split) -> bool:
        """The same two hands (tiles compared by code: the two copies of a civil tile are alike)."""
        return {_codes(self.high), _codes(self.low)} == {_codes(other.high), _codes(other.low)}

    def to_json(self) -> dict[str, list[str]]:
        return {"high": [t.code for t in self.high], "low": [t.code for t in self.low]}


def _codes(hand: Sequence[Tile]) -> tuple[str, ...]:
    return tuple(sorted(t.code for t in hand))


def _best_first(a: Tile, b: Tile, options: Options) -> tuple[Tile, Tile]:
    return (a, b) if (single_rank(a, options), a.code) <= (single_rank(b, options), b.code) else (b, a)


def make_split(one: Sequence[Tile], other: Sequence[Tile], options: Options = DEFAULT_OPTIONS) -> Split:
    """The split of two 2-tile hands: the higher key is the high hand.

    With equal keys either may be high ("it changes nothing"); the engine takes the hand whose
    sorted codes come first, so that a split has one written form whichever hand a set named.
    """
    h1, h2 = _best_first(one[0], one[1], options), _best_first(other[0], other[1], options)
    k1, k2 = key_of(*h1, options), key_of(*h2, options)
    if (k1.order, _codes(h2)) < (k2.order, _codes(h1)):
        h1, h2, k1, k2 = h2, h1, k2, k1
    return Split(h1, h2, k1, k2)


def splits_of(tiles: Sequence[Tile], options: Options = DEFAULT_OPTIONS) -> tuple[Split, ...]:
    """The distinct splits of four tiles: the partner of the first tile, each of the other three.

    Identical tiles can make two of them alike (both are legal, and one is listed).
    """
    if len(tiles) != 4:
        raise ValueError("a seat splits exactly four tiles")
    out: list[Split] = []
    for i in (1, 2, 3):
        rest = [t for j, t in enumerate(tiles) if j not in (0, i)]
        split = make_split((tiles[0], tiles[i]), rest, options)
        if not any(split.same_as(s) for s in out):
            out.append(split)
    return tuple(out)


def describe_key(key: HandKey) -> str:
    """A hand's key in English, with the site's tile names: "Heaven pair", "Earth Wong", "9 points"."""
    if key.category == PAIR:
        cls = next(c for c in CLASS_OF.values() if 17 - c.rank == key.value)
        if cls is GEE_JOON:
            return "the Supreme"
        return f"{cls.site_name} pair" if len(cls.codes) == 1 else f"pair of {cls.site_name}s"
    assert key.high is not None or key.category == POINTS
    if key.category in (WONG, GONG):
        assert key.high is not None
        return f"{CLASS_OF[key.high.code].site_name} {'Wong' if key.category == WONG else 'Gong'}"
    return "1 point" if key.value == 1 else f"{key.value} points"
