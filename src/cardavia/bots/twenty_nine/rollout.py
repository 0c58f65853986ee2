"""A fast play-out policy for the ``hard`` level's worlds and the review's: plain club habits read straight
off a whole deal's state (a drawn world, where every card and the trump are known), with no view built.

In the first stage every seat calls as ``normal`` does from its four cards (:func:`choose_call`: bid up
to the limit of its four cards, leave a partner's bid alone unless much stronger, name its longest
suit, double and redouble only with a clear margin). In the play: declare a pair when allowed; ask
for the trump when a trick worth two points or more goes to the opponents and a trump is held; take
a trick cheaply when it is worth it; feed a partner's trick; lead the highest card of a suit where it
is the master, else a low one; throw low.
"""

from __future__ import annotations

import random

from cardavia.bots.twenty_nine.normal import REDOUBLE_MARGIN, limit_of
from cardavia.bots.twenty_nine.reading import best_suit, hand_points
from cardavia.games.packs.french import CODES, SUITS
from cardavia.games.twenty_nine import POINTS, STRENGTH, SUIT_OF, TwentyNineDeal, trick_winner
from cardavia.games.twenty_nine.actions import DOUBLE, PASS, REDOUBLE, TRUMP, Action

ASK_POINTS = 2
DOUBLE_POINTS = 6  # as ``normal``: double holding this many points against a bid of DOUBLE_BID
DOUBLE_BID = 20


def choose_call(deal: TwentyNineDeal) -> Action:
    """The policy's call in the first stage (auction, trump, doubling) for the seat to act."""
    seat = deal.seat_to_act
    assert seat is not None
    codes = [CODES[c] for c in deal.held[seat]]
    phase = deal.phase
    if phase == "trump":
        return TRUMP[seat][SUITS.index(best_suit(codes)[0])]
    if phase == "double":
        strong = hand_points(codes) >= DOUBLE_POINTS and deal.bid >= DOUBLE_BID
        return DOUBLE[seat] if strong else PASS[seat]
    if phase == "redouble":  # as ``normal``: the bidder, with a clear margin
        strong = seat == deal.bidder and limit_of(tuple(codes)) >= deal.bid + REDOUBLE_MARGIN
        return REDOUBLE[seat] if strong else PASS[seat]
    lowest = deal.legal_actions()[0]  # the lowest bid (or a pass where no bid is left)
    if deal.defender is None:
        return lowest
    limit = limit_of(tuple(codes))
    other = deal.defender if seat == deal.challenger else deal.challenger
    if other is not None and other % 2 == seat % 2 and limit < deal.bid + 3:
        return PASS[seat]
    return lowest if lowest.value is not None and lowest.value <= limit else PASS[seat]


def _low(cards: list[int], trump: int | None) -> int:
    return min(cards, key=lambda c: (SUIT_OF[c] == trump, POINTS[c], STRENGTH[c]))


def choose(deal: TwentyNineDeal, played: set[int]) -> Action:
    """The policy's action for the seat to act (``played``: every card played so far)."""
    if deal.phase != "play":
        return choose_call(deal)
    legal = deal.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = deal.seat_to_act
    assert seat is not None
    by = {a.do: a for a in legal if a.do != "play"}
    if "pair" in by:
        return by["pair"]
    cards = [a.card for a in legal if a.card is not None]
    rows = {c: a for a in legal if (c := a.card) is not None}
    trump = deal.trump
    power = trump if deal.reveal is not None else None
    trick = deal.trick
    if not trick:
        masters = [
            c
            for c in cards
            if POINTS[c] > 0
            and not any(
                SUIT_OF[o] == SUIT_OF[c] and STRENGTH[o] > STRENGTH[c] and o not in played
                for h in deal.held
                for o in h
                if o not in deal.held[seat]
            )
        ]
        chosen = max(masters, key=lambda c: POINTS[c]) if masters else _low(cards, trump)
        return rows[chosen]
    winner = trick_winner(trick, power)
    best = next(c for s, c in trick if s == winner)
    points = sum(POINTS[c] for _, c in trick)
    partner_wins = winner % 2 == seat % 2
    if (
        "reveal" in by
        and not partner_wins
        and points >= ASK_POINTS
        and any(SUIT_OF[c] == trump for c in cards)
    ):
        return by["reveal"]
    if partner_wins:
        return rows[max(cards, key=lambda c: (SUIT_OF[c] != trump, POINTS[c], -STRENGTH[c]))]

    def beats(c: int) -> bool:
        if SUIT_OF[c] == SUIT_OF[best]:
            return STRENGTH[c] > STRENGTH[best]
        return power is not None and SUIT_OF[c] == power

    takers = [c for c in cards if beats(c)]
    if takers and (points > 0 or len(trick) == 3):
        return rows[min(takers, key=lambda c: (SUIT_OF[c] == power, STRENGTH[c]))]
    return rows[_low(cards, trump)]


def play_out(deal: TwentyNineDeal, rng: random.Random) -> None:
    """Play ``deal`` to its end with :func:`choose` in every seat (``rng`` is unused: the policy is
    deterministic, which keeps the comparison between actions paired)."""
    played = {c for t in deal.tricks for _, c in t[3]} | {c for _, c in deal.trick}
    while deal.seat_to_act is not None:
        action = choose(deal, played)
        deal.apply(action)
        if action.card is not None:
            played.add(action.card)
