"""The ``easy`` level: how a casual player plays, from its own cards and the trick on the table.

Bids on the points in hand alone, names its longest suit, never doubles. Leads its highest card;
follows with a card that takes the trick if it has one, else its lowest; asks for the trump now and
then when a rich trick is going by. It counts nothing, ignores its partner, and now and then plays
any legal card.
"""

from __future__ import annotations

import random

from cardavia.bots.base import Decision
from cardavia.bots.twenty_nine.common import auction_call, by_do, choose_trump
from cardavia.bots.twenty_nine.explain import pair_reason
from cardavia.bots.twenty_nine.messages import asking, hint
from cardavia.bots.twenty_nine.reading import current_winner, hand_points, points, strength, suit
from cardavia.games.twenty_nine import Action, TwentyNineView

_NOISE = 0.1  # how often it plays any legal card
_ASK = 0.5  # how often it asks when a trick of 3 points or more goes by


def _code(a: Action) -> str:
    return str(a.to_json()["card"])


class EasyBot:
    """The ``easy`` level (see the module docstring)."""

    game = "twenty-nine"
    level = "easy"

    def decide(self, view: TwentyNineView, rng: random.Random) -> Decision[Action]:
        legal = by_do(view)
        if "trump" in legal:
            return choose_trump(view)
        if "bid" in legal or view.phase == "auction":
            return auction_call(view, min(22, 14 + hand_points(view.hand)), mind_partner=False)
        if "double" in legal or "redouble" in legal:
            return Decision(
                legal["pass"][0], hint("double-pass", value=view.bid, points=hand_points(view.hand))
            )
        if "pair" in legal:
            return Decision(legal["pair"][0], pair_reason(view))
        plays = legal["play"]
        trick_points = sum(points(c) for _, c in view.trick)
        if "reveal" in legal and trick_points >= 3 and rng.random() < _ASK:
            why = asking("ask-win", view.bidder == view.seat)
            return Decision(legal["reveal"][0], hint(why, led=suit(view.trick[0][1]), points=trick_points))
        if rng.random() < _NOISE:
            a = rng.choice(plays)
            return Decision(a, hint("casual", card=_code(a)))
        if not view.trick:
            a = max(plays, key=lambda a: strength(_code(a)))
            return Decision(a, hint("lead-master", card=_code(a)))
        winner = current_winner(view)
        best = next(c for s, c in view.trick if s == winner)
        takers = [a for a in plays if suit(_code(a)) == suit(best) and strength(_code(a)) > strength(best)]
        if takers:
            a = max(takers, key=lambda a: strength(_code(a)))
            return Decision(a, hint("win", card=_code(a), points=trick_points + points(_code(a))))
        a = min(plays, key=lambda a: (points(_code(a)), strength(_code(a))))
        return Decision(a, hint("throw-low", card=_code(a)))
