"""English templates of every Tien Gow engine error, by reason code (translated with msgctxt "error").

Fields: ``tiles``/``a``/``b`` are codes the player just chose ("3-3"); ``high``, ``civil`` and
``tile`` show a tile as its name then its code ("Plum 5-5"); ``partner`` is a tile name ("nine");
``to_act`` names the player whose turn it is (a seat number in params, "seat 2" in English here, the
player's name in the browser); ``count`` and ``need`` are numbers of tiles, shown by their plural
phrases in ``COUNTS``.
"""

from __future__ import annotations

from cardavia.games.counts import Count

MESSAGES: dict[str, str] = {
    # illegal actions
    "deal-over": "this deal of Tien Gow is over: every trick has been played",
    "not-your-turn": "it is not your turn: {to_act} is to play",
    "no-tiles": "play at least one tile",
    "lead-too-many": "a lead is a group of one to four tiles, not {count}",
    "wrong-count": "play as many tiles as the leader: {need}, not {count}",
    "not-in-hand": "{tile} is not in your hand",
    "too-many-copies": "you do not hold that many of {tile}",
    "lead-face-down": "the leader plays face up",
    "not-a-group": "that is not a group: {tiles} matches none of the nine groups",
    "not-a-group-kinds": "that is not a group: {a} and {b} are different kinds",
    "not-a-group-partner": "that is not a group: {civil} goes only with a {partner}",
    "not-a-group-no-partner": "that is not a group: {civil} forms no mixed group",
    "cannot-beat-lower": "{tiles} cannot beat {high}: it ranks lower",
    "cannot-beat-equal": "{tiles} cannot beat {high}: it ranks the same, and an equal group goes face down",
    "cannot-beat-type": "{tiles} cannot beat {high}: it is a different type of group",
    "cannot-beat-supreme": "nothing beats the Supreme: play face down",
    "supreme-follows-down": "2-4+1-2 is the Supreme only when led: a follower plays it face down",
    "early-death": "you have no column yet, so on the final single trick you must play face down",
    # records and actions that are not well formed
    "unknown-tile": "unknown tile {tile}: tiles are written by pips, low first, like 1-2 or 6-6",
    "bad-record": "{what}",
    "bad-action": "not a Tien Gow play: {what}",
    "bad-hands": "the hands are not the 32 tiles: {what}",
    "unknown-option": "unknown rule option {option}",
    "bad-option": "rule option {option} cannot be {value}",
    "bad-seat": "{what} must be a seat 0-3",
}


COUNTS: dict[str, Count] = {
    "count": Count("Tien Gow error: a number of tiles the player chose", "{count} tile", "{count} tiles"),
    "need": Count("Tien Gow error: the number of tiles the leader played", "{need} tile", "{need} tiles"),
}

# The reasons of a payment (``payments.factor`` ids), translated with msgctxt "payment reason".
# ``{value}`` is the factor's number (an amount, a multiplier or a difference, never before a noun);
# ``{number}`` a trick's number; ``{columns}`` a seat's columns, shown by its plural phrase
# (``EXPLAIN_COUNTS``); ``{seat}`` and ``{owed_by}`` are seats (the page shows their names).
EXPLAIN: dict[str, str] = {
    "supreme": "the Supreme won trick {number}: {value} from each opponent",
    "quartet": "a quartet won trick {number}: {value} from each opponent",
    "banker": "doubled: the banker pays or collects",
    "columns": "{columns}, {value} short of 4",
    "no-column": "no column won: {value}",
    "surplus": "{columns}, {value} over 4: the winner pays the surplus",
    "final-quartet": "final trick won by a quartet: ×{value}",
    "final-supreme": "final trick won by the Supreme: ×{value}",
    "final-little-three": "final trick won by the Little Three 1-2: ×{value}",
    "sweep": "all eight columns to the winner: ×{value}",
    "catch": "Little Three catch: {seat} led 1-2 and pays for {owed_by}",
}

# The counts of the payment reasons, as plural phrases (see ``counts``).
EXPLAIN_COUNTS: dict[str, Count] = {
    "columns": Count(
        "Tien Gow payment reason: the number of columns a player won",
        "{columns} column won",
        "{columns} columns won",
    ),
}
