"""A Cherki deal: how it starts (a seeded shuffle, a deck, a position), its record, its views, and
the fused random play-out; the turns themselves are :class:`~cardavia.games.cherki.turns.Turns`.

The package splits by idea, as Tien Gow's does: ``rules`` (constants and prebuilt tables),
``dealing`` (shuffle and deck), ``turns`` (state, legal actions, apply, outcome), ``position``
(a mid-deal state from explicit parts), ``playout`` (the fused random loop), ``view``, ``record``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardavia.games.cherki.cards import FACE_CODES
from cardavia.games.cherki.dealing import check_deck, hands_from_deck, shuffled_deck
from cardavia.games.cherki.playout import random_playout
from cardavia.games.cherki.position import PositionedTurns
from cardavia.games.cherki.rules import DEALT, NUM_SEATS, PHASE_NAMES
from cardavia.games.cherki.view import CherkiView, build_view
from cardavia.games.errors import GameError, RecordError


class CherkiDeal(PositionedTurns):
    """A Cherki deal in progress (satisfies ``cardavia.games.protocol.Deal``).

    Build one with :func:`new_deal`, :func:`deal_from_deck` or :meth:`from_position`.
    ``apply`` changes the deal in place or raises ``IllegalAction`` and changes nothing.
    """

    __slots__ = ()

    @classmethod
    def from_deck(cls, dealer: int, deck: Sequence[int]) -> CherkiDeal:
        """The deal of a deck of face numbers in deal order (no action applied yet)."""
        stock = list(deck[DEALT:])
        stock.reverse()  # d24 is drawn first, so it goes last
        self = cls._start(dealer, hands_from_deck(dealer, deck), stock)
        self.deck = tuple(deck)
        return self

    def random_playout(self, rng: random.Random) -> None:
        """Play to the end choosing uniformly among exactly ``legal_actions()`` (``playout``)."""
        random_playout(self, rng)

    def to_record(self) -> dict[str, Any]:
        """The deal record: game, dealer, the 120-card deck in deal order and every action applied."""
        if self.deck is None:
            raise GameError("no-record", "a deal built from a position has no deck to record")
        return {
            "game": "cherki",
            "dealer": self.dealer,
            "deck": [FACE_CODES[f] for f in self.deck],
            "actions": [a.to_json() for a in self.log],
        }

    def progress(self) -> dict[str, Any]:
        """The public state an unfinished deal has reached, for ``cardavia replay``."""
        top = self.top_discard()
        return {
            "to_act": self.to_act(),
            "phase": PHASE_NAMES[self.phase],
            "turn": self.turn,
            "actions": len(self.log),
            "stock": len(self.stock),
            "discards": len(self.pile),
            "top_discard": FACE_CODES[top] if top >= 0 else None,
            "called": list(self.called),
        }

    def view(self, seat: int) -> CherkiView:
        """What ``seat`` may know (see ``view.CherkiView``)."""
        return build_view(self, seat)


def new_deal(seed: int, dealer: int | None = None) -> CherkiDeal:
    """A fresh deal shuffled from ``seed``; a random dealer (from the same seed) unless given.

    The deck depends only on the seed, so the same seed with another dealer deals the same cards.
    """
    rng = random.Random(seed)
    deck = shuffled_deck(rng)
    if dealer is None:
        dealer = rng.randrange(NUM_SEATS)
    return CherkiDeal.from_deck(dealer, deck)


def deal_from_deck(dealer: int, deck: Sequence[str]) -> CherkiDeal:
    """The deal of an explicit deck of 120 codes in deal order (validated: ``RecordError``)."""
    return CherkiDeal.from_deck(dealer, check_deck(deck))


def deal_from_view(
    view: CherkiView,
    hands: Sequence[Sequence[str]],
    stock: Sequence[str],
    picked: str | None = None,
) -> CherkiDeal:
    """A whole deal consistent with ``view`` (determinization): the public part comes from the view,
    the hidden part from the caller: ``hands`` by seat (the viewing seat's must be its own hand),
    ``stock`` top first, and, when another seat is to discard after drawing, ``picked``: the card it
    drew (which must be in its hand). Raises ``RecordError`` (``bad-position``) if inconsistent.
    """
    if view.phase == "over" or view.to_act is None:
        raise RecordError("bad-position", "the deal is over: nothing to play out")
    if sorted(hands[view.seat]) != sorted(view.hand):
        raise RecordError("bad-position", "the viewing seat's hand must be the hand its view shows")
    taken_now = view.phase == "discard" and bool(view.discards) and view.discards[-1].taken_by == view.to_act
    pick: str | None = None
    if view.phase == "discard":
        pick = view.discards[-1].card if taken_now else (view.picked or picked)
    return CherkiDeal.from_position(
        dealer=view.dealer,
        to_act=view.to_act,
        hands=hands,
        stock=stock,
        pile=[(d.card, d.seat, d.taken_by) for d in view.discards],
        called=view.called,
        phase=view.phase,
        picked=pick,
        picked_by_take=taken_now,
        turn=view.turn,
        bounces=view.bounces,
        takes_in_row=view.takes_in_row,
        calls=[(c.seat, c.turn, c.discards_before, c.with_discard) for c in view.calls],
    )
