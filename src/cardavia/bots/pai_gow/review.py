"""The exact analysis of a Pai Gow decision (``ANALYST``): each split's exact EV, as the platform's
exact analysis (:class:`cardavia.bots.analysis.ExactAnalyst`) asks for it. The Hint is its best;
the review prices a set against that best.

A decision is one ``sets`` entry. Each split is valued as the ``hard`` level values it, with every
other seat counted as Normal (the review says so: ``against``), by enumerating every hand the seats
it meets may hold (:mod:`.exact`); nothing is sampled, so the loss is exact and ``ci95`` is
``[loss, loss]``. Each split's shares of those hands it beats and loses to are said with its value
(a player's against the banker's hands; the banker's against a player's, over the three).

Labels by the loss per stake (the spec's thresholds are a player's: good below 0.02 points a deal,
inaccuracy below 0.05, mistake below 0.15, blunder from 0.15): the banker's result is the sum of
its three players', so its thresholds are three times theirs (a banker losing 0.195 where its
splits lie between −2.45 and −2.64 gave away 0.065 a player: a mistake, not a blunder). Only the
seat's view is read: its four tiles, the banker, the options.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field

from cardavia.bots.analysis import Exact, Thresholds
from cardavia.bots.base import Reason
from cardavia.bots.pai_gow.exact import opponent_hands, value_splits
from cardavia.bots.pai_gow.levels import normal_choice, normal_reason, split_of, split_params
from cardavia.bots.pai_gow.messages import COUNTS, HINTS
from cardavia.bots.reasons import make_reason
from cardavia.games.pai_gow import SetHand, Split, View, result, split_identity
from cardavia.games.pai_gow.tiles import unseen_by

# whom the values are computed against: Normal at every other seat (the "against-normal" reason)
REVIEW_LEVELS: tuple[str, ...] = ("normal", "normal", "normal", "normal")
SEATS = len(REVIEW_LEVELS)


def shares(view: View, split: Split, met: Counter[tuple[int, int]]) -> tuple[float, float]:
    """The share of the hands ``met`` (orders, weighted) that ``split`` beats and that beat it: a
    player's against the banker's hands, the banker's against one player's."""
    total = sum(met.values())
    banker = view.seat == view.banker
    won = lost = 0
    for orders, n in met.items():
        r = (
            result(orders, split.orders, view.options)
            if banker
            else result(split.orders, orders, view.options)
        )
        mine = -r if banker else r
        won += n * (mine > 0)
        lost += n * (mine < 0)
    return (won / total, lost / total)


@dataclass(frozen=True)
class PaiGowAnalyst:
    """The exact analysis of a seat's set (:class:`cardavia.bots.analysis.ExactAnalyst`)."""

    # a player's (per stake: see stakes): good below 0.02 points a deal, inaccuracy below 0.05,
    # mistake below 0.15
    thresholds: Thresholds = field(default=Thresholds(0.02, 0.05, 0.15))
    # raised whenever a stored review's figures would change (the values, the thresholds, the
    # levels they are computed against): 2, the banker's thresholds per stake, options best
    # first, each split once, the reasons beside the rule of thumb or the player's set with figures
    version: int = 2

    def is_decision(self, view: View) -> bool:
        """Every set is a decision: four tiles always split at least two different ways."""
        return bool(view.legal)

    def stakes(self, view: View) -> int:
        """The banker's result is its three players' (three stakes), a player's its own."""
        return SEATS - 1 if view.seat == view.banker else 1

    def exact(self, view: View) -> Exact:
        """Each of the view's splits with its exact EV against Normal at every other seat, and the
        share of the hands it meets that it beats and loses to (all Normal: one distribution)."""
        valued = value_splits(view.seat, view.hand, view.banker, REVIEW_LEVELS, view.options)
        met = opponent_hands(unseen_by(view.hand), "normal", view.options)
        # each split once (two partners of alike tiles make one), as the view lists them
        legal = {split_identity(view.hand, a.hand) for a in view.legal}
        kept = []
        for v in valued:
            identity = split_identity(view.hand, v.action.hand)
            if identity in legal:
                legal.discard(identity)
                kept.append(v)
        return Exact(
            tuple((v.action, float(v.ev)) for v in kept),
            make_reason(HINTS, "against-normal"),
            tuple(shares(view, v.split, met) for v in kept),
        )

    def choice(self, view: View, action: SetHand) -> Hashable:
        return split_identity(view.hand, action.hand)

    def describe(self, view: View, action: SetHand) -> Reason:
        params, shown = split_params(split_of(view, action))
        return make_reason(HINTS, "set-split", params, shown)

    def reason(self, view: View, action: SetHand, chosen: SetHand, value: float) -> Reason:
        """Why ``action`` is best beside ``chosen`` (the player's set, the rule of thumb's or the next
        best): the rule of thumb's own words when it sets ``action`` too; else that it wins more on
        average than the strongest hand behind, where ``chosen`` is that; else that it wins the most
        of the splits (the figures are said apart)."""
        split = split_of(view, action)
        normal, normal_split = normal_choice(view)
        params, shown = split_params(split)
        if self.choice(view, normal) == self.choice(view, action):
            return normal_reason(view, normal_split)
        if self.choice(view, normal) == self.choice(view, chosen):
            return make_reason(HINTS, "best-ev-gain", params, shown)
        params["count"] = len(view.legal)
        return make_reason(HINTS, "best-ev", params, shown, COUNTS)


ANALYST = PaiGowAnalyst()
