"""The toy game's bots: ``BOTS`` for every level of :data:`cardavia.bots.base.LEVELS`."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardavia.bots.base import Bot, Decision, Reason
from cardavia.bots.random_bot import RandomBot
from toy.bots.messages import HINTS
from toy.engine import GAME_ID, Play


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
        text = HINTS[reason].format(piece=chosen.piece)
        return Decision(chosen, Reason(reason, text, {"piece": chosen.piece}))


def _value(play: Play) -> int:
    return int(play.piece)


def _lowest(view: Any, legal: list[Play]) -> tuple[Play, str]:
    return min(legal, key=_value), "lowest"


def _highest(view: Any, legal: list[Play]) -> tuple[Play, str]:
    return max(legal, key=_value), "highest"


def _cheapest_win(view: Any, legal: list[Play]) -> tuple[Play, str]:
    """The lowest piece that beats the round so far (an equal one does not), else the lowest."""
    current = view.played[len(view.played) - len(view.played) % len(view.hand_sizes) :]
    best = max((int(piece) for _, piece in current), default=0)
    winning = [play for play in legal if _value(play) > best]
    return (min(winning, key=_value), "cheapest-win") if winning else _lowest(view, legal)


BOTS: dict[str, Bot[Any]] = {
    "random": RandomBot(GAME_ID),
    "easy": PickBot("easy", _lowest),
    "normal": PickBot("normal", _highest),
    "hard": PickBot("hard", _cheapest_win),
}
