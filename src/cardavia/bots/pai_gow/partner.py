"""Pai Gow's ``random`` level: the partner of the first tile at random, one in three.

The seat's legal list names each split once (two where alike tiles make two partners one split),
but the spec's Random figure, and the exact model of a Random seat (:mod:`.exact`), count a uniform
choice of partner: this draws among the three partners (:func:`legal_sets`, consuming the generator
as a uniform choice of three does) and plays the legal set that makes the same split.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardavia.bots.base import Decision, Reason
from cardavia.bots.random_bot import RANDOM_REASON_ID, RANDOM_REASON_TEXT
from cardavia.games.pai_gow import SetHand, View, legal_sets, split_identity


@dataclass(frozen=True)
class RandomPartnerBot:
    """Plays the split of a partner drawn uniformly among the first tile's three."""

    game: str = "pai-gow"
    level: str = "random"

    def decide(self, view: View, rng: random.Random) -> Decision[SetHand]:
        if not view.legal:
            raise ValueError("the seat has no legal action: it is not its turn")
        drawn = rng.choice(legal_sets(view.seat, view.hand))
        identity = split_identity(view.hand, drawn.hand)
        action = next(a for a in view.legal if split_identity(view.hand, a.hand) == identity)
        return Decision(action, Reason(RANDOM_REASON_ID, RANDOM_REASON_TEXT))
