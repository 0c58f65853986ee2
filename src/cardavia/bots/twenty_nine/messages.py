"""English templates of the Twenty-Nine hints, by reason id (translated with msgctxt "hint" once the game
is registered).

Placeholders: ``{card}`` is a card code and ``{card_name}`` its name; ``{cards}`` a list of card codes,
named one after another ("Jack of Clubs, Jack of Hearts and Nine of Hearts"); ``{suit}`` and ``{led}``
suit codes and ``{suit_name}``, ``{led_name}`` their names; ``{value}`` and ``{target}`` bids;
``{points}`` and ``{count}`` are numbers shown by their plural phrases in ``COUNTS``.
Params carry only codes and numbers: names are filled in from them.
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
    "bid-cards": "bid {value}: {points} in hand ({cards}), and {count} of {suit_name} can be trumps",
    "hold-cards": "hold at {value}: {points} in hand ({cards}), and {count} of {suit_name} can be trumps",
    "pass-weak": "pass: {points} in hand is not enough to go past {value}",
    "pass-partner": "pass: your partner holds the bid at {value} and your hand adds little to it",
    # trump and doubling
    "trump-long": "make {suit_name} trumps: {count} of them, the longest and strongest suit in hand",
    "trump-high": "make {suit_name} trumps: your {cards} will take tricks once trumps are revealed",
    "double-strong": "double: {points} in hand against a bid of {value}",
    "double-pass": "no double: {points} in hand is not enough to beat {value}",
    "redouble-strong": "redouble: your side holds the cards for {value}",
    "redouble-pass": "no redouble: {value} is not safe enough to raise the stakes",
    # play
    "pair-bidder": "declare the pair: your side's target drops from {value} to {target}",
    "pair-defender": "declare the pair: the bidders' target rises from {value} to {target}",
    "ask-win": "ask for the trump: you cannot follow {led_name} and the trick holds {points}",
    "ask-early": "ask for the trump: you cannot follow {led_name}, and knowing trumps now helps your side"
    " play the tricks to come",
    "ask-likely": "ask for the trump: you cannot follow {led_name}, and {suit_name} looks like trumps,"
    " which you hold, to take {points}",
    # the bidder asks nobody: it shows its own trump
    "show-win": "show your trump: you cannot follow {led_name} and the trick holds {points}",
    "show-early": "show your trump: you cannot follow {led_name}, and your partner knowing trumps now"
    " helps your side play the tricks to come",
    "lead-trump": "lead {card_name} ({card}): draw the opponents' trumps",
    "lead-master": "lead {card_name} ({card}): the highest card left in its suit",
    "lead-low": "lead {card_name} ({card}): a low card gives little away",
    "win": "play {card_name} ({card}): it takes the trick and its {points}",
    "head": "play {card_name} ({card}): it heads the trick for now and makes the next players pay to beat it",
    "keep-others": "play {card_name} ({card}): your other cards are worth more in the tricks to come",
    "trump-in": "trump with {card_name} ({card}): it takes the trick and its {points}",
    "feed-partner": "play {card_name} ({card}): your partner is taking this trick, add points to it",
    "throw-low": "play {card_name} ({card}): the trick is lost, give away as little as you can",
    "follow-low": "play {card_name} ({card}): follow suit as cheaply as you can",
    "must-trump": "play {card_name} ({card}): you asked for the trump and must play one",
    "casual": "play {card_name} ({card})",
    # a move named, as the review says the better one
    "move-bid": "bid {value}",
    "move-pass": "pass",
    "move-trump": "make {suit_name} trumps",
    "move-double": "double",
    "move-redouble": "redouble",
    "move-reveal": "ask for the trump",
    "move-pair": "declare the pair",
    "move-play": "play {card_name} ({card})",
}

COUNTS: dict[str, Count] = {
    "points": Count("Twenty-Nine hint: card points", "{points} point", "{points} points"),
    "count": Count("Twenty-Nine hint: a number of cards of one suit", "{count} card", "{count} cards"),
}


def asking(reason_id: str, bidder: bool) -> str:
    """The id of a reason to ask for the trump (``ask-win``, ``ask-early``), said as showing it
    (``show-win``) where the seat asking is the bidder, who knows its own trump."""
    return reason_id.replace("ask-", "show-", 1) if bidder else reason_id


def hint(reason_id: str, **params: Any) -> Reason:
    """The reason ``reason_id`` with ``params``; card and suit names filled in for the English text."""
    shown: dict[str, Any] = {}
    card = params.get("card")
    if isinstance(card, str):
        shown["card_name"] = card_name(card)
    for key in ("suit", "led"):
        value = params.get(key)
        if isinstance(value, str):
            shown[f"{key}_name"] = SUIT_NAMES[value]
    cards = params.get("cards")
    if isinstance(cards, list):
        shown["cards"] = _listed([card_name(c) for c in cards])
    return make_reason(HINTS, reason_id, params, shown, COUNTS)


def _listed(names: list[str]) -> str:
    """English names in a list: "A", "A and B", "A, B and C"."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"
