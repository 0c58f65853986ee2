"""The Twenty-Nine bots: ``BOTS`` maps each level built so far to a bot that decides from one seat's view.

- ``random``: uniform over the legal actions (the arena's baseline);
- ``easy``: a casual player's habits (:mod:`.easy`);
- ``normal``: card counting, voids and the inferred trump (:mod:`.normal`);
- ``hard``: determinized Monte Carlo over the play, on hidden states drawn to fit its view (:mod:`.hard`,
  :mod:`.sampler`, :mod:`.rollout`).

``ANALYST`` prices every decision of a finished deal for ``cardavia review`` and the replay page
(:mod:`.review`); ``PLAYOUTS`` is the bots' play-out on the engine and on the lean world they search
(:mod:`.lean`), for ``cardavia bench``.
"""

from __future__ import annotations

from typing import Any

from cardavia.bots.base import Bot
from cardavia.bots.random_bot import RandomBot
from cardavia.bots.twenty_nine.easy import EasyBot
from cardavia.bots.twenty_nine.hard import HardBot
from cardavia.bots.twenty_nine.lean import PLAYOUTS
from cardavia.bots.twenty_nine.normal import NormalBot
from cardavia.bots.twenty_nine.review import ANALYST

BOTS: dict[str, Bot[Any]] = {
    "random": RandomBot("twenty-nine"),
    "easy": EasyBot(),
    "normal": NormalBot(),
    "hard": HardBot(),
}

__all__ = ["ANALYST", "BOTS", "PLAYOUTS"]
