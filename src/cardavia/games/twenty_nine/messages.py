"""English templates of the Twenty-Nine engine's refusals, by reason code (the spec's codes).

Placeholders: ``{to_act}`` names the player whose turn it is (a seat number in params, "seat 2" in
English here, the player's name in the browser); ``{card}`` is a card code in params and
``{card_name}`` its name, filled in from ``card``; ``{led}`` the suit led, a suit code, and
``{led_name}`` its name; ``{low}``, ``{high}`` and ``{value}`` are bids.
The web layer translates them with msgctxt "error" once the game is registered.
"""

from __future__ import annotations

from cardavia.games.errors import IllegalAction
from cardavia.games.packs.french import SUIT_NAMES, card_name

MESSAGES: dict[str, str] = {
    "deal-over": "this deal of Twenty-Nine is over: no more calls or cards",
    "not-your-turn": "it is not your turn: {to_act} is to act",
    "must-open": "the eldest hand must open the auction with a bid",
    "bid-range": "you cannot bid {value} now: bid from {low} to {high}, or pass",
    "not-in-hand": "{card_name} ({card}) is not in your hand",
    "must-follow": (
        "you must follow suit while you can: {led_name} were led, and {card_name} ({card}) is not one"
    ),
    "must-trump": "you asked for the trump and hold one: play a trump, not {card_name} ({card})",
    "trump-lead": (
        "the trump is still hidden: the bidder may not lead it until another player has led it, "
        "unless the bidder holds only trumps"
    ),
    "cannot-ask": "you may ask for the trump only while it is hidden and you cannot follow the suit led",
    "cannot-pair": (
        "you cannot declare the pair now: the trump must be revealed, you must hold its King and Queen, "
        "your team must have won a trick, and the bidder's team needs a bid of 19 or more"
    ),
    "bad-action": "that is not an action of this moment of the deal",
}


def illegal(code: str, **params: object) -> IllegalAction:
    """The ``IllegalAction`` for ``code``: English message from ``MESSAGES``, pieces in params as codes."""
    shown: dict[str, object] = dict(params)
    card = params.get("card")
    if isinstance(card, str):
        shown["card_name"] = card_name(card)
    led = params.get("led")
    if isinstance(led, str):
        shown["led_name"] = SUIT_NAMES[led]
    if "to_act" in params:
        shown["to_act"] = f"seat {params['to_act']}"
    return IllegalAction(code, MESSAGES[code].format(**shown), params)
