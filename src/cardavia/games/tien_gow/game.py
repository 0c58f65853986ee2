"""The Tien Gow ``Game``: new deals from a seed, actions and records in JSON, replay text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardavia.games.dealing import shuffle_and_banker
from cardavia.games.facade import GameFacade
from cardavia.games.packs.dominoes import PIECES
from cardavia.games.payments import signed
from cardavia.games.profile import Hidden, Profile, Review
from cardavia.games.protocol import Game
from cardavia.games.tien_gow.actions import Play, play_from_json
from cardavia.games.tien_gow.deal import TienGowDeal, deal_from_record, outcome_of
from cardavia.games.tien_gow.messages import MESSAGES
from cardavia.games.tien_gow.options import parse_options
from cardavia.games.tien_gow.record import GAME_ID
from cardavia.games.tien_gow.tiles import full_set, mask_of
from cardavia.games.tien_gow.view import View


class TienGow(
    GameFacade[Play, View, TienGowDeal],
    deal=TienGowDeal,
    read_action=play_from_json,
    read_record=deal_from_record,
    read_outcome=outcome_of,
    next_dealer_key="next_banker",  # the final-trick winner banks the next deal
):
    """Tien Gow (天九): four players, 32 tiles, the last trick wins."""

    name = GAME_ID
    num_seats = 4
    pieces = PIECES  # the 21 kinds of the dominoes pack, civil from Heaven down
    messages: Mapping[str, str] = MESSAGES
    profile = Profile(
        seats=4,
        hidden=frozenset({Hidden.HANDS, Hidden.ACTIONS}),  # the other hands, the tiles played face down
        review=Review.SAMPLED,
        random_playout=True,
    )

    def new_deal(
        self, seed: int, *, options: Mapping[str, Any] | None = None, dealer: int | None = None
    ) -> TienGowDeal:
        """Shuffle the 32 tiles from ``seed``, eight to each seat; the banker is ``dealer`` or drawn.

        The hands depend on the seed only (the banker is drawn after the shuffle), so a given
        ``dealer`` changes who leads, not who holds what.
        """
        opts = parse_options(options)
        tiles, banker = shuffle_and_banker(seed, full_set(), dealer, 4, MESSAGES)
        hands = []
        for seat in range(4):
            mask = mask_of(tiles[8 * seat : 8 * seat + 8])
            assert mask is not None
            hands.append(mask)
        return TienGowDeal(hands, banker, opts)

    def describe(self, outcome: Mapping[str, Any]) -> str:
        """Plain English for ``cardavia replay``: the outcome, or the state an unfinished deal reached."""
        if outcome.get("finished") is False:
            lines = [f"Unfinished deal: banker seat {outcome['banker']}, seat {outcome['to_act']} to play."]
            for i, t in enumerate(outcome["tricks"], 1):
                lines.append(f"Trick {i}: seat {t['leader']} led {t['size']}, seat {t['winner']} won.")
            lines.append("Columns:   " + " ".join(f"{c:>5}" for c in outcome["columns"]))
            lines.append("Immediate: " + " ".join(f"{signed(c):>5}" for c in outcome["immediate"]))
            lines.append("Tiles left:" + " ".join(f"{c:>5}" for c in outcome["hand_sizes"]))
            return "\n".join(lines)
        lines = [f"Seat {outcome['winner']} won the final trick and banks the next deal."]
        for i, t in enumerate(outcome["tricks"], 1):
            lines.append(f"Trick {i}: seat {t['leader']} led {t['size']}, seat {t['winner']} won.")
        lines.append("             seat 0 seat 1 seat 2 seat 3")
        lines.append("Columns:    " + "".join(f"{c:>7}" for c in outcome["columns"]))
        lines.append("Immediate:  " + "".join(f"{signed(c):>7}" for c in outcome["immediate"]))
        lines.append("Settlement: " + "".join(f"{signed(c):>7}" for c in outcome["settlement"]))
        lines.append("Net:        " + "".join(f"{signed(c):>7}" for c in outcome["net"]))
        return "\n".join(lines)

    def redact(self, action: Mapping[str, Any], actor: int, viewer: int) -> dict[str, Any]:
        """A face-down play as another seat sees it: its seat and tile count, never its tiles."""
        if actor == viewer or action.get("face") != "down":
            return dict(action)
        shown = {key: value for key, value in action.items() if key != "tiles"}
        tiles = action.get("tiles")
        shown["count"] = len(tiles) if isinstance(tiles, list) else 0
        return shown


GAME = TienGow()

if TYPE_CHECKING:  # mypy proves the engine satisfies the shared protocols
    _game: Game[Play, View] = GAME
