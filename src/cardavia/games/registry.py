"""The one list of games Cardavia knows. Every layer derives what it needs from it.

A game lives in its own folders: its engine package (``GAME``, satisfying
:class:`cardavia.games.protocol.Game`), its bots package (``BOTS``, ``ANALYST``) and its web package
(``WEB``). An entry names the three by module path, so this lowest layer imports none of the upper
ones; each layer imports its own part lazily, so one game's import cost is not the other's.
Nothing outside a game's folders and this list names a game.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from cardavia.games.errors import RecordError
from cardavia.games.protocol import Game


@dataclass(frozen=True)
class GameEntry:
    """One registered game: its id (URLs, records, command line) and where its parts live."""

    id: str
    engine: str  # module exposing ``GAME``
    bots: str  # module exposing ``BOTS`` (level -> bot) and ``ANALYST`` (reviews)
    web: str  # module exposing ``WEB`` (the table's and the tradition page's parts)


_ENTRIES: dict[str, GameEntry] = {
    entry.id: entry
    for entry in (
        GameEntry(
            "tien-gow", "cardavia.games.tien_gow", "cardavia.bots.tien_gow", "cardavia.web.games.tien_gow"
        ),
        GameEntry("cherki", "cardavia.games.cherki", "cardavia.bots.cherki", "cardavia.web.games.cherki"),
        GameEntry("pai-gow", "cardavia.games.pai_gow", "cardavia.bots.pai_gow", "cardavia.web.games.pai_gow"),
        GameEntry(
            "twenty-nine",
            "cardavia.games.twenty_nine",
            "cardavia.bots.twenty_nine",
            "cardavia.web.games.twenty_nine",
        ),
        GameEntry("gaple", "cardavia.games.gaple", "cardavia.bots.gaple", "cardavia.web.games.gaple"),
    )
}


def game_ids() -> tuple[str, ...]:
    """Every registered game id, in catalogue order."""
    return tuple(_ENTRIES)


def entries() -> tuple[GameEntry, ...]:
    """Every registered game, in catalogue order."""
    return tuple(_ENTRIES.values())


def entry(game_id: str) -> GameEntry:
    """The entry of ``game_id``; ``RecordError`` with code ``unknown-game`` otherwise."""
    found = _ENTRIES.get(game_id)
    if found is None:
        raise RecordError(
            "unknown-game",
            f"unknown game {game_id!r}: expected one of {', '.join(_ENTRIES)}",
            {"game": game_id},
        )
    return found


def get_game(game_id: str) -> Game[Any, Any]:
    """The ``Game`` object for ``game_id``; ``RecordError`` with code ``unknown-game`` otherwise."""
    game: Game[Any, Any] = importlib.import_module(entry(game_id).engine).GAME
    return game


def part(game_id: str, layer: str, name: str) -> Any:
    """``name`` from the module that holds ``game_id``'s part for ``layer`` (``bots`` or ``web``)."""
    return getattr(importlib.import_module(getattr(entry(game_id), layer)), name)


@contextmanager
def registered(new: GameEntry) -> Iterator[GameEntry]:
    """Register ``new`` for the duration of a ``with`` block (tests register toy games this way)."""
    if new.id in _ENTRIES:
        raise ValueError(f"game {new.id!r} is registered already")
    _ENTRIES[new.id] = new
    try:
        yield new
    finally:
        del _ENTRIES[new.id]
