"""A Cherki deal in mid-play from explicit hidden and public state: what bots' determinization builds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from cardavia.games.cherki.cards import COPIES, FACE_BY_CODE, KIND_OF, NUM_FACES, face_index
from cardavia.games.cherki.hands import kind_counts, ready_wait
from cardavia.games.cherki.rules import DISCARDING, HAND_SIZE, NUM_SEATS
from cardavia.games.cherki.turns import Turns
from cardavia.games.errors import RecordError

T = TypeVar("T", bound="PositionedTurns")


class PositionedTurns(Turns):
    """Turns that can also start in mid-play (:meth:`from_position`); a Cherki deal is one."""

    __slots__ = ()

    @classmethod
    def from_position(
        cls: type[T],
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
    ) -> T:
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
        deal = cls._start(dealer, face_hands, stock_faces[::-1])
        deal.pile, deal.pile_seat, deal.pile_taken = pile_faces, pile_seats, pile_takers
        deal.to_move = to_act
        deal.turn = turn
        deal.bounces = bounces
        deal.take_run = takes_in_row
        deal.calls = list(calls)
        if phase == "discard":
            if picked is None or FACE_BY_CODE.get(picked) not in face_hands[to_act]:
                raise bad("the card picked up must be in the hand of the seat to act")
            deal.phase = DISCARDING
            deal.picked = FACE_BY_CODE[picked]
            deal.picked_by_take = picked_by_take
            # the picked card goes last, as if just picked up
            face_hands[to_act].remove(deal.picked)
            face_hands[to_act].append(deal.picked)
        elif not stock_faces:
            raise bad("the stock is empty at the start of a turn")
        for seat in range(NUM_SEATS):
            if called[seat]:
                wait = ready_wait(kind_counts(face_hands[seat][:HAND_SIZE]))
                if wait is None:
                    raise bad(f"seat {seat} has called but its eight cards are not ready")
                if seat == to_act and phase == "discard" and KIND_OF[deal.picked] == wait:
                    raise bad("a caller who picked up its wait has already won")
                deal.called[seat] = True
                deal.waits[seat] = wait
        return deal
