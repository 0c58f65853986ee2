"""Cherki: Malaysian money cards for three players (spec/cherki.md).

``GAME`` satisfies ``cardavia.games.protocol.Game``. What bots and tests use besides:

- cards: ``FACES`` (``Face`` values), ``FACE_CODES``, ``FACE_BY_CODE``, ``KIND_OF``, ``KIND_CODES``,
  ``POINTS``, ``RED_CODES``, ``face_index``, ``card_name``;
- hands (on 12 kind counts): ``kind_counts``, ``ready_wait``, ``is_ready``, ``is_complete``,
  ``ready_discards``, ``hand_points``, ``settlement``;
- deals: ``new_deal(seed, dealer)``, ``deal_from_deck(dealer, codes)``, ``stack_deck``,
  ``CherkiDeal.from_position(...)`` (a mid-deal state from explicit hands, stock, pile and calls),
  ``deal_from_view(view, hands, stock)`` (the same, taking every public part from a seat's view),
  ``CherkiDeal.clone()``, ``CherkiDeal.random_playout(rng)`` (uniform random legal play to the end,
  exactly as ``deal.apply(rng.choice(tuple(deal.legal_actions())))`` repeated, several times faster);
- actions: ``Action`` and the interned ``draw``, ``take``, ``discard``, ``call``.
"""

from __future__ import annotations

from cardavia.games.cherki.actions import Action, action_from_json, call, discard, draw, take
from cardavia.games.cherki.cards import (
    DECK_SIZE,
    FACE_BY_CODE,
    FACE_CODES,
    FACES,
    KIND_BY_CODE,
    KIND_CODES,
    KIND_NAMES,
    KIND_OF,
    NUM_FACES,
    NUM_KINDS,
    POINTS,
    RED_CODES,
    Face,
    card_name,
    face_index,
    kind_of_code,
    sort_codes,
)
from cardavia.games.cherki.deal import CherkiDeal, deal_from_deck, deal_from_view, new_deal
from cardavia.games.cherki.dealing import deal_order, hands_from_deck, stack_deck
from cardavia.games.cherki.game import GAME, CherkiGame
from cardavia.games.cherki.hands import (
    hand_points,
    is_complete,
    is_ready,
    kind_counts,
    ready_discards,
    ready_wait,
    settlement,
)
from cardavia.games.cherki.messages import MESSAGES
from cardavia.games.cherki.record import deal_from_record, record_of
from cardavia.games.cherki.rules import HAND_SIZE, NUM_SEATS
from cardavia.games.cherki.view import CallEvent, CherkiView, Discard

__all__ = [
    "DECK_SIZE",
    "FACES",
    "FACE_BY_CODE",
    "FACE_CODES",
    "GAME",
    "HAND_SIZE",
    "KIND_BY_CODE",
    "KIND_CODES",
    "KIND_NAMES",
    "KIND_OF",
    "MESSAGES",
    "NUM_FACES",
    "NUM_KINDS",
    "NUM_SEATS",
    "POINTS",
    "RED_CODES",
    "Action",
    "CallEvent",
    "CherkiDeal",
    "CherkiGame",
    "CherkiView",
    "Discard",
    "Face",
    "action_from_json",
    "call",
    "card_name",
    "deal_from_deck",
    "deal_from_record",
    "deal_from_view",
    "deal_order",
    "discard",
    "draw",
    "face_index",
    "hand_points",
    "hands_from_deck",
    "is_complete",
    "is_ready",
    "kind_counts",
    "kind_of_code",
    "new_deal",
    "ready_discards",
    "ready_wait",
    "record_of",
    "settlement",
    "sort_codes",
    "stack_deck",
    "take",
]
