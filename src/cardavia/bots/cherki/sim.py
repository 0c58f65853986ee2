"""A fast Cherki play-out on kind counts, for the search level's sampled deals.

Suits never matter, so a sampled deal is three count vectors, a stock of kinds and the top
discard. Every seat plays a quick greedy policy: take the top discard only if it brings the hand
closer to ready, discard the card whose loss costs least (singles and dead kinds first, low points
first), call as soon as ready. Stall guards are simplified to a cap on takes in a row.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardavia.bots.cherki.shape import NUM_KINDS, POINTS, overlap
from cardavia.games.cherki.hands import ready_wait

SEATS = 3
_TAKE_STREAK_CAP = 9


@dataclass
class SimDeal:
    """A sampled deal in progress, mutated in place by :func:`play_out`."""

    hands: list[list[int]]
    stock: list[int]  # kinds; the next draw is the last element
    top: int | None  # the top discard's kind, None if the pile is empty or cannot be taken
    called: list[bool]
    dead: list[int]  # cards of each kind lying in the discard pile (public)
    seat: int  # the seat to act, at the start of its turn
    take_streak: int = 0


def settle(winner: int | None, x: int, seat: int) -> int:
    """Net points of ``seat`` when ``winner`` wins with ``x`` points (0 for a drawn deal)."""
    if winner is None:
        return 0
    return 2 * x if winner == seat else -x


def greedy_discard(hand: list[int], dead: list[int]) -> int:
    """The kind the play-out policy discards from a 9-card hand."""
    best_k = -1
    best = -(10**9)
    for k in range(NUM_KINDS):
        c = hand[k]
        if c == 0:
            continue
        hand[k] = c - 1
        ov = overlap(tuple(hand))
        hand[k] = c
        # keep the shape first; then break up small groups, dead kinds and low points first
        score = ov * 1000 - c * 100 + dead[k] * 5 - POINTS[k]
        if score > best:
            best = score
            best_k = k
    return best_k


def play_out(deal: SimDeal) -> tuple[int | None, int]:
    """Play the deal to its end with the greedy policy: (winner or None, points of the winning nine)."""
    hands = deal.hands
    stock = deal.stock
    called = deal.called
    dead = deal.dead
    waits: list[int | None] = [ready_wait(h) if called[i] else None for i, h in enumerate(hands)]
    seat = deal.seat
    top = deal.top
    streak = deal.take_streak
    while True:
        hand = hands[seat]
        if called[seat]:
            w = waits[seat]
            if top is not None and top == w:
                return seat, _points(hand) + POINTS[w]
            if not stock:
                return None, 0
            card = stock.pop()
            streak = 0
            if card == w:
                return seat, _points(hand) + POINTS[w]
            if top is not None:
                dead[top] += 1
            top = card
        else:
            took = False
            if top is not None and streak < _TAKE_STREAK_CAP:
                before = overlap(tuple(hand))
                hand[top] += 1
                if overlap(tuple(hand)) > before:
                    took = True
                    streak += 1
                else:
                    hand[top] -= 1
            if not took:
                if not stock:
                    return None, 0
                hand[stock.pop()] += 1
                streak = 0
                if top is not None:
                    dead[top] += 1
            k = greedy_discard(hand, dead)
            hand[k] -= 1
            top = k
            w = ready_wait(hand)
            if w is not None:
                called[seat] = True
                waits[seat] = w
        if not stock:
            return None, 0
        seat = (seat + 1) % SEATS


def _points(hand: list[int]) -> int:
    return sum(POINTS[k] * hand[k] for k in range(NUM_KINDS))
