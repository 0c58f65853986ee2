"""Pai Gow (牌九), Chinese dominoes with a rotating bank: the rules engine (spec: pai-gow.md).

``GAME`` satisfies :class:`cardavia.games.protocol.Game` and its deals ``Deal``, as far as a game
where every seat decides at once fits a protocol written for one seat at a time:

- ``to_act()`` is the lowest seat that has not set, ``legal_actions()`` its sets; a driver that only
  knows the protocol therefore works, setting the seats one by one in seat order.
- **The intended extension** (not yet in the protocol; no layer above calls it yet):
  ``Deal.acting() -> frozenset[int]``, the seats that may act now (here every seat that has not set;
  a one-seat game answers ``{to_act()}`` or the empty set), and ``Deal.legal_actions_of(seat)``,
  that seat's legal actions. ``apply`` already accepts an action of *any* acting seat, in any order,
  and the result does not depend on the order. A view before the reveal shows another seat only as
  set or not set; ``Game.redact`` shows another seat's set as ``{"seat": s}`` alone, since a
  redaction cannot know whether the reveal has come (the finished view and result carry every hand).
- ``Outcome.winner``: Pai Gow has no single winner; the stand-in is the seat with the highest net
  (ties: the first from the banker on), and no deal is ``drawn`` (see ``deal.outcome_of``).

The tiles are the shared set of Chinese dominoes (:mod:`cardavia.games.packs.dominoes`);
:mod:`.tiles` adds the classes and ranks, :mod:`.hands` the keys, comparisons and splits.
"""

from __future__ import annotations

from cardavia.games.pai_gow.actions import SetHand, make_set, set_from_json
from cardavia.games.pai_gow.deal import PaiGowDeal, distinct_sets, legal_sets, split_identity
from cardavia.games.pai_gow.game import GAME, PaiGow
from cardavia.games.pai_gow.hands import (
    HandKey,
    Split,
    beats,
    describe_key,
    key_of,
    key_table,
    make_split,
    result,
    single_rank,
    splits_of,
)
from cardavia.games.pai_gow.messages import MESSAGES
from cardavia.games.pai_gow.options import DEFAULT_OPTIONS, Options, parse_options
from cardavia.games.pai_gow.tiles import CLASSES, Tile, class_of, sort_tiles, tile
from cardavia.games.pai_gow.view import SeatShowing, View

__all__ = [
    "CLASSES",
    "DEFAULT_OPTIONS",
    "GAME",
    "MESSAGES",
    "HandKey",
    "Options",
    "PaiGow",
    "PaiGowDeal",
    "SeatShowing",
    "SetHand",
    "Split",
    "Tile",
    "View",
    "beats",
    "class_of",
    "describe_key",
    "distinct_sets",
    "key_of",
    "key_table",
    "legal_sets",
    "make_set",
    "make_split",
    "parse_options",
    "result",
    "set_from_json",
    "single_rank",
    "sort_tiles",
    "split_identity",
    "splits_of",
    "tile",
]
