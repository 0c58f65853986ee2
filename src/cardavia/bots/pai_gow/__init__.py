"""The Pai Gow bots: ``BOTS`` maps each level to a bot that decides from one seat's view only.

- ``random``: uniform over the three legal sets, i.e. the partner of the first tile (the baseline);
- ``easy``: MAX-LOW, the strongest hand in front (:class:`.levels.EasyBot`);
- ``normal``: MAX-HIGH, the strongest hand behind (:class:`.levels.NormalBot`; also the hints);
- ``hard``: the exact best response by enumeration (:class:`.levels.HardBot`, :mod:`.exact`).

``ANALYST``: the exact review (:mod:`.review`, an :class:`cardavia.bots.review.ExactAnalyst`): each
split's exact EV against Normal at every other seat, the loss and its label.
"""

from __future__ import annotations

from typing import Any, cast

from cardavia.bots.base import Bot
from cardavia.bots.pai_gow.levels import EasyBot, HardBot, NormalBot
from cardavia.bots.pai_gow.review import ANALYST
from cardavia.bots.random_bot import RandomBot

BOTS: dict[str, Bot[Any]] = {
    # frozen dataclasses: read-only attributes, which Bot's protocol spells as settable
    "random": cast(Bot[Any], RandomBot("pai-gow")),
    "easy": cast(Bot[Any], EasyBot()),
    "normal": cast(Bot[Any], NormalBot()),
    "hard": cast(Bot[Any], HardBot()),
}

__all__ = ["ANALYST", "BOTS"]
