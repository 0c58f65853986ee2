"""A whole deal consistent with one seat's view (determinization: what a searching bot or a review plays
out): every public part from the view, the hidden part from the caller.

The hidden part is each seat's cards now, the trump where the view does not show it, and in the
first stage every seat's second four. Such a deal plays on like any other but has no record.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardavia.games.errors import RecordError
from cardavia.games.packs.french import PACK_SIZE, SUITS
from cardavia.games.twenty_nine.cards import SUIT_OF, card_index
from cardavia.games.twenty_nine.deal import (
    ANNULLED,
    AUCTION,
    DOUBLE_PHASE,
    NUM_SEATS,
    OVER,
    REDOUBLE_PHASE,
    TRUMP_PHASE,
    TwentyNineDeal,
    team_of,
)
from cardavia.games.twenty_nine.view import TwentyNineView

FIRST_STAGE = (AUCTION, TRUMP_PHASE, DOUBLE_PHASE, REDOUBLE_PHASE)


def _bad(what: str) -> RecordError:
    return RecordError("bad-position", what, {"what": what})


def deal_from_view(
    view: TwentyNineView,
    holdings: Sequence[Sequence[str]],
    trump: str | None,
    second: Sequence[Sequence[str]] | None = None,
) -> TwentyNineDeal:
    """The deal ``view`` shows, with ``holdings`` (each seat's cards now; the viewing seat's must be its
    own), ``trump`` (the view's where it shows one; None only before the bidder has chosen) and, in
    the first stage, ``second`` (every seat's second four). ``RecordError`` (``bad-position``) if the
    parts do not make up the pack with the view's public cards, or contradict the view."""
    if view.phase in (OVER, ANNULLED):
        raise _bad("the deal is over: nothing to play out")
    held = [[card_index(c) for c in h] for h in holdings]
    if sorted(holdings[view.seat]) != sorted(view.hand):
        raise _bad("the viewing seat's cards must be the hand its view shows")
    if tuple(len(h) for h in held) != view.hand_sizes:
        raise _bad("each seat must hold as many cards as the view shows")
    if view.trump is not None and trump != view.trump:
        raise _bad("the trump must be the one the view shows")
    if view.trump_set != (trump is not None):
        raise _bad("a trump is given exactly when the bidder has chosen one")
    tricks = [
        (t.leader, t.winner, t.points, tuple((s, card_index(c)) for s, c in t.plays)) for t in view.tricks
    ]
    trick = [(s, card_index(c)) for s, c in view.trick]
    by_seat: list[list[int]] = [[] for _ in range(NUM_SEATS)]
    for _, _, _, plays in tricks:
        for s, c in plays:
            by_seat[s].append(c)
    for s, c in trick:
        by_seat[s].append(c)
    first_stage = view.phase in FIRST_STAGE
    if first_stage:
        if second is None or any(len(h) != 4 for h in second):
            raise _bad("the first stage needs every seat's second four")
        hands = [[*held[s], *(card_index(c) for c in second[s])] for s in range(NUM_SEATS)]
    else:
        hands = [[*by_seat[s], *held[s]] for s in range(NUM_SEATS)]
    if sorted(c for h in hands for c in h) != list(range(PACK_SIZE)):
        raise _bad("the cards do not make up the pack once")

    deal = TwentyNineDeal.from_hands(view.dealer, hands, view.options)
    deal.held = held
    deal.phase = view.phase
    deal.seat_to_act = view.to_act
    deal.calls = list(view.calls)
    deal.defender, deal.challenger = view.defender, view.challenger
    spoken = {s for s, _ in view.calls}
    entering = [(view.eldest + 2) % NUM_SEATS, (view.eldest + 3) % NUM_SEATS]
    deal.waiting = (
        [s for s in entering if s not in spoken and s != view.challenger] if view.defender is not None else []
    )
    deal.bid, deal.bidder = view.bid, view.bidder
    deal.trump = None if trump is None else SUITS.index(trump)
    deal.doubles = list(view.doubles)
    deal.multiplier = view.multiplier
    deal.reveal = view.reveal
    deal.pair = view.pair
    deal.leader = view.leader
    deal.trick = trick
    deal.tricks = tricks
    deal.team_points = list(view.points)
    deal.team_won = [any(team_of(t[1]) == team for t in tricks) for team in (0, 1)]
    leads = [plays[0] for *_, plays in tricks] + trick[:1]
    deal.trump_led = any(s != view.bidder and SUIT_OF[c] == deal.trump for s, c in leads)
    asker = view.reveal[0] if view.reveal is not None else None
    deal.asker_now = (
        asker
        if view.reveal is not None
        and view.reveal[1] == len(tricks)
        and asker == view.to_act
        and all(s != asker for s, _ in trick)
        else None
    )
    deal.log = []
    deal.actions_before = view.actions
    deal.positional = True
    deal._result = None  # an annulled deal has no view to play out, whatever the first fours now
    return deal
