"""What one seat may know (spec: What a seat knows): its own tiles, the line and its ends, every play and
pass, that a seat discarded but not which tile (its own discards it knows), how many tiles each hand
holds; at the end every hand and dead tile, never the face-down stock.

Besides the legal actions, the view says what the rules make public so that no page or bot works a
rule out: ``lacks``, the pips each seat has shown it holds none of (it passed, or discarded, with
those pips at the ends), and ``without_doubles``, the seats the right to open a later deal passed
over because they held no double.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardavia.games.gaple.actions import Action
from cardavia.games.gaple.options import Options


@dataclass(frozen=True, slots=True)
class Turn:
    """One action as a seat sees it: ``tile`` None for a pass or another seat's discard; ``ends`` the
    line's ends before it (None before the opening)."""

    seat: int
    do: str
    tile: str | None
    end: str | None
    ends: tuple[int, int] | None

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"seat": self.seat, "do": self.do}
        if self.tile is not None:
            obj["tile"] = self.tile
        if self.end is not None:
            obj["end"] = self.end
        obj["ends"] = None if self.ends is None else list(self.ends)
        return obj


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile on the line: its code and its halves as they lie, ``left`` facing the left end."""

    tile: str
    left: int
    right: int

    def to_json(self) -> dict[str, Any]:
        return {"tile": self.tile, "pips": [self.left, self.right]}


@dataclass(frozen=True, slots=True)
class GapleView:
    """The view of ``seat``. ``legal`` is its legal actions when it is to act, else empty.

    ``first`` whether this deal opens a match; ``leader`` the seat with the right to open; ``opener``
    the seat that opens (or opened) it, None with a stock (the line starts with its turned-up tile);
    ``scores`` the match scores before this deal, one per side; ``line`` the tiles from the left end to
    the right; ``ends`` its (left, right) ends, None before the opening; ``stock`` how many tiles lie
    face down; ``dead_sizes`` how many dead tiles each seat has; ``dead`` this seat's own;
    ``history`` every action so far as this seat sees it.
    """

    seat: int
    legal: tuple[Action, ...]
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    to_act: int | None
    result: Mapping[str, Any] | None
    phase: str
    first: bool
    leader: int
    opener: int | None
    options: Options
    scores: tuple[int, ...]
    line: tuple[Placed, ...]
    ends: tuple[int, int] | None
    stock: int
    dead_sizes: tuple[int, ...]
    dead: tuple[str, ...]
    history: tuple[Turn, ...]
    lacks: tuple[tuple[int, ...], ...]
    without_doubles: tuple[int, ...]

    @property
    def partner(self) -> int | None:
        """The seat across, with the ``teams`` option; None otherwise."""
        return (self.seat + 2) % 4 if self.options.teams else None

    def rules(self) -> dict[str, Any]:
        """The deal's options as the page shows them: ``opening`` only where it decides who opens (a
        match's first deal without a stock), where its tile's holder is public."""
        rules = self.options.all_json()
        if not (self.first and self.options.hand_size == 7):
            del rules["opening"]
        return rules

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "gaple",
            "seat": self.seat,
            "partner": self.partner,
            "hand": list(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "to_act": self.to_act,
            "phase": self.phase,
            "first": self.first,
            "leader": self.leader,
            "opener": self.opener,
            "options": self.rules(),
            "scores": list(self.scores),
            "target": self.options.target,
            "line": [p.to_json() for p in self.line],
            "ends": None if self.ends is None else list(self.ends),
            "stock": self.stock,
            "dead_sizes": list(self.dead_sizes),
            "dead": list(self.dead),
            "history": [t.to_json() for t in self.history],
            "lacks": [list(p) for p in self.lacks],
            "without_doubles": list(self.without_doubles),
            "actions": len(self.history),
            "legal": [a.to_json() for a in self.legal],
            "over": self.result is not None,
            "result": None if self.result is None else dict(self.result),
        }
