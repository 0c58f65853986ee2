"""Gaple actions and their JSON (the HTTP API and deal records, spec: Deal record).

``{"seat": 2, "do": "play", "tile": "0-6", "end": "right"}`` (``end`` is ``"left"`` or ``"right"``:
required when the tile fits both ends, optional when it fits one, ignored on the opening play),
``{"seat": 1, "do": "pass"}``, ``{"seat": 3, "do": "discard", "tile": "5-5"}``. Unknown keys are
ignored. Actions are small frozen values; ``tile`` is a tile number of the double-six pack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardavia.games.errors import RecordError
from cardavia.games.packs.double_six import CODES, SET_SIZE, tile

PLAY, PASS, DISCARD = "play", "pass", "discard"
DOS: tuple[str, ...] = (PLAY, PASS, DISCARD)
LEFT, RIGHT = "left", "right"
ENDS: tuple[str, ...] = (LEFT, RIGHT)


@dataclass(frozen=True, slots=True)
class Action:
    """``seat`` does ``do``; ``tile`` is set for a play or a discard, ``end`` for a play that names one."""

    seat: int
    do: str
    tile: int | None = None
    end: str | None = None

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"seat": self.seat, "do": self.do}
        if self.tile is not None:
            obj["tile"] = CODES[self.tile]
        if self.end is not None:
            obj["end"] = self.end
        return obj


def action_from_json(obj: object, seat: int | None) -> Action:
    """Parse an action. ``seat`` is the acting seat when the caller knows it (the API); a ``"seat"`` in
    the object must then agree. With ``seat`` None (records) the object must name its seat.

    ``RecordError`` for what is not an action, with code ``bad-action`` as every game's reader gives
    ("not an action this table takes": the API refuses it 422, ``cardavia replay`` as a malformed
    record) and a line saying what: not an object, a seat outside 0-3, an unknown ``do``, a play or
    discard without a tile, an ``end`` other than left or right; ``unknown-tile`` for a tile that is not
    one. Keys an action does not use are ignored (spec). Whether the action is legal is the deal's to say.
    """
    if not isinstance(obj, dict):
        raise _bad(f"an action is a JSON object, not {_clip(obj)}")
    given = obj.get("seat")
    if given is not None and (type(given) is not int or not 0 <= given < 4):
        raise _bad(f'an action\'s "seat" is 0, 1, 2 or 3, not {_clip(given)}')
    if seat is None:
        if given is None:
            raise _bad('an action needs its "seat"')
        seat = given
    elif given is not None and given != seat:
        raise _bad(f"the action names seat {given}, not the acting seat {seat}")
    do = obj.get("do")
    if do == PASS:
        return PASS_BY[seat]
    if do not in (PLAY, DISCARD):
        raise _bad(f'an action\'s "do" is "play", "pass" or "discard", not {_clip(do)}')
    if "tile" not in obj:
        raise _bad(f'a {do} needs its "tile"')
    number = tile(obj["tile"]).index
    if do == DISCARD:
        return DISCARD_BY[seat][number]
    end = obj.get("end")
    if end is not None and end not in ENDS:
        raise _bad(f'a play\'s "end" is "left" or "right", not {_clip(end)}')
    return Action(seat, PLAY, number, end)


def _bad(what: str) -> RecordError:
    """What is not an action, in a line (the code the rules also give a pass under discard: the table
    takes no such action)."""
    return RecordError("bad-action", what, {})


def _clip(value: object, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# Interned actions: producing the legal actions allocates nothing.
PASS_BY: tuple[Action, ...] = tuple(Action(s, PASS) for s in range(4))
DISCARD_BY: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(s, DISCARD, t) for t in range(SET_SIZE)) for s in range(4)
)
OPEN_BY: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(s, PLAY, t) for t in range(SET_SIZE)) for s in range(4)
)
LEFT_BY: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(s, PLAY, t, LEFT) for t in range(SET_SIZE)) for s in range(4)
)
RIGHT_BY: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(s, PLAY, t, RIGHT) for t in range(SET_SIZE)) for s in range(4)
)
