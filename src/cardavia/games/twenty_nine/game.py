"""The Twenty-Nine ``Game``: new deals from a seed, actions and records in JSON, replay text."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardavia.games.facade import GameFacade
from cardavia.games.packs.french import PACK
from cardavia.games.profile import Hidden, Profile, Review, Sides
from cardavia.games.protocol import Deal, Game, Piece
from cardavia.games.twenty_nine.actions import Action, action_from_json
from cardavia.games.twenty_nine.cards import POINTS
from cardavia.games.twenty_nine.deal import GAME_ID, NUM_SEATS, TwentyNineDeal, new_deal
from cardavia.games.twenty_nine.messages import MESSAGES
from cardavia.games.twenty_nine.options import parse_options
from cardavia.games.twenty_nine.record import read_record
from cardavia.games.twenty_nine.scoring import MATCH_POINTS, match_after, match_winner, outcome_of
from cardavia.games.twenty_nine.view import TwentyNineView

_SUIT_WORDS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


class TwentyNine(
    GameFacade[Action, TwentyNineView, TwentyNineDeal],
    deal=TwentyNineDeal,
    read_action=action_from_json,
    read_record=read_record,
    read_outcome=outcome_of,
    # the seat after the dealer deals next; after an annulled deal the same dealer deals again
    next_dealer_key="next_dealer",
):
    """Twenty-Nine: four players in two partnerships, 32 cards, a hidden trump."""

    name = GAME_ID
    num_seats = NUM_SEATS
    pieces = tuple(Piece(c.code, c.name, POINTS[c.index]) for c in PACK)
    messages: Mapping[str, str] = MESSAGES
    profile = Profile(
        seats=NUM_SEATS,
        # the partnerships (spec: Seats): partners face each other; the arena seats a team with one level
        sides=Sides.FIXED,
        teams=((0, 2), (1, 3)),
        # the other hands, the second four cards of each until dealt, the trump until it is shown
        hidden=frozenset({Hidden.HANDS, Hidden.STOCK, Hidden.ACTIONS}),
        review=Review.SAMPLED,
        series=True,  # a match to six game points (``series``)
        # one friend is the host's partner (seat 2, across), two or three fill the opponents' seats after
        invite_order=(2, 1, 3),
    )

    def new_deal(
        self, seed: int, *, options: Mapping[str, Any] | None = None, dealer: int | None = None
    ) -> TwentyNineDeal:
        """A fresh deal from ``seed``; ``dealer`` None draws it from the seed (the cards depend on
        the seed only)."""
        return new_deal(seed, dealer, parse_options(options))

    def describe(self, outcome: Mapping[str, Any]) -> str:
        """Plain English for ``cardavia replay``: the contract and how it went, an annulled deal, or
        the phase an unfinished record reached."""
        if outcome.get("finished") is False:
            return f"Unfinished deal: {outcome.get('phase')}, seat {outcome.get('to_act')} to act."
        if outcome.get("annulled"):
            return (
                "Annulled: eldest's first four cards hold no point card. No score; "
                f"seat {outcome.get('next_dealer')} deals again."
            )
        bidder, target = outcome["bidder"], outcome["target"]
        team = bidder % 2
        lines = [
            f"Seat {bidder} bid {outcome['bid']} with {_SUIT_WORDS.get(outcome['trump'], '?')} trumps"
            f" (x{outcome['multiplier']})."
        ]
        reveal, pair = outcome.get("reveal"), outcome.get("pair")
        lines.append(
            "The trump was never asked for."
            if reveal is None
            else f"Seat {reveal['seat']} asked for the trump in trick {reveal['trick']}."
        )
        if pair is not None:
            lines.append(f"Seat {pair['seat']} declared the pair: target {target}.")
        for i, t in enumerate(outcome["tricks"]):
            lines.append(f"Trick {i}: seat {t['leader']} led, seat {t['winner']} won {t['points']}.")
        points = outcome["points"]
        verdict = "made" if outcome["made"] else "failed"
        lines.append(
            f"Seats {team} and {team + 2} took {points[team]} of {points[0] + points[1]} against a target"
            f" of {target}: {verdict}. Game points {outcome['game_points']}; seat"
            f" {outcome['next_dealer']} deals next."
        )
        return "\n".join(lines)

    def redact(self, action: Mapping[str, Any], actor: int, viewer: int) -> dict[str, Any]:
        """The trump choice as another seat sees it: that the bidder set a trump, not which. (Once
        revealed, the trump is in every view; the action itself stays redacted.) Every other action
        is public as written."""
        if actor != viewer and action.get("do") == "trump":
            return {key: value for key, value in action.items() if key != "suit"}
        return dict(action)

    def series(self, results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """The match score of a table's finished deals (spec: Score), played to +6 or -6:
        ``scores`` the two teams' game points in the match being played (its last deal included, so
        a match just won shows its final score), ``won`` the team that won the match the last deal
        ended (None otherwise), ``matches`` the matches each team has won, ``to`` the line. After a
        won match the next deal starts a new one at 0-0."""
        scores = (0, 0)
        won: int | None = None
        matches = [0, 0]
        for result in results:
            if won is not None:
                scores, won = (0, 0), None
            scores = match_after(scores, result)
            won = match_winner(scores)
            if won is not None:
                matches[won] += 1
        return {"scores": list(scores), "won": won, "matches": matches, "to": MATCH_POINTS}


GAME = TwentyNine()

if TYPE_CHECKING:  # mypy proves the engine satisfies the shared protocols
    _game: Game[Action, TwentyNineView] = GAME
    _deal: Deal[Action, TwentyNineView] = new_deal(0)
