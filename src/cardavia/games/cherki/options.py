"""Cherki rule options. The rules of spec/cherki.md have none yet: only an empty mapping is accepted."""

from __future__ import annotations

from cardavia.games.errors import RecordError


def check_options(options: object) -> dict[str, object]:
    """The options of a deal (always empty for now); ``RecordError`` for anything unknown."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise RecordError("bad-options", '"options" must be an object')
    for key in options:
        raise RecordError("unknown-option", f"Cherki has no rule option {key!r}", {"option": str(key)})
    return {}
