"""The ``random`` level of every game: uniform over the view's legal actions (the arena's baseline)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cardavia.bots.base import Decision, Reason

RANDOM_REASON_ID = "random"
RANDOM_REASON_TEXT = "a legal move at random"


@dataclass(frozen=True)
class RandomBot:
    """Plays any legal action with equal probability."""

    game: str
    level: str = "random"

    def decide(self, view: Any, rng: random.Random) -> Decision[Any]:
        legal = list(view.legal)
        if not legal:
            raise ValueError("the seat has no legal action: it is not its turn")
        return Decision(rng.choice(legal), Reason(RANDOM_REASON_ID, RANDOM_REASON_TEXT))
