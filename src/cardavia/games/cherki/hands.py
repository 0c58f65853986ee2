"""Hand tests on kind counts: ready and its wait, complete, the discards that leave a ready hand, points.

A hand is read as a vector of 12 kind counts. Sets are only ever three or two cards of one kind,
so a hand splits into triples and one pair exactly when one kind's count is 2 (mod 3) and none is
1 (mod 3). The engine keeps, per hand, the *residue code* ``sum((count % 3) * 3**kind)`` and
updates it card by card; the tables below turn that code into a wait or a ready-leaving discard
with one dictionary look-up.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardavia.games.cherki.cards import FACE_BY_CODE, KIND_OF, NUM_KINDS, POINTS
from cardavia.games.payments import Line, factor, line

POW3: tuple[int, ...] = tuple(3**k for k in range(NUM_KINDS))

# residue code of a ready hand -> its wait: one kind at residue 2, every other at 0
WAIT_OF_CODE: dict[int, int] = {2 * POW3[k]: k for k in range(NUM_KINDS)}
# residue code of a 9-card hand that is not complete but has a ready-leaving discard ->
# (the kind to discard, the wait left): that kind at residue 1, the wait at residue 2, all else 0
DISCARD_OF_CODE: dict[int, tuple[int, int]] = {
    POW3[a] + 2 * POW3[b]: (a, b) for a in range(NUM_KINDS) for b in range(NUM_KINDS) if a != b
}


def kind_counts(cards: Iterable[int | str]) -> list[int]:
    """The 12 kind counts of some cards, given as face numbers or codes."""
    counts = [0] * NUM_KINDS
    for card in cards:
        face = FACE_BY_CODE[card] if isinstance(card, str) else card
        counts[KIND_OF[face]] += 1
    return counts


def residue_code(counts: Sequence[int]) -> int:
    """``sum((count % 3) * 3**kind)``: all the ready and complete tests need of a hand."""
    return sum((c % 3) * p for c, p in zip(counts, POW3, strict=True))


def ready_wait(counts: Sequence[int]) -> int | None:
    """The wait (a kind, 0-11) if the hand is two triples and a pair, else None.

    Works for any size 3n + 2 (n triples and a pair); a Cherki hand between turns has 8 cards.
    """
    if sum(counts) % 3 != 2:
        return None
    return WAIT_OF_CODE.get(residue_code(counts))


def is_ready(counts: Sequence[int]) -> bool:
    """Whether the hand splits into triples and one pair."""
    return ready_wait(counts) is not None


def is_complete(counts: Sequence[int]) -> bool:
    """Whether the hand splits into triples only (nine cards: three triples, a winning hand)."""
    return sum(counts) % 3 == 0 and all(c % 3 == 0 for c in counts)


def ready_discards(counts: Sequence[int]) -> dict[int, int]:
    """For a 3n-card hand (nine cards mid-turn): kind to discard -> the wait the rest is ready on.

    A complete hand may drop a card of any kind it holds (that kind becomes the pair and the wait);
    otherwise at most one kind works.
    """
    if sum(counts) % 3 != 0:
        return {}
    code = residue_code(counts)
    if code == 0:
        return {k: k for k, c in enumerate(counts) if c}
    pair = DISCARD_OF_CODE.get(code)
    return {pair[0]: pair[1]} if pair else {}


def hand_points(cards: Iterable[int | str]) -> int:
    """Points of some cards: number cards their value, honours 1 (red stamps score nothing extra)."""
    return sum(POINTS[FACE_BY_CODE[c] if isinstance(c, str) else c] for c in cards)


def settlement(winner: int, x: int, num_seats: int = 3) -> list[int]:
    """Deltas when ``winner`` wins with ``x`` points: +2x to the winner, -x to each opponent."""
    return [(num_seats - 1) * x if seat == winner else -x for seat in range(num_seats)]


def payment_lines(winner: int, cards: Sequence[str], num_seats: int = 3) -> list[Line]:
    """The settlement as payment lines: each opponent pays the winner ``x``, shown as the sum it is.

    ``cards`` are the winner's nine cards; their deltas are :func:`settlement`'s.
    """
    points = [hand_points([c]) for c in cards]
    x = factor("x", sum(points), terms=" + ".join(str(p) for p in points))
    return [line("settlement", seat, winner, [x]) for seat in range(num_seats) if seat != winner]
