"""A fast Cherki play-out on kind counts, for the search level's sampled deals.

Suits never matter, so a sampled deal is three count vectors, a stock of kinds and the top
discard. Every seat plays a quick greedy policy: take the top discard only if it brings the hand
closer to ready, discard the card whose loss costs least (singles and dead kinds first, low points
first), call as soon as ready: with the discard that makes the hand ready, or at the start of the
turn for a hand that is ready and has not called (a seat that kept its call back, as ``hard`` does).
The rules are the engine's: its stall guards (``rules``: a card bounced straight back twice, nine
takes in a row), its ready test and its settlement (``hands``).
Played on kinds, a bounce is a discard of the kind just taken, which is the engine's bounce when the
player discards the very card it took; a test plays several hundred deals both ways (the engine
driven by this policy, discarding the card it took when it discards that kind) and requires the
same ends.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardavia.bots.cherki.shape import NUM_KINDS, POINTS, overlap
from cardavia.games.cherki.hands import ready_wait, settlement
from cardavia.games.cherki.rules import MAX_BOUNCES, MAX_TAKE_RUN, NUM_SEATS

SEATS = NUM_SEATS


@dataclass
class SimDeal:
    """A sampled deal in progress, mutated in place by :func:`play_out`."""

    hands: list[list[int]]
    stock: list[int]  # kinds; the next draw is the last element
    top: int | None  # the top discard's kind, None if the pile is empty or cannot be taken
    called: list[bool]
    dead: list[int]  # cards of each kind lying in the discard pile (public)
    seat: int  # the seat to act, at the start of its turn
    take_streak: int = 0  # turns in a row that took from the pile (the engine's ``take_run``)
    bounces: int = 0  # turns in a row that took the top discard and discarded its kind straight back


def settle(winner: int | None, x: int, seat: int) -> int:
    """Net points of ``seat`` when ``winner`` wins with ``x`` points (0 for a drawn deal)."""
    if winner is None:
        return 0
    return settlement(winner, x, SEATS)[seat]


def wants_take(hand: list[int], top: int) -> bool:
    """Whether the play-out policy takes the top discard (kind ``top``): only if it brings the hand
    closer to ready."""
    before = overlap(tuple(hand))
    hand[top] += 1
    better = overlap(tuple(hand)) > before
    hand[top] -= 1
    return better


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
    # A ready hand that has not called calls at the start of its next turn (it may still win that turn).
    # Only the deal as given can hold one: in play the policy calls with the discard that makes a hand
    # ready, and a seat's own turn is the only thing that changes its hand, so calling it now is the same.
    waits = [ready_wait(h) for h in hands]  # None for a sampled caller's hand that is not ready
    for i, w in enumerate(waits):
        if w is not None:
            called[i] = True
    seat = deal.seat
    top = -1 if deal.top is None else deal.top  # the top discard's kind, -1 for none
    streak = deal.take_streak
    bounces = deal.bounces
    while True:
        hand = hands[seat]
        # the stall guards: the top discard may be taken only while neither is reached
        takeable = top >= 0 and streak < MAX_TAKE_RUN and bounces < MAX_BOUNCES
        if called[seat]:  # a caller: take its wait, else draw and discard what it drew
            w = waits[seat]  # None only for a sampled hand that is not ready: it can never win
            if w is not None and takeable and top == w:
                return seat, _points(hand) + POINTS[w]
            card = stock.pop()
            if w is not None and card == w:
                return seat, _points(hand) + POINTS[w]
            if top >= 0:
                dead[top] += 1
            top = card
            streak = bounces = 0
        else:
            taken = top if takeable and wants_take(hand, top) else -1
            if taken >= 0:
                hand[taken] += 1
            else:
                hand[stock.pop()] += 1
                if top >= 0:
                    dead[top] += 1
            k = greedy_discard(hand, dead)
            hand[k] -= 1
            if taken >= 0:
                streak += 1
                bounces = bounces + 1 if k == taken else 0
            else:
                streak = bounces = 0
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
