"""What a seat knows, read from its view: live cards by kind, what each opponent holds or cannot wait on.

Everything here is derived from public information plus the seat's own hand: the discard pile
(who discarded each card and who took it), the calls, the stock size. Nothing else is read, so a
bot built on a :class:`Memory` can only ever see what its seat sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardavia.bots.cherki.shape import COPIES, NUM_KINDS
from cardavia.games.cherki.cards import kind_of_code
from cardavia.games.cherki.view import CherkiView

SEATS = 3


@dataclass(frozen=True)
class PileCard:
    """One discard: its code, who discarded it, who took it (None if it stayed in the pile)."""

    card: str
    by: int
    taker: int | None


@dataclass(frozen=True)
class Memory:
    """A seat's knowledge at its decision (see the module docstring)."""

    seat: int
    hand: tuple[str, ...]
    counts: tuple[int, ...]  # own kind counts (8 or 9 cards)
    avail: tuple[int, ...]  # per kind, cards this seat has not seen anywhere: still to come
    dead: tuple[int, ...]  # per kind, cards lying in the pile (never to come back)
    known: tuple[tuple[int, ...], ...]  # per seat, kinds seen going into its hand and not seen leaving
    called: tuple[bool, ...]
    safe: tuple[frozenset[int], ...]  # per seat, kinds that cannot be its wait (empty if not called)
    stock: int
    top: str | None  # the top discard if this seat may take it now

    @property
    def left(self) -> int:
        """The seat that is offered this seat's discards (play is clockwise: s, then s + 1)."""
        return (self.seat + 1) % SEATS

    def could_hold_pair(self, seat: int, kind: int) -> bool:
        """Whether ``seat`` may hold two or more cards of ``kind`` as far as this seat can tell."""
        return self.known[seat][kind] + self.avail[kind] >= 2


def remember(
    seat: int,
    hand: Sequence[str],
    pile: Sequence[PileCard],
    calls: Sequence[tuple[int, int]],
    stock: int,
    top: str | None,
) -> Memory:
    """Build a seat's memory from its hand and the public record.

    ``calls`` lists (calling seat, number of discards in the pile before its call took effect): a
    call with a discard counts that discard as before it. After a call the caller's hand is locked,
    so every card it later discards was drawn and was not its wait, and every card its right-hand
    neighbour later discards that it does not take was not its wait either.
    """
    counts = [0] * NUM_KINDS
    for code in hand:
        counts[kind_of_code(code)] += 1
    dead = [0] * NUM_KINDS
    known = [[0] * NUM_KINDS for _ in range(SEATS)]
    for entry in pile:
        k = kind_of_code(entry.card)
        if known[entry.by][k] > 0:
            known[entry.by][k] -= 1
        if entry.taker is None:
            dead[k] += 1
        else:
            known[entry.taker][k] += 1
    known[seat] = [0] * NUM_KINDS  # this seat's own hand is counted in full instead
    avail = [
        COPIES[k] - counts[k] - dead[k] - sum(known[s][k] for s in range(SEATS) if s != seat)
        for k in range(NUM_KINDS)
    ]
    called = [False] * SEATS
    safe: list[set[int]] = [set() for _ in range(SEATS)]
    for caller, before in calls:
        called[caller] = True
        feeder = (caller - 1) % SEATS
        for entry in pile[before:]:
            if entry.by == caller or (entry.by == feeder and entry.taker != caller):
                safe[caller].add(kind_of_code(entry.card))
    for caller in range(SEATS):
        if called[caller] and caller != seat:
            for k in range(NUM_KINDS):
                if known[caller][k] + avail[k] < 2:
                    safe[caller].add(k)
    return Memory(
        seat=seat,
        hand=tuple(hand),
        counts=tuple(counts),
        avail=tuple(max(0, a) for a in avail),
        dead=tuple(dead),
        known=tuple(tuple(row) for row in known),
        called=tuple(called),
        safe=tuple(frozenset(s) for s in safe),
        stock=stock,
        top=top,
    )


def read_view(view: CherkiView) -> Memory:
    """The memory of the seat whose view this is (only the view is read)."""
    can_take = any(a.do == "take" for a in view.legal)
    return remember(
        seat=view.seat,
        hand=view.hand,
        pile=[PileCard(d.card, d.seat, d.taken_by) for d in view.discards],
        calls=[(c.seat, c.discards_before + (1 if c.with_discard else 0)) for c in view.calls],
        stock=view.stock,
        top=view.top_discard if can_take else None,
    )
