"""English templates of every Pai Gow engine error, by reason code (translated with msgctxt "error").

Fields: ``tile`` is a tile code ("3-3"); ``seat`` a seat number (the page shows the player's name);
``count`` a number of tiles, shown by its plural phrase in ``COUNTS``; ``what`` a short English clause.
"""

from __future__ import annotations

from cardavia.games.counts import Count

MESSAGES: dict[str, str] = {
    # illegal actions (a ``sets`` entry of a record, or a set made at a table)
    "already-set": "seat {seat} has set its tiles already: a set is final",
    "not-two-tiles": "a hand is 2 tiles, not {count}",
    "not-in-hand": "{tile} is not among seat {seat}'s tiles",
    "too-many-copies": "seat {seat} holds only one {tile}",
    # records and actions that are not well formed
    "unknown-tile": "unknown tile {tile}: tiles are written by pips, low first, like 1-2 or 6-6",
    "bad-record": "{what}",
    "missing-field": 'the record needs "{field}"',
    "bad-action": "not a Pai Gow set: {what}",
    "bad-hands": "the hands are not 4 x 4 tiles of one set: {what}",
    "unknown-option": "unknown rule option {option}",
    "bad-option": "rule option {option} cannot be {value}",
    "bad-seat": "{what} must be a seat 0-3",
}

COUNTS: dict[str, Count] = {
    "count": Count("Pai Gow error: a number of tiles the player named", "{count} tile", "{count} tiles"),
}
