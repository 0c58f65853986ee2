"""The Pai Gow bots: ``BOTS`` maps each level to a bot that decides from one seat's view only.

- ``random``: the partner of the first tile, uniform over its three (the baseline; :mod:`.partner`);
- ``easy``: MAX-LOW, the strongest hand in front (:class:`.levels.EasyBot`);
- ``normal``: MAX-HIGH, the strongest hand behind (:class:`.levels.NormalBot`; the rule of thumb the
  Hint and the review set the best beside);
- ``hard``: the exact best response by enumeration (:class:`.levels.HardBot`, :mod:`.exact`).

``ANALYST``: the exact analysis (:mod:`.review`, an :class:`cardavia.bots.analysis.ExactAnalyst`): each
split's exact EV against Normal at every other seat; the Hint is its best, the review prices a set
against it.
"""

from __future__ import annotations

from typing import Any, cast

from cardavia.bots.base import Bot
from cardavia.bots.pai_gow.levels import EasyBot, HardBot, NormalBot
from cardavia.bots.pai_gow.partner import RandomPartnerBot
from cardavia.bots.pai_gow.review import ANALYST

BOTS: dict[str, Bot[Any]] = {
    # frozen dataclasses: read-only attributes, which Bot's protocol spells as settable
    "random": cast(Bot[Any], RandomPartnerBot()),
    "easy": cast(Bot[Any], EasyBot()),
    "normal": cast(Bot[Any], NormalBot()),
    "hard": cast(Bot[Any], HardBot()),
}

__all__ = ["ANALYST", "BOTS"]
