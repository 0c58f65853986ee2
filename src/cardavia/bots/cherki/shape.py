"""Hand shape on kind counts: how far an 8-card hand is from ready, and what improves it.

Suits never matter in Cherki sets, so every bot reasons on 12 kind counts (values 1-9, then the
three honours WF, RF, OT). An 8-card hand is ready when it is two triples and a pair; its
*overlap* with the best such target says how many of its cards can stay, so ``8 - overlap`` cards
must still be replaced (the distance to ready). ``avail`` (cards of each kind the seat has not
seen) rules out targets that need more cards of a kind than can still come.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from cardavia.games.cherki.cards import COPIES as FACE_COPIES
from cardavia.games.cherki.cards import FACES, KIND_CODES

NUM_KINDS = len(KIND_CODES)
VALUE_KINDS = 9  # kinds 0-8 are the values 1-9; 9, 10, 11 are the honours
# the engine's cards, by kind: how many the deck holds, and what one scores
COPIES: tuple[int, ...] = tuple(FACE_COPIES * sum(f.kind == k for f in FACES) for k in range(NUM_KINDS))
POINTS: tuple[int, ...] = tuple(next(f.points for f in FACES if f.kind == k) for k in range(NUM_KINDS))
HAND_SIZE = 8
FAR = 9  # the distance reported when no ready hand can be reached any more

Counts = tuple[int, ...]

_NEG = -100  # the gain of a role a kind cannot fill


def _role(have: int, size: int, avail: int, final: int) -> int:
    # ``final`` counts the winning card too: a pair is only worth keeping if its third can still come
    kept = have if have < size else size
    if final - kept > avail:
        return _NEG
    return kept


@lru_cache(maxsize=1 << 18)
def overlap(counts: Counts, avail: Counts | None = None) -> int:
    """The most cards of ``counts`` a two-triples-and-a-pair target keeps (0-8), -1 if none is
    reachable. With ``avail``, a target may only count on cards of a kind that are still unseen,
    the pair's winning third included."""
    t1 = [0] * NUM_KINDS
    pr = [0] * NUM_KINDS
    t2 = [_NEG] * NUM_KINDS
    tp = [_NEG] * NUM_KINDS
    ttp = [_NEG] * NUM_KINDS
    for k in range(NUM_KINDS):
        c = counts[k]
        a = 99 if avail is None else avail[k]
        t1[k] = _role(c, 3, a, 3)
        pr[k] = _role(c, 2, a, 3)
        if k < VALUE_KINDS:  # 12 copies: one value can fill two roles, honours (4) cannot
            t2[k] = _role(c, 6, a, 6)
            tp[k] = _role(c, 5, a, 6)
            ttp[k] = _role(c, 8, a, 9)
    # the best three triple gains and best two pair gains, to pair every role with the best others
    t_order = sorted(range(NUM_KINDS), key=t1.__getitem__, reverse=True)[:3]
    p_order = sorted(range(NUM_KINDS), key=pr.__getitem__, reverse=True)[:2]
    best = _NEG
    for p in range(NUM_KINDS):  # a pair and two triples of three different kinds
        if pr[p] > _NEG:
            a, b = [k for k in t_order if k != p][:2]
            s = pr[p] + t1[a] + t1[b]
            if s > best:
                best = s
    for a in range(VALUE_KINDS):
        other_t = t1[t_order[1]] if t_order[0] == a else t1[t_order[0]]
        other_p = pr[p_order[1]] if p_order[0] == a else pr[p_order[0]]
        s = max(t2[a] + other_p, tp[a] + other_t, ttp[a])  # two roles or all three in one value
        if s > best:
            best = s
    return best if best >= 0 else -1


def distance(counts: Sequence[int], avail: Sequence[int] | None = None) -> int:
    """Cards an 8-card hand must still replace to be ready (0 = ready); FAR if it never can."""
    ov = overlap(tuple(counts), None if avail is None else _cap(avail))
    return FAR if ov < 0 else HAND_SIZE - ov


def _cap(avail: Sequence[int]) -> Counts:
    # no role needs more than 9 new cards: capping raises the cache's hit rate
    return tuple(a if a < 9 else 9 for a in avail)


def improving(counts: Sequence[int], avail: Sequence[int] | None = None) -> list[int]:
    """Kinds whose next card brings the 8-card hand closer to ready (after the best discard)."""
    av = None if avail is None else _cap(avail)
    base = overlap(tuple(counts), av)
    out = []
    c = list(counts)
    for k in range(NUM_KINDS):
        if av is not None and av[k] <= 0:
            continue
        c[k] += 1
        # the new card is in hand now, so one fewer of its kind remains to come
        if av is None:
            ov = overlap(tuple(c), None)
        else:
            a2 = list(av)
            a2[k] -= 1
            ov = overlap(tuple(c), tuple(a2))
        c[k] -= 1
        if ov > base:
            out.append(k)
    return out


def hand_points(counts: Sequence[int]) -> int:
    """Points of some cards: values score their value, honours 1."""
    return sum(POINTS[k] * counts[k] for k in range(NUM_KINDS))
