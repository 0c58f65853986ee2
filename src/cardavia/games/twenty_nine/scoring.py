"""A finished deal's score (spec: Score) and its result JSON, exactly as ``cardavia replay --json`` prints it.

The bidder's team makes its contract when its card points reach the target (the bid, moved by a
pair); it then gains the multiplier in game points, else loses it; the other team's score does not
change. An annulled deal scores nothing and the same dealer deals again.

As the deal's returns (``Outcome``), which must sum to zero over the seats, each seat of the
bidder's team gets the bidder's game points and each opponent their negation: what the match
score moves between the two teams.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardavia.games.errors import RecordError
from cardavia.games.protocol import Outcome

MATCH_POINTS = 6  # a team at +6 wins the match, at -6 loses it


def annulled_result(dealer: int) -> dict[str, Any]:
    """The result of a deal annulled because eldest's first four hold no point card."""
    return {
        "finished": True,
        "annulled": True,
        "reason": "eldest-pointless",
        "game_points": [0, 0],
        "next_dealer": dealer,
    }


def deal_result(
    *,
    dealer: int,
    bidder: int,
    bid: int,
    multiplier: int,
    trump: str,
    reveal: tuple[int, int] | None,
    pair: tuple[int, int] | None,
    target: int,
    points: Sequence[int],
    tricks: Sequence[tuple[int, int, int]],
) -> dict[str, Any]:
    """The result JSON of a finished deal: ``reveal`` is (asker, trick), ``pair`` (seat, effect),
    ``points`` each team's card points, ``tricks`` each trick's (leader, winner, points)."""
    team = bidder % 2
    made = points[team] >= target
    game_points = [0, 0]
    game_points[team] = multiplier if made else -multiplier
    return {
        "finished": True,
        "annulled": False,
        "bidder": bidder,
        "bid": bid,
        "multiplier": multiplier,
        "trump": trump,
        "reveal": None if reveal is None else {"seat": reveal[0], "trick": reveal[1]},
        "pair": None if pair is None else {"seat": pair[0], "effect": pair[1]},
        "target": target,
        "points": list(points),
        "made": made,
        "game_points": game_points,
        "next_dealer": (dealer + 1) % 4,
        "tricks": [{"leader": leader, "winner": winner, "points": p} for leader, winner, p in tricks],
    }


def _bad(what: str) -> RecordError:
    return RecordError("bad-result", f"not a Twenty-Nine result: {what}", {"what": what})


def outcome_of(result: Mapping[str, Any]) -> Outcome:
    """The typed outcome of a result JSON: per seat, its team's game points less the other team's;
    drawn (all zeros, no winner) for an annulled deal; the winner is the bidder when the contract is
    made, else the seat after the bidder. ``RecordError`` (``bad-result``) for a result that does not read."""
    game_points = result.get("game_points")
    if (
        not isinstance(game_points, list)
        or len(game_points) != 2
        or not all(type(g) is int for g in game_points)
    ):
        raise _bad('"game_points" must be two whole numbers')
    if result.get("annulled") is True:
        if any(game_points):
            raise _bad("an annulled deal scores nothing")
        return Outcome((0, 0, 0, 0), True, dict(result), None)
    bidder, made = result.get("bidder"), result.get("made")
    if type(bidder) is not int or not 0 <= bidder < 4 or type(made) is not bool:
        raise _bad('"bidder" must be a seat and "made" true or false')
    returns = tuple(game_points[s % 2] - game_points[1 - s % 2] for s in range(4))
    winner = bidder if made else (bidder + 1) % 4
    return Outcome(returns, False, dict(result), winner)


def match_after(scores: tuple[int, int], result: Mapping[str, Any]) -> tuple[int, int]:
    """The match score (team 0, team 1) after a deal's result: each team's game points added."""
    game_points = result["game_points"]
    return scores[0] + game_points[0], scores[1] + game_points[1]


def match_winner(scores: tuple[int, int]) -> int | None:
    """The team that has won the match, or None while it goes on: a team at +6 wins it, a team at -6
    loses it (the other team wins). Only the bidder's team scores in a deal, so one team at most
    crosses a line at a time."""
    for team in (0, 1):
        if scores[team] >= MATCH_POINTS:
            return team
        if scores[team] <= -MATCH_POINTS:
            return 1 - team
    return None
