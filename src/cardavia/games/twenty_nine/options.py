"""The rule options a record may set (spec: Options): the lowest bid, the last trick's point, doubling,
the pair. The other readings the spec lists (the open auction, a hand-card trump, Twenty-Eight) are
not record options yet."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardavia.games.options import OPTION_MESSAGES, RuleOptions, chosen_values
from cardavia.games.twenty_nine.cards import TOTAL_POINTS

_CHOICES: dict[str, tuple[Any, ...]] = {
    "min_bid": (16, 15, 14),
    "last_trick_point": (False, True),
    "double": (True, False),
    "pair": (True, False),
}


@dataclass(frozen=True, slots=True)
class Options(RuleOptions):
    """Rule options; a record writes only those not at their default (the first of each choice).

    - ``min_bid``: the lowest bid (16; 15 or 14). In the hold auction eldest must open, so no seat
      is ever forced to bid by passes: the option moves the bottom of the range only.
    - ``last_trick_point``: the last trick scores 1 point (29 in all; bids and a pair's target to 29).
    - ``double``: the doubling and redoubling rounds are held.
    - ``pair``: the King-Queen pair of trumps may be declared.
    """

    min_bid: int = 16
    last_trick_point: bool = False
    double: bool = True
    pair: bool = True

    @property
    def total(self) -> int:
        """The card points of a deal: 28, or 29 with the last trick's point."""
        return TOTAL_POINTS + int(self.last_trick_point)

    @property
    def max_bid(self) -> int:
        return self.total


DEFAULT_OPTIONS = Options()


def parse_options(options: object) -> Options:
    """Options from a record's ``"options"``; ``RecordError`` for an unknown option or value."""
    values = chosen_values(options, _CHOICES, OPTION_MESSAGES)  # record errors, not refusals of a move
    return Options(**values) if values else DEFAULT_OPTIONS
