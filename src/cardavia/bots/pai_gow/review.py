"""The exact review of a Pai Gow decision (``ANALYST``): each split's exact EV, as the platform's
exact review (:class:`cardavia.bots.review.ExactAnalyst`) asks for it.

A decision is one ``sets`` entry. Each split is valued as the ``hard`` level values it, with every
other seat counted as Normal (the review says so: ``against``), by enumerating every hand the seats
it meets may hold (:mod:`.exact`); nothing is sampled, so the loss is exact and ``ci95`` is
``[loss, loss]``. Labels by the loss: best (0), good (< 0.02), inaccuracy (< 0.05), mistake
(< 0.15), blunder (the spec's). Only the seat's view is read: its four tiles, the banker, the options.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from cardavia.bots.base import Reason
from cardavia.bots.pai_gow.exact import value_splits
from cardavia.bots.pai_gow.levels import hard_reason, split_of, split_params
from cardavia.bots.pai_gow.messages import HINTS
from cardavia.bots.reasons import make_reason
from cardavia.bots.review import Exact, Thresholds
from cardavia.games.pai_gow import SetHand, Split, Tile, View

# whom the values are computed against: Normal at every other seat (the "against-normal" reason)
REVIEW_LEVELS: tuple[str, ...] = ("normal", "normal", "normal", "normal")


def _codes(hand: Sequence[Tile]) -> tuple[str, ...]:
    return tuple(sorted(t.code for t in hand))


def split_identity(split: Split) -> frozenset[tuple[str, ...]]:
    """A split as its two hands' codes: two ways of naming it, or alike tiles, give one identity."""
    return frozenset((_codes(split.high), _codes(split.low)))


@dataclass(frozen=True)
class PaiGowAnalyst:
    """The exact review of a seat's set (:class:`cardavia.bots.review.ExactAnalyst`)."""

    # the spec's labels: good below 0.02 points a deal, inaccuracy below 0.05, mistake below 0.15
    thresholds: Thresholds = field(default=Thresholds(0.02, 0.05, 0.15))
    # raised whenever a stored review's figures would change (the values, the thresholds, the
    # levels they are computed against)
    version: int = 1

    def is_decision(self, view: View) -> bool:
        """Every set is a decision: four tiles always split at least two different ways."""
        return bool(view.legal)

    def exact(self, view: View) -> Exact:
        """Each of the view's three splits with its exact EV against Normal at every other seat."""
        valued = value_splits(view.seat, view.hand, view.banker, REVIEW_LEVELS, view.options)
        return Exact(tuple((v.action, float(v.ev)) for v in valued), make_reason(HINTS, "against-normal"))

    def choice(self, view: View, action: SetHand) -> Hashable:
        return split_identity(split_of(view, action))

    def describe(self, view: View, action: SetHand) -> Reason:
        params, shown = split_params(split_of(view, action))
        return make_reason(HINTS, "set-split", params, shown)

    def reason(self, view: View, action: SetHand, chosen: SetHand, value: float) -> Reason:
        """Why ``action`` is best, as the hard level says it (the figures are the review's own)."""
        valued = value_splits(view.seat, view.hand, view.banker, REVIEW_LEVELS, view.options)
        mine = split_identity(split_of(view, action))
        best = next(v for v in valued if split_identity(v.split) == mine)
        return hard_reason(best, valued)


ANALYST = PaiGowAnalyst()
