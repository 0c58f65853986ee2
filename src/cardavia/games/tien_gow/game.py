"""The Tien Gow ``Game``: new deals from a seed, actions and records in JSON, replay text."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardavia.games.errors import RecordError
from cardavia.games.profile import Hidden, Profile, Review
from cardavia.games.protocol import Deal, Game, Outcome, Piece
from cardavia.games.tien_gow.actions import Play, play_from_json
from cardavia.games.tien_gow.deal import TienGowDeal, outcome_of
from cardavia.games.tien_gow.messages import MESSAGES
from cardavia.games.tien_gow.options import parse_options
from cardavia.games.tien_gow.record import GAME_ID, read_record
from cardavia.games.tien_gow.tiles import TILES, full_set, mask_of
from cardavia.games.tien_gow.view import View


def _money(amount: int) -> str:
    return f"{amount:+d}" if amount else "0"


class TienGow:
    """Tien Gow (天九): four players, 32 tiles, the last trick wins."""

    name = GAME_ID
    num_seats = 4
    # the 21 kinds, civil from Heaven down
    pieces = tuple(Piece(t.code, t.name, copies=t.copies) for t in TILES)
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
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < 4):
            raise RecordError("bad-seat", MESSAGES["bad-seat"].format(what="the banker"), {"what": "banker"})
        rng = random.Random(seed)
        tiles = full_set()
        rng.shuffle(tiles)
        hands = []
        for seat in range(4):
            mask = mask_of(tiles[8 * seat : 8 * seat + 8])
            assert mask is not None
            hands.append(mask)
        banker = rng.randrange(4) if dealer is None else dealer
        return TienGowDeal(hands, banker, opts)

    def action_from_json(self, obj: object, seat: int) -> Play:
        return play_from_json(obj, seat)

    def action_to_json(self, action: Play) -> dict[str, Any]:
        return action.to_json()

    def deal_from_record(self, record: Mapping[str, Any]) -> tuple[TienGowDeal, Sequence[Play]]:
        hands, banker, options, plays = read_record(record)
        return TienGowDeal(hands, banker, options), plays

    def progress(self, deal: Deal[Play, View]) -> dict[str, Any]:
        if not isinstance(deal, TienGowDeal):
            raise TypeError("not a Tien Gow deal")
        return deal.progress()

    def describe(self, outcome: Mapping[str, Any]) -> str:
        """Plain English for ``cardavia replay``: the outcome, or the state an unfinished deal reached."""
        if outcome.get("finished") is False:
            lines = [f"Unfinished deal: banker seat {outcome['banker']}, seat {outcome['to_act']} to play."]
            for i, t in enumerate(outcome["tricks"], 1):
                lines.append(f"Trick {i}: seat {t['leader']} led {t['size']}, seat {t['winner']} won.")
            lines.append("Columns:   " + " ".join(f"{c:>5}" for c in outcome["columns"]))
            lines.append("Immediate: " + " ".join(f"{_money(c):>5}" for c in outcome["immediate"]))
            lines.append("Tiles left:" + " ".join(f"{c:>5}" for c in outcome["hand_sizes"]))
            return "\n".join(lines)
        lines = [f"Seat {outcome['winner']} won the final trick and banks the next deal."]
        for i, t in enumerate(outcome["tricks"], 1):
            lines.append(f"Trick {i}: seat {t['leader']} led {t['size']}, seat {t['winner']} won.")
        lines.append("             seat 0 seat 1 seat 2 seat 3")
        lines.append("Columns:    " + "".join(f"{c:>7}" for c in outcome["columns"]))
        lines.append("Immediate:  " + "".join(f"{_money(c):>7}" for c in outcome["immediate"]))
        lines.append("Settlement: " + "".join(f"{_money(c):>7}" for c in outcome["settlement"]))
        lines.append("Net:        " + "".join(f"{_money(c):>7}" for c in outcome["net"]))
        return "\n".join(lines)

    def outcome_of(self, result: Mapping[str, Any]) -> Outcome:
        """The typed outcome of a stored result: each seat's ``net``; never drawn."""
        return outcome_of(result)

    def redact(self, action: Mapping[str, Any], actor: int, viewer: int) -> dict[str, Any]:
        """A face-down play as another seat sees it: its seat and tile count, never its tiles."""
        if actor == viewer or action.get("face") != "down":
            return dict(action)
        shown = {key: value for key, value in action.items() if key != "tiles"}
        tiles = action.get("tiles")
        shown["count"] = len(tiles) if isinstance(tiles, list) else 0
        return shown

    def next_dealer(self, result: Mapping[str, Any]) -> int | None:
        """The final-trick winner banks the next deal."""
        winner = result.get("next_banker")
        return winner if isinstance(winner, int) else None


GAME = TienGow()

if TYPE_CHECKING:  # mypy proves the engine satisfies the shared protocols
    _game: Game[Play, View] = GAME
