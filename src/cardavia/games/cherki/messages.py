"""English templates of the Cherki engine's refusals, by reason code (translated with msgctxt "error").

Placeholders: ``{to_act}`` names the player whose turn it is (a seat number in params, "seat 2" in
English here, the player's name in the browser); ``{card}`` is a card code given in the
error's params; ``{card_name}`` is that card's name, filled in from ``card`` (the web layer fills it
with the translated name). So "5 of Coins (5c) is not in your hand" has params ``{"card": "5c"}``.
"""

from __future__ import annotations

from cardavia.games.cherki.cards import card_name
from cardavia.games.errors import IllegalAction

MESSAGES: dict[str, str] = {
    "deal-over": "this deal of Cherki is over: no card is drawn or discarded any more",
    "not-your-turn": "it is not your turn: {to_act} is to play",
    "unknown-action": "unknown action {do}",
    "first-must-draw": "the first player must draw: there is no discard to take yet",
    "nothing-to-take": "there is no discard to take",
    "only-top-discard": "only the top discard can be taken: {card_name} ({card}) is not on top",
    "stall-bounce": (
        "{card_name} ({card}) was taken and discarded straight back twice in a row: "
        "it cannot be taken a third time, so draw"
    ),
    "stall-takes": "nine turns in a row took from the pile: this turn must draw",
    "already-picked-up": "you have already picked up a card this turn: discard one",
    "pick-up-first": "draw or take a card before you discard",
    "card-not-in-hand": "{card_name} ({card}) is not in your hand",
    "called-discard-drawn": "you have called: you may only discard the card you drew, {card_name} ({card})",
    "called-must-take": (
        "you have called and the top discard {card_name} ({card}) completes your hand: you must take it"
    ),
    "called-must-draw": (
        "you have called: you may take the top discard only when it completes your hand, so draw"
    ),
    "already-called": "you have already called Cherki",
    "call-mid-turn": "call Cherki at the start of your turn, before drawing, or together with a discard",
    "not-ready": "you cannot call Cherki: your eight cards are not two triples and a pair",
    "call-not-ready": (
        "you cannot call Cherki with this discard: without {card_name} ({card}) "
        "your eight cards are not two triples and a pair"
    ),
}

# The reasons of a payment (``payments.factor`` ids), translated with msgctxt "payment reason";
# ``{terms}`` are the points of the winner's nine cards, in order, joined by " + ".
EXPLAIN: dict[str, str] = {
    "x": "x = {terms} = {value}: the points of the winner's nine cards",
}


def illegal(code: str, **params: object) -> IllegalAction:
    """The ``IllegalAction`` for ``code``: English message from ``MESSAGES``, pieces in params as codes."""
    shown: dict[str, object] = dict(params)
    card = params.get("card")
    if isinstance(card, str):
        shown["card_name"] = card_name(card)
    if "to_act" in params:
        shown["to_act"] = f"seat {params['to_act']}"
    return IllegalAction(code, MESSAGES[code].format(**shown), params)
