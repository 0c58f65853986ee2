"""Secret Card's bots: ``BOTS`` for every level, each deciding from its own seat's view only."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cardavia.bots.base import Bot, Decision, Reason
from cardavia.bots.random_bot import RandomBot
from toysim.bots.messages import HINTS
from toysim.engine import GAME_ID, Choose


@dataclass(frozen=True)
class ChooseBot:
    level: str
    highest: bool
    game: str = GAME_ID

    def decide(self, view: Any, rng: random.Random) -> Decision[Choose]:
        legal = list(view.legal)
        if not legal:
            raise ValueError("the seat has no legal action: it is not acting")
        pick = (max if self.highest else min)(legal, key=lambda a: int(a.piece))
        reason = "highest" if self.highest else "lowest"
        return Decision(pick, Reason(reason, HINTS[reason].format(piece=pick.piece), {"piece": pick.piece}))


BOTS: dict[str, Bot[Any]] = {
    "random": RandomBot(GAME_ID),
    "easy": ChooseBot("easy", highest=False),
    "normal": ChooseBot("normal", highest=True),
    "hard": ChooseBot("hard", highest=True),
}
