"""Two Colours' bots: ``BOTS`` for every level, each deciding from its own seat's view; no
``ANALYST`` (its profile offers no review)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardavia.bots.base import Bot, Decision, Reason
from cardavia.bots.random_bot import RandomBot
from toy2.bots.messages import HINTS
from toy2.engine import GAME_ID, Play, colour


@dataclass(frozen=True)
class PickBot:
    """Plays the legal piece ``pick`` chooses, and says why with ``reason``."""

    level: str
    pick: Callable[[Any, list[Play]], tuple[Play, str]]  # (view, legal) -> the play and its reason
    game: str = GAME_ID

    def decide(self, view: Any, rng: random.Random) -> Decision[Play]:
        legal = list(view.legal)
        if not legal:
            raise ValueError("the seat has no legal action: it is not its turn")
        chosen, reason = self.pick(view, legal)
        params = {"piece": chosen.piece, "colour": colour(chosen.piece)}
        return Decision(chosen, Reason(reason, HINTS[reason].format(**params), params))


def _value(play: Play) -> int:
    return int(play.piece[1])


def _lowest(view: Any, legal: list[Play]) -> tuple[Play, str]:
    return min(legal, key=_value), "lowest"


def _highest(view: Any, legal: list[Play]) -> tuple[Play, str]:
    return max(legal, key=_value), "highest"


def _cheapest_win(view: Any, legal: list[Play]) -> tuple[Play, str]:
    """Following: the lowest piece that beats the one led, else the lowest; leading: the highest."""
    if len(view.played) % 2 == 0:
        return _highest(view, legal)
    led = view.played[-1][1]
    winning = [play for play in legal if play.piece[0] == led[0] and play.piece[1] > led[1]]
    return (min(winning, key=_value), "cheapest-win") if winning else _lowest(view, legal)


BOTS: dict[str, Bot[Any]] = {
    "random": RandomBot(GAME_ID),
    "easy": PickBot("easy", _lowest),
    "normal": PickBot("normal", _highest),
    "hard": PickBot("hard", _cheapest_win),
}
