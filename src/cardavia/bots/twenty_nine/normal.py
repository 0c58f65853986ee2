"""The ``normal`` level: a sound club player's heuristics, from its seat's view only.

- Auction: a limit from the four cards (points, the longest suit, its jack); it leaves a bid its
  partner holds unless much stronger. Names its longest, strongest suit; doubles and redoubles only
  with a clear margin.
- Play: it counts cards (masters: no unseen card of the suit ranks higher), reads voids, and before
  the reveal infers the trump as the spec's AI section says (``reading.trump_weights``: weighted by
  what the bidder may hold, a suit the bidder led or showed none of being unlikely). It asks for the
  trump when a trick worth having goes to the opponents and it probably holds one; trumps in cheaply;
  feeds its partner's winning tricks; leads masters, or its jack of trumps to draw trumps as the
  bidder's side; throws low otherwise, keeping known trumps.
"""

from __future__ import annotations

import random

from cardavia.bots.base import Decision
from cardavia.bots.twenty_nine.common import auction_call, by_do, choose_trump
from cardavia.bots.twenty_nine.explain import pair_reason
from cardavia.bots.twenty_nine.messages import hint
from cardavia.bots.twenty_nine.reading import (
    beats,
    best_suit,
    current_winner,
    hand_points,
    is_master,
    points,
    strength,
    suit,
    trump_weights,
    unseen,
)
from cardavia.games.twenty_nine import Action, TwentyNineView

_ASK_POINTS = 2  # the least a trick must hold for it to be worth asking
_ASK_LIKELY = 0.6  # how sure a seat that does not know the trump must be that it holds one
REDOUBLE_MARGIN = 4  # a bidder redoubles when its four cards' limit is this far above the contract


def _code(a: Action) -> str:
    return str(a.to_json()["card"])


def limit_from(points: int, length: int, jack: bool) -> int:
    """The highest bid four cards support from their points, the length of their longest suit and
    whether they hold its jack: 12, the points, one per card of that suit beyond the first, two more
    for the jack."""
    return min(25, 12 + points + (length - 1) + 2 * jack)


def limit_of(hand: tuple[str, ...]) -> int:
    """The highest bid four cards support (:func:`limit_from`)."""
    s, count = best_suit(hand)
    return limit_from(hand_points(hand), count, f"J{s}" in hand)


def _cheap(plays: list[Action], trump: str | None) -> Action:
    """The card that gives away least: no points, low rank, not a trump one knows of."""
    return min(plays, key=lambda a: (suit(_code(a)) == trump, points(_code(a)), strength(_code(a))))


