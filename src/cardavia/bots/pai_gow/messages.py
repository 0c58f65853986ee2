"""English templates of every Pai Gow hint reason, by id (translated with msgctxt "hint").

Fields: ``high`` and ``low`` are the tiles of the hand set behind (後, the high hand) and in front
(前, the low hand), shown "6-6+3-4" (params: lists of codes); ``high_name`` and ``low_name`` what
each hand is ("Heaven pair", "Earth Wong", "9 points"; params: the key as the engine writes it);
``pair`` a tile's name ("Earth": the site's names, as Tien Gow's); ``ev`` and ``gain`` points a
deal ("+0.454"); ``against`` the levels the other seats are counted as ("Normal at every other
seat"; params: a level per seat); ``count`` a number of splits, shown by its plural phrase in ``COUNTS``.
"""

from __future__ import annotations

from cardavia.games.counts import Count

HINTS: dict[str, str] = {
    "random": "a legal move at random",
    # Normal (MAX-HIGH), and the hint: the strongest hand behind
    "supreme-behind": "keeps the Supreme behind: nothing beats it; {low} ({low_name}) goes in front",
    "heaven-pair-behind": "keeps the Heaven pair behind: it beats every banker's hand but the Supreme",
    "heaven-pair-behind-bank": "keeps the Heaven pair behind: it beats every player's hand but the Supreme",
    "pair-behind": (
        "keeps the {pair} pair behind: only a higher pair beats it; {low} ({low_name}) goes in front"
    ),
    "max-high": (
        "puts {high} behind, the strongest hand these tiles make ({high_name}), "
        "and {low} in front ({low_name})"
    ),
    # Easy (MAX-LOW)
    "max-low": (
        "makes the front hand as strong as it can: {low} in front ({low_name}), {high} behind ({high_name})"
    ),
    # Hard: the exact best response
    "best-ev": (
        "{high} behind ({high_name}) and {low} in front ({low_name}) do best of {count}: "
        "{ev} points a deal on average against {against}"
    ),
    "best-ev-gain": (
        "{high} behind ({high_name}) and {low} in front ({low_name}): {ev} points a deal on average "
        "against {against}, {gain} more than the strongest hand behind"
    ),
    # a split named by the review (the better choice of a decision)
    "set-split": "set {high} behind and {low} in front",
}

COUNTS: dict[str, Count] = {
    "count": Count(
        "Pai Gow hint: the number of ways a player's four tiles split", "{count} split", "{count} splits"
    ),
}

LEVEL_NAMES: dict[str, str] = {"random": "Random", "easy": "Easy", "normal": "Normal", "hard": "Hard"}
