"""The toy game's bots: ``BOTS`` for every level of :data:`cardavia.bots.base.LEVELS`."""

from __future__ import annotations

from typing import Any

from cardavia.bots.base import Bot
from cardavia.bots.random_bot import RandomBot
from toy.bots.messages import HINTS
from toy.engine import GAME_ID, Play
from toykit import PickBot


def _params(play: Play) -> dict[str, Any]:
    return {"piece": play.piece}


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
    "easy": PickBot(GAME_ID, "easy", _lowest, HINTS, _params),
    "normal": PickBot(GAME_ID, "normal", _highest, HINTS, _params),
    "hard": PickBot(GAME_ID, "hard", _cheapest_win, HINTS, _params),
}
