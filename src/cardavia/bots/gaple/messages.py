"""English templates of the Gaple hints, by reason id (translated with msgctxt "hint" once the game is
registered).

Every placeholder is one the table's shared renderer can show in any language: ``{tile}`` is a tile
code ("3-5", a piece parameter: the page may say its name as ``{tile_name}``); ``{pip}``, ``{left}`` and
``{right}`` are pips, 0 to 6, shown as numbers; ``{seat}`` names a seat (a seat number in params, "seat
2" in English here, the player's name or place at the table); ``{pips}``, ``{total}``, ``{count}`` and
``{times}`` are numbers, each shown by its plural phrase in ``COUNTS``. What a move does is said by the
template itself, one id per idea, so that no parameter holds words a translator has not seen.
"""

from __future__ import annotations

from typing import Any

from cardavia.bots.base import Reason
from cardavia.bots.random_bot import RANDOM_REASON_ID, RANDOM_REASON_TEXT
from cardavia.bots.reasons import make_reason
from cardavia.games.counts import Count

HINTS: dict[str, str] = {
    RANDOM_REASON_ID: RANDOM_REASON_TEXT,
    # the opening
    "open-first": "open with {tile}: whoever holds {tile} opens a match's first deal",
    "open-double": (
        "open with {tile}: the heaviest of your doubles, and a double is the hardest tile to place"
    ),
    "open-heavy": "open with {tile}: it sheds {pips} and leaves you tiles that fit both its ends",
    "open-casual": "open with {tile}",
    # with no tile that fits
    "pass": "pass: none of your tiles has a {left} or a {right}",
    "pass-one": "pass: none of your tiles has a {pip}",  # both ends show the same pip
    "discard": "lay {tile} face down: few of the tiles not yet played could ever bring its pips to an end",
    "discard-casual": "lay {tile} face down",
    # a play, by what it does
    "out": "play {tile}: it is your last tile, and you go out",
    "block-low": "play {tile}: it closes the line while you hold only {total}, likely the lowest count",
    "starve": (
        "play {tile}: it leaves a {pip} at an end, and {seat} has passed {times} when a {pip} was at an end"
    ),
    "keep-pip": "play {tile} and keep your {pip}s: {seat} has passed {times} when a {pip} was at an end",
    "spare-partner": "play {tile}: it leaves no {pip} at an end, and your partner has passed when one was",
    "double": "play {tile}: a double fits only one pip, so it gets harder to place as the deal goes on",
    "control": "play {tile}: it leaves a {pip} at an end, and you hold {count} with a {pip} to follow it",
    "heavy": "play {tile}: it sheds {pips}, the most you can lay now",
    "options": "play {tile}: you keep tiles that fit both ends of the line",
    "only": "play {tile}: it is the only tile you can lay",
    "casual": "play {tile}",
    # a move named, as the review says the better one
    "move-open": "open with {tile}",
    "move-left": "play {tile} at the left end",
    "move-right": "play {tile} at the right end",
    "move-pass": "pass (no tile fits)",  # not Twenty-Nine's "pass" (no bid)
    "move-discard": "lay {tile} face down",
}

COUNTS: dict[str, Count] = {
    "pips": Count("Gaple hint: the pips on a tile (a tile's two halves added)", "{pips} pip", "{pips} pips"),
    "total": Count(
        "Gaple hint: the pips left in the player's hand and dead tiles, their count if the deal ended now",
        "{total} pip",
        "{total} pips",
    ),
    "count": Count(
        "Gaple hint: how many more tiles the player holds with a given pip",
        "{count} more tile",
        "{count} more tiles",
    ),
    "times": Count(
        "Gaple hint: how many times another player passed (or laid a tile face down)",
        "{times} time",
        "{times} times",
    ),
}


def hint(reason_id: str, **params: Any) -> Reason:
    """The reason ``reason_id`` with ``params`` (codes, pips, seat numbers and counts) and its English
    text, a seat named "seat 2" there. A pass between two ends that show the same pip says it once
    (``pass-one``, its ``{pip}``), never "a 5 or a 5"."""
    if reason_id == "pass" and params.get("left") == params.get("right"):
        reason_id, params = "pass-one", {"pip": params["left"]}
    shown: dict[str, Any] = {}
    if "seat" in params:
        shown["seat"] = f"seat {params['seat']}"
    return make_reason(HINTS, reason_id, params, shown, COUNTS)
