"""What the deal records of the games share: a JSON object that names its game and holds only the
keys that game knows. Each game's ``record`` module reads the rest (its deal, its actions, its
options) and calls these first, so every game refuses a foreign or malformed record in the same words
and with the same reason code, ``bad-record`` (its English template is ``"{what}"``)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from cardavia.games.errors import RecordError


def bad_record(what: str) -> RecordError:
    """A record that is not one of the game's: ``what`` says why, in a line."""
    return RecordError("bad-record", what, {"what": what})


def game_record(record: object, game_id: str) -> Mapping[str, Any]:
    """``record`` if it is a JSON object naming ``game_id``; ``bad-record`` otherwise."""
    if not isinstance(record, Mapping):
        raise bad_record("a deal record is a JSON object")
    if record.get("game") != game_id:
        raise bad_record(f'"game" must be "{game_id}"')
    return record


def only_keys(record: Mapping[str, Any], keys: Collection[str]) -> None:
    """``bad-record`` naming the first key (in sorted order, cut at 40 characters) not in ``keys``."""
    unknown = sorted(str(key) for key in set(record) - set(keys))
    if unknown:
        raise bad_record(f"unknown key {unknown[0][:40]!r}")


def read_actions(raw: object, parse: Callable[[object, None], Any]) -> list[Any]:
    """A record's ``"actions"``, each read by ``parse`` (the game's ``action_from_json``, with no
    seat: each action names its own); ``bad-record`` if they are not a list, and an action ``parse``
    refuses keeps its reason, said with its index (``"action 12: …"``, param ``action``): a record
    holds dozens."""
    if not isinstance(raw, list):
        raise bad_record('"actions" must be a list')
    actions = []
    for index, obj in enumerate(raw):
        try:
            actions.append(parse(obj, None))
        except RecordError as exc:
            raise RecordError(
                exc.code, f"action {index}: {exc.message}", {**exc.params, "action": index}
            ) from None
    return actions


def acting_seat(given: int | None, seat: int | None, bad: Callable[[str], RecordError]) -> int:
    """The seat an action is acted by. ``seat`` is the acting seat when the caller knows it (the API):
    a seat the action names (``given``, already checked to be a seat) must then agree. With ``seat``
    None (a record's actions) the action must name its own. ``bad(why)`` is the game's refusal."""
    if seat is None:
        if given is None:
            raise bad("the action needs its seat")
        return given
    if given is not None and given != seat:
        raise bad(f"the action names seat {given}, not the acting seat {seat}")
    return seat
