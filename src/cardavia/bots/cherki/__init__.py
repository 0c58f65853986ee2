"""The Cherki bots: ``BOTS`` maps each level to a bot that decides from one seat's view only.

- ``random``: uniform over the legal actions (the arena's baseline);
- ``easy``: a beginner's rules, with some noise and now and then a broken pair (:mod:`.easy`);
- ``normal``: distance to ready, live-card counting, defence (:mod:`.normal`; also the hints);
- ``hard``: determinized Monte Carlo bounded by a work budget (:mod:`.hard`).
"""

from __future__ import annotations

from typing import Any

from cardavia.bots.base import Bot
from cardavia.bots.cherki.easy import EasyBot
from cardavia.bots.cherki.hard import HardBot
from cardavia.bots.cherki.normal import NormalBot
from cardavia.bots.cherki.review import ANALYST
from cardavia.bots.random_bot import RandomBot

BOTS: dict[str, Bot[Any]] = {
    # RandomBot is a frozen dataclass: read-only attributes, which Bot's protocol spells as settable
    "random": RandomBot("cherki"),
    "easy": EasyBot(),
    "normal": NormalBot(),
    "hard": HardBot(),
}

__all__ = ["ANALYST", "BOTS"]
