"""Two Colours' engine: the whole ``Game`` and ``Deal`` protocol, and its profile."""

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

GAME_ID = "toy2"
NUM_SEATS = 2
HAND = 3  # pieces dealt to each seat, and rounds played
COLOURS = {"r": "red", "b": "blue"}
CODES = tuple(f"{c}{v}" for c in COLOURS for v in range(1, 5))  # r1 … r4, b1 … b4: one of each
JSON = dict[str, Any]

MESSAGES: dict[str, str] = {
    "not-in-hand": "You hold no {piece}.",
    "follow-colour": "Follow {colour}: you hold a {colour} piece.",
    "deal-over": "The deal is over.",
}


def colour(code: str) -> str:
    """The colour of a piece, in words ("red")."""
    return COLOURS[code[0]]


@dataclass(frozen=True)
class Play:
    """The one kind of action: a piece from the hand, face up. Its JSON names no seat."""

    piece: str

    def to_json(self) -> JSON:
        return {"piece": self.piece}


@dataclass(frozen=True)
class Toy2View:
    seat: int
    hand: tuple[str, ...]
    played: tuple[tuple[int, str], ...]
    to_act: int | None
    dealer: int
    won: tuple[int, ...]
    legal: tuple[Play, ...]
    result: JSON | None

    def to_json(self) -> JSON:
        return {
            "seat": self.seat,
            "hand": list(self.hand),
            "hand_sizes": [HAND - sum(1 for s, _ in self.played if s == seat) for seat in range(NUM_SEATS)],
            "played": [{"seat": s, "piece": p} for s, p in self.played],
            "to_act": self.to_act,
            "dealer": self.dealer,
            "won": list(self.won),
            "result": self.result,
        }


