"""Exact values of a seat's splits, by enumerating every hand the seats it meets may hold.

A player meets only the banker; the banker meets each player. A seat sees its own four tiles and
nothing else, so to it each other seat's four tiles are one of the C(28, 4) = 20,475 equally likely
sets of 4 of the 28 tiles it cannot see (the spec's definition; the other seats' tiles are not
independent of one another, but each seat's result against the banker depends on one of them only,
so the mean of a sum is the sum of these means).

The work is done on ints: a 4-tile multiset is ``sum(1 << 2 * kind)`` of its tiles (Tien Gow's 21
kind numbers, at most two copies, so 2 bits a kind), and what a level sets it to is looked up once
per options in a table of every multiset of the 32 tiles (:func:`_level_table`). Counting the
20,475 sets is one ``Counter`` over ``itertools.combinations`` in C; what remains is a loop over
the few thousand distinct (high, low) keys the opponent can end up with.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

from cardavia.games.pai_gow import DEFAULT_OPTIONS, Options, SetHand, Split, Tile, key_table, legal_sets
from cardavia.games.pai_gow import result as hand_result
from cardavia.games.pai_gow.hands import make_split
from cardavia.games.pai_gow.tiles import full_set, unseen_by

HANDS = comb(28, 4)  # 20,475: the sets of 4 of the 28 tiles a seat cannot see
# what a level sets: easy and normal by their rule; random each of the three splits (the partner of
# the first tile) a third of the time. Counts are scaled by 3 so that random's are whole too.
SCALE = 3
OPPONENT_LEVELS = ("random", "easy", "normal")

Orders = tuple[int, int]  # a split as (high key order, low key order)


def as_opponent(level: str) -> str:
    """How a level is modelled when another seat plays it: Hard and people count as Normal."""
    return level if level in OPPONENT_LEVELS else "normal"


def _weight(t: Tile) -> int:
    return 1 << (2 * t.kind)


def _orders(kinds: Sequence[int], table: Sequence[int]) -> list[Orders]:
    """The three splits of four kinds (first tile with each partner) as (high, low) orders."""
    a, b, c, d = kinds
    out: list[Orders] = []
    for (w, x), (y, z) in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
        k1, k2 = table[21 * w + x], table[21 * y + z]
        out.append((k1, k2) if k1 >= k2 else (k2, k1))
    return out


def pick(orders: Sequence[Orders], level: str) -> Orders:
    """Easy's (MAX-LOW: the highest low hand, then the highest high) or Normal's (MAX-HIGH) split."""
    if level == "easy":
        return max(orders, key=lambda o: (o[1], o[0]))
    return max(orders)


@cache
def _level_table(options: Options, level: str) -> dict[int, tuple[tuple[Orders, int], ...]]:
    """Every 4-tile multiset of the set: what ``level`` sets it to, as ((high, low), weight) pairs."""
    table = key_table(options)
    tiles = full_set()
    out: dict[int, tuple[tuple[Orders, int], ...]] = {}
    for four in combinations(tiles, 4):
        ident = sum(_weight(t) for t in four)
        if ident in out:
            continue
        orders = _orders([t.kind for t in four], table)
        if level == "random":
            out[ident] = tuple((o, SCALE // 3) for o in orders)
        else:
            out[ident] = ((pick(orders, level), SCALE),)
    return out


def opponent_hands(hidden: Sequence[Tile], level: str, options: Options = DEFAULT_OPTIONS) -> Counter[Orders]:
    """How often (×``SCALE``) a seat of ``level`` sets each (high, low) over every 4 of ``hidden``."""
    table = _level_table(options, as_opponent(level))
    counts = Counter(map(sum, combinations([_weight(t) for t in hidden], 4)))
    out: Counter[Orders] = Counter()
    for ident, n in counts.items():
        for orders, w in table[ident]:
            out[orders] += n * w
    return out


def player_total(split: Orders, banker: Mapping[Orders, int], options: Options) -> int:
    """A player's summed result (×``SCALE``) with ``split`` against each of the banker's hands."""
    return sum(n * hand_result(split, b, options) for b, n in banker.items())


def banker_total(split: Orders, players: Mapping[Orders, int], options: Options) -> int:
    """The banker's summed result (×``SCALE``) with ``split`` against one player's hands."""
    return -sum(n * hand_result(p, split, options) for p, n in players.items())


@dataclass(frozen=True)
class Valued:
    """One split of a seat with its exact expected points a deal (``total / denominator``)."""

    action: SetHand
    split: Split
    total: int
    denominator: int

    @property
    def ev(self) -> Fraction:
        return Fraction(self.total, self.denominator)


def value_splits(
    seat: int,
    hand: Sequence[Tile],
    banker: int,
    levels: Sequence[str],
    options: Options = DEFAULT_OPTIONS,
) -> list[Valued]:
    """Each of the three splits of ``seat``'s four tiles with its exact EV, ``levels[s]`` at each seat s.

    A player's EV is the mean of its result over the 20,475 hands of the banker, set as the
    banker's level sets them; the banker's is the sum over the players of minus their mean result,
    each player's hand drawn the same way. In the order of ``legal_sets`` (three, alike ones too).
    """
    hidden = unseen_by(hand)
    out: list[Valued] = []
    sets = legal_sets(seat, hand)
    splits = []
    for s in sets:
        rest = list(hand)
        for t in s.hand:
            rest.remove(t)
        splits.append(make_split(s.hand, rest, options))
    if seat != banker:
        dist = opponent_hands(hidden, levels[banker], options)
        for s, sp in zip(sets, splits, strict=True):
            out.append(Valued(s, sp, player_total(sp.orders, dist, options), HANDS * SCALE))
        return out
    by_level = Counter(as_opponent(levels[p]) for p in range(4) if p != banker)
    dists = {level: opponent_hands(hidden, level, options) for level in by_level}
    for s, sp in zip(sets, splits, strict=True):
        total = sum(k * banker_total(sp.orders, dists[level], options) for level, k in by_level.items())
        out.append(Valued(s, sp, total, HANDS * SCALE))
    return out


def best_of(valued: Sequence[Valued]) -> Valued:
    """The highest exact EV; among equals Normal's choice (the highest high hand, then low)."""
    return max(valued, key=lambda v: (v.ev, v.split.orders))
