"""What one seat may know: its hand and everything public (never another hand or a face-down tile)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardavia.games.tien_gow.actions import Play
from cardavia.games.tien_gow.options import Options
from cardavia.games.tien_gow.tiles import BY_CODE, Tile, full_set


@dataclass(frozen=True, slots=True)
class PublicPlay:
    """A play as a seat sees it: the tiles of a face-up play, only the count of a face-down one (with
    its tiles too in the view of the seat that played it: they were its own)."""

    seat: int
    face_up: bool
    count: int
    tiles: tuple[Tile, ...] = ()

    def to_json(self) -> dict[str, Any]:
        if self.face_up:
            return {"seat": self.seat, "face": "up", "tiles": [t.code for t in self.tiles]}
        out: dict[str, Any] = {"seat": self.seat, "face": "down", "count": self.count}
        if self.tiles:  # the viewer's own face-down play
            out["tiles"] = [t.code for t in self.tiles]
        return out


@dataclass(frozen=True, slots=True)
class PublicTrick:
    """A finished trick: who led, who won with how many tiles, the plays and the immediate payments."""

    leader: int
    winner: int
    size: int
    plays: tuple[PublicPlay, ...]
    payments: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "winner": self.winner,
            "size": self.size,
            "plays": [p.to_json() for p in self.plays],
            "payments": list(self.payments),
        }


@dataclass(frozen=True, slots=True)
class View:
    """The view of ``seat``. ``legal`` is its legal plays when it is to act, else empty.

    ``discards`` are the tiles this seat itself put face down (it knows them; no other seat does).
    ``money`` is each seat's running net (immediate payments, plus the settlement once over);
    ``trick`` the current trick's plays so far (``leader`` led it); ``holder`` the seat whose play
    holds it so far (None between tricks); ``tricks`` every finished trick.
    """

    seat: int
    legal: tuple[Play, ...]
    hand: tuple[Tile, ...]
    discards: tuple[Tile, ...]
    banker: int
    to_act: int | None
    leader: int | None
    trick: tuple[PublicPlay, ...]
    tricks: tuple[PublicTrick, ...]
    columns: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    immediate: tuple[int, ...]
    money: tuple[int, ...]
    options: Options
    actions: int  # how many plays the deal has seen (the position's sequence number)
    result: Mapping[str, Any] | None = None
    # once over: every payment between two seats with its reasons (``cardavia.games.payments.line``)
    payments: list[dict[str, Any]] | None = None
    holder: int | None = None

    def unseen(self) -> tuple[Tile, ...]:
        """The tiles this seat has not seen: the set less its hand, its discards and every face-up play.

        Exactly the tiles the other seats may hold or have put face down (what a bot samples from).
        """
        left = Counter(t.code for t in full_set())
        seen = [*self.hand, *self.discards]  # the discards are the seat's own face-down plays
        seen += [t for trick in self.tricks for p in trick.plays if p.face_up for t in p.tiles]
        seen += [t for p in self.trick if p.face_up for t in p.tiles]
        left.subtract(t.code for t in seen)
        return tuple(BY_CODE[code] for code, n in left.items() for _ in range(n))

    @property
    def last_trick(self) -> PublicTrick | None:
        return self.tricks[-1] if self.tricks else None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "tien-gow",
            "seat": self.seat,
            "hand": [t.code for t in self.hand],
            "discards": [t.code for t in self.discards],
            "banker": self.banker,
            "to_act": self.to_act,
            "leader": self.leader,
            "trick": [p.to_json() for p in self.trick],
            # the page marks the holding play by this, never by reading the plays' order itself
            "holder": self.holder,
            "tricks": [t.to_json() for t in self.tricks],
            "columns": list(self.columns),
            "hand_sizes": list(self.hand_sizes),
            "immediate": list(self.immediate),
            "money": list(self.money),
            "options": self.options.all_json(),
            "actions": self.actions,
            "legal": [p.to_json() for p in self.legal],
            "over": self.result is not None,
            "result": None if self.result is None else dict(self.result),
            "explain": None if self.payments is None else {"lines": self.payments},
        }
