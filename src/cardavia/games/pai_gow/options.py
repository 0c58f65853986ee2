"""The rule options of the spec's table; the defaults follow the casino charts and pagat."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardavia.games.options import RuleOptions, chosen_values
from cardavia.games.pai_gow.messages import MESSAGES

_CHOICES: dict[str, tuple[Any, ...]] = {
    "gee_joon_single_rank": ("lowest", "tien-gow"),
    "wong_gong": (True, False),
    "gee_joon_wild": (True, False),
    "copies_to_banker": (True, False),
    "zero_zero_to_banker": (True, False),
}


@dataclass(frozen=True, slots=True)
class Options(RuleOptions):
    """Rule options, as a record's ``"options"`` object writes them (only those not at the default).

    - ``gee_joon_single_rank``: "lowest" (both Gee Joon tiles rank 16, below the Fives) or
      "tien-gow" (2-4 ranks 15, below the Sevens; the Fives 16; 1-2 17);
    - ``wong_gong``: Teen or Day with a nine is a Wong, with an 8-pip tile a Gong (False: points);
    - ``gee_joon_wild``: a Gee Joon tile counts 3 or 6, whichever is more (False: 2-4 is 6, 1-2 is 3);
    - ``copies_to_banker``: equal keys go to the banker (False: they tie, and a deal's result is
      the sign of the two hands' +1 / 0 / −1 summed);
    - ``zero_zero_to_banker``: every 0-point hand has one key and 0 against 0 goes to the banker even
      when copies tie (False: a 0-point hand keeps its high tile).
    """

    gee_joon_single_rank: str = "lowest"
    wong_gong: bool = True
    gee_joon_wild: bool = True
    copies_to_banker: bool = True
    zero_zero_to_banker: bool = True


DEFAULT_OPTIONS = Options()


def parse_options(options: object) -> Options:
    """Options from a mapping (None: the defaults); ``RecordError`` for an unknown option or value."""
    values = chosen_values(options, _CHOICES, MESSAGES)
    return Options(**values) if values else DEFAULT_OPTIONS
