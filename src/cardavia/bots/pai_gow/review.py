"""The exact review of a Pai Gow decision: each of its splits' exact EV, the loss and the label.

A decision is one ``sets`` entry. Each split is valued as the ``hard`` level values it, with every
other seat counted as Normal (the output says so), by enumerating every hand the seats it meets may
hold (:mod:`.exact`); nothing is sampled, so the loss is exact and ``ci95`` is ``[loss, loss]``.
Labels by the loss: best (0), good (< 0.02), inaccuracy (< 0.05), mistake (< 0.15), blunder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardavia.bots.base import Reason
from cardavia.bots.pai_gow.exact import Valued, best_of, value_splits
from cardavia.bots.pai_gow.levels import against, hard_reason, split_params
from cardavia.bots.pai_gow.messages import HINTS
from cardavia.bots.reasons import make_reason
from cardavia.games.pai_gow import GAME, Options, SetHand, Tile
from cardavia.games.pai_gow.hands import make_split

REVIEW_LEVELS = ("normal", "normal", "normal", "normal")
THRESHOLDS: tuple[tuple[Fraction, str], ...] = (
    (Fraction(2, 100), "good"),
    (Fraction(5, 100), "inaccuracy"),
    (Fraction(15, 100), "mistake"),
)


def label(loss: Fraction) -> str:
    """The label a loss (points a deal, exact) earns."""
    if loss == 0:
        return "best"
    for bound, name in THRESHOLDS:
        if loss < bound:
            return name
    return "blunder"


@dataclass(frozen=True)
class ExactReview:
    """The review of one decision: ``index`` is the entry's 0-based index in the record's ``sets``."""

    index: int
    seat: int
    valued: tuple[Valued, ...]  # the three splits with their exact EVs, in legal order
    chosen: Valued
    best: Valued
    against: str  # "Normal at every other seat"
    reason: Reason  # why the best is best, as the hard level says it
    better: Reason | None  # the best split named as a choice, when the chosen one is not it

    @property
    def loss(self) -> Fraction:
        return self.best.ev - self.chosen.ev

    @property
    def label(self) -> str:
        return label(self.loss)

    def to_json(self) -> dict[str, Any]:
        """The review object (the platform's review contract's fields, and every split's EV)."""
        loss = round(float(self.loss), 6)

        def split(v: Valued) -> dict[str, Any]:
            return {**v.split.to_json(), "ev": round(float(v.ev), 6)}

        out: dict[str, Any] = {
            "index": self.index,
            "seat": self.seat,
            "against": self.against,
            "splits": [split(v) for v in self.valued],
            "chosen": split(self.chosen),
            "best": split(self.best),
            "loss": loss,
            "ci95": [loss, loss],
            "label": self.label,
            "reason": self.reason.to_json(),
        }
        if self.better is not None:
            out["better"] = self.better.to_json()
        return out


def review_decision(
    seat: int,
    hand: Sequence[Tile],
    banker: int,
    chosen: SetHand,
    options: Options,
    index: int = 0,
) -> ExactReview:
    """Review ``seat``'s set ``chosen`` of ``hand`` (a pure function of these)."""
    valued = value_splits(seat, hand, banker, REVIEW_LEVELS, options)
    rest = list(hand)
    for t in chosen.hand:
        rest.remove(t)
    made = make_split(chosen.hand, rest, options)
    mine = next(v for v in valued if v.split.same_as(made))
    best = best_of(valued)
    if best.ev == mine.ev:  # an equal split is as good: no loss, nothing better to name
        best = mine
    _, text = against(REVIEW_LEVELS, seat, banker)
    better = None
    if best is not mine:
        params, shown = split_params(best.split)
        better = make_reason(HINTS, "set-split", params, shown)
    return ExactReview(
        index,
        seat,
        tuple(valued),
        mine,
        best,
        text,
        hard_reason(seat, banker, best, valued, REVIEW_LEVELS),
        better,
    )


def review_record(record: Mapping[str, Any], seat: int) -> tuple[ExactReview, ...]:
    """Review every decision of ``seat`` in a record (one in a finished deal; none if it has not set).

    ``RecordError`` for a record that is not one; ``IllegalAction`` if an entry before the seat's
    breaks a rule (the record would not replay).
    """
    deal, sets = GAME.deal_from_record(record)
    out = []
    for index, action in enumerate(sets):
        if action.seat == seat:
            deal.split_for(action)  # refuse an illegal entry before valuing it
            out.append(review_decision(seat, deal.hand(seat), deal.banker, action, deal.options, index))
        deal.apply(action)
    return tuple(out)
