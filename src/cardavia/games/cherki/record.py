"""Cherki deal records (DESIGN.md contract): writing is ``CherkiDeal.to_record``; reading is here.

``{"game": "cherki", "dealer": 2, "deck": [120 codes in deal order], "actions": [...]}``, with
``"options": {}`` allowed (Cherki has no rule options yet). Every action names its seat; a called
player's forced actions are listed too; the win is not an action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardavia.games.cherki.actions import Action, action_from_json
from cardavia.games.cherki.deal import CherkiDeal
from cardavia.games.cherki.dealing import check_dealer, check_deck
from cardavia.games.cherki.options import check_options
from cardavia.games.errors import RecordError


def deal_from_record(record: Mapping[str, Any]) -> tuple[CherkiDeal, list[Action]]:
    """The deal a record starts from and its actions, parsed but not applied; ``RecordError`` if the
    record is malformed (wrong game, bad dealer, a deck that is not 120 cards with each face 4 times,
    an unknown card, a malformed action)."""
    if record.get("game") != "cherki":
        raise RecordError("wrong-game", 'a Cherki record has "game": "cherki"')
    check_options(record.get("options"))
    dealer = check_dealer(record.get("dealer"))
    faces = check_deck(record.get("deck"))
    raw_actions = record.get("actions", [])
    if not isinstance(raw_actions, list):
        raise RecordError("bad-actions", '"actions" must be a list')
    actions = []
    for index, obj in enumerate(raw_actions):
        try:
            actions.append(action_from_json(obj, None))
        except RecordError as exc:
            params = {**exc.params, "index": index}
            raise RecordError(exc.code, f"action {index}: {exc.message}", params) from None
    return CherkiDeal.from_deck(dealer, faces), actions


def record_of(dealer: int, deck: Sequence[str], actions: Sequence[Action]) -> dict[str, Any]:
    """A record from its parts (for tests and hand-made examples)."""
    return {"game": "cherki", "dealer": dealer, "deck": list(deck), "actions": [a.to_json() for a in actions]}
