"""Cherki actions: draw, take, discard (optionally calling), call; and their JSON.

Actions are small frozen values. The engine hands out interned instances (``draw(seat)`` always
returns the same object), so producing the legal actions costs no allocation.
JSON, as the API and deal records write it: ``{"seat": 0, "do": "draw"}``, ``{"do": "take"}``
(``"card"`` optional: if given it must be the top discard), ``{"do": "discard", "card": "5c",
"call": false}`` (``"call"`` optional, default false), ``{"do": "call"}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardavia.games.cherki.cards import FACE_BY_CODE, FACE_CODES, NUM_FACES
from cardavia.games.errors import RecordError
from cardavia.games.records import acting_seat

NUM_SEATS = 3
DOS: tuple[str, ...] = ("draw", "take", "discard", "call")


@dataclass(frozen=True, slots=True)
class Action:
    """One seat's action. ``card`` is a card code (discard; optionally take); ``call`` only on discards."""

    seat: int
    do: str
    card: str | None = None
    call: bool = False

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"seat": self.seat, "do": self.do}
        if self.card is not None:
            obj["card"] = self.card
        if self.do == "discard":
            obj["call"] = self.call
        return obj


DRAW: tuple[Action, ...] = tuple(Action(s, "draw") for s in range(NUM_SEATS))
CALL: tuple[Action, ...] = tuple(Action(s, "call") for s in range(NUM_SEATS))
TAKE_TOP: tuple[Action, ...] = tuple(Action(s, "take") for s in range(NUM_SEATS))
# TAKE[seat][face]: take naming the top discard (what legal_actions lists)
TAKE: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(s, "take", FACE_CODES[f]) for f in range(NUM_FACES)) for s in range(NUM_SEATS)
)
# DISCARD[seat][face][call]
DISCARD: tuple[tuple[tuple[Action, Action], ...], ...] = tuple(
    tuple(
        (Action(s, "discard", FACE_CODES[f], False), Action(s, "discard", FACE_CODES[f], True))
        for f in range(NUM_FACES)
    )
    for s in range(NUM_SEATS)
)


def draw(seat: int) -> Action:
    return DRAW[seat]


def take(seat: int, card: str | None = None) -> Action:
    return TAKE_TOP[seat] if card is None else TAKE[seat][FACE_BY_CODE[card]]


def discard(seat: int, card: str, call: bool = False) -> Action:
    return DISCARD[seat][FACE_BY_CODE[card]][int(call)]


def call(seat: int) -> Action:
    return CALL[seat]


def _bad(message: str, obj: object) -> RecordError:
    return RecordError("bad-action", f"{message}: {obj!r}"[:300], {})


def action_from_json(obj: object, seat: int | None) -> Action:
    """Parse an action. ``seat`` is the acting seat when the caller knows it (the API); a ``"seat"``
    in the object must then agree. With ``seat`` None (records), the object must name its seat.
    Unknown keys, unknown cards and wrong types raise ``RecordError``.
    """
    if not isinstance(obj, dict):
        raise _bad("an action is a JSON object", obj)
    extra = set(obj) - {"seat", "do", "card", "call"}
    if extra:
        raise _bad(f"unknown key {sorted(extra)[0]!r} in action", obj)
    given = obj.get("seat")
    if given is not None and (not isinstance(given, int) or isinstance(given, bool) or not 0 <= given < 3):
        raise _bad("seat must be 0, 1 or 2", obj)
    seat = acting_seat(given, seat, lambda why: _bad(why, obj))
    do = obj.get("do")
    if do not in DOS:
        raise _bad('"do" must be "draw", "take", "discard" or "call"', obj)
    card = obj.get("card")
    has_call = "call" in obj
    if do == "discard":
        if card is None:
            raise _bad('a discard needs its "card"', obj)
        if not isinstance(card, str) or card not in FACE_BY_CODE:
            raise RecordError("unknown-card", f"unknown card {card!r} in discard", {"card": str(card)})
        flag = obj.get("call", False)
        if not isinstance(flag, bool):
            raise _bad('"call" must be true or false', obj)
        return DISCARD[seat][FACE_BY_CODE[card]][int(flag)]
    if has_call:
        raise _bad('only a discard has "call"', obj)
    if do == "take":
        if card is None:
            return TAKE_TOP[seat]
        if not isinstance(card, str) or card not in FACE_BY_CODE:
            raise RecordError("unknown-card", f"unknown card {card!r} in take", {"card": str(card)})
        return TAKE[seat][FACE_BY_CODE[card]]
    if card is not None:
        raise _bad(f'"{do}" takes no card', obj)
    return DRAW[seat] if do == "draw" else CALL[seat]
