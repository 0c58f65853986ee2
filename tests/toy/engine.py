"""The toy game's engine: the whole :class:`cardavia.games.protocol.Game` and ``Deal`` protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardavia.games.errors import IllegalAction, RecordError
from cardavia.games.facade import GameFacade
from cardavia.games.outcomes import outcome_from
from cardavia.games.profile import Hidden, Profile
from cardavia.games.protocol import Outcome, Piece
from toykit import toy_deal, toy_record

GAME_ID = "toy"
NUM_SEATS = 3
HAND = 3  # pieces dealt to each seat, and rounds played
VALUES = range(1, 7)
NAMES = ("One", "Two", "Three", "Four", "Five", "Six")
CODES = tuple(str(v) for v in VALUES)
PACK = tuple(code for code in CODES for _ in range(2))  # each value twice
JSON = dict[str, Any]

MESSAGES: dict[str, str] = {
    "not-in-hand": "You hold no {piece}.",
    "deal-over": "The deal is over.",
}


@dataclass(frozen=True)
class Play:
    """The one kind of action: a piece from the hand, face up."""

    piece: str

    def to_json(self) -> JSON:
        return {"piece": self.piece}


@dataclass(frozen=True)
class ToyView:
    seat: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    played: tuple[tuple[int, str], ...]
    to_act: int | None
    dealer: int
    legal: tuple[Play, ...]
    result: JSON | None

    def to_json(self) -> JSON:
        return {
            "seat": self.seat,
            "hand": list(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "played": [{"seat": s, "piece": p} for s, p in self.played],
            "to_act": self.to_act,
            "dealer": self.dealer,
            "result": self.result,
        }


@dataclass
class ToyDeal:
    dealer: int
    hands: list[list[str]]
    num_seats: int = NUM_SEATS
    played: list[tuple[int, str]] = field(default_factory=list)
    start: tuple[tuple[str, ...], ...] = ()

    def __post_init__(self) -> None:
        if not self.start:
            self.start = tuple(tuple(hand) for hand in self.hands)

    def rounds(self) -> list[list[tuple[int, str]]]:
        """The plays of each round so far, the current one last (complete rounds have one per seat)."""
        return [self.played[i : i + NUM_SEATS] for i in range(0, len(self.played), NUM_SEATS)]

    def round_winners(self) -> list[int]:
        """The winner of each complete round: its highest piece, the first played of equal ones."""
        return [
            max(plays, key=lambda play: (int(play[1]), -plays.index(play)))[0]
            for plays in self.rounds()
            if len(plays) == NUM_SEATS
        ]

    def to_act(self) -> int | None:
        if self.is_over():
            return None
        winners = self.round_winners()
        leader = winners[-1] if winners else (self.dealer + 1) % NUM_SEATS
        return (leader + len(self.played) % NUM_SEATS) % NUM_SEATS

    def legal_actions(self) -> Sequence[Play]:
        seat = self.to_act()
        return () if seat is None else tuple(Play(code) for code in sorted(set(self.hands[seat])))

    def apply(self, action: Play) -> None:
        seat = self.to_act()
        if seat is None:
            raise IllegalAction("deal-over", MESSAGES["deal-over"])
        if action.piece not in self.hands[seat]:
            raise IllegalAction(
                "not-in-hand", MESSAGES["not-in-hand"].format(piece=action.piece), {"piece": action.piece}
            )
        self.hands[seat].remove(action.piece)
        self.played.append((seat, action.piece))

    def view(self, seat: int) -> ToyView:
        return ToyView(
            seat=seat,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            played=tuple(self.played),
            to_act=self.to_act(),
            dealer=self.dealer,
            legal=tuple(self.legal_actions()) if self.to_act() == seat else (),
            result=self.result(),
        )

    def is_over(self) -> bool:
        return len(self.played) == NUM_SEATS * HAND

    def result(self) -> JSON | None:
        outcome = self.outcome()
        return None if outcome is None else dict(outcome.data)

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        won = [0] * NUM_SEATS
        for seat in self.round_winners():
            won[seat] += 1
        best = max(won)
        winners = [seat for seat, count in enumerate(won) if count == best]
        winner = winners[0] if len(winners) == 1 else None
        deltas = [0] * NUM_SEATS if winner is None else [2 if s == winner else -1 for s in range(NUM_SEATS)]
        data = {"winner": winner, "drawn": winner is None, "rounds": won, "deltas": deltas}
        return Outcome(tuple(deltas), winner is None, data, winner)

    def hidden_from(self, seat: int) -> dict[str, int]:
        """The other seats' hands and the three pieces never dealt: everything played is face up."""
        counts = {code: 2 for code in CODES}  # the set, less what the seat sees
        for code in self.start[seat]:
            counts[code] -= 1
        for other, code in self.played:
            if other != seat:
                counts[code] -= 1
        return {code: n for code, n in counts.items() if n}

    def forced_action(self) -> Play | None:
        return None  # every turn is a choice (a seat with one piece left still chooses to play it)

    def to_record(self) -> JSON:
        return {
            "game": GAME_ID,
            "dealer": self.dealer,
            "hands": [list(hand) for hand in self.start],
            "actions": [{"seat": seat, "piece": piece} for seat, piece in self.played],
        }

    def progress(self) -> JSON:
        return {"finished": False, "to_act": self.to_act(), "played": len(self.played)}

    def clone(self) -> ToyDeal:
        return ToyDeal(self.dealer, [list(h) for h in self.hands], NUM_SEATS, list(self.played), self.start)


def _play_from_json(obj: object, seat: int) -> Play:
    if not isinstance(obj, Mapping) or not isinstance(obj.get("piece"), str) or obj["piece"] not in CODES:
        raise RecordError("bad-action", 'an action is {"piece": one of 1 to 6}', {"action": str(obj)})
    return Play(obj["piece"])


def _deal_from_record(record: Mapping[str, Any]) -> tuple[ToyDeal, Sequence[Play]]:
    dealer, hands, listed = toy_record(record, GAME_ID, "toy", PACK, NUM_SEATS, HAND)
    return ToyDeal(dealer, hands), [_play_from_json(a, -1) for a in listed]


# every piece is played face up, so the facade's redact (an action as written) is the toy's
class ToyGame(
    GameFacade[Play, Any, ToyDeal],
    deal=ToyDeal,
    read_action=_play_from_json,
    read_record=_deal_from_record,
    read_outcome=lambda result: outcome_from(result, "deltas", NUM_SEATS),
    next_dealer_key="winner",  # the deal's winner deals next
):
    name = GAME_ID
    num_seats = NUM_SEATS
    pieces = tuple(Piece(code, name, int(code), copies=2) for code, name in zip(CODES, NAMES, strict=True))
    messages: Mapping[str, str] = MESSAGES
    # three seats each on its own; the other hands and the three pieces never dealt are hidden
    profile = Profile(seats=NUM_SEATS, hidden=frozenset({Hidden.HANDS, Hidden.STOCK}))

    def new_deal(
        self, seed: int, *, options: Mapping[str, Any] | None = None, dealer: int | None = None
    ) -> ToyDeal:
        return ToyDeal(*toy_deal(seed, PACK, NUM_SEATS, HAND, dealer, options, "the toy game"))

    def describe(self, outcome: Mapping[str, Any]) -> str:
        if outcome.get("drawn"):
            return "A tie for the most rounds: the deal is drawn."
        return f"Seat {outcome['winner']} wins {max(outcome['rounds'])} rounds of {HAND}."


GAME = ToyGame()
