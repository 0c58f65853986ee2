"""Guesses of everything a Cherki seat cannot see, consistent with its view (determinizations).

One guess deals the opponents' hands (eight cards each, holding the cards they were seen taking from
the pile and not seen discarding since; a caller's hand is a ready hand whose wait is none of the kinds
it has shown it cannot be waiting on) and the stock order from the rest. The ``hard`` level searches
over these guesses and the review prices decisions on them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import comb

from cardavia.bots.cherki.memory import SEATS, Memory
from cardavia.bots.cherki.shape import COPIES, NUM_KINDS, VALUE_KINDS
from cardavia.bots.determinize import share_out


@dataclass(frozen=True)
class Target:
    """A ready hand a caller may hold (kind counts) and the kind it waits on."""

    counts: tuple[int, ...]
    wait: int


def caller_targets(
    known: tuple[int, ...], pool: list[int], safe: frozenset[int]
) -> tuple[list[Target], list[float]]:
    """The ready hands a caller may hold, with how many ways the unseen pool deals each.

    The hand must contain the cards seen going into it (``known``) and wait on no kind in ``safe``.
    """
    targets: list[Target] = []
    weights: list[float] = []
    for a in range(NUM_KINDS):
        for b in range(a, NUM_KINDS):
            for p in range(NUM_KINDS):
                if p in safe:
                    continue
                need = [0] * NUM_KINDS
                need[a] += 3
                need[b] += 3
                need[p] += 2
                w = 1
                for k in range(NUM_KINDS):
                    n = need[k]
                    if n > COPIES[k] or (k >= VALUE_KINDS and n > 3):
                        w = 0
                        break
                    extra = n - known[k]
                    if extra < 0 or extra > pool[k]:
                        w = 0
                        break
                    if extra:
                        w *= comb(pool[k], extra)
                if w:
                    targets.append(Target(tuple(need), p))
                    weights.append(float(w))
    return targets, weights


Callers = dict[int, tuple[list[Target], list[float]]]


def callers_of(mem: Memory) -> Callers:
    """For every opponent that has called: the ready hands it may hold and their weights
    (:func:`caller_targets`), worked out once per decision for the sampler and the outlook."""
    return {
        s: caller_targets(mem.known[s], list(mem.avail), mem.safe[s])
        for s in range(SEATS)
        if s != mem.seat and mem.called[s]
    }


class Sampler:
    """Draws determinizations of the hidden cards for one decision (see the module docstring)."""

    def __init__(self, mem: Memory, callers: Callers | None = None) -> None:
        self.mem = mem
        self.pool = list(mem.avail)  # unseen cards by kind: opponents' unknown cards and the stock
        self.opponents = [s for s in range(SEATS) if s != mem.seat]
        self.callers = callers_of(mem) if callers is None else callers

    def sample(self, rng: random.Random) -> tuple[list[list[int]], list[int]] | None:
        """Opponents' hands (kind counts, by seat; own hand left empty) and the stock (draw from the end)."""
        pool = self.pool[:]
        hands: list[list[int]] = [[0] * NUM_KINDS for _ in range(SEATS)]
        for s, (targets, weights) in self.callers.items():
            if not targets:
                return None
            for _ in range(20):
                t = rng.choices(targets, weights)[0]
                extra = [t.counts[k] - self.mem.known[s][k] for k in range(NUM_KINDS)]
                if all(extra[k] <= pool[k] for k in range(NUM_KINDS)):
                    break
            else:
                return None
            for k in range(NUM_KINDS):
                pool[k] -= extra[k]
            hands[s] = list(t.counts)
        cards = [k for k in range(NUM_KINDS) for _ in range(pool[k])]
        free = [s for s in self.opponents if s not in self.callers]
        sizes = [8 - sum(self.mem.known[s]) for s in free]
        stock_size = len(cards) - sum(sizes)
        if stock_size < 0:
            return None
        parts = share_out(cards, [*sizes, stock_size], rng)
        for s, part in zip(free, parts, strict=False):
            hand = list(self.mem.known[s])
            for k in part:
                hand[k] += 1
            hands[s] = hand
        return hands, parts[-1]
