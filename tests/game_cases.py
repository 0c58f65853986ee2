"""The games the registry-wide tests run on, and the cases each takes from the games' profiles.

Every registered game, then every toy game of the tests: a package directly under ``tests/`` whose
``__init__`` gives an ``ENTRY`` (``tests/toy/``, ``tests/toysim/``, ``tests/toy2/``…), found here
by looking, so that a toy joins every registry-wide test by being written, with no file changed
outside its own folder. A toy is registered for the duration of each test that takes it (the
``game`` fixture of ``tests/conftest.py``, parametrized ``indirect``), and only then.

A test says which games it is for by their profile (``cardavia.games.profile``), never by name:
``games(lambda p: p.review is not Review.NONE)`` are the games with a review, and the others are
checked for their clean refusal instead. ::

    @pytest.mark.parametrize("game", games(), indirect=True)
    def test_something(game: str) -> None: ...
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cardavia.games.profile import Profile
from cardavia.games.registry import GameEntry, game_ids, get_game, registered

TESTS = Path(__file__).resolve().parent


@cache
def toys() -> dict[str, GameEntry]:
    """Every toy game of the tests, by id: the ``ENTRY`` of each package directly under ``tests/``."""
    found: dict[str, GameEntry] = {}
    for init in sorted(TESTS.glob("*/__init__.py")):
        entry = getattr(importlib.import_module(init.parent.name), "ENTRY", None)
        if isinstance(entry, GameEntry):
            found[entry.id] = entry
    return found


def profile_of(game: str) -> Profile:
    """The profile of a registered or toy game (a toy's read from its engine, not registering it)."""
    toy = toys().get(game)
    if toy is not None and game not in game_ids():
        profile: Profile = importlib.import_module(toy.engine).GAME.profile
        return profile
    return get_game(game).profile


def every_game() -> list[str]:
    """Every registered game, in catalogue order, then every toy of the tests not registered."""
    registered_now = list(game_ids())
    return registered_now + [toy for toy in toys() if toy not in registered_now]


def games(where: Callable[[Profile], bool] = lambda _p: True) -> list[Any]:
    """The games whose profile ``where`` accepts, as pytest parameters (id: the game's id)."""
    return [pytest.param(game, id=game) for game in every_game() if where(profile_of(game))]


def games_with(cases: Callable[[Profile], Iterable[Any]]) -> list[Any]:
    """``(game, case)`` parameters: every game with each case its profile gives (none: left out)."""
    return [
        pytest.param(game, case, id=f"{game}-{case}")
        for game in every_game()
        for case in cases(profile_of(game))
    ]


def toys_of(game: str) -> tuple[GameEntry, ...]:
    """The entry of ``game`` if it is a toy of the tests (for a server process to register), else
    nothing (a game of the registry is every process's)."""
    return (toys()[game],) if game in toys() else ()


# ``cardavia`` with toy games registered for the process's life (the entries' JSON, then its arguments)
LAUNCH = """
import contextlib, json, sys
from cardavia.cli import main
from cardavia.games.registry import GameEntry, registered
with contextlib.ExitStack() as stack:
    for fields in json.loads(sys.argv[1]):
        stack.enter_context(registered(GameEntry(*fields)))
    sys.exit(main(sys.argv[2:]))
"""


def cardavia_command(toys: Sequence[GameEntry] = ()) -> tuple[list[str], dict[str, str]]:
    """The command that runs ``cardavia`` (``serve`` and its options follow it) with ``toys``
    registered in its process, and the environment it needs: the tests' folder on its path, and its
    bots thinking in the process (a worker process would not know the toys)."""
    if not toys:
        return [sys.executable, "-m", "cardavia"], {}
    fields = json.dumps([[toy.id, toy.engine, toy.bots, toy.web] for toy in toys])
    path = os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])
    return [sys.executable, "-c", LAUNCH, fields], {"PYTHONPATH": path, "CARDAVIA_BOT_WORKERS": "0"}


@contextmanager
def registered_game(game: str) -> Iterator[str]:
    """``game`` registered for a ``with`` block: a toy of the tests is registered, a game of the
    registry already is."""
    if game in game_ids():
        yield game
        return
    with registered(toys()[game]):
        yield game
