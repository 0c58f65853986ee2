"""The Cherki table's own texts (its seats, log lines, instructions and results), by the key its
script asks for. The page's common texts are :data:`cardavia.web.ui_text.COMMON`.
"""

from __future__ import annotations

from cardavia.web.content import Msg, Plural

# The opponents' seat names are each game's own (see the Tien Gow package's texts).
TEXTS: dict[str, Msg | Plural] = {
    "west": Msg(
        "Cherki seat name: the AI opponent on your left, who plays right after you and can take "
        "your discards (you sit south)",
        "West",
    ),
    "east": Msg(
        "Cherki seat name: the AI opponent on your right, who plays right before you (you sit south)", "East"
    ),
    "piece_label": Msg(
        "Cherki: accessible name of a card (in the hand, on the table, in the rules); %(name)s is i"
        "ts name, read alone: the card's drawing shows it, and a screen reader would spell out a code",
        "%(name)s",
    ),
    "piece_text": Msg(
        "Cherki: a card inside a sentence (log); %(name)s is its name; %(code)s is its English code (5c, WF: "
        "English initials), which only English readers know: leave %(code)s out",
        "%(name)s (%(code)s)",
    ),
    "deal_no": Msg("Cherki log: number of the deal at this table", "Deal %(num)s"),
    "card_points": Plural(
        "Cherki results: accessible name of one of the winner's cards with the points it counts; "
        "%(card)s is the card's accessible name",
        "%(card)s, %(num)s point",
        "%(card)s, %(num)s points",
    ),
    "dealer": Msg("Cherki badge on the dealer's seat", "Dealer"),
    "called": Msg("Cherki badge: this player has called Cherki (declared the hand ready)", "Called Cherki"),
    "cards_in_hand": Plural("Cherki: cards a seat holds", "%(num)s card in hand", "%(num)s cards in hand"),
    "stock": Plural(
        "Cherki: cards left in the face-down stock", "Stock: %(num)s card", "Stock: %(num)s cards"
    ),
    "discards": Msg("Cherki: label of a seat's row of discarded cards", "Discards"),
    "no_discards": Msg("Cherki: a seat has not discarded yet", "no discard yet"),
    # the pile needs its own words: "has not discarded yet" has a seat for its subject in some languages
    "pile_empty": Msg(
        "Cherki: shown where the discard pile lies while it is still empty (nobody has discarded)",
        "no discards yet",
    ),
    "top_discard": Msg(
        "Cherki: accessible label of the top discard; %(card)s is the card",
        "%(card)s, top discard: it can be taken",
    ),
    "pick_up": Msg(
        "Cherki instruction at the start of the player's turn",
        "Draw a card from the stock, or take the top discard.",
    ),
    "offer_call": Msg(
        "Cherki: offer at the start of a turn when the hand is ready",
        "Your hand is ready: you may call Cherki now, before drawing.",
    ),
    "select_discard": Msg(
        "Cherki instruction after picking up", "Select a card to discard, then press Discard."
    ),
    "can_call_discard": Msg(
        "Cherki: the selected discard leaves a ready hand",
        "With this discard your eight cards are ready: Call Cherki discards it and calls.",
    ),
    "cannot_discard": Msg(
        "Cherki: the selected card may not be discarded now", "This card cannot be discarded now."
    ),
    "called_wait": Msg(
        "Cherki: the human has called and plays automatically",
        "You have called Cherki: your turns now play themselves until the card you wait for comes.",
    ),
    "drew": Msg(
        "Cherki log: a seat drew from the stock; %(name)s is the seat, a compass point or a "
        "friend's own name (any gender, one person)",
        "%(name)s drew a card.",
    ),
    "took": Msg(
        "Cherki log: a seat took the top discard; %(name)s is the seat, a compass point or a "
        "friend's own name (any gender, one person)",
        "%(name)s took %(card)s.",
    ),
    "discarded": Msg(
        "Cherki log: a seat discarded; %(name)s is the seat, a compass point or a friend's own "
        "name (any gender, one person)",
        "%(name)s discarded %(card)s.",
    ),
    "discarded_called": Msg(
        "Cherki log: a seat discarded and called; %(name)s is the seat, a compass point or a "
        "friend's own name (any gender, one person)",
        "%(name)s discarded %(card)s and called Cherki.",
    ),
    "called_log": Msg(
        "Cherki log: a seat called; %(name)s is the seat, a compass point or a friend's own name "
        "(any gender, one person)",
        "%(name)s called Cherki.",
    ),
    "drew_you": Msg("Cherki log: the human player drew from the stock", "You drew a card."),
    "took_you": Msg("Cherki log: the human player took the top discard", "You took %(card)s."),
    "discarded_you": Msg("Cherki log: the human player discarded", "You discarded %(card)s."),
    "discarded_called_you": Msg(
        "Cherki log: the human player discarded and called", "You discarded %(card)s and called Cherki."
    ),
    "called_log_you": Msg("Cherki log: the human player called", "You called Cherki."),
    "wins_with_you": Msg("Cherki results: the human player won", "You win with these nine cards:"),
    "result_title": Msg("Cherki heading of the end-of-deal results", "End of the deal"),
    "wins_with": Msg(
        "Cherki results: %(name)s is the winner's seat, a compass point or a friend's own name "
        "(any gender, one person)",
        "%(name)s wins with these nine cards:",
    ),
    "x_line": Msg(
        "Cherki results: x is the sum of the points of the winner's nine cards",
        "Points of the nine cards: x = %(x)s",
    ),
    "payment": Msg("Cherki results column heading: what each seat receives (+) or pays (−)", "Payment"),
    "drawn": Msg(
        "Cherki: the stock ran out and nobody won",
        "The stock ran out with no winner: the deal is drawn, nobody pays, and the cards are dealt again.",
    ),
    "redeal": Msg("Cherki button after a drawn deal", "Deal again"),
    "hand_cards": Msg("Cherki results: accessible name of the winner's cards", "The winner's nine cards"),
    "drew_card_you": Msg(
        "Cherki log: the human player drew from the stock; %(card)s is the card drawn", "You drew %(card)s."
    ),
    "picked_card": Msg(
        "Cherki: accessible name of the card the player just picked up; %(card)s is the card",
        "%(card)s, just picked up",
    ),
    "winning_card": Msg(
        "Cherki results: accessible name of the ninth card, the one that won; %(card)s is the card",
        "%(card)s, the card that won",
    ),
    "won_mark": Msg("Cherki results: badge under the ninth card, the one that completed the hand", "won"),
}
