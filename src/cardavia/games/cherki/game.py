"""The Cherki ``Game`` object: makes deals, reads and writes actions and records, describes outcomes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardavia.games.cherki.actions import Action, action_from_json
from cardavia.games.cherki.cards import COPIES, FACES
from cardavia.games.cherki.deal import CherkiDeal, new_deal
from cardavia.games.cherki.dealing import check_dealer
from cardavia.games.cherki.messages import MESSAGES
from cardavia.games.cherki.options import check_options
from cardavia.games.cherki.record import deal_from_record
from cardavia.games.cherki.rules import NUM_SEATS
from cardavia.games.cherki.turns import outcome_of
from cardavia.games.cherki.view import CherkiView
from cardavia.games.facade import GameFacade
from cardavia.games.profile import Hidden, Profile, Review
from cardavia.games.protocol import Deal, Game, Piece


class CherkiGame(
    GameFacade[Action, CherkiView, CherkiDeal],
    deal=CherkiDeal,
    read_action=action_from_json,
    read_record=deal_from_record,
    read_outcome=outcome_of,
):
    """Cherki (satisfies ``cardavia.games.protocol.Game``). Every Cherki action is public as written
    (``redact``): a draw names no card (the drawn card stays in the drawer's view), a take names the top
    discard all have seen, a discard is face up. Every deal has a new random dealer (``next_dealer`` is
    None): a drawn deal is redealt from a new seed, a won deal ends the match."""

    name = "cherki"
    num_seats = NUM_SEATS
    pieces = tuple(Piece(f.code, f.name, f.points, COPIES) for f in FACES)  # the 30 faces, in pack order
    messages: Mapping[str, str] = MESSAGES
    profile = Profile(
        seats=NUM_SEATS,
        hidden=frozenset({Hidden.HANDS, Hidden.STOCK}),  # the other hands and the stock
        review=Review.SAMPLED,
        random_playout=True,
    )

    def new_deal(
        self, seed: int, *, options: Mapping[str, Any] | None = None, dealer: int | None = None
    ) -> CherkiDeal:
        """A fresh deal from ``seed``; ``dealer`` None draws the dealer at random from the seed."""
        check_options(None if options is None else dict(options))
        return new_deal(seed, None if dealer is None else check_dealer(dealer))

    def describe(self, outcome: Mapping[str, Any]) -> str:
        """Plain English for ``cardavia replay``: the winner, x and the deltas; a drawn deal; or the
        state an unfinished record reached."""
        if outcome.get("finished") is False:
            called = [str(s) for s, c in enumerate(outcome.get("called", [])) if c]
            todo = "draw, take or call" if outcome.get("phase") == "pickup" else "discard"
            return (
                f"Unfinished after {outcome.get('actions')} actions: seat {outcome.get('to_act')} "
                f"to {todo}; {outcome.get('stock')} cards in the stock; "
                f"called: {', '.join(called) if called else 'nobody'}."
            )
        deltas = outcome.get("deltas", [])
        paid = ", ".join(f"seat {s} {d:+d}" for s, d in enumerate(deltas))
        if outcome.get("drawn"):
            return (
                "Drawn deal: the stock ran out with no winner; all settlements are zero.\n"
                "Redeal with a new random dealer."
            )
        hand = " ".join(outcome.get("hand") or [])
        return f"Seat {outcome.get('winner')} wins with {hand}: x = {outcome.get('x')}.\nDeltas: {paid}."


GAME = CherkiGame()


def _conforms(game: Game[Action, CherkiView], deal: Deal[Action, CherkiView]) -> None:
    """Never called: lets mypy check that Cherki satisfies the shared protocols."""


if TYPE_CHECKING:
    _conforms(GAME, new_deal(0))
