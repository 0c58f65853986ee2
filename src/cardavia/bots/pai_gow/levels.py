"""The Pai Gow levels: ``easy`` (MAX-LOW), ``normal`` (MAX-HIGH) and ``hard`` (exact best response).

Each decides from its seat's :class:`~cardavia.games.pai_gow.View` only: its four tiles, the
banker and the options. The reason is said as a player would ("keeps the Heaven pair behind: it beats
every banker's hand but the Supreme"), with the site's tile names (Heaven for the casino's Teen).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardavia.bots.base import Decision, Reason
from cardavia.bots.pai_gow.exact import Valued, best_of, value_splits
from cardavia.bots.pai_gow.messages import COUNTS, HINTS
from cardavia.bots.reasons import make_reason
from cardavia.games.pai_gow import SetHand, Split, View, class_of, make_split
from cardavia.games.pai_gow.hands import GONG, PAIR, WONG


def split_of(view: View, action: SetHand) -> Split:
    """The split a legal set of the view makes (the hand it names and the seat's other two tiles)."""
    rest = list(view.hand)
    for t in action.hand:
        rest.remove(t)
    return make_split(action.hand, rest, view.options)


def _splits(view: View) -> list[tuple[SetHand, Split]]:
    if not view.legal:
        raise ValueError("the seat has no legal set: it has set already, or the deal is over")
    return [(a, split_of(view, a)) for a in view.legal]


def normal_choice(view: View) -> tuple[SetHand, Split]:
    """MAX-HIGH: the highest high hand; among equals the highest low hand (then the first listed)."""
    return max(_splits(view), key=lambda c: c[1].orders)


def easy_choice(view: View) -> tuple[SetHand, Split]:
    """MAX-LOW: the highest low hand; among equals the highest high hand (then the first listed)."""
    return max(_splits(view), key=lambda c: (c[1].orders[1], c[1].orders[0]))


def split_params(split: Split) -> tuple[dict[str, Any], dict[str, Any]]:
    """A split's reason parameters (the codes of each hand) and their English rendering."""
    params = {"high": [t.code for t in split.high], "low": [t.code for t in split.low]}
    shown = {"high": "+".join(t.code for t in split.high), "low": "+".join(t.code for t in split.low)}
    return params, shown


def normal_reason(view: View, split: Split) -> Reason:
    """Why the strongest hand goes behind, in a player's words: which hand goes behind and what can
    still beat it, which goes in front. Only the seat's own view is read (its tiles, whether it banks)."""
    params, shown = split_params(split)
    key = split.high_key
    if key.category == PAIR:
        cls = class_of(split.high[0])
        if cls.rank == 1:
            return make_reason(HINTS, "supreme-behind", params, shown)
        if cls.rank == 2:
            if any(class_of(t).rank == 1 for t in view.hand):  # no one else can make the Supreme
                return make_reason(HINTS, "heaven-pair-sure", params, shown)
            reason_id = "heaven-pair-behind-bank" if view.seat == view.banker else "heaven-pair-behind"
            return make_reason(HINTS, reason_id, params, shown)
        params["tile"] = split.high[0].code  # the table names it ({tile_name}) in its language
        shown["tile_name"] = cls.site_name
        return make_reason(HINTS, "pair-behind", params, shown)
    if key.category in (WONG, GONG):
        assert key.high is not None  # a Wong or a Gong is led by Heaven or Earth
        heaven = class_of(key.high).rank == 2
        kind = "wong" if key.category == WONG else "gong"
        return make_reason(HINTS, f"{'heaven' if heaven else 'earth'}-{kind}-behind", params, shown)
    # a points hand behind: the front one is a points hand too (it is not above it)
    params.update(high_points=key.value, low_points=split.low_key.value)
    return make_reason(HINTS, "points-behind", params, shown, COUNTS)


def hard_reason(best: Valued, valued: Sequence[Valued]) -> Reason:
    """Why the exact best response is best, in words (its EV and what it gains over Normal's choice,
    where it differs, are parameters for logs: the figures are shown by whoever shows them)."""
    params, shown = split_params(best.split)
    params["ev"] = round(float(best.ev), 4)
    normal = max(valued, key=lambda v: v.split.orders)
    if normal.ev < best.ev:
        params["gain"] = round(float(best.ev - normal.ev), 4)
        return make_reason(HINTS, "best-ev-gain", params, shown)
    # the distinct splits (alike tiles can make two partners one split)
    params["count"] = sum(not any(v.split.same_as(w.split) for w in valued[:i]) for i, v in enumerate(valued))
    return make_reason(HINTS, "best-ev", params, shown, COUNTS)


@dataclass(frozen=True)
class NormalBot:
    """MAX-HIGH: the strongest hand behind (also the players' hint and *Set for me*)."""

    game: str = "pai-gow"
    level: str = "normal"

    def decide(self, view: View, rng: random.Random) -> Decision[SetHand]:
        action, split = normal_choice(view)
        return Decision(action, normal_reason(view, split))


@dataclass(frozen=True)
class EasyBot:
    """MAX-LOW: the strongest hand in front."""

    game: str = "pai-gow"
    level: str = "easy"

    def decide(self, view: View, rng: random.Random) -> Decision[SetHand]:
        action, split = easy_choice(view)
        params, shown = split_params(split)
        return Decision(action, make_reason(HINTS, "max-low", params, shown))


@dataclass(frozen=True)
class HardBot:
    """The exact best response: the split with the highest EV over every hand the seats it meets
    may hold, each set as their level sets it (``levels``; Hard and people count as Normal)."""

    game: str = "pai-gow"
    level: str = "hard"
    levels: tuple[str, ...] = ("normal", "normal", "normal", "normal")

    def decide(self, view: View, rng: random.Random) -> Decision[SetHand]:
        if not view.legal:
            raise ValueError("the seat has no legal set: it has set already, or the deal is over")
        valued = value_splits(view.seat, view.hand, view.banker, self.levels, view.options)
        best = best_of(valued)
        action = next(a for a in view.legal if a == best.action)
        return Decision(action, hard_reason(best, valued))
