"""The Tien Gow bots: ``BOTS`` maps each level to a bot that decides from one seat's view only.

- ``random``: uniform over the legal plays (the arena's baseline);
- ``easy``: a beginner: the hand-written ideas without counting tiles, and a hunch on more than half of
  its decisions (:class:`.levels.EasyBot`);
- ``normal``: hand-written play with memory of every face-up tile (:mod:`.policy`; also the hints);
- ``hard``: determinized Monte Carlo bounded by a number of sampled worlds (:class:`.levels.HardBot`).
"""

from __future__ import annotations

from typing import Any, cast

from cardavia.bots.base import Bot
from cardavia.bots.random_bot import RandomBot
from cardavia.bots.tien_gow.levels import EasyBot, HardBot, NormalBot
from cardavia.bots.tien_gow.review import ANALYST

BOTS: dict[str, Bot[Any]] = {
    # frozen dataclasses: read-only attributes, which Bot's protocol spells as settable
    "random": cast(Bot[Any], RandomBot("tien-gow")),
    "easy": cast(Bot[Any], EasyBot()),
    "normal": cast(Bot[Any], NormalBot()),
    "hard": cast(Bot[Any], HardBot()),
}

__all__ = ["ANALYST", "BOTS"]
