"""The Gaple bots: ``BOTS`` maps each level to a bot that decides from one seat's view only.

- ``random``: uniform over the legal actions (the arena's baseline);
- ``easy``: the heaviest tile that fits, now and then any (:class:`.levels.EasyBot`);
- ``normal``: a club player's weighing of every move (:class:`.levels.NormalBot`, :mod:`.explain`;
  also the table's hints);
- ``hard``: determinized Monte Carlo over the rest of the deal, on deals drawn to fit its view
  (:mod:`.hard`, :mod:`.sampler`, :mod:`.sim`).

``ANALYST`` prices every decision of a finished deal for ``cardavia review`` and the replay page
(:mod:`.review`).
"""

from __future__ import annotations

from typing import Any

from cardavia.bots.base import Bot
from cardavia.bots.gaple.hard import HardBot
from cardavia.bots.gaple.levels import EasyBot, NormalBot
from cardavia.bots.gaple.review import ANALYST
from cardavia.bots.random_bot import RandomBot

BOTS: dict[str, Bot[Any]] = {
    "random": RandomBot("gaple"),
    "easy": EasyBot(),
    "normal": NormalBot(),
    "hard": HardBot(),
}

__all__ = ["ANALYST", "BOTS"]
