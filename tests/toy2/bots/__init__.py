"""Two Colours' bots: ``BOTS`` for every level, each deciding from its own seat's view; no
``ANALYST`` (its profile offers no review)."""

from __future__ import annotations

from typing import Any

from cardavia.bots.base import Bot
from cardavia.bots.random_bot import RandomBot
from toy2.bots.messages import HINTS
from toy2.engine import GAME_ID, Play, colour
from toykit import PickBot


def _params(play: Play) -> dict[str, Any]:
    return {"piece": play.piece, "colour": colour(play.piece)}


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
    "easy": PickBot(GAME_ID, "easy", _lowest, HINTS, _params),
    "normal": PickBot(GAME_ID, "normal", _highest, HINTS, _params),
    "hard": PickBot(GAME_ID, "hard", _cheapest_win, HINTS, _params),
}
