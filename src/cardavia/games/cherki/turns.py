"""The state of a Cherki deal and its turns: legal actions, apply, the win, the drawn deal, the outcome.

The state is kept in small lists of ints (faces 0-29, kinds 0-11, see ``cards``) so that random
play-outs stay cheap: each hand keeps its kind counts and its residue code (``hands``), so the ready
tests are one dictionary look-up, and the faces it holds in order, so listing its discards sorts
nothing; pick-up choices come from prebuilt tuples (``rules``). Nothing here reads a clock or the
global random generator. :class:`~cardavia.games.cherki.deal.CherkiDeal` adds how a deal starts,
its record, its views and the fused play-out.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Mapping
from typing import Any, Self

from cardavia.games.cherki.actions import Action
from cardavia.games.cherki.cards import FACE_BY_CODE, FACE_CODES, KIND_OF, NUM_FACES, NUM_KINDS, POINTS
from cardavia.games.cherki.hands import DISCARD_OF_CODE, WAIT_OF_CODE, payment_lines, settlement
from cardavia.games.cherki.messages import illegal
from cardavia.games.cherki.rules import (
    DISCARD_PLAIN,
    DISCARDING,
    FORCED_DISCARD,
    FORCED_DRAW,
    FORCED_TAKE,
    MAX_BOUNCES,
    MAX_TAKE_RUN,
    NO_CARD,
    NUM_SEATS,
    OVER,
    PHASE_NAMES,
    PICKUP,
    PICKUP_ACTIONS,
    RC_ADD,
    RC_REMOVE,
    discards_with_calls,
)
from cardavia.games.outcomes import outcome_from
from cardavia.games.protocol import Outcome
from cardavia.games.seats import next_seat


class Turns:
    """A Cherki deal in progress (satisfies ``cardavia.games.protocol.Deal``).

    Build one with :func:`new_deal`, :func:`deal_from_deck` or :meth:`from_position`.
    ``apply`` changes the deal in place or raises ``IllegalAction`` and changes nothing.
    """

    num_seats = NUM_SEATS

    __slots__ = (
        "_face_counts",
        "_held",
        "_held_actions",
        "_legal",
        "bounces",
        "called",
        "calls",
        "dealer",
        "deck",
        "hands",
        "kinds",
        "log",
        "phase",
        "picked",
        "picked_by_take",
        "pile",
        "pile_seat",
        "pile_taken",
        "residues",
        "stock",
        "take_run",
        "to_move",
        "turn",
        "waits",
        "win_face",
        "winner",
    )

    dealer: int
    deck: tuple[int, ...] | None  # the dealt deck, None for a deal built from a position
    hands: list[list[int]]  # faces per seat; a picked-up card is appended last
    kinds: list[list[int]]  # 12 kind counts per seat
    residues: list[int]  # residue code per seat (see hands.residue_code)
    stock: list[int]  # face-down stock, top card LAST (pop() draws)
    pile: list[int]  # discards in order, oldest first
    pile_seat: list[int]  # who discarded each
    pile_taken: list[int]  # who took each from the pile, or -1
    called: list[bool]
    waits: list[int]  # a caller's wait kind, else -1
    calls: list[tuple[int, int, int, bool]]  # (seat, turn, discards before it, with a discard)
    to_move: int
    phase: int  # PICKUP, DISCARDING or OVER
    picked: int  # the card picked up this turn, or NO_CARD
    picked_by_take: bool
    turn: int  # turns started so far, minus one (the first turn is 0)
    bounces: int  # turns in a row that took the top discard and discarded the same face straight back
    take_run: int  # turns in a row that took from the pile
    winner: int  # -1 unless won
    win_face: int
    log: list[Action]
    _legal: tuple[Action, ...] | None
    # derived from hands, kept up to date so that no turn sorts a hand: per seat, how many of each
    # face it holds, and the faces it holds in face order (one discard each in legal_actions)
    _face_counts: list[list[int]]
    _held: list[list[int]]
    _held_actions: list[list[Action]]  # the plain discard of each face in _held, alongside it

    # ----- construction -------------------------------------------------------------------------

    @classmethod
    def _start(cls, dealer: int, hands: list[list[int]], stock: list[int]) -> Self:
        """A deal before its first action; ``stock`` is owned by the deal, top card LAST."""
        self = object.__new__(cls)
        self.dealer = dealer
        self.deck = None
        self.hands = hands
        self.kinds = []
        self.residues = []
        self._face_counts = []
        self._held = []
        self._held_actions = []
        for hand, discards in zip(hands, DISCARD_PLAIN, strict=True):
            counts = [0] * NUM_KINDS
            faces = [0] * NUM_FACES
            residue = 0
            for f in hand:
                faces[f] += 1
                kind = KIND_OF[f]
                c = counts[kind]
                counts[kind] = c + 1
                residue += RC_ADD[kind][c]
            self.kinds.append(counts)
            self.residues.append(residue)
            self._face_counts.append(faces)
            held = sorted(set(hand))
            self._held.append(held)
            self._held_actions.append(list(map(discards.__getitem__, held)))
        self.stock = stock
        self.pile = []
        self.pile_seat = []
        self.pile_taken = []
        self.called = [False] * NUM_SEATS
        self.waits = [-1] * NUM_SEATS
        self.calls = []
        self.to_move = next_seat(dealer, NUM_SEATS)  # the dealer's left starts
        self.phase = PICKUP
        self.picked = NO_CARD
        self.picked_by_take = False
        self.turn = 0
        self.bounces = 0
        self.take_run = 0
        self.winner = -1
        self.win_face = NO_CARD
        self.log = []
        self._legal = None
        return self

    def _rebuild_held_actions(self) -> None:
        self._held_actions = [
            list(map(row.__getitem__, faces)) for row, faces in zip(DISCARD_PLAIN, self._held, strict=True)
        ]

    def clone(self) -> Self:
        """An independent copy (cheap: a few list copies)."""
        other = object.__new__(type(self))
        other.dealer = self.dealer
        other.deck = self.deck
        other.hands = [h[:] for h in self.hands]
        other.kinds = [k[:] for k in self.kinds]
        other.residues = self.residues[:]
        other.stock = self.stock[:]
        other.pile = self.pile[:]
        other.pile_seat = self.pile_seat[:]
        other.pile_taken = self.pile_taken[:]
        other.called = self.called[:]
        other.waits = self.waits[:]
        other.calls = self.calls[:]
        other.to_move = self.to_move
        other.phase = self.phase
        other.picked = self.picked
        other.picked_by_take = self.picked_by_take
        other.turn = self.turn
        other.bounces = self.bounces
        other.take_run = self.take_run
        other.winner = self.winner
        other.win_face = self.win_face
        other.log = self.log[:]
        other._legal = self._legal
        other._face_counts = [c[:] for c in self._face_counts]
        other._held = [h[:] for h in self._held]
        other._held_actions = [h[:] for h in self._held_actions]
        return other

    # ----- questions ----------------------------------------------------------------------------

    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.to_move

    def is_over(self) -> bool:
        return self.phase == OVER

    def top_discard(self) -> int:
        """The face of the discard that may be taken, or NO_CARD (empty pile, or just taken)."""
        if self.pile and self.pile_taken[-1] < 0:
            return self.pile[-1]
        return NO_CARD

    def take_allowed(self) -> bool:
        """Whether the top discard may be taken now (there is one, and no stall guard forbids it)."""
        return (
            bool(self.pile)
            and self.pile_taken[-1] < 0
            and self.bounces < MAX_BOUNCES
            and self.take_run < MAX_TAKE_RUN
        )

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the seat to act, in a stable order; a caller's turn has exactly one.

        Draw, take (naming the top discard), call; or one discard per face held, in face order, each
        followed by its calling variant when the eight cards kept would be ready. The tuple is built
        once per state (pick-up tuples never: they come from tables).
        """
        legal = self._legal
        if legal is not None:
            return legal
        phase = self.phase
        seat = self.to_move
        if phase == PICKUP:
            taken = self.pile_taken
            top = (
                self.pile[-1]
                if taken and taken[-1] < 0 and self.bounces < MAX_BOUNCES and self.take_run < MAX_TAKE_RUN
                else NO_CARD
            )
            if self.called[seat]:
                wait = self.waits[seat]
                legal = FORCED_TAKE[seat][top] if top >= 0 and KIND_OF[top] == wait else FORCED_DRAW[seat]
            else:
                legal = PICKUP_ACTIONS[seat][self.residues[seat] in WAIT_OF_CODE][top]
        elif phase == DISCARDING:
            if self.called[seat]:
                legal = FORCED_DISCARD[seat][self.picked]
            else:
                code = self.residues[seat]
                if code == 0 or code in DISCARD_OF_CODE:
                    legal = discards_with_calls(seat, self.hands[seat], code)
                else:  # the common case: no call possible, one plain discard per face held
                    legal = tuple(self._held_actions[seat])
        else:
            legal = ()
        self._legal = legal
        return legal

    # ----- applying -----------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply ``action`` of the seat to act, or raise ``IllegalAction`` and change nothing."""
        # One flat method on purpose: random play-outs call it hundreds of times per deal.
        # random_playout repeats the state changes below; a test keeps the two in step.
        seat = action.seat
        phase = self.phase
        if seat != self.to_move or phase == OVER:
            if phase == OVER:
                raise illegal("deal-over")
            raise illegal("not-your-turn", seat=seat, to_act=self.to_move)
        do = action.do
        if do == "discard":
            if phase != DISCARDING:
                raise illegal("pick-up-first")
            card = action.card
            face = FACE_BY_CODE[card] if card is not None else NO_CARD
            held = self._face_counts[seat]
            if face < 0 or not held[face]:
                raise illegal("card-not-in-hand", card=str(card))
            kind = KIND_OF[face]
            counts = self.kinds[seat]
            c = counts[kind]
            residue = self.residues[seat] + RC_REMOVE[kind][c]
            wait = -1
            if self.called[seat]:
                if face != self.picked:
                    raise illegal("called-discard-drawn", card=FACE_CODES[self.picked])
                if action.call:
                    raise illegal("already-called")
            elif action.call:
                found = WAIT_OF_CODE.get(residue)
                if found is None:
                    raise illegal("call-not-ready", card=FACE_CODES[face])
                wait = found
            self.log.append(action)
            self.hands[seat].remove(face)
            left = held[face] - 1
            held[face] = left
            if not left:
                faces = self._held[seat]
                i = faces.index(face)
                del faces[i]
                del self._held_actions[seat][i]
            counts[kind] = c - 1
            self.residues[seat] = residue
            pile = self.pile
            pile.append(face)
            self.pile_seat.append(seat)
            self.pile_taken.append(-1)
            if self.picked_by_take:
                self.take_run += 1
                self.bounces = self.bounces + 1 if face == self.picked else 0
            else:
                self.take_run = 0
                self.bounces = 0
            if wait >= 0:
                self.called[seat] = True
                self.waits[seat] = wait
                self.calls.append((seat, self.turn, len(pile) - 1, True))
            self.picked = NO_CARD
            if self.stock:
                self.to_move = (seat + 1) % NUM_SEATS  # seats.next_seat, inlined: this runs every turn
                self.phase = PICKUP
                self.turn += 1
            else:
                self.phase = OVER  # the turn that drew the last card is finished: a drawn deal
        elif do == "draw" or do == "take":
            if phase != PICKUP:
                raise illegal("already-picked-up")
            if do == "draw":
                if self.called[seat] and self.take_allowed() and KIND_OF[self.pile[-1]] == self.waits[seat]:
                    raise illegal("called-must-take", card=FACE_CODES[self.pile[-1]])
                face = self.stock.pop()
                by_take = False
            else:
                face = self._check_take(action, seat)
                self.pile_taken[-1] = seat
                by_take = True
            self.log.append(action)
            self.hands[seat].append(face)
            held = self._face_counts[seat]
            if not held[face]:
                faces = self._held[seat]
                i = bisect_left(faces, face)
                faces.insert(i, face)
                self._held_actions[seat].insert(i, DISCARD_PLAIN[seat][face])
            held[face] += 1
            kind = KIND_OF[face]
            counts = self.kinds[seat]
            c = counts[kind]
            counts[kind] = c + 1
            self.residues[seat] += RC_ADD[kind][c]
            self.picked = face
            self.picked_by_take = by_take
            if kind == self.waits[seat]:  # only a caller has a wait (else -1)
                self.phase = OVER  # the wait is picked up: the caller reveals nine cards and wins
                self.winner = seat
                self.win_face = face
            else:
                self.phase = DISCARDING
        elif do == "call":
            if self.called[seat]:
                raise illegal("already-called")
            if phase != PICKUP:
                raise illegal("call-mid-turn")
            ready = WAIT_OF_CODE.get(self.residues[seat])
            if ready is None:
                raise illegal("not-ready")
            self.called[seat] = True
            self.waits[seat] = ready
            self.calls.append((seat, self.turn, len(self.pile), False))
            self.log.append(action)
        else:
            raise illegal("unknown-action", do=repr(do))
        self._legal = None

    def _check_take(self, action: Action, seat: int) -> int:
        """The top discard's face if ``seat`` may take it now; else raise the rule it breaks."""
        if not self.pile:
            raise illegal("first-must-draw")
        if self.pile_taken[-1] >= 0:
            raise illegal("nothing-to-take")
        top = self.pile[-1]
        if action.card is not None and FACE_BY_CODE[action.card] != top:
            raise illegal("only-top-discard", card=action.card)
        if self.bounces >= MAX_BOUNCES:
            raise illegal("stall-bounce", card=FACE_CODES[top])
        if self.take_run >= MAX_TAKE_RUN:
            raise illegal("stall-takes")
        if self.called[seat] and KIND_OF[top] != self.waits[seat]:
            raise illegal("called-must-draw")
        return top

    # ----- outcome and record -------------------------------------------------------------------

    def winning_hand(self) -> list[str] | None:
        """The winner's nine cards (the eight locked ones sorted, then the card that won), or None."""
        if self.winner < 0:
            return None
        hand = self.hands[self.winner]
        return [FACE_CODES[f] for f in sorted(hand[:-1])] + [FACE_CODES[hand[-1]]]

    def result(self) -> dict[str, Any] | None:
        """``{"winner", "drawn", "x", "deltas", "hand"}`` once over (x and hand None when drawn)."""
        if self.phase != OVER:
            return None
        if self.winner < 0:
            return {"winner": None, "drawn": True, "x": None, "deltas": [0] * NUM_SEATS, "hand": None}
        x = sum(POINTS[f] for f in self.hands[self.winner])
        return {
            "winner": self.winner,
            "drawn": False,
            "x": x,
            "deltas": settlement(self.winner, x, NUM_SEATS),
            "hand": self.winning_hand(),
        }

    def outcome(self) -> Outcome | None:
        """The deltas of each seat once over: +2x to the winner, -x to each other; zeros when drawn."""
        result = self.result()
        return None if result is None else outcome_of(result)

    def forced_action(self) -> Action | None:
        """A called seat's one legal action (spec: a called player's turn is automatic), else None."""
        if self.phase == OVER or not self.called[self.to_move]:
            return None
        return self.legal_actions()[0]

    def hidden_from(self, seat: int) -> Counter[str]:
        """The cards ``seat`` cannot locate: the stock and the other hands, less the cards those hands
        took from the pile in view of all, and less the winner's nine once the win reveals them."""
        hidden: Counter[str] = Counter(FACE_CODES[f] for f in self.stock)
        for s, hand in enumerate(self.hands):
            if s == seat or s == self.winner:
                continue
            held = Counter(FACE_CODES[f] for f in hand)
            held.subtract(FACE_CODES[f] for f, t in zip(self.pile, self.pile_taken, strict=True) if t == s)
            hidden.update(+held)
        return hidden

    def payment_lines(self) -> list[dict[str, Any]] | None:
        """The settlement as payment lines with their reasons once won (``hands.payment_lines``)."""
        hand = self.winning_hand() if self.phase == OVER else None
        return None if hand is None else payment_lines(self.winner, hand, NUM_SEATS)

    def __repr__(self) -> str:
        return (
            f"<CherkiDeal dealer={self.dealer} turn={self.turn} to_act={self.to_act()} "
            f"phase={PHASE_NAMES[self.phase]} stock={len(self.stock)}>"
        )


def outcome_of(result: Mapping[str, Any]) -> Outcome:
    """The outcome of a result JSON as :meth:`Turns.result` writes it: returns are ``deltas``."""
    return outcome_from(result, "deltas", NUM_SEATS)
