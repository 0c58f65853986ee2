"""A result JSON read as a typed :class:`~cardavia.games.protocol.Outcome`, the same way for every game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardavia.games.errors import RecordError
from cardavia.games.protocol import Outcome


def outcome_from(result: Mapping[str, Any], returns_key: str, num_seats: int) -> Outcome:
    """The outcome of ``result``, whose per-seat returns are the list under ``returns_key``.

    ``"winner"`` is a seat or None; ``"drawn"`` (absent means false) marks a deal without a winner,
    whose returns must be all zeros. Returns must sum to zero. ``RecordError`` (``bad-result``)
    for anything else, so that a stored result that does not read is never scored silently.
    """
    values = result.get(returns_key)
    if (
        not isinstance(values, list | tuple)
        or len(values) != num_seats
        or not all(type(v) is int for v in values)
        or sum(values) != 0
    ):
        raise RecordError("bad-result", f"{returns_key!r} must be {num_seats} whole numbers summing to 0")
    drawn = result.get("drawn", False) is True
    winner = result.get("winner")
    if drawn and (winner is not None or any(values)):
        raise RecordError("bad-result", "a drawn deal has no winner and moves no points")
    if not drawn and (type(winner) is not int or not 0 <= winner < num_seats):
        raise RecordError("bad-result", '"winner" must be a seat')
    return Outcome(tuple(values), drawn, dict(result), winner)
