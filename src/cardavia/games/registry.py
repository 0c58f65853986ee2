"""The games Cardavia knows, by the id used in URLs, records and on the command line."""

from __future__ import annotations

import importlib
from typing import Any

from cardavia.games.errors import RecordError

# id -> module that defines ``GAME``; imported lazily so one game's import cost is not the other's
_MODULES = {"tien-gow": "cardavia.games.tien_gow", "cherki": "cardavia.games.cherki"}

GAME_IDS: tuple[str, ...] = tuple(_MODULES)


def get_game(game_id: str) -> Any:
    """The ``Game`` object for ``game_id``; ``RecordError`` with code ``unknown-game`` otherwise."""
    module = _MODULES.get(game_id)
    if module is None:
        raise RecordError(
            "unknown-game",
            f"unknown game {game_id!r}: expected one of {', '.join(GAME_IDS)}",
            {"game": game_id},
        )
    return importlib.import_module(module).GAME
