"""The one Pai Gow action, a set, and its JSON form (the HTTP API and the record's ``sets``).

``{"seat": 3, "hand": ["5-5", "5-6"]}``: the two tiles of either of the seat's hands (the other two
are the other hand); the seat may be left out in API input.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardavia.games.errors import RecordError
from cardavia.games.pai_gow.messages import MESSAGES
from cardavia.games.pai_gow.tiles import Tile, sort_tiles, tile


@dataclass(frozen=True, slots=True)
class SetHand:
    """``seat`` sets its four tiles, naming the tiles of one hand (any count here: the rules say 2)."""

    seat: int
    hand: tuple[Tile, ...]

    @property
    def codes(self) -> list[str]:
        return [t.code for t in self.hand]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "hand": self.codes}


def make_set(seat: int, codes: list[str] | tuple[str, ...] | str) -> SetHand:
    """A set from tile codes (``"6-6 4-5"``, ``"6-6+4-5"`` or a list), tiles in display order."""
    if isinstance(codes, str):
        codes = codes.replace("+", " ").split()
    return SetHand(seat, sort_tiles(tile(c) for c in codes))


def _bad(what: str) -> RecordError:
    return RecordError("bad-action", MESSAGES["bad-action"].format(what=what), {"what": what})


def set_from_json(obj: object, seat: int | None) -> SetHand:
    """Parse a set; ``seat`` is the acting seat (API), or None to read it from ``obj`` (records).

    ``RecordError`` unless ``obj`` is ``{"seat": 0..3, "hand": [tiles]}`` with known tiles (or names
    another seat than ``seat``). How many tiles and whose they are is the deal's to judge.
    """
    if not isinstance(obj, dict):
        raise _bad('a set is an object {"seat": 0-3, "hand": [tiles]}')
    unknown = set(obj) - {"seat", "hand"}
    if unknown:
        raise _bad(f"unknown field {str(sorted(map(str, unknown))[0])[:40]!r}")
    given = obj.get("seat")
    if given is not None and (type(given) is not int or not 0 <= given < 4):
        raise RecordError("bad-seat", MESSAGES["bad-seat"].format(what='"seat"'), {"what": "seat"})
    if seat is None:
        if given is None:
            raise _bad('a set in a record needs its "seat"')
        seat = given
    elif given is not None and given != seat:
        raise _bad(f"seat {given} is not the acting seat {seat}")
    hand = obj.get("hand")
    if not isinstance(hand, list):
        raise _bad('"hand" must be a list of tile codes')
    return SetHand(seat, sort_tiles(tile(c) for c in hand))
