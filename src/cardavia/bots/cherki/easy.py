"""The ``easy`` level: the rules a casual player follows, with some noise.

Keep pairs and triples, throw isolated cards (honours first: only four of each exist, then low
cards), take a discard that adds to a set, call as soon as the hand is ready. It counts nothing it
has seen, and it is careless: now and then it breaks a pair it should have kept, as a beginner
does. It never throws a ready hand away: a discard that keeps the hand ready is always chosen when
there is one, and a ready hand always calls.
"""

from __future__ import annotations

import random

from cardavia.bots.base import Decision, forced_first
from cardavia.bots.cherki.messages import hint
from cardavia.bots.cherki.normal import discard_action, forced_decision
from cardavia.bots.cherki.shape import NUM_KINDS, POINTS, VALUE_KINDS, overlap
from cardavia.games.cherki.actions import Action
from cardavia.games.cherki.cards import KIND_CODES, kind_of_code
from cardavia.games.cherki.hands import kind_counts, ready_discards, ready_wait
from cardavia.games.cherki.view import CherkiView

_NOISE = 0.3  # how often it picks any shape-keeping discard instead of its favourite
_SKIP_TAKE = 0.2  # how often it overlooks a useful discard
_CARELESS = 0.2  # how often, with no ready hand in reach, it throws any card not in a triple


def _casual_order(counts: list[int], k: int) -> tuple[int, int, int]:
    # what a casual player throws first: lone cards, honours before numbers, low before high
    return (counts[k], 0 if k >= VALUE_KINDS else 1, POINTS[k])


class EasyBot:
    """The ``easy`` level (see the module docstring)."""

    game = "cherki"
    level = "easy"

    @forced_first(forced_decision)
    def decide(self, view: CherkiView, rng: random.Random) -> Decision[Action]:
        counts = kind_counts(view.hand)
        if view.phase == "pickup":
            return self._pickup(view, counts, rng)
        return self._discard(view, counts, rng)

    def _pickup(self, view: CherkiView, counts: list[int], rng: random.Random) -> Decision[Action]:
        by_do = {a.do: a for a in view.legal}
        if "call" in by_do:
            wait = ready_wait(counts)
            assert wait is not None
            return Decision(by_do["call"], hint("call-ready", kind=KIND_CODES[wait]))
        top = view.top_discard
        if "take" in by_do and top is not None:
            k = kind_of_code(top)
            before = overlap(tuple(counts))
            counts[k] += 1
            helps = overlap(tuple(counts)) > before
            counts[k] -= 1
            if helps and counts[k] >= 1 and rng.random() >= _SKIP_TAKE:
                return Decision(by_do["take"], hint("take-set", card=top))
        return Decision(by_do["draw"], hint("draw-casual"))

    def _discard(self, view: CherkiView, counts: list[int], rng: random.Random) -> Decision[Action]:
        shapes = {}
        for k in range(NUM_KINDS):
            if counts[k]:
                counts[k] -= 1
                shapes[k] = overlap(tuple(counts))
                counts[k] += 1
        keep = max(shapes.values())
        kinds = sorted((k for k, ov in shapes.items() if ov == keep), key=lambda k: _casual_order(counts, k))
        kind = kinds[0] if len(kinds) == 1 or rng.random() >= _NOISE else rng.choice(kinds)
        # a discard that keeps the hand ready keeps the most cards: a whim never replaces it
        careless = not ready_discards(counts) and rng.random() < _CARELESS
        if careless:
            kind = rng.choice(sorted(k for k in shapes if counts[k] < 3) or kinds)
        counts[kind] -= 1
        wait = ready_wait(counts)
        counts[kind] += 1
        action = discard_action(view.legal, kind, call=wait is not None)
        card = action.card or ""
        if wait is not None:
            return Decision(action, hint("discard-call-ready", card=card, kind=KIND_CODES[wait]))
        if careless and shapes[kind] < keep:
            return Decision(action, hint("discard-hunch", card=card))
        return Decision(action, hint("keep-sets", card=card))
