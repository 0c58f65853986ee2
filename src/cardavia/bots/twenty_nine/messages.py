"""English templates of the Twenty-Nine hints, by reason id (translated with msgctxt "hint" once the game
is registered).

Placeholders: ``{card}`` is a card code and ``{card_name}`` its name; ``{suit}`` a suit code and
``{suit_name}`` its name; ``{value}`` a bid; ``{points}``, ``{count}`` and ``{worlds}`` are numbers
shown by their plural phrases in ``COUNTS``. Params carry only codes and numbers: names are filled
in from them.
"""

from __future__ import annotations

from typing import Any

from cardavia.bots.base import Reason
from cardavia.bots.reasons import make_reason
from cardavia.games.counts import Count
from cardavia.games.packs.french import SUIT_NAMES, card_name

HINTS: dict[str, str] = {
    # auction
    "open": "open at {value}: the eldest hand must bid",
    "bid-strength": "bid {value}: {points} in hand and {count} of {suit_name} to make trumps",
    "hold-strength": "hold at {value}: {points} in hand and {count} of {suit_name} to make trumps",
    "pass-weak": "pass: {points} in hand is not enough to go past {value}",
    "pass-partner": "pass: your partner holds the bid at {value} and your hand adds little to it",
    # trump and doubling
    "trump-long": "make {suit_name} trumps: {count} of them, the longest and strongest suit in hand",
    "double-strong": "double: {points} in hand against a bid of {value}",
    "double-pass": "no double: {points} in hand is not enough to beat {value}",
    "redouble-strong": "redouble: your side holds the cards for {value}",
    "redouble-pass": "no redouble: {value} is not safe enough to raise the stakes",
    # play
    "pair": "declare the pair: it moves the target by four in your side's favour",
    "ask-win": "ask for the trump: the trick holds {points} and you cannot follow suit",
    "ask-likely": "ask for the trump: you probably hold one ({suit_name} looks like trumps) to take {points}",
    "lead-trump": "lead {card_name} ({card}): draw the opponents' trumps",
    "lead-master": "lead {card_name} ({card}): the highest card left in its suit",
    "lead-low": "lead {card_name} ({card}): a low card gives little away",
    "win": "play {card_name} ({card}): it takes the trick and its {points}",
    "trump-in": "trump with {card_name} ({card}): it takes the trick and its {points}",
    "feed-partner": "play {card_name} ({card}): your partner is taking this trick, add points to it",
    "throw-low": "play {card_name} ({card}): the trick is lost, give away as little as you can",
    "follow-low": "play {card_name} ({card}): follow suit as cheaply as you can",
    "must-trump": "play {card_name} ({card}): you asked for the trump and must play one",
    "casual": "play {card_name} ({card})",
    # the hard level's search
    "search-play": "play {card_name} ({card}): it did best on average over {worlds}",
    "search-ask": "ask for the trump: it did best on average over {worlds}",
    "search-pair": "declare the pair: it did best on average over {worlds}",
}

COUNTS: dict[str, Count] = {
    "points": Count("Twenty-Nine hint: card points", "{points} point", "{points} points"),
    "count": Count("Twenty-Nine hint: a number of cards of one suit", "{count} card", "{count} cards"),
    "worlds": Count(
        "Twenty-Nine hint: how many deals the other hands could be were played out",
        "{worlds} possible deal",
        "{worlds} possible deals",
    ),
}


def hint(reason_id: str, **params: Any) -> Reason:
    """The reason ``reason_id`` with ``params``; card and suit names filled in for the English text."""
    shown: dict[str, Any] = {}
    card = params.get("card")
    if isinstance(card, str):
        shown["card_name"] = card_name(card)
    suit = params.get("suit")
    if isinstance(suit, str):
        shown["suit_name"] = SUIT_NAMES[suit]
    return make_reason(HINTS, reason_id, params, shown, COUNTS)
