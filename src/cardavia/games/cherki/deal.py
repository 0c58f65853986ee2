"""One Cherki deal as a state machine: the deal from a seed, turns, calls, the win, the drawn deal.

The state is kept in small lists of ints (faces 0-29, kinds 0-11, see ``cards``) so that random
play-outs stay cheap: each hand keeps its kind counts and its residue code (``hands``), so the ready
tests are one dictionary look-up, and the faces it holds in order, so listing its discards sorts
nothing; pick-up choices come from prebuilt tuples. ``CherkiDeal.random_playout`` fuses the random
legal-play loop for bots and the bench. Nothing here reads a clock or the global random generator.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections.abc import Sequence
from itertools import cycle, islice
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from cardavia.games.cherki.actions import CALL, DISCARD, DRAW, TAKE, Action
from cardavia.games.cherki.cards import (
    COPIES,
    DECK_SIZE,
    FACE_BY_CODE,
    FACE_CODES,
    FULL_DECK,
    KIND_OF,
    NUM_FACES,
    NUM_KINDS,
    POINTS,
    face_index,
)
from cardavia.games.cherki.hands import DISCARD_OF_CODE, POW3, WAIT_OF_CODE, payment_lines, settlement
from cardavia.games.cherki.messages import illegal
from cardavia.games.draws import BIT_LENGTHS, draws_by_bits
from cardavia.games.errors import GameError, RecordError
from cardavia.games.seats import next_seat, seats_from

if TYPE_CHECKING:
    from cardavia.games.cherki.view import CherkiView

NUM_SEATS = 3
HAND_SIZE = 8
DEALT = NUM_SEATS * HAND_SIZE  # 24: the stock is d24 onwards
MAX_BOUNCES = 2  # a card taken and discarded straight back twice in a row cannot be taken again
MAX_TAKE_RUN = 9  # after nine turns in a row that took from the pile, the next player must draw

PICKUP, DISCARDING, OVER = 0, 1, 2
PHASE_NAMES: tuple[str, ...] = ("pickup", "discard", "over")
NO_CARD = -1

# residue-code change when a card of kind k joins (or leaves) a hand holding c of that kind
_RC_ADD: tuple[tuple[int, ...], ...] = tuple(
    tuple(POW3[k] if c % 3 != 2 else -2 * POW3[k] for c in range(13)) for k in range(NUM_KINDS)
)
_RC_REMOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(0 if c == 0 else (-POW3[k] if c % 3 != 0 else 2 * POW3[k]) for c in range(13))
    for k in range(NUM_KINDS)
)


# DISCARD[seat][face][False], for the common case
_DISCARD_PLAIN: tuple[tuple[Action, ...], ...] = tuple(tuple(pair[0] for pair in row) for row in DISCARD)


# Legal-action tuples built once, so that listing the legal actions allocates nothing at a pick-up.
# _PICKUP[seat][ready][top]: draw, take the top discard, call if ready; index NO_CARD (-1) lands on
# the last row, "nothing may be taken".
def _pickup_rows(seat: int, ready: bool) -> tuple[tuple[Action, ...], ...]:
    tail = (CALL[seat],) if ready else ()
    rows = [(DRAW[seat], TAKE[seat][f], *tail) for f in range(NUM_FACES)]
    rows.append((DRAW[seat], *tail))
    return tuple(rows)


_PICKUP: tuple[tuple[tuple[tuple[Action, ...], ...], ...], ...] = tuple(
    (_pickup_rows(s, False), _pickup_rows(s, True)) for s in range(NUM_SEATS)
)
# a caller's one forced action: draw, take the top discard (its wait), discard what it drew
_FORCED_DRAW: tuple[tuple[Action], ...] = tuple((DRAW[s],) for s in range(NUM_SEATS))
_FORCED_TAKE: tuple[tuple[tuple[Action], ...], ...] = tuple(
    tuple((TAKE[s][f],) for f in range(NUM_FACES)) for s in range(NUM_SEATS)
)
_FORCED_DISCARD: tuple[tuple[tuple[Action], ...], ...] = tuple(
    tuple((DISCARD[s][f][0],) for f in range(NUM_FACES)) for s in range(NUM_SEATS)
)

_PLAY_ORDER: tuple[tuple[int, ...], ...] = tuple(tuple(seats_from(s, NUM_SEATS)) for s in range(NUM_SEATS))
_NEXT_SEAT: tuple[int, ...] = tuple(next_seat(s, NUM_SEATS) for s in range(NUM_SEATS))


def _discards_with_calls(seat: int, hand: list[int], code: int) -> tuple[Action, ...]:
    """The discards of a 9-card hand (residue ``code``) that may call: one per face held, in face
    order, each followed by its calling variant when the eight cards kept would be ready."""
    discards = DISCARD[seat]
    if code == 0:  # complete: any kind held can be dropped to leave a ready hand
        return tuple(a for f in sorted(set(hand)) for a in discards[f])
    pair = DISCARD_OF_CODE.get(code)
    if pair is None:  # no discard leaves a ready hand
        return tuple(map(_DISCARD_PLAIN[seat].__getitem__, sorted(set(hand))))
    drop = pair[0]
    out: list[Action] = []
    for f in sorted(set(hand)):
        if KIND_OF[f] == drop:
            out += discards[f]
        else:
            out.append(discards[f][0])
    return tuple(out)


# the deck positions the i-th seat in dealing order gets: d0 d1 d6 d7 d12 d13 d18 d19 for the first
_DEAL_PICKS = tuple(
    itemgetter(*(6 * r + 2 * i + j for r in range(4) for j in range(2))) for i in range(NUM_SEATS)
)


def deal_order(dealer: int) -> list[int]:
    """The seats in dealing and playing order: the dealer's left first, the dealer last."""
    return seats_from(next_seat(dealer, NUM_SEATS), NUM_SEATS)


