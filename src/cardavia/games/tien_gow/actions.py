"""The one Tien Gow action, a play, and its JSON form (the HTTP API and deal records).

``{"seat": 2, "tiles": ["1-1", "1-1"], "face": "up"}``; the seat may be left out in API input.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardavia.games.errors import RecordError
from cardavia.games.tien_gow.messages import MESSAGES
from cardavia.games.tien_gow.tiles import Tile, sort_tiles, tile


@dataclass(frozen=True, slots=True)
class Play:
    """``seat`` plays ``tiles`` (1–4, display order) face up or face down."""

    seat: int
    tiles: tuple[Tile, ...]
    face_up: bool

    @property
    def codes(self) -> list[str]:
        return [t.code for t in self.tiles]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "tiles": self.codes, "face": "up" if self.face_up else "down"}


def make_play(seat: int, codes: list[str] | tuple[str, ...] | str, face_up: bool = True) -> Play:
    """A play from tile codes (``"6-6 4-5"`` or ``["6-6", "4-5"]``), tiles put in display order."""
    if isinstance(codes, str):
        codes = codes.replace("+", " ").split()
    return Play(seat, sort_tiles(tile(c) for c in codes), face_up)


def _bad(what: str) -> RecordError:
    return RecordError("bad-action", MESSAGES["bad-action"].format(what=what), {"what": what})


def play_from_json(obj: object, seat: int | None) -> Play:
    """Parse a play; ``seat`` is the acting seat (API), or None to read it from ``obj`` (records).

    ``RecordError`` if the object is malformed or names another seat than ``seat``.
    """
    if not isinstance(obj, dict):
        raise _bad("a play is an object with tiles and face")
    unknown = set(obj) - {"seat", "tiles", "face"}
    if unknown:
        raise _bad(f"unknown field {sorted(unknown)[0]!r}")
    given = obj.get("seat")
    if given is not None and (type(given) is not int or not 0 <= given < 4):
        raise RecordError("bad-seat", MESSAGES["bad-seat"].format(what='"seat"'), {"what": "seat"})
    if seat is None:
        if given is None:
            raise _bad('a play in a record needs its "seat"')
        seat = given
    elif given is not None and given != seat:
        raise _bad(f"seat {given} is not the acting seat {seat}")
    tiles = obj.get("tiles")
    if not isinstance(tiles, list) or not tiles:
        raise _bad('"tiles" must be a non-empty list of tile codes')
    if len(tiles) > 8:  # more than a hand; 5 to 8 tiles are left to the rules (lead-too-many, wrong-count)
        raise _bad("a play has at most eight tiles")
    face = obj.get("face")
    if face not in ("up", "down"):
        raise _bad('"face" must be "up" or "down"')
    return Play(seat, sort_tiles(tile(c) for c in tiles), face == "up")
