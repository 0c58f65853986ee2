"""English templates of every Pai Gow hint reason, by id (translated with msgctxt "hint").

Every placeholder is one the table's shared renderer can show in any language:
``high`` and ``low`` are the tiles of the hand set behind (後, the high hand) and in front (前, the
low hand), lists of codes, shown by name in a hint ("Heaven 6-6 + nine 4-5"); ``tile`` one tile's
code, a piece parameter whose name the template says as ``{tile_name}`` ("Plum", "nine": the site's
names, as Tien Gow's), translated;
``high_points``, ``low_points`` and ``count`` numbers, each shown by its plural phrase in ``COUNTS``
("9 points", "3 splits"). What a hand is (a pair, a Wong, a Gong, points) is said by the template
itself, one id per kind, so that no parameter holds words a translator has not seen.
Parameters not in a template (``ev``, ``gain``: points a deal) are for logs and tests.
"""

from __future__ import annotations

from cardavia.games.counts import Count

HINTS: dict[str, str] = {
    "random": "a legal move at random",
    # Normal (MAX-HIGH), and the hint: the strongest hand behind, and what can beat it
    "supreme-behind": "keeps the Supreme behind: nothing beats it; {low} goes in front",
    "heaven-pair-behind": (
        "keeps the Heaven pair behind: it beats every banker's hand but the Supreme; {low} goes in front"
    ),
    "heaven-pair-behind-bank": (
        "keeps the Heaven pair behind: it beats every player's hand but the Supreme; {low} goes in front"
    ),
    "heaven-pair-sure": (
        "keeps the Heaven pair behind: with a tile of the Supreme in your hand no one can hold the "
        "Supreme, so nothing beats it; {low} goes in front"
    ),
    "pair-behind": "keeps the {tile_name} pair behind: only a higher pair beats it; {low} goes in front",
    "heaven-wong-behind": (
        "puts the Heaven Wong ({high}) behind: only a pair ranks above it; {low} goes in front"
    ),
    "earth-wong-behind": (
        "puts the Earth Wong ({high}) behind: only a pair or a Heaven Wong ranks above it; "
        "{low} goes in front"
    ),
    "heaven-gong-behind": (
        "puts the Heaven Gong ({high}) behind: only a pair or a Wong ranks above it; {low} goes in front"
    ),
    "earth-gong-behind": (
        "puts the Earth Gong ({high}) behind: only a pair, a Wong or a Heaven Gong ranks above it; "
        "{low} goes in front"
    ),
    "points-behind": (
        "puts {high} behind, {high_points}, the strongest hand these tiles make, "
        "and {low} in front, {low_points}"
    ),
    # Easy (MAX-LOW)
    "max-low": "puts {low} in front, the strongest front hand these tiles allow, and {high} behind",
    # Hard: the exact best response
    "best-ev": (
        "{high} behind and {low} in front win the most on average of the {count}, counting every hand "
        "the others may hold"
    ),
    "best-ev-gain": (
        "{high} behind and {low} in front win more on average than the strongest hand behind, counting "
        "every hand the others may hold"
    ),
    # the review: a split named as a choice, and whom its exact values are computed against
    "set-split": "set {high} behind and {low} in front",
    "against-normal": "Exact values in points a deal, against Normal at every other seat",
}

COUNTS: dict[str, Count] = {
    "count": Count(
        "Pai Gow hint: the number of ways a player's four tiles split", "{count} split", "{count} splits"
    ),
    "high_points": Count(
        "Pai Gow hint: the value of the hand set behind (0 to 9 points: the hand's value, not points won)",
        "{high_points} point",
        "{high_points} points",
    ),
    "low_points": Count(
        "Pai Gow hint: the value of the hand set in front (0 to 9 points: the hand's value, not points won)",
        "{low_points} point",
        "{low_points} points",
    ),
}

LEVEL_NAMES: dict[str, str] = {"random": "Random", "easy": "Easy", "normal": "Normal", "hard": "Hard"}
