"""Gaple deal records (spec: Deal record): reading and checking one (writing is ``GapleDeal.to_record``).

``{"game": "gaple", "first": true, "leader": 2, "hands": [[7 codes] x 4], "actions": [...]}``, and
where they apply ``"scores"`` (the match before the deal, one per side), ``"stock"`` (4 codes, with
``hand_size`` 6) and ``"options"`` (those not at their defaults).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardavia.games.gaple.actions import Action, action_from_json
from cardavia.games.gaple.deal import GAME_ID, GapleDeal
from cardavia.games.gaple.options import parse_options
from cardavia.games.gaple.scoring import NUM_SEATS
from cardavia.games.packs.double_six import tile
from cardavia.games.records import bad_record, game_record, only_keys, read_actions

_REQUIRED = ("first", "leader", "hands", "actions")
_KEYS = {"game", *_REQUIRED, "scores", "stock", "options"}


def _tiles(codes: object, what: str) -> list[int]:
    if not isinstance(codes, list):
        raise bad_record(f"{what} must be a list of tiles")
    return [tile(code).index for code in codes]


def read_record(record: Mapping[str, Any]) -> tuple[GapleDeal, list[Action]]:
    """The deal a record starts from and its actions, parsed but not applied.

    ``RecordError`` with a one-line reason for anything that is not a Gaple record: not an object,
    another game, a missing or unknown field, ``first`` not a boolean, ``leader`` not a seat (or, in a
    first deal, not the opening tile's holder), hands and stock not the 28 tiles once each in hands of
    the right size, bad ``scores``, a malformed action, an unknown option or value. Whether the
    actions follow the rules is for the deal to say as they are applied (with their index).
    """
    record = game_record(record, GAME_ID)
    for name in _REQUIRED:
        if name not in record:
            raise bad_record(f'the record needs "{name}"')
    only_keys(record, _KEYS)
    options = parse_options(record.get("options"))
    first = record["first"]
    if type(first) is not bool:
        raise bad_record('"first" must be true or false')
    leader = record["leader"]
    if type(leader) is not int or not 0 <= leader < NUM_SEATS:
        raise bad_record('"leader" must be a seat 0-3')
    hands_obj = record["hands"]
    if not isinstance(hands_obj, list) or len(hands_obj) != NUM_SEATS:
        raise bad_record('"hands" must be a list of four hands')
    hands = [_tiles(h, f"hand {seat}") for seat, h in enumerate(hands_obj)]
    stock = _tiles(record.get("stock", []), '"stock"')
    scores = record.get("scores")
    if "scores" in record and not isinstance(scores, list):
        raise bad_record('"scores" must be a list, one score per side')
    actions = read_actions(record["actions"], action_from_json)
    deal = GapleDeal.start(
        first=first, leader=leader, hands=hands, stock=stock, scores=scores, options=options
    )
    return deal, actions
