"""A seeded shuffle and a banker drawn after it, as the tile games deal.

The banker is drawn from the same generator after the shuffle, so the pieces depend on the seed only:
a given banker changes who banks and leads, not who holds what.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TypeVar

from cardavia.games.errors import RecordError

P = TypeVar("P")


def shuffle_and_banker(
    seed: int, pieces: Sequence[P], banker: int | None, num_seats: int, messages: Mapping[str, str]
) -> tuple[list[P], int]:
    """``pieces`` shuffled from ``seed`` and the banker: ``banker`` if given, else drawn after the
    shuffle. ``RecordError`` (``bad-seat``, in the game's ``messages``) for a banker that is not a seat."""
    if banker is not None and (type(banker) is not int or not 0 <= banker < num_seats):
        raise RecordError("bad-seat", messages["bad-seat"].format(what="the banker"), {"what": "banker"})
    rng = random.Random(seed)
    shuffled = list(pieces)
    rng.shuffle(shuffled)
    return shuffled, rng.randrange(num_seats) if banker is None else banker
