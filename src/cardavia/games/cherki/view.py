"""What one seat may know of a Cherki deal, and nothing more.

A seat sees its own hand (8 cards, 9 in the middle of its turn), every discard and who made it,
which were taken and by whom, every call and when, the stock count, whose turn it is and the phase.
It never sees another hand, the stock order or a caller's wait; the winner's nine cards appear
once the win reveals them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardavia.games.cherki.actions import Action
from cardavia.games.cherki.cards import FACE_CODES, KIND_CODES
from cardavia.games.cherki.rules import DISCARDING, NUM_SEATS, PHASE_NAMES
from cardavia.games.cherki.turns import Turns


@dataclass(frozen=True, slots=True)
class Discard:
    """One card on the discard pile, oldest first. ``dead``: covered by a later discard, never taken."""

    card: str
    seat: int
    taken_by: int | None
    dead: bool

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "seat": self.seat, "taken_by": self.taken_by, "dead": self.dead}


@dataclass(frozen=True, slots=True)
class CallEvent:
    """A call of Cherki: who, on which turn (0-based), after how many discards, and whether it came
    with a discard (else at the start of the turn)."""

    seat: int
    turn: int
    discards_before: int
    with_discard: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "turn": self.turn,
            "discards_before": self.discards_before,
            "with_discard": self.with_discard,
        }


@dataclass(frozen=True)
class CherkiView:
    """One seat's view (satisfies ``cardavia.games.protocol.View``)."""

    seat: int
    legal: tuple[Action, ...]  # this seat's legal actions when it is to act, else empty
    dealer: int
    to_act: int | None
    phase: str  # "pickup" (draw, take or call), "discard", "over"
    turn: int
    hand: tuple[str, ...]  # own cards, sorted by kind then suit
    picked: str | None  # the card this seat picked up this turn (its own turn, discard phase)
    hand_sizes: tuple[int, ...]
    stock: int  # cards left in the face-down stock
    discards: tuple[Discard, ...]
    taken: tuple[tuple[str, ...], ...]  # per seat: the cards it took from the pile, in order
    called: tuple[bool, ...]
    calls: tuple[CallEvent, ...]
    wait: str | None  # this seat's own wait (a kind code) once it has called
    bounces: int  # stall guard: the top discard's straight-back discards in a row
    takes_in_row: int  # stall guard: turns in a row that took from the pile
    forced: bool  # this seat has called: its one legal action is forced
    result: dict[str, Any] | None
    revealed: tuple[str, ...] | None  # the winner's nine cards, once the win reveals them
    payments: list[dict[str, Any]] | None = None  # once won: the settlement's lines with their reasons

    @property
    def top_discard(self) -> str | None:
        """The discard that may be taken, if any."""
        if self.discards and self.discards[-1].taken_by is None:
            return self.discards[-1].card
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "cherki",
            "seat": self.seat,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "phase": self.phase,
            "turn": self.turn,
            "hand": list(self.hand),
            "picked": self.picked,
            "hand_sizes": list(self.hand_sizes),
            "stock": self.stock,
            "top_discard": self.top_discard,
            "discards": [d.to_json() for d in self.discards],
            "taken": [list(t) for t in self.taken],
            "called": list(self.called),
            "calls": [c.to_json() for c in self.calls],
            "wait": self.wait,
            "stall": {"bounces": self.bounces, "takes_in_row": self.takes_in_row},
            "forced": self.forced,
            "legal": [a.to_json() for a in self.legal],
            "result": self.result,
            "revealed": None if self.revealed is None else list(self.revealed),
            # the card that won is the ninth (the last of ``revealed``): the page marks it
            "explain": None
            if self.payments is None or self.revealed is None
            else {"lines": self.payments, "marked": [self.revealed[-1]]},
        }


def build_view(deal: Turns, seat: int) -> CherkiView:
    """The view of ``seat`` of ``deal`` (built on demand; the deal keeps no public copy)."""
    if seat not in range(NUM_SEATS):
        raise ValueError(f"no seat {seat} in Cherki")
    to_act = deal.to_act()
    pile = deal.pile
    last = len(pile) - 1
    discards = tuple(
        Discard(FACE_CODES[f], deal.pile_seat[i], None if t < 0 else t, t < 0 and i != last)
        for i, (f, t) in enumerate(zip(pile, deal.pile_taken, strict=True))
    )
    taken: list[list[str]] = [[] for _ in range(NUM_SEATS)]
    for f, t in zip(pile, deal.pile_taken, strict=True):
        if t >= 0:
            taken[t].append(FACE_CODES[f])
    own_turn = to_act == seat
    revealed = deal.winning_hand()
    return CherkiView(
        seat=seat,
        legal=tuple(deal.legal_actions()) if own_turn else (),
        dealer=deal.dealer,
        to_act=to_act,
        phase=PHASE_NAMES[deal.phase],
        turn=deal.turn,
        hand=tuple(FACE_CODES[f] for f in sorted(deal.hands[seat])),
        picked=FACE_CODES[deal.picked] if own_turn and deal.phase == DISCARDING else None,
        hand_sizes=tuple(len(h) for h in deal.hands),
        stock=len(deal.stock),
        discards=discards,
        taken=tuple(tuple(t) for t in taken),
        called=tuple(deal.called),
        calls=tuple(CallEvent(*c) for c in deal.calls),
        wait=KIND_CODES[deal.waits[seat]] if deal.called[seat] else None,
        bounces=deal.bounces,
        takes_in_row=deal.take_run,
        forced=own_turn and deal.called[seat],
        result=deal.result(),
        revealed=None if revealed is None else tuple(revealed),
        payments=deal.payment_lines(),
    )
