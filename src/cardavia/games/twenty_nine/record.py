"""Twenty-Nine deal records: reading and checking one (writing is ``TwentyNineDeal.to_record``).

``{"game": "twenty-nine", "dealer": 3, "hands": [[8 codes, first four first] x 4], "actions": [...],
"options": {...}}``; ``options`` only when some differ from the defaults. The second stage of the
deal is not an action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardavia.games.errors import RecordError
from cardavia.games.packs.french import PACK_SIZE
from cardavia.games.records import game_record, only_keys, read_actions
from cardavia.games.twenty_nine.actions import Action, action_from_json
from cardavia.games.twenty_nine.cards import card_index
from cardavia.games.twenty_nine.deal import GAME_ID, HAND, NUM_SEATS, TwentyNineDeal
from cardavia.games.twenty_nine.options import parse_options

_KEYS = {"game", "dealer", "hands", "actions", "options"}


def read_hands(hands: object) -> list[list[int]]:
    """Four hands of eight card codes making up the pack once, as card numbers; ``RecordError`` if not."""
    if not isinstance(hands, list) or len(hands) != NUM_SEATS:
        raise RecordError("bad-hands", '"hands" must be a list of four hands', {"what": "hands"})
    out: list[list[int]] = []
    seen: set[int] = set()
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) != HAND:
            raise RecordError("bad-hands", f"hand {seat} must be a list of 8 cards", {"what": "hands"})
        cards = [card_index(code) for code in hand]
        for card in cards:
            if card in seen:
                raise RecordError(
                    "bad-hands", f"a card appears twice in the hands: {hand}", {"what": "hands"}
                )
            seen.add(card)
        out.append(cards)
    assert len(seen) == PACK_SIZE
    return out


def read_record(record: Mapping[str, Any]) -> tuple[TwentyNineDeal, list[Action]]:
    """The deal a record starts from and its actions, parsed but not applied.

    ``RecordError`` for anything that is not a Twenty-Nine record: another game, an unknown key, a
    dealer outside 0-3, hands that are not the pack, an unknown card, a malformed action (unknown
    ``do``, a bid that is not a whole number, a seat outside 0-3), an unknown option or value.
    Whether the actions follow the rules is for the deal to say when they are applied.
    """
    record = game_record(record, GAME_ID)
    only_keys(record, _KEYS)
    dealer = record.get("dealer")
    if type(dealer) is not int or not 0 <= dealer < NUM_SEATS:
        raise RecordError("bad-seat", '"dealer" must be a seat 0-3', {"what": "dealer"})
    hands = read_hands(record.get("hands"))
    options = parse_options(record.get("options"))
    actions = read_actions(record.get("actions", []), action_from_json)
    return TwentyNineDeal.from_hands(dealer, hands, options), actions
