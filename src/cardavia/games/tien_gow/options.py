"""The rule options of the spec's last table. Defaults are the seed's reading; the others Hong Kong's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardavia.games.options import RuleOptions, chosen_values
from cardavia.games.tien_gow.messages import MESSAGES

_CHOICES: dict[str, tuple[Any, ...]] = {
    "turn_order": ("counter-clockwise", "clockwise"),
    "banker_doubles_surplus": (True, False),
    "bonus_on_final_trick": (True, False),
    "last_factor_on_surplus": (True, False),
    "final_quartet_factor": (2, 4),
    "catch_factor": (1, 2, 4),
}


@dataclass(frozen=True, slots=True)
class Options(RuleOptions):
    """Rule options, as written in a record's ``"options"`` object (only those not at the default).

    - ``turn_order``: "counter-clockwise" (seat s then s + 1) or "clockwise" (s then s - 1);
    - ``banker_doubles_surplus``: the banker factor doubles a surplus the winner owes a losing banker;
    - ``bonus_on_final_trick``: Supreme and quartet payments are also made on the final trick;
    - ``last_factor_on_surplus``: the final-trick factor also multiplies a surplus paid to a loser;
    - ``final_quartet_factor``: the final-trick factor when a quartet wins the final trick (2 or 4);
    - ``catch_factor``: multiplies what the Little Three leader pays for the other two (1, 2 or 4).
    """

    turn_order: str = "counter-clockwise"
    banker_doubles_surplus: bool = True
    bonus_on_final_trick: bool = True
    last_factor_on_surplus: bool = True
    final_quartet_factor: int = 2
    catch_factor: int = 1

    @property
    def step(self) -> int:
        """What to add to a seat (mod 4) for the next seat to play."""
        return 1 if self.turn_order == "counter-clockwise" else 3


DEFAULT_OPTIONS = Options()


def parse_options(options: Mapping[str, Any] | None) -> Options:
    """Options from a mapping; ``RecordError`` for an unknown option or a value it cannot take."""
    values = chosen_values(options, _CHOICES, MESSAGES)
    return Options(**values) if values else DEFAULT_OPTIONS
