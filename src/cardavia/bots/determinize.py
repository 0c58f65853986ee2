"""Sampling the pieces a seat cannot see: one consistent guess of every hidden place (determinization).

Both games reduce the question to the same shape: a pool of unseen pieces to share out among hidden
places of known sizes (an opponent's hand, its face-down tiles, the stock), where some places are
known not to hold some pieces (a kind a seat has shown it lacks). The search levels sample many such
guesses and play each out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

P = TypeVar("P", bound=Hashable)


def share_out(
    pool: Sequence[P],
    sizes: Sequence[int],
    rng: random.Random,
    allowed: Callable[[int, P], bool] | None = None,
    tries: int = 20,
) -> list[list[P]]:
    """Deal ``pool`` at random into places of ``sizes`` (which must sum to ``len(pool)``).

    ``allowed(place, piece)`` says whether a place may hold a piece; without it every split is
    uniform. With it, a uniform split is drawn by rejection when that succeeds within ``tries``;
    otherwise the pieces are placed one by one, most constrained first, each into a random place
    that allows it and still has room. If the constraints cannot all be met (a soft inference was
    wrong), the remaining pieces go wherever there is room: a sample is always returned.
    """
    if sum(sizes) != len(pool):
        raise ValueError(f"places hold {sum(sizes)} pieces but the pool has {len(pool)}")
    pieces = list(pool)
    if allowed is None:
        rng.shuffle(pieces)
        return _cut(pieces, sizes)
    for _ in range(tries):
        rng.shuffle(pieces)
        places = _cut(pieces, sizes)
        if all(allowed(i, p) for i, place in enumerate(places) for p in place):
            return places
    return _greedy(pieces, sizes, rng, allowed)


def _cut(pieces: list[P], sizes: Sequence[int]) -> list[list[P]]:
    out, start = [], 0
    for size in sizes:
        out.append(pieces[start : start + size])
        start += size
    return out


def _greedy(
    pieces: list[P], sizes: Sequence[int], rng: random.Random, allowed: Callable[[int, P], bool]
) -> list[list[P]]:
    room = list(sizes)
    places: list[list[P]] = [[] for _ in sizes]
    options = {id(p): [i for i in range(len(sizes)) if allowed(i, p)] for p in pieces}
    rng.shuffle(pieces)
    pieces.sort(key=lambda p: len(options[id(p)]))
    for piece in pieces:
        fits = [i for i in options[id(piece)] if room[i] > 0]
        if not fits:
            fits = [i for i in range(len(sizes)) if room[i] > 0]
        # weight by room left so big places fill in proportion, as a uniform split would
        place = rng.choices(fits, weights=[room[i] for i in fits])[0]
        places[place].append(piece)
        room[place] -= 1
    return places
