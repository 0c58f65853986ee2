"""The rule options a record (or a table) may set (spec: Options), the defaults being ruleset standard."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardavia.games.options import OPTION_MESSAGES, RuleOptions, chosen_values

TARGET_RANGE = range(1, 10001)  # a match's target: any whole number from 1 to 10,000

_CHOICES: dict[str, tuple[Any, ...] | range] = {
    "teams": (False, True),
    "stuck": ("pass", "discard"),
    "hand_size": (7, 6),
    "opening": ("0-0", "6-6"),
    "lead": ("double", "any"),
    "redeal_doubles": (5, 6, False),
    "target": TARGET_RANGE,
}


@dataclass(frozen=True, slots=True)
class Options(RuleOptions):
    """Rule options; a record writes only those not at their default (the first of each choice).

    - ``teams``: partners facing (seats 0 and 2 against 1 and 3), points and scores per team.
    - ``stuck``: what a seat with no tile that fits does: ``"pass"``, or ``"discard"`` one tile of its
      choice face down (dead, counting against it at the end).
    - ``hand_size``: 7 tiles each, or 6 with the four left over face down as a stock, the first of which
      is turned up to start the line.
    - ``opening``: the tile that opens a match's first deal, and whose holder opens it.
    - ``lead``: in a later deal the previous winner opens with a ``"double"``, or with ``"any"`` tile.
    - ``redeal_doubles``: a hand with this many doubles (5; 6) annuls the deal; False never.
    - ``target``: the score that wins the match.
    """

    teams: bool = False
    stuck: str = "pass"
    hand_size: int = 7
    opening: str = "0-0"
    lead: str = "double"
    redeal_doubles: int | bool = 5
    target: int = 201

    @property
    def sides(self) -> int:
        """How many sides score: the four seats, or the two teams."""
        return 2 if self.teams else 4

    @property
    def discard(self) -> bool:
        return self.stuck == "discard"

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for: itself, or its team (``seat % 2``)."""
        return seat % 2 if self.teams else seat


DEFAULT_OPTIONS = Options()


def parse_options(options: object) -> Options:
    """Options from a record's ``"options"`` (None or ``{}``: the defaults); ``RecordError`` for an
    unknown option or a value it cannot take."""
    values = chosen_values(options, _CHOICES, OPTION_MESSAGES)
    return Options(**values) if values else DEFAULT_OPTIONS
