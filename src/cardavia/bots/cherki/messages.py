"""English templates of the Cherki hints, by reason id (translated with msgctxt "hint").

Placeholders: ``{card}`` is a card code and ``{card_name}`` its name; ``{kept}`` a card the move
keeps, named as in a sentence ("9 of Coins (9c)"); ``{kind}`` is a kind code ("5", "RF") and
``{kind_name}`` its name ("5", "Red Flower"); ``{live}``, ``{distance}``, ``{ways}``, ``{rounds}`` and
``{net}`` (a mean in points) are numbers, each shown by its plural phrase in ``COUNTS`` ("3 cards").
A reason's params carry only the codes and numbers: the names are filled in from them (the web layer fills
them with translated names), as the engine does for its error messages.
"""

from __future__ import annotations

from typing import Any

from cardavia.bots.base import Reason
from cardavia.games.cherki.cards import KIND_CODES, KIND_NAMES, card_name
from cardavia.games.counts import Count, english_counts

HINTS: dict[str, str] = {
    # every level
    "called-auto": "you have called Cherki: your turn plays itself",
    # turn start
    "call-now": "call Cherki now: you wait on {kind_name}, {live} still unseen",
    "call-dead-wait": "do not call yet: every {kind_name} you could win with is already seen",
    "take-closer": "take {card_name} ({card}): it brings you within {distance} of ready",
    "take-ready": "take {card_name} ({card}): it makes your hand ready",
    "draw-no-help": "draw: {card_name} ({card}) on the pile does not improve your hand",
    "draw-empty": "draw: there is no discard you can take",
    # discards
    "discard-call": "discard {card_name} ({card}) and call Cherki: you wait on {kind_name}, {live} unseen",
    "discard-ways": (
        "discard {card_name} ({card}): you stay {distance} from ready and {ways} "
        "would improve your hand ({kind_name} is live: {live} unseen)"
    ),
    "discard-keep-ready": "discard {card_name} ({card}): your hand stays ready on {kind_name}, {live} unseen",
    "discard-safe": (
        "discard {card_name} ({card}): your left neighbour has called and cannot be waiting on {kind_name}"
    ),
    "discard-least-risk": (
        "discard {card_name} ({card}): your left neighbour has called; {kind_name} is the least likely wait"
    ),
    # hard
    "search-discard": ("discard {card_name} ({card}): it did best over {rounds} (mean {net})"),
    "search-draw": "draw: it did best over {rounds} (mean {net})",
    "search-take": "take the top discard: it did best over {rounds} (mean {net})",
    # easy
    "call-ready": "call Cherki: your hand is ready and waits on {kind_name}",
    "discard-call-ready": "discard {card_name} ({card}) and call Cherki: your hand waits on {kind_name}",
    "keep-sets": "discard {card_name} ({card}): keep your pairs and triples",
    "discard-hunch": "discard {card_name} ({card}) on a hunch",
    "take-set": "take {card_name} ({card}): it adds to a set you are building",
    "draw-casual": "draw a card from the stock",
    # the review: why its better move is better, when ``normal`` would not have played it (the page
    # shows the move itself just before)
    "discard-keep": "it keeps {kept}: you stay {distance} from ready and {ways} would improve your hand",
    "take-known": "take {card_name} ({card}): a card you can see is worth more here than one from the stock",
    "draw-unseen": "draw: {card_name} ({card}) would help, but taking it shows the others what you collect",
    # a move named by the review (the better move of a decision)
    "move-draw": "draw a card from the stock",
    "move-take": "take {card_name} ({card}) from the discard pile",
    "move-discard": "discard {card_name} ({card})",
    "move-discard-call": "discard {card_name} ({card}) and call Cherki",
    "move-call": "call Cherki",
}

COUNTS: dict[str, Count] = {
    "live": Count(
        "Cherki hint: cards of the kind the player waits on (or would wait on) that nobody has seen yet",
        "{live} card",
        "{live} cards",
    ),
    "distance": Count(
        "Cherki hint: how many cards of the hand must still be replaced before it is ready",
        "{distance} card",
        "{distance} cards",
    ),
    "ways": Count(
        "Cherki hint: unseen cards that would improve the hand", "{ways} unseen card", "{ways} unseen cards"
    ),
    "rounds": Count(
        "Cherki hint: deals the strongest AI played out from this position to compare its choices",
        "{rounds} sampled deal",
        "{rounds} sampled deals",
    ),
    "net": Count(
        "Cherki hint: the average result, in points, of the sampled deals", "{net} point", "{net} points"
    ),
}


def hint(reason_id: str, **params: Any) -> Reason:
    """The reason ``reason_id`` with params as given (codes and numbers) and its English text.

    A missing template or placeholder raises ``KeyError`` at once, so no hint reaches a player
    without a text the translators have.
    """
    shown = dict(params)
    card = params.get("card")
    if isinstance(card, str):
        shown["card_name"] = card_name(card)
    kept = params.get("kept")
    if isinstance(kept, str):
        shown["kept"] = f"{card_name(kept)} ({kept})"  # a card named as a sentence names it
    kind = params.get("kind")
    if isinstance(kind, str):
        shown["kind_name"] = KIND_NAMES[KIND_CODES.index(kind)]
    shown.update(english_counts(COUNTS, params))
    return Reason(reason_id, HINTS[reason_id].format(**shown), params)
