"""What every game's rule options share: a record's ``"options"`` checked against the values each
option may take, and an options value written back as only what differs from the defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any, cast

from cardavia.games.errors import RecordError

# The English templates of the refusals below, for a game's own MESSAGES (where its catalogs find them)
OPTION_MESSAGES: dict[str, str] = {
    "bad-record": "{what}",
    "unknown-option": "unknown rule option {option}",
    "bad-option": "rule option {option} cannot be {value}",
}


def chosen_values(
    options: object, choices: Mapping[str, tuple[Any, ...] | range], messages: Mapping[str, str]
) -> dict[str, Any]:
    """The options a record sets (``{}`` for none, or None), each one of its ``choices`` (a tuple of
    values, or a range of whole numbers).

    ``RecordError`` ``bad-record`` if they are not an object, ``unknown-option`` for a name the game
    does not have, ``bad-option`` for a value the option cannot take; ``messages`` are the game's
    English templates of those codes."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        what = '"options" must be an object'
        raise RecordError("bad-record", messages["bad-record"].format(what=what), {"what": what})
    values: dict[str, Any] = {}
    for key, value in options.items():
        allowed = choices.get(key)
        if allowed is None:
            raise RecordError(
                "unknown-option", messages["unknown-option"].format(option=key), {"option": str(key)}
            )
        # bool is an int in Python: 1 must not pass for True, nor True for 1
        if isinstance(allowed, range):
            fits = type(value) is int and value in allowed
        else:
            fits = any(type(value) is type(c) and value == c for c in allowed)
        if not fits:
            raise RecordError(
                "bad-option",
                messages["bad-option"].format(option=key, value=repr(value)[:40]),
                {"option": key, "value": value},
            )
        values[key] = value
    return values


class RuleOptions:
    """What a game's frozen options dataclass shares: written as a record writes it (only the options
    not at their defaults) and whole. The defaults are the dataclass's own, so a game's
    ``Options()`` is its standard rules."""

    __slots__ = ()  # a game's ``slots=True`` dataclass keeps no ``__dict__``

    def to_json(self) -> dict[str, Any]:
        """Only the options that differ from the defaults (what a record writes)."""
        return differing(self, type(self)())

    def all_json(self) -> dict[str, Any]:
        """Every option with its value."""
        return {f.name: getattr(self, f.name) for f in fields(cast(Any, self))}


def differing(options: Any, default: Any) -> dict[str, Any]:
    """The fields of the dataclass ``options`` whose values are not ``default``'s (what a record writes)."""
    return {
        f.name: getattr(options, f.name)
        for f in fields(options)
        if getattr(options, f.name) != getattr(default, f.name)
    }