class NormalBot:
    """The ``normal`` level (see the module docstring)."""

    game = "twenty-nine"
    level = "normal"

    def decide(self, view: TwentyNineView, rng: random.Random) -> Decision[Action]:
        legal = by_do(view)
        if "trump" in legal:
            return choose_trump(view)
        if view.phase == "auction":
            return auction_call(view, limit_of(view.hand), mind_partner=True)
        if "double" in legal:
            return self._double(view, legal)
        if "redouble" in legal:
            return self._redouble(view, legal)
        if "pair" in legal:
            return Decision(legal["pair"][0], pair_reason(view))
        if not view.trick:
            return self._lead(view, legal["play"])
        return self._follow(view, legal)

    def _double(self, view: TwentyNineView, legal: dict[str, list[Action]]) -> Decision[Action]:
        pts = hand_points(view.hand)
        if pts >= 6 and view.bid >= 20:
            return Decision(legal["double"][0], hint("double-strong", points=pts, value=view.bid))
        return Decision(legal["pass"][0], hint("double-pass", points=pts, value=view.bid))

    def _redouble(self, view: TwentyNineView, legal: dict[str, list[Action]]) -> Decision[Action]:
        if view.seat == view.bidder and limit_of(view.hand[:4]) >= view.bid + REDOUBLE_MARGIN:
            return Decision(legal["redouble"][0], hint("redouble-strong", value=view.bid))
        return Decision(legal["pass"][0], hint("redouble-pass", value=view.bid))

    def _trump(self, view: TwentyNineView) -> str | None:
        """The trump as this seat knows it (the bidder, or anyone after the reveal), else None."""
        return view.trump

    def _lead(self, view: TwentyNineView, plays: list[Action]) -> Decision[Action]:
        trump = self._trump(view)
        ours = view.bidder is not None and view.bidder % 2 == view.seat % 2
        hidden = unseen(view)
        if trump is not None and ours:
            top = [a for a in plays if suit(_code(a)) == trump and is_master(_code(a), view)]
            if top and any(suit(c) == trump for c in hidden):
                a = max(top, key=lambda a: strength(_code(a)))
                return Decision(a, hint("lead-trump", card=_code(a)))
        masters = [
            a for a in plays if is_master(_code(a), view) and points(_code(a)) > 0 and suit(_code(a)) != trump
        ]
        if masters:
            a = max(masters, key=lambda a: (points(_code(a)), strength(_code(a))))
            return Decision(a, hint("lead-master", card=_code(a)))
        a = _cheap(plays, trump)
        return Decision(a, hint("lead-low", card=_code(a)))

    def _follow(self, view: TwentyNineView, legal: dict[str, list[Action]]) -> Decision[Action]:
        plays = legal["play"]
        trump = self._trump(view)
        power = trump if view.reveal is not None else None
        winner = current_winner(view)
        best = next(c for s, c in view.trick if s == winner)
        partner_wins = winner == view.partner
        last = len(view.trick) == 3
        trick_points = sum(points(c) for _, c in view.trick)
        led = suit(view.trick[0][1])
        if "reveal" in legal and not partner_wins and trick_points >= _ASK_POINTS:
            if trump is not None:  # the bidder: ask only holding a trump to take it with
                if any(suit(c) == trump for c in view.hand):
                    return Decision(legal["reveal"][0], hint("show-win", led=led, points=trick_points))
            else:
                weights = trump_weights(view)
                held = {suit(c) for c in view.hand}
                likely = sum(w for s, w in weights.items() if s in held)
                if likely >= _ASK_LIKELY:
                    guess = max(sorted(held), key=lambda s: weights[s])  # the likeliest it holds
                    return Decision(
                        legal["reveal"][0], hint("ask-likely", led=led, suit=guess, points=trick_points)
                    )
        if (
            view.reveal is not None
            and view.reveal[0] == view.seat
            and all(suit(_code(a)) == trump for a in plays)
        ):
            takers = [a for a in plays if beats(_code(a), best, power)]
            a = min(takers or plays, key=lambda a: strength(_code(a)))
            return Decision(a, hint("must-trump", card=_code(a)))
        following = all(suit(_code(a)) == led for a in plays)
        if partner_wins and (last or is_master(best, view) or (power is not None and suit(best) == power)):
            a = max(plays, key=lambda a: (suit(_code(a)) != trump, points(_code(a)), -strength(_code(a))))
            if points(_code(a)) > 0:
                return Decision(a, hint("feed-partner", card=_code(a)))
        takers = [a for a in plays if beats(_code(a), best, power)]
        if following:
            sure = [a for a in takers if last or is_master(_code(a), view)]
            if sure:
                a = min(sure, key=lambda a: strength(_code(a)))
                return Decision(a, hint("win", card=_code(a), points=trick_points + points(_code(a))))
            a = _cheap(plays, trump)
            return Decision(a, hint("follow-low", card=_code(a)))
        trumps_in = [a for a in takers if power is not None and suit(_code(a)) == power]
        if trumps_in and not partner_wins and trick_points >= 1:
            a = min(trumps_in, key=lambda a: strength(_code(a)))
            return Decision(a, hint("trump-in", card=_code(a), points=trick_points + points(_code(a))))
        a = _cheap(plays, trump)
        return Decision(a, hint("throw-low", card=_code(a)))
