"""What every bot is: a function from a seat's view (and a seeded generator) to an action and a reason."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

A = TypeVar("A")
V = TypeVar("V")
B = TypeVar("B")

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")
PLAYER_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")  # random is a baseline, never offered


@dataclass(frozen=True)
class Reason:
    """Why an action was chosen, as a message id with parameters (translated by the web layer).

    ``text`` is the English rendering, for logs, the arena and tests.
    """

    id: str
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "params": dict(self.params)}


@dataclass(frozen=True)
class Decision(Generic[A]):
    action: A
    reason: Reason


class Bot(Protocol[A]):
    """A level of play for one game. ``decide`` must depend only on the view and ``rng``."""

    @property
    def game(self) -> str: ...

    @property
    def level(self) -> str: ...

    def decide(self, view: Any, rng: random.Random) -> Decision[A]: ...


@dataclass(frozen=True)
class Playouts:
    """A game's bot play-out done two ways, for ``cardavia bench`` to time side by side: ``exact`` on
    the engine's deal, ``lean`` on the bots' own simulation of it. Each plays a fresh deal (from
    ``Game.new_deal``, left unchanged) to its end with the same policy, the lean one building its
    representation from the deal first, as the bots do once per drawn world."""

    exact: Callable[[Any, random.Random], None]
    lean: Callable[[Any, random.Random], None]


Decide = Callable[[B, V, random.Random], Decision[A]]


def forced_first(forced: Callable[[V], Decision[A] | None]) -> Callable[[Decide[B, V, A]], Decide[B, V, A]]:
    """A level's ``decide`` that first takes the decision the game leaves no choice in: ``forced(view)``
    (a single legal action, a called hand's automatic turn), or None to think. Every level of a game
    shares its ``forced``, so that no level thinks where there is nothing to choose."""

    def wrap(decide: Decide[B, V, A]) -> Decide[B, V, A]:
        @functools.wraps(decide)
        def decide_unless_forced(self: B, view: V, rng: random.Random) -> Decision[A]:
            made = forced(view)
            return made if made is not None else decide(self, view, rng)

        return decide_unless_forced

    return wrap