def hands_from_deck(dealer: int, deck: Sequence[int]) -> list[list[int]]:
    """Each seat's eight cards: two at a time, clockwise from the dealer's left, four rounds.

    The first seat gets d0 d1 d6 d7 d12 d13 d18 d19, the second d2 d3 d8 d9 ..., the dealer d4 d5 ...
    """
    hands: list[list[int]] = [[], [], []]
    for pick, seat in zip(_DEAL_PICKS, deal_order(dealer), strict=True):
        hands[seat] = list(pick(deck))
    return hands


def stack_deck(dealer: int, hands: Sequence[Sequence[str]], stock: Sequence[str]) -> list[str]:
    """The deck (120 codes in deal order) that deals ``hands`` (by seat, 8 each) and then ``stock``
    (96 codes, top first). The inverse of the deal; for tests, examples and determinization.
    """
    if len(hands) != NUM_SEATS or any(len(h) != HAND_SIZE for h in hands) or len(stock) != DECK_SIZE - DEALT:
        raise RecordError("bad-position", "stack_deck needs three hands of 8 cards and 96 stock cards")
    deck: list[str] = [""] * DEALT
    for i, seat in enumerate(deal_order(dealer)):
        for r in range(4):
            deck[6 * r + 2 * i] = hands[seat][2 * r]
            deck[6 * r + 2 * i + 1] = hands[seat][2 * r + 1]
    return deck + list(stock)


