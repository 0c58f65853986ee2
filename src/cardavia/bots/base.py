"""What every bot is: a function from a seat's view (and a seeded generator) to an action and a reason."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

A = TypeVar("A")

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