@dataclass
class Toy2Deal:
    dealer: int
    start: tuple[tuple[str, ...], ...]
    played: list[tuple[int, str]] = field(default_factory=list)
    num_seats: int = NUM_SEATS

    def hand(self, seat: int) -> list[str]:
        gone = {piece for s, piece in self.played if s == seat}
        return [code for code in self.start[seat] if code not in gone]

    def rounds(self) -> list[list[tuple[int, str]]]:
        return [self.played[i : i + NUM_SEATS] for i in range(0, len(self.played), NUM_SEATS)]

    def winners(self) -> list[int]:
        """The winner of each complete round: the higher piece of the colour led."""
        out = []
        for plays in self.rounds():
            if len(plays) == NUM_SEATS:
                led = plays[0][1][0]
                out.append(max((p for p in plays if p[1][0] == led), key=lambda p: p[1][1])[0])
        return out

    def to_act(self) -> int | None:
        if self.is_over():
            return None
        winners = self.winners()
        leader = winners[-1] if winners else (self.dealer + 1) % NUM_SEATS
        return (leader + len(self.played) % NUM_SEATS) % NUM_SEATS

    def legal_actions(self) -> Sequence[Play]:
        seat = self.to_act()
        if seat is None:
            return ()
        hand = self.hand(seat)
        current = self.rounds()[-1] if self.played and len(self.played) % NUM_SEATS else []
        follow = [code for code in hand if current and code[0] == current[0][1][0]]
        return tuple(Play(code) for code in sorted(follow or hand))

    def apply(self, action: Play) -> None:
        seat = self.to_act()
        if seat is None:
            raise IllegalAction("deal-over", MESSAGES["deal-over"])
        if action.piece not in self.hand(seat):
            raise IllegalAction(
                "not-in-hand", MESSAGES["not-in-hand"].format(piece=action.piece), {"piece": action.piece}
            )
        if action not in self.legal_actions():
            led = colour(self.rounds()[-1][0][1])
            raise IllegalAction(
                "follow-colour", MESSAGES["follow-colour"].format(colour=led), {"colour": led}
            )
        self.played.append((seat, action.piece))

    def view(self, seat: int) -> Toy2View:
        won = self.winners()
        return Toy2View(
            seat=seat,
            hand=tuple(self.hand(seat)),
            played=tuple(self.played),
            to_act=self.to_act(),
            dealer=self.dealer,
            won=tuple(won.count(s) for s in range(NUM_SEATS)),
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
        won = self.winners()
        winner = max(range(NUM_SEATS), key=won.count)  # two rounds of three: never a tie
        deltas = [1 if seat == winner else -1 for seat in range(NUM_SEATS)]
        data = {"winner": winner, "rounds": [won.count(s) for s in range(NUM_SEATS)], "deltas": deltas}
        return Outcome(tuple(deltas), False, {**data, "dealer": self.dealer}, winner)

    def hidden_from(self, seat: int) -> dict[str, int]:
        """The other hand and the two pieces never dealt: everything played is face up."""
        seen = set(self.start[seat]) | {piece for _, piece in self.played}
        return {code: 1 for code in CODES if code not in seen}

    def forced_action(self) -> Play | None:
        return None  # a seat with one legal piece still plays it itself

    def to_record(self) -> JSON:
        return {
            "game": GAME_ID,
            "dealer": self.dealer,
            "hands": [list(hand) for hand in self.start],
            "actions": [{"piece": piece} for _, piece in self.played],
        }

    def progress(self) -> JSON:
        return {"finished": False, "to_act": self.to_act(), "played": len(self.played)}

    def clone(self) -> Toy2Deal:
        return Toy2Deal(self.dealer, self.start, list(self.played))


def _play_from_json(obj: object, seat: int) -> Play:
    if not isinstance(obj, Mapping) or set(obj) != {"piece"} or obj["piece"] not in CODES:
        raise RecordError("bad-action", 'an action is {"piece": one of r1 to b4}', {"action": str(obj)[:40]})
    return Play(obj["piece"])


def _deal_from_record(record: Mapping[str, Any]) -> tuple[Toy2Deal, Sequence[Play]]:
    dealer, hands, listed = toy_record(record, GAME_ID, "Two Colours", CODES, NUM_SEATS, HAND)
    return Toy2Deal(dealer, tuple(tuple(h) for h in hands)), [_play_from_json(a, -1) for a in listed]


# every piece is played face up, so the facade's redact (an action as written) is Two Colours'
class Toy2Game(
    GameFacade[Play, Any, Toy2Deal],
    deal=Toy2Deal,
    read_action=_play_from_json,
    read_record=_deal_from_record,
    read_outcome=lambda result: outcome_from(result, "deltas", NUM_SEATS),
):
    name = GAME_ID
    num_seats = NUM_SEATS
    pieces = tuple(Piece(code, f"{colour(code).title()} {code[1]}") for code in CODES)
    messages: Mapping[str, str] = MESSAGES
    # two seats each on its own, one deciding at a time; hidden: the other hand of three and the
    # two pieces never dealt (nothing of an action: every piece is played face up); no analyst
    profile = Profile(seats=NUM_SEATS, hidden=frozenset({Hidden.HANDS, Hidden.STOCK}))

    def new_deal(
        self, seed: int, *, options: Mapping[str, Any] | None = None, dealer: int | None = None
    ) -> Toy2Deal:
        first, hands = toy_deal(seed, CODES, NUM_SEATS, HAND, dealer, options, "Two Colours")
        return Toy2Deal(first, tuple(tuple(h) for h in hands))

    def describe(self, outcome: Mapping[str, Any]) -> str:
        return f"Seat {outcome['winner']} wins {max(outcome['rounds'])} rounds of {HAND}."

    def next_dealer(self, result: Mapping[str, Any]) -> int | None:
        """The seat after this deal's dealer deals next."""
        dealer = result.get("dealer")
        return (dealer + 1) % NUM_SEATS if type(dealer) is int else None


GAME = Toy2Game()
