"""The end of a Gaple deal (spec: End of the deal, Points and match): each seat's count, who wins a
blocked deal, the points, the match score, and the result JSON exactly as ``cardavia replay --json``
prints it.

As the deal's returns (``Outcome``), which sum to zero over the seats: without teams the winner gets its
points and every other seat loses its own count (what it handed the winner); with teams each seat of
the winning team gets the team's points and each seat of the other team loses them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardavia.games.errors import RecordError
from cardavia.games.gaple.options import Options
from cardavia.games.packs.double_six import CODES, TILE_PIPS, tiles_in
from cardavia.games.protocol import Outcome

NUM_SEATS = 4


def turn_order_after(seat: int) -> list[int]:
    """Every seat in turn order from the one after ``seat``, ``seat`` itself last."""
    return [(seat + k) % NUM_SEATS for k in range(1, NUM_SEATS + 1)]


def counts_of(held: Sequence[int], dead: Sequence[Sequence[int]]) -> list[int]:
    """Each seat's count: the pips of the tiles in its hand (``held``: masks) and of its dead tiles."""
    return [
        sum(TILE_PIPS[t] for t in tiles_in(held[s])) + sum(TILE_PIPS[t] for t in dead[s])
        for s in range(NUM_SEATS)
    ]


def blocked_winner(counts: Sequence[int], blocker: int, options: Options) -> int:
    """The winner of a deal ``blocker`` closed: the lowest count, a tie going to the tied seat first in
    turn order after the blocker (the blocker last); with teams the lower team total first (a tie
    the same way), then that team's seat with the lower count (a tie the same way)."""
    order = turn_order_after(blocker)
    if not options.teams:
        return min(order, key=lambda s: (counts[s], order.index(s)))
    totals = [counts[t] + counts[t + 2] for t in (0, 1)]
    team = min(order, key=lambda s: (totals[s % 2], order.index(s))) % 2
    mates = [s for s in order if s % 2 == team]
    return min(mates, key=lambda s: (counts[s], order.index(s)))


def points_of(counts: Sequence[int], winner: int, options: Options) -> list[int]:
    """Each side's points this deal: the winner's side scores the counts of every seat not on it."""
    points = [0] * options.sides
    side = options.side_of(winner)
    points[side] = sum(counts[s] for s in range(NUM_SEATS) if options.side_of(s) != side)
    return points


def match_after(scores: Sequence[int], points: Sequence[int], target: int) -> tuple[list[int], int | None]:
    """The match scores after a deal's points, and the side that has reached ``target`` (None while
    the match goes on; only one side scores a deal, so at most one reaches it)."""
    after = [a + b for a, b in zip(scores, points, strict=True)]
    won = next((side for side, score in enumerate(after) if score >= target), None)
    return after, won


def deal_result(
    *,
    end: str,
    winner: int,
    blocker: int | None,
    ends: tuple[int, int],
    held: Sequence[int],
    dead: Sequence[Sequence[int]],
    scores: Sequence[int],
    options: Options,
) -> dict[str, Any]:
    """The result JSON of a finished deal: ``end`` is ``"out"`` or ``"blocked"``, ``held`` the hands
    left (masks), ``dead`` the discarded tiles, ``scores`` the match scores before the deal."""
    counts = counts_of(held, dead)
    points = points_of(counts, winner, options)
    after, won = match_after(scores, points, options.target)
    return {
        "finished": True,
        "annulled": False,
        "end": end,
        "winner": winner,
        "ends": list(ends),
        "hands": [[CODES[t] for t in tiles_in(h)] for h in held],
        "dead": [[CODES[t] for t in d] for d in dead],
        "counts": counts,
        "points": points,
        "scores": after,
        "next_leader": None if won is not None else winner,
        "match_over": won is not None,
        "match_winner": won,
        # more than the spec's fields (allowed): who closed a blocked deal, and the match's target
        "blocker": blocker,
        "target": options.target,
    }


def annulled_result(
    *, first: bool, leader: int, scores: Sequence[int], shown: tuple[int, Sequence[int]], options: Options
) -> dict[str, Any]:
    """The result of a deal annulled as it was dealt: ``shown`` is the seat holding too many doubles
    and those doubles (shown to claim the redeal)."""
    seat, doubles = shown
    return {
        "finished": True,
        "annulled": True,
        "reason": "doubles",
        "points": [0] * options.sides,
        "scores": list(scores),
        "next_leader": None if first else leader,
        "match_over": False,
        "match_winner": None,
        "shown": {"seat": seat, "tiles": [CODES[t] for t in doubles]},
        "target": options.target,
    }


def returns_of(counts: Sequence[int], points: Sequence[int], winner: int) -> tuple[int, ...]:
    """Each seat's returns from a finished deal's counts, points (per side) and winner (see the module
    docstring); they sum to zero."""
    if len(points) == 2:  # teams: the winning team's points, won by each of its seats from the other's
        gain = points[winner % 2]
        return tuple(gain if s % 2 == winner % 2 else -gain for s in range(NUM_SEATS))
    return tuple(points[winner] if s == winner else -counts[s] for s in range(NUM_SEATS))


def _bad(what: str) -> RecordError:
    return RecordError("bad-result", f"not a Gaple result: {what}", {"what": what})


def _ints(value: object, n: int) -> bool:
    return isinstance(value, list) and len(value) == n and all(type(v) is int for v in value)


def outcome_of(result: Mapping[str, Any]) -> Outcome:
    """The typed outcome of a result JSON (see :func:`returns_of`): drawn (all zeros, no winner) for an
    annulled deal. ``RecordError`` (``bad-result``) for a result that does not read."""
    points = result.get("points")
    if not (_ints(points, 4) or _ints(points, 2)):
        raise _bad('"points" must be four (or, with teams, two) whole numbers')
    assert isinstance(points, list)
    if result.get("annulled") is True:
        if any(points):
            raise _bad("an annulled deal scores nothing")
        return Outcome((0, 0, 0, 0), True, dict(result), None)
    winner, counts = result.get("winner"), result.get("counts")
    if type(winner) is not int or not 0 <= winner < NUM_SEATS or not _ints(counts, NUM_SEATS):
        raise _bad('"winner" must be a seat and "counts" four whole numbers')
    assert isinstance(counts, list)
    returns = returns_of(counts, points, winner)
    if sum(returns) != 0:
        raise _bad("the winner's points are not the other seats' counts")
    return Outcome(returns, False, dict(result), winner)
