"""Twenty-Nine actions and their JSON (the HTTP API and deal records).

``{"seat": 0, "do": "bid", "value": 17}``, ``{"do": "pass"}`` (a bid, a double or a redouble
declined), ``{"do": "trump", "suit": "s"}``, ``{"do": "double"}``, ``{"do": "redouble"}``,
``{"do": "play", "card": "Jc"}``, ``{"do": "reveal"}`` (asking for the trump), ``{"do": "pair"}``.
Actions are small frozen values; ``value`` is a bid, ``card`` a card number, ``suit`` a suit number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardavia.games.errors import RecordError
from cardavia.games.packs.french import CODES, SUITS
from cardavia.games.records import acting_seat
from cardavia.games.twenty_nine.cards import card_index, suit_index

DOS: tuple[str, ...] = ("bid", "pass", "trump", "double", "redouble", "play", "reveal", "pair")
_FIELDS: dict[str, str | None] = {
    "bid": "value",
    "pass": None,
    "trump": "suit",
    "double": None,
    "redouble": None,
    "play": "card",
    "reveal": None,
    "pair": None,
}


@dataclass(frozen=True, slots=True)
class Action:
    """``seat`` does ``do``; ``value`` is set for a bid, ``suit`` (0-3) for a trump, ``card`` for a play."""

    seat: int
    do: str
    value: int | None = None
    suit: int | None = None
    card: int | None = None

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"seat": self.seat, "do": self.do}
        if self.value is not None:
            obj["value"] = self.value
        if self.suit is not None:
            obj["suit"] = SUITS[self.suit]
        if self.card is not None:
            obj["card"] = CODES[self.card]
        return obj


def bid(seat: int, value: int) -> Action:
    return Action(seat, "bid", value=value)


def pass_(seat: int) -> Action:
    return Action(seat, "pass")


def trump(seat: int, suit: str) -> Action:
    return Action(seat, "trump", suit=SUITS.index(suit))


def play(seat: int, card: str) -> Action:
    return Action(seat, "play", card=card_index(card))


def _bad(message: str, obj: object) -> RecordError:
    return RecordError("bad-action", f"{message}: {obj!r}"[:300], {})


def action_from_json(obj: object, seat: int | None) -> Action:
    """Parse an action. ``seat`` is the acting seat when the caller knows it (the API); a ``"seat"``
    in the object must then agree. With ``seat`` None (records) the object must name its seat.
    ``RecordError`` for an unknown ``do`` or key, a missing or ill-typed field, an unknown card or suit,
    a bid that is not an integer, a seat outside 0-3. Whether the action is legal is the deal's to say.
    """
    if not isinstance(obj, dict):
        raise _bad("an action is a JSON object", obj)
    do = obj.get("do")
    if not isinstance(do, str) or do not in _FIELDS:  # a list or an object cannot be looked up
        raise _bad(f'"do" must be one of {", ".join(DOS)}', obj)
    field = _FIELDS[do]
    extra = set(obj) - {"seat", "do"} - ({field} if field else set())
    if extra:
        raise _bad(f"unknown key {sorted(extra)[0]!r} in a {do} action", obj)
    given = obj.get("seat")
    if given is not None and (type(given) is not int or not 0 <= given < 4):
        raise RecordError("bad-seat", f"a seat is 0, 1, 2 or 3, not {given!r}", {"what": "seat"})
    seat = acting_seat(given, seat, lambda why: _bad(why, obj))
    if field is None:
        return Action(seat, do)
    if field not in obj:
        raise _bad(f'a {do} action needs its "{field}"', obj)
    raw = obj[field]
    if field == "value":
        if type(raw) is not int:
            raise _bad("a bid is a whole number", obj)
        return Action(seat, do, value=raw)
    if field == "suit":
        suit = suit_index(raw)
        if suit is None:
            raise _bad('a trump is a suit "c", "d", "h" or "s"', obj)
        return Action(seat, do, suit=suit)
    return Action(seat, do, card=card_index(raw))


# Interned actions: producing the legal actions allocates nothing.
PASS: tuple[Action, ...] = tuple(Action(s, "pass") for s in range(4))
DOUBLE: tuple[Action, ...] = tuple(Action(s, "double") for s in range(4))
REDOUBLE: tuple[Action, ...] = tuple(Action(s, "redouble") for s in range(4))
REVEAL: tuple[Action, ...] = tuple(Action(s, "reveal") for s in range(4))
PAIR: tuple[Action, ...] = tuple(Action(s, "pair") for s in range(4))
TRUMP: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(s, "trump", suit=u) for u in range(len(SUITS))) for s in range(4)
)
PLAY: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(s, "play", card=c) for c in range(len(CODES))) for s in range(4)
)
BID: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(s, "bid", value=v) for v in range(30)) for s in range(4)
)
