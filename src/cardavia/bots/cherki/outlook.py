"""The chance an 8-card hand goes on to win, by expectimax over the seat's own next draws.

A hand two cards or less from ready is worth the chance that it is ready and draws its wait before
the stock runs out and before an opponent wins: each of the seat's turns brings one card, of kind
``j`` with probability (unseen ``j``) / (unseen cards), and the seat then keeps the best hand it can;
the opponents win meanwhile at a steady rate per round (higher for one that has called). This
weighs a ready hand with one live card against a hand one card away with many ways to a rich wait,
which counting ways alone cannot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardavia.bots.cherki.shape import NUM_KINDS, POINTS, distance, hand_points
from cardavia.games.cherki.hands import ready_discards, ready_wait

HAZARD_CALLED = 0.2  # the chance per round that an opponent that has called wins
HAZARD_OPEN = 0.07  # ... and one that has not called yet
PILE_BONUS = 0.25  # extra draws per turn the right-hand neighbour's discards are worth (1 once it has called)
POINTS_TIE = 1 / 400  # a point of the winning nine is worth this much chance: points break near-ties
MAX_DEPTH = 2  # hands further from ready are not valued here


@dataclass
class Outlook:
    """Values hands for one decision: the live cards, the turns left and the opponents' pace."""

    avail: tuple[int, ...]
    turns: int  # the seat's draws still to come
    survive: float  # the chance no opponent wins during one round
    extra: float  # extra draws per turn from the pile
    _cache: dict[tuple[tuple[int, ...], int], list[float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.unseen = max(1, sum(self.avail))

    def _hit(self, n: int) -> float:
        if n <= 0:
            return 0.0
        p = min(1.0, n / self.unseen)
        return float(1.0 - (1.0 - p) ** (1.0 + self.extra))

    def ready(self, live: int, points: int, turns: int) -> float:
        """A called hand with ``live`` cards of its wait still to come."""
        q = self._hit(live)
        if q <= 0 or turns <= 0:
            return 0.0
        d = self.survive
        r = d * (1 - q)
        v = d * q * (1 - r**turns) / (1 - r)
        return v * (1 + points * POINTS_TIE)

    def value(self, hand: Sequence[int], turns: int | None = None) -> float | None:
        """The chance the 8-card ``hand`` wins, None if it is too far from ready to tell."""
        t = self.turns if turns is None else turns
        d = distance(hand, self.avail)
        if d > MAX_DEPTH:
            return None
        if d == 0:
            wait = ready_wait(hand)
            if wait is not None and self.avail[wait] > 0:
                return self.ready(self.avail[wait], hand_points(hand) + POINTS[wait], t)
        vec = self._vector(tuple(hand), d)
        return vec[min(t, len(vec) - 1)]

    def _vector(self, hand: tuple[int, ...], depth: int) -> list[float]:
        """The value of a hand not ready (or ready on a dead wait) for 0..turns turns left."""
        key = (hand, depth)
        got = self._cache.get(key)
        if got is not None:
            return got
        T = self.turns
        h = list(hand)
        # per drawn kind: the best continuation, as a vector over turns left
        branches: list[tuple[float, list[float] | tuple[int, int]]] = []
        for j in range(NUM_KINDS):
            a = self.avail[j]
            if a <= 0:
                continue
            h[j] += 1
            best_ready: tuple[int, int] | None = None
            for drop, wait in ready_discards(h).items():
                live = self.avail[wait] - (1 if wait == j else 0)
                if live > 0:
                    h[drop] -= 1
                    pts = hand_points(h) + POINTS[wait]
                    h[drop] += 1
                    if best_ready is None or (live, pts) > best_ready:
                        best_ready = (live, pts)
            if best_ready is not None:
                branches.append((self._hit(a), best_ready))
            elif depth >= 2:
                best_vec: list[float] | None = None
                for drop in range(NUM_KINDS):
                    if h[drop] == 0 or drop == j:
                        continue
                    h[drop] -= 1
                    if distance(h, self.avail) < depth:
                        vec = self._vector(tuple(h), depth - 1)
                        if best_vec is None or vec[-1] > best_vec[-1]:
                            best_vec = vec
                    h[drop] += 1
                if best_vec is not None:
                    branches.append((self._hit(a), best_vec))
            h[j] -= 1
        stay = max(0.0, 1.0 - sum(p for p, _ in branches))
        out = [0.0] * (T + 1)
        d = self.survive
        for t in range(1, T + 1):
            v = stay * out[t - 1]
            for p, nxt in branches:
                if isinstance(nxt, tuple):
                    v += p * self.ready(nxt[0], nxt[1], t - 1)
                else:
                    v += p * nxt[t - 1]
            out[t] = d * v
        self._cache[key] = out
        return out
