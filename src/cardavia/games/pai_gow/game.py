"""The Pai Gow ``Game``: new deals from a seed, sets and records in JSON, replay text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardavia.games.dealing import shuffle_and_banker
from cardavia.games.facade import GameFacade
from cardavia.games.packs.dominoes import PIECES
from cardavia.games.pai_gow.actions import SetHand, set_from_json
from cardavia.games.pai_gow.deal import PaiGowDeal, deal_from_record, outcome_of
from cardavia.games.pai_gow.messages import MESSAGES
from cardavia.games.pai_gow.options import parse_options
from cardavia.games.pai_gow.record import GAME_ID
from cardavia.games.pai_gow.tiles import full_set
from cardavia.games.pai_gow.view import View
from cardavia.games.payments import signed
from cardavia.games.profile import Hidden, Profile, Review
from cardavia.games.protocol import Game


class PaiGow(
    GameFacade[SetHand, View, PaiGowDeal],
    deal=PaiGowDeal,
    read_action=set_from_json,
    read_record=deal_from_record,
    read_outcome=outcome_of,
    next_dealer_key="next_banker",  # the bank passes counter-clockwise
):
    """Pai Gow (牌九): four seats each split four tiles into two hands against the banker's."""

    name = GAME_ID
    num_seats = 4
    pieces = PIECES  # the 21 kinds of the dominoes pack, civil from Heaven down
    messages: Mapping[str, str] = MESSAGES
    profile = Profile(
        seats=4,
        simultaneous=True,  # every seat sets its tiles at once, in secret
        # the other hands, the sixteen tiles never dealt, each set until all are revealed
        hidden=frozenset({Hidden.HANDS, Hidden.STOCK, Hidden.ACTIONS}),
        review=Review.EXACT,
    )

    def new_deal(
        self, seed: int, *, options: Mapping[str, Any] | None = None, dealer: int | None = None
    ) -> PaiGowDeal:
        """A fresh uniform shuffle from ``seed`` (its own generator), four tiles to each seat.

        The banker is ``dealer``, or drawn after the shuffle, so a given banker changes who banks,
        not who holds what. The other 16 tiles are never dealt.
        """
        opts = parse_options(options)
        tiles, banker = shuffle_and_banker(seed, full_set(), dealer, 4, MESSAGES)
        hands = [tiles[4 * seat : 4 * seat + 4] for seat in range(4)]
        return PaiGowDeal(hands, banker, opts)

    def describe(self, outcome: Mapping[str, Any]) -> str:
        """Plain English for ``cardavia replay``: each seat's hands and result, or who has set."""
        if outcome.get("finished") is False:
            flags = outcome["set"]
            who = ", ".join(f"seat {s} {'has set' if f else 'has not set'}" for s, f in enumerate(flags))
            return f"Unfinished deal: banker seat {outcome['banker']}; {who}."
        lines = [f"Banker seat {outcome['banker']}; seat {outcome['next_banker']} banks the next deal."]
        for seat, (hands, res, net) in enumerate(
            zip(outcome["hands"], outcome["results"], outcome["net"], strict=True)
        ):
            high, low = "+".join(hands["high"]), "+".join(hands["low"])
            role = "banker" if res is None else res
            lines.append(f"Seat {seat}: {high} / {low}  {role:<6} {signed(net):>3}")
        return "\n".join(lines)

    def redact(self, action: Mapping[str, Any], actor: int, viewer: int) -> dict[str, Any]:
        """Another seat's set shows only that it was made: its tiles are in the reveal, once all have set."""
        if actor == viewer:
            return dict(action)
        return {"seat": actor}


GAME = PaiGow()

if TYPE_CHECKING:  # mypy proves the engine satisfies the shared protocols
    _game: Game[SetHand, View] = GAME
