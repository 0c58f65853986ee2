"""A finished deal's score (spec: Score) and its result JSON, exactly as ``cardavia replay --json`` prints it.

The bidder's team makes its contract when its card points reach the target (the bid, moved by a
pair); it then gains the multiplier in game points, else loses it; the other team's score does not
change. An annulled deal scores nothing and the same dealer deals again.

As the deal's returns (``Outcome``), which must sum to zero over the seats, each seat of the
bidder's team gets the bidder's game points and each opponent their negation: what the match
score moves between the two teams.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardavia.games.errors import RecordError
from cardavia.games.protocol import Outcome

if TYPE_CHECKING:
    from cardavia.games.twenty_nine.deal import TwentyNineDeal

MATCH_POINTS = 6  # a team at +6 wins the match, at -6 loses it


def deal_result(deal: TwentyNineDeal) -> dict[str, Any]:
    """The result JSON of a finished or annulled deal."""
    if deal.phase == "annulled":
        return {
            "finished": True,
            "annulled": True,
            "reason": "eldest-pointless",
            "game_points": [0, 0],
            "next_dealer": deal.dealer,
        }
    assert deal.bidder is not None and deal.trump is not None
    team = deal.bidder % 2
    target = deal.target
    made = deal.team_points[team] >= target
    game_points = [0, 0]
    game_points[team] = deal.multiplier if made else -deal.multiplier
    return {
        "finished": True,
        "annulled": False,
        "bidder": deal.bidder,
        "bid": deal.bid,
        "multiplier": deal.multiplier,
        "trump": deal.trump_code(),
        "reveal": None if deal.reveal is None else {"seat": deal.reveal[0], "trick": deal.reveal[1]},
        "pair": None if deal.pair is None else {"seat": deal.pair[0], "effect": deal.pair[1]},
        "target": target,
        "points": list(deal.team_points),
        "made": made,
        "game_points": game_points,
        "next_dealer": (deal.dealer + 1) % 4,
        "tricks": [{"leader": t[0], "winner": t[1], "points": t[2]} for t in deal.tricks],
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
