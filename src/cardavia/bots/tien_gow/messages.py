"""English templates of every Tien Gow hint reason, by id (translated with msgctxt "hint").

Fields: ``tiles`` is the tile or tiles the reason is about, shown by name then code ("Heaven 6-6 +
nine 4-5"; its parameter is the list of codes), and ``kept`` the tiles a move keeps, shown alike;
``count`` a number of columns, ``samples`` the number of simulated deals and ``score`` their average
result in points, each shown by its plural phrase in ``COUNTS`` ("3 columns").
"""

from __future__ import annotations

from cardavia.games.counts import Count

HINTS: dict[str, str] = {
    "random": "a legal move at random",
    "only": "{tiles} is the only legal play",
    "last-tile": "play your last tile, {tiles}",
    "runout": "nothing you hold can be beaten any more: lead it all and keep {tiles} for the last trick",
    "runout-final": "{tiles} cannot be beaten: take the last trick",
    "supreme": "lead the Supreme {tiles}: nobody can beat it, and each opponent pays",
    "final-group": "lead {tiles} together as the last trick",
    "safe-lead": "{tiles} cannot be beaten: every higher tile has been played",
    "need-column": (
        "win a column with {tiles} before the last trick: a player without one cannot win a last single"
    ),
    "little-three-guard": (
        "get rid of {tiles} now: Big Six 2-4 is still out and would catch it on the last trick"
    ),
    "dump-lead": "lead a weak tile and keep {tiles} for the last trick",
    "beat-final": "take the last trick with {tiles}",
    "catch": "catch the Little Three with {tiles}: its leader pays for everyone",
    "early-death": "no column yet: {tiles} must go face down on the last single",
    "cannot-beat": "nothing you hold beats this trick: {tiles} go face down",
    "beat-runout": "beat with {tiles}: after that nothing you hold can be beaten",
    "beat-cheap": "beat with {tiles}, the lowest tile that wins",
    "beat": "beat with {tiles} to take {count}",
    "discard": "put {tiles} face down: the tiles least likely to win a trick",
    "hunch": "play {tiles} on a hunch",
    "hunch-down": "put {tiles} face down on a hunch",
    "search": "{tiles} did best in {samples} ({score} on average)",
    # the review: why its better move is better, when ``normal`` would not have played it (the page
    # shows the move itself just before); ``kept`` names the tiles the player spent instead
    "keep": "it keeps {kept} for a later trick",
    "lead-together": "lead {tiles} together, not one of them alone",
    # a move named by the review (the better move of a decision): what to play, face up or down
    "move-up": "play {tiles} face up",
    "move-down": "put {tiles} face down",
}

COUNTS: dict[str, Count] = {
    "count": Count(
        "Tien Gow hint: columns the player takes by winning the trick", "{count} column", "{count} columns"
    ),
    "samples": Count(
        "Tien Gow hint: deals the strongest AI played out from this position to compare its choices",
        "{samples} simulated deal",
        "{samples} simulated deals",
    ),
    "score": Count(
        "Tien Gow hint: the average result, in points, of the simulated deals",
        "{score} point",
        "{score} points",
    ),
}
