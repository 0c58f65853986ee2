"""Secret Card's engine: the ``Game`` and ``Deal`` protocol, with ``acting()`` (several seats at once)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardavia.games.errors import IllegalAction, RecordError
from cardavia.games.facade import GameFacade
from cardavia.games.outcomes import outcome_from
from cardavia.games.profile import Hidden, Profile
from cardavia.games.protocol import Outcome, Piece
from toy.engine import CODES, NAMES, PACK
from toykit import toy_deal, toy_record

GAME_ID = "toy-sim"
NUM_SEATS = 3
HAND = 3
JSON = dict[str, Any]

MESSAGES: dict[str, str] = {
    "not-in-hand": "You hold no {piece}.",
    "already-chosen": "Seat {seat} has chosen already.",
    "bad-seat": "There is no such seat.",
}


@dataclass(frozen=True)
class Choose:
    """``seat`` chooses ``piece`` of its hand, face down."""

    seat: int
    piece: str

    def to_json(self) -> JSON:
        return {"seat": self.seat, "piece": self.piece}


@dataclass(frozen=True)
class SimView:
    seat: int
    hand: tuple[str, ...]
    chosen: str | None
    chose: tuple[bool, ...]
    acting: tuple[int, ...]
    legal: tuple[Choose, ...]
    shown: tuple[str, ...] | None  # every seat's choice, once all have chosen
    result: JSON | None

    def to_json(self) -> JSON:
        return {
            "seat": self.seat,
            "hand": list(self.hand),
            "hand_sizes": [HAND] * NUM_SEATS,
            "chosen": self.chosen,
            "chose": list(self.chose),
            "acting": list(self.acting),
            "to_act": min(self.acting, default=None),
            "shown": None if self.shown is None else list(self.shown),
            "result": self.result,
        }


class SimDeal:
    num_seats = NUM_SEATS

    def __init__(self, dealer: int, hands: Sequence[Sequence[str]]) -> None:
        self.dealer = dealer
        self.hands = tuple(tuple(h) for h in hands)
        self.choices: list[str | None] = [None] * NUM_SEATS
        self.order: list[Choose] = []

    def acting(self) -> frozenset[int]:
        return frozenset(s for s in range(NUM_SEATS) if self.choices[s] is None)

    def to_act(self) -> int | None:
        return min(self.acting(), default=None)

    def legal_actions_of(self, seat: int) -> tuple[Choose, ...]:
        if self.choices[seat] is not None:
            return ()
        return tuple(Choose(seat, code) for code in sorted(set(self.hands[seat])))

    def legal_actions(self) -> Sequence[Choose]:
        seat = self.to_act()
        return () if seat is None else self.legal_actions_of(seat)

    def apply(self, action: Choose) -> None:
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < NUM_SEATS:
            raise IllegalAction("bad-seat", MESSAGES["bad-seat"])
        if self.choices[seat] is not None:
            raise IllegalAction(
                "already-chosen", MESSAGES["already-chosen"].format(seat=seat), {"seat": seat}
            )
        if action.piece not in self.hands[seat]:
            raise IllegalAction(
                "not-in-hand", MESSAGES["not-in-hand"].format(piece=action.piece), {"piece": action.piece}
            )
        self.choices[seat] = action.piece
        self.order.append(action)

    def view(self, seat: int) -> SimView:
        over = self.is_over()
        return SimView(
            seat=seat,
            hand=self.hands[seat],
            chosen=self.choices[seat],
            chose=tuple(c is not None for c in self.choices),
            acting=tuple(sorted(self.acting())),
            legal=self.legal_actions_of(seat),
            shown=tuple(c or "" for c in self.choices) if over else None,
            result=self.result(),
        )

    def is_over(self) -> bool:
        return all(c is not None for c in self.choices)

    def result(self) -> JSON | None:
        outcome = self.outcome()
        return None if outcome is None else dict(outcome.data)

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        values = [int(c or 0) for c in self.choices]
        best = max(values)
        winners = [s for s, v in enumerate(values) if v == best]
        winner = winners[0] if len(winners) == 1 else None
        deltas = [0] * NUM_SEATS if winner is None else [2 if s == winner else -1 for s in range(NUM_SEATS)]
        data = {"winner": winner, "drawn": winner is None, "chosen": list(self.choices), "deltas": deltas}
        return Outcome(tuple(deltas), winner is None, data, winner)

    def hidden_from(self, seat: int) -> Counter[str]:
        """The other hands and the three pieces never dealt, but for the chosen pieces once shown."""
        hidden = Counter({code: 2 for code in CODES})
        hidden.subtract(self.hands[seat])
        if self.is_over():
            hidden.subtract(c for other, c in enumerate(self.choices) if other != seat and c is not None)
        return +hidden

    def forced_action(self) -> None:
        return None

    def to_record(self) -> JSON:
        return {
            "game": GAME_ID,
            "dealer": self.dealer,
            "hands": [list(h) for h in self.hands],
            "actions": [{"seat": a.seat, "piece": a.piece} for a in self.order],
        }

    def progress(self) -> JSON:
        return {"finished": False, "chose": [c is not None for c in self.choices]}

    def clone(self) -> SimDeal:
        new = SimDeal(self.dealer, self.hands)
        new.choices = list(self.choices)
        new.order = list(self.order)
        return new


def _choose_from_json(obj: object, seat: int) -> Choose:
    """``{"piece"}`` from the API (the acting seat given), ``{"seat", "piece"}`` in records."""
    if not isinstance(obj, Mapping) or obj.get("piece") not in CODES or set(obj) - {"seat", "piece"}:
        raise RecordError("bad-action", 'an action is {"piece": one of 1 to 6}', {"action": str(obj)[:40]})
    given = obj.get("seat", seat if seat >= 0 else None)
    if type(given) is not int or not 0 <= given < NUM_SEATS or (seat >= 0 and given != seat):
        raise RecordError("bad-action", "not the acting seat", {"action": str(obj)[:40]})
    return Choose(given, str(obj["piece"]))


def _deal_from_record(record: Mapping[str, Any]) -> tuple[SimDeal, Sequence[Choose]]:
    dealer, hands, listed = toy_record(record, GAME_ID, "Secret Card", PACK, NUM_SEATS, HAND)
    return SimDeal(dealer, hands), [_choose_from_json(a, -1) for a in listed]


# a new dealer is drawn for every deal: the facade's next_dealer (none) is Secret Card's
class SimGame(
    GameFacade[Choose, Any, SimDeal],
    deal=SimDeal,
    read_action=_choose_from_json,
    read_record=_deal_from_record,
    read_outcome=lambda result: outcome_from(result, "deltas", NUM_SEATS),
):
    name = GAME_ID
    num_seats = NUM_SEATS
    pieces = tuple(Piece(code, name, int(code), copies=2) for code, name in zip(CODES, NAMES, strict=True))
    messages: Mapping[str, str] = MESSAGES
    # every seat chooses at once, in secret: the other hands, the pieces never dealt and each
    # choice until all are shown are hidden
    profile = Profile(
        seats=NUM_SEATS, simultaneous=True, hidden=frozenset({Hidden.HANDS, Hidden.STOCK, Hidden.ACTIONS})
    )

    def new_deal(
        self, seed: int, *, options: Mapping[str, Any] | None = None, dealer: int | None = None
    ) -> SimDeal:
        return SimDeal(*toy_deal(seed, PACK, NUM_SEATS, HAND, dealer, options, "Secret Card"))

    def describe(self, outcome: Mapping[str, Any]) -> str:
        if outcome.get("drawn"):
            return "A tie for the highest piece: the deal is drawn."
        return f"Seat {outcome['winner']} wins with the highest piece."

    def redact(self, action: Mapping[str, Any], actor: int, viewer: int) -> JSON:
        """Another seat's choice shows only that it was made (the pieces are shown once all have chosen)."""
        return dict(action) if actor == viewer else {"seat": actor}


GAME = SimGame()