def shuffled_deck(rng: random.Random) -> list[int]:
    """A uniformly shuffled deck of face numbers: exactly ``rng.shuffle`` of the deck in face order."""
    deck = list(FULL_DECK)
    if not draws_by_bits(rng):
        rng.shuffle(deck)
        return deck
    # random.Random.shuffle with its per-card method call inlined: the same draws, the same deck
    getrandbits = rng.getrandbits
    bits = BIT_LENGTHS
    for i in range(DECK_SIZE - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


class CherkiDeal:
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
    def _start(cls, dealer: int, hands: list[list[int]], stock: list[int]) -> CherkiDeal:
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
        for hand, discards in zip(hands, _DISCARD_PLAIN, strict=True):
            counts = [0] * NUM_KINDS
            faces = [0] * NUM_FACES
            residue = 0
            for f in hand:
                faces[f] += 1
                kind = KIND_OF[f]
                c = counts[kind]
                counts[kind] = c + 1
                residue += _RC_ADD[kind][c]
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
            list(map(row.__getitem__, faces)) for row, faces in zip(_DISCARD_PLAIN, self._held, strict=True)
        ]

    @classmethod
    def from_deck(cls, dealer: int, deck: Sequence[int]) -> CherkiDeal:
        """The deal of a deck of face numbers in deal order (no action applied yet)."""
        stock = list(deck[DEALT:])
        stock.reverse()  # d24 is drawn first, so it goes last
        self = cls._start(dealer, hands_from_deck(dealer, deck), stock)
        self.deck = tuple(deck)
        return self

    @classmethod
    def from_position(
        cls,
        *,
        dealer: int,
        to_act: int,
        hands: Sequence[Sequence[str]],
        stock: Sequence[str],
        pile: Sequence[tuple[str, int, int | None]] = (),
        called: Sequence[bool] = (False, False, False),
        phase: str = "pickup",
        picked: str | None = None,
        picked_by_take: bool = False,
        turn: int = 0,
        bounces: int = 0,
        takes_in_row: int = 0,
        calls: Sequence[tuple[int, int, int, bool]] = (),
    ) -> CherkiDeal:
        """A deal in mid-play from explicit hidden and public state (bots' determinization).

        ``hands`` by seat (8 cards; the seat to act holds 9 in the ``"discard"`` phase, ``picked``
        among them), ``stock`` top first, ``pile`` as (card, discarder, taker or None) oldest first.
        A called hand's eight locked cards must be ready. Every face must appear 4 times over the
        hands, the stock and the untaken discards. Raises ``RecordError`` (``bad-position``).
        Such a deal plays like any other but has no deck, so it cannot write a record.
        """

        def bad(why: str) -> RecordError:
            return RecordError("bad-position", f"not a Cherki position: {why}")

        if dealer not in range(NUM_SEATS) or to_act not in range(NUM_SEATS):
            raise bad("seats are 0, 1 and 2")
        if phase not in ("pickup", "discard"):
            raise bad('phase is "pickup" or "discard"')
        if len(hands) != NUM_SEATS or len(called) != NUM_SEATS:
            raise bad("three hands and three called flags")
        face_hands = [[face_index(c) for c in hand] for hand in hands]
        stock_faces = [face_index(c) for c in stock]
        counts = [0] * NUM_FACES
        for hand in face_hands:
            for f in hand:
                counts[f] += 1
        for f in stock_faces:
            counts[f] += 1
        pile_faces: list[int] = []
        pile_seats: list[int] = []
        pile_takers: list[int] = []
        for card, by, taker in pile:
            f = face_index(card)
            if by not in range(NUM_SEATS) or (taker is not None and taker not in range(NUM_SEATS)):
                raise bad("pile seats are 0, 1 and 2")
            pile_faces.append(f)
            pile_seats.append(by)
            pile_takers.append(-1 if taker is None else taker)
            if taker is None:
                counts[f] += 1
        if counts != [COPIES] * NUM_FACES:
            raise bad("every face must appear 4 times over hands, stock and untaken discards")
        for seat, hand in enumerate(face_hands):
            size = HAND_SIZE + (1 if phase == "discard" and seat == to_act else 0)
            if len(hand) != size:
                raise bad(f"seat {seat} must hold {size} cards")
        self = cls._start(dealer, face_hands, stock_faces[::-1])
        self.pile, self.pile_seat, self.pile_taken = pile_faces, pile_seats, pile_takers
        self.to_move = to_act
        self.turn = turn
        self.bounces = bounces
        self.take_run = takes_in_row
        self.calls = list(calls)
        if phase == "discard":
            if picked is None or FACE_BY_CODE.get(picked) not in face_hands[to_act]:
                raise bad("the card picked up must be in the hand of the seat to act")
            self.phase = DISCARDING
            self.picked = FACE_BY_CODE[picked]
            self.picked_by_take = picked_by_take
            # the picked card goes last, as if just picked up
            face_hands[to_act].remove(self.picked)
            face_hands[to_act].append(self.picked)
        elif not stock_faces:
            raise bad("the stock is empty at the start of a turn")
        for seat in range(NUM_SEATS):
            if called[seat]:
                locked = face_hands[seat][:HAND_SIZE]
                counts_k = [0] * NUM_KINDS
                for f in locked:
                    counts_k[KIND_OF[f]] += 1
                wait = WAIT_OF_CODE.get(sum((c % 3) * p for c, p in zip(counts_k, POW3, strict=True)))
                if wait is None:
                    raise bad(f"seat {seat} has called but its eight cards are not ready")
                if seat == to_act and phase == "discard" and KIND_OF[self.picked] == wait:
                    raise bad("a caller who picked up its wait has already won")
                self.called[seat] = True
                self.waits[seat] = wait
        return self

    def clone(self) -> CherkiDeal:
        """An independent copy (cheap: a few list copies)."""
        other = object.__new__(CherkiDeal)
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
                legal = _FORCED_TAKE[seat][top] if top >= 0 and KIND_OF[top] == wait else _FORCED_DRAW[seat]
            else:
                legal = _PICKUP[seat][self.residues[seat] in WAIT_OF_CODE][top]
        elif phase == DISCARDING:
            if self.called[seat]:
                legal = _FORCED_DISCARD[seat][self.picked]
            else:
                code = self.residues[seat]
                if code == 0 or code in DISCARD_OF_CODE:
                    legal = _discards_with_calls(seat, self.hands[seat], code)
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
            residue = self.residues[seat] + _RC_REMOVE[kind][c]
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
                self._held_actions[seat].insert(i, _DISCARD_PLAIN[seat][face])
            held[face] += 1
            kind = KIND_OF[face]
            counts = self.kinds[seat]
            c = counts[kind]
            counts[kind] = c + 1
            self.residues[seat] += _RC_ADD[kind][c]
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

    def random_playout(self, rng: random.Random) -> None:
        """Play the deal to its end, choosing uniformly among exactly ``legal_actions()`` at each step.

        The same as ``while not deal.is_over(): deal.apply(rng.choice(tuple(deal.legal_actions())))``
        (the same draws from ``rng``, so the same final state and record), fused into one loop over
        local variables: what bots' play-outs and ``cardavia bench`` should call. A generator whose
        ``choice`` draws otherwise than ``random.Random``'s gets that generic loop itself.
        """
        if self.phase == OVER:
            return
        if not draws_by_bits(rng):
            while self.phase != OVER:
                self.apply(rng.choice(tuple(self.legal_actions())))
            return
        # rng.choice(legal) is legal[r] with r = getrandbits(len(legal).bit_length()), drawn again
        # until r < len(legal); a forced action (one legal) still draws getrandbits(1) until 0.
        # Each pass of the loop is one turn; its state changes repeat apply's (a test keeps them so).
        getrandbits = rng.getrandbits
        bits = BIT_LENGTHS
        kind_of = KIND_OF
        rc_add = _RC_ADD
        rc_remove = _RC_REMOVE
        wait_of = WAIT_OF_CODE
        partial = DISCARD_OF_CODE
        following = _NEXT_SEAT
        hands = self.hands
        kinds = self.kinds
        residues = self.residues
        stock = self.stock
        pop = stock.pop
        pile = self.pile
        pile_taken = self.pile_taken
        add_pile = pile.append
        add_pile_taken = pile_taken.append
        called = self.called
        waits = self.waits
        calls = self.calls
        log = self.log.append
        seat = self.to_move
        picked = self.picked
        by_take = self.picked_by_take
        turn = self.turn
        bounces = self.bounces
        take_run = self.take_run
        mid_turn = self.phase == DISCARDING
        first_seat, discards_before = seat, len(pile)
        # per seat, everything its turn touches, unpacked once a turn
        per_seat = tuple(
            zip(hands, kinds, self._face_counts, self._held, DRAW, TAKE, _DISCARD_PLAIN, strict=True)
        )
        # the discard that may be taken at the start of the coming turn, or NO_CARD
        top = (
            pile[-1]
            if pile_taken and pile_taken[-1] < 0 and bounces < MAX_BOUNCES and take_run < MAX_TAKE_RUN
            else NO_CARD
        )
        while True:
            hand, counts, fc, faces, draw_action, take_actions, discard_actions = per_seat[seat]
            caller = called[seat]
            residue = residues[seat]
            if mid_turn:
                mid_turn = False
            else:
                # ---- pick up: draw, take the top discard, or call first
                if caller:
                    while getrandbits(1):
                        pass
                    by_take = top >= 0 and kind_of[top] == waits[seat]
                elif residue in wait_of:  # ready: draw, (take,) call
                    n = 3 if top >= 0 else 2
                    k = bits[n]
                    r = getrandbits(k)
                    while r >= n:
                        r = getrandbits(k)
                    if r == n - 1:  # call, listed last: the forced pick-up follows
                        caller = called[seat] = True
                        waits[seat] = wait_of[residue]
                        calls.append((seat, turn, len(pile), False))
                        log(CALL[seat])
                        while getrandbits(1):
                            pass
                        by_take = top >= 0 and kind_of[top] == waits[seat]
                    else:
                        by_take = r == 1
                elif top >= 0:  # draw, take
                    r = getrandbits(2)
                    while r >= 2:
                        r = getrandbits(2)
                    by_take = r == 1
                else:  # draw
                    while getrandbits(1):
                        pass
                    by_take = False
                if by_take:
                    picked = top
                    pile_taken[-1] = seat
                    log(take_actions[picked])
                else:
                    picked = pop()
                    log(draw_action)
                hand.append(picked)
                c = fc[picked]
                fc[picked] = c + 1
                if not c:
                    insort(faces, picked)
                kind = kind_of[picked]
                c = counts[kind]
                counts[kind] = c + 1
                residue += rc_add[kind][c]
                if caller and kind == waits[seat]:  # a caller picked up its wait: it wins
                    residues[seat] = residue
                    self.winner = seat
                    self.win_face = picked
                    self.phase = OVER
                    break
            # ---- discard
            call = False
            if caller:
                while getrandbits(1):
                    pass
                face = picked
                log(discard_actions[face])
                left = fc[face] - 1
                fc[face] = left
                if not left:
                    faces.remove(face)
            elif residue == 0 or residue in partial:
                options = _discards_with_calls(seat, hand, residue)
                n = len(options)
                k = bits[n]
                r = getrandbits(k)
                while r >= n:
                    r = getrandbits(k)
                chosen = options[r]
                face = FACE_BY_CODE[chosen.card or ""]
                call = chosen.call
                log(chosen)
                left = fc[face] - 1
                fc[face] = left
                if not left:
                    faces.remove(face)
            else:
                n = len(faces)
                k = bits[n]
                r = getrandbits(k)
                while r >= n:
                    r = getrandbits(k)
                face = faces[r]
                log(discard_actions[face])
                left = fc[face] - 1
                fc[face] = left
                if not left:
                    del faces[r]
            hand.remove(face)
            kind = kind_of[face]
            c = counts[kind]
            counts[kind] = c - 1
            residue += rc_remove[kind][c]
            residues[seat] = residue
            add_pile(face)
            add_pile_taken(-1)
            if by_take:
                take_run += 1
                bounces = bounces + 1 if face == picked else 0
                top = face if bounces < MAX_BOUNCES and take_run < MAX_TAKE_RUN else NO_CARD
            else:
                take_run = bounces = 0
                top = face
            if call:
                called[seat] = True
                waits[seat] = wait_of[residue]
                calls.append((seat, turn, len(pile) - 1, True))
            if not stock:
                self.phase = OVER  # the turn that drew the last card is finished: a drawn deal
                picked = NO_CARD
                break
            seat = following[seat]
            turn += 1
        # every turn made one discard and play went round: who made the new discards, in order
        made = len(pile) - discards_before
        self.pile_seat += islice(cycle(_PLAY_ORDER[first_seat]), made)
        self.to_move = seat
        self.picked = picked
        self.picked_by_take = by_take
        self.turn = turn
        self.bounces = bounces
        self.take_run = take_run
        self._legal = None
        self._rebuild_held_actions()  # the fused loop kept only _held up to date

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

    def payment_lines(self) -> list[dict[str, Any]] | None:
        """The settlement as payment lines with their reasons once won (``hands.payment_lines``)."""
        hand = self.winning_hand() if self.phase == OVER else None
        return None if hand is None else payment_lines(self.winner, hand, NUM_SEATS)

    def to_record(self) -> dict[str, Any]:
        """The deal record: game, dealer, the 120-card deck in deal order and every action applied."""
        if self.deck is None:
            raise GameError("no-record", "a deal built from a position has no deck to record")
        return {
            "game": "cherki",
            "dealer": self.dealer,
            "deck": [FACE_CODES[f] for f in self.deck],
            "actions": [a.to_json() for a in self.log],
        }

    def view(self, seat: int) -> CherkiView:
        """What ``seat`` may know (see ``view.CherkiView``)."""
        from cardavia.games.cherki.view import build_view

        return build_view(self, seat)

    def __repr__(self) -> str:
        return (
            f"<CherkiDeal dealer={self.dealer} turn={self.turn} to_act={self.to_act()} "
            f"phase={PHASE_NAMES[self.phase]} stock={len(self.stock)}>"
        )


def new_deal(seed: int, dealer: int | None = None) -> CherkiDeal:
    """A fresh deal shuffled from ``seed``; a random dealer (from the same seed) unless given.

    The deck depends only on the seed, so the same seed with another dealer deals the same cards.
    """
    rng = random.Random(seed)
    deck = shuffled_deck(rng)
    if dealer is None:
        dealer = rng.randrange(NUM_SEATS)
    return CherkiDeal.from_deck(dealer, deck)


def deal_from_deck(dealer: int, deck: Sequence[str]) -> CherkiDeal:
    """The deal of an explicit deck of 120 codes in deal order (validated: ``RecordError``)."""
    from cardavia.games.cherki.record import check_deck

    return CherkiDeal.from_deck(dealer, check_deck(deck))
