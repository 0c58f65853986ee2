"""The heuristic Gaple levels, from one seat's view only.

- ``easy``: a beginner's habit: lay the heaviest tile that fits (a double first among equals), at
  whichever end comes first; it counts nothing and watches nobody, and one time in four it lays any
  tile that fits. Stuck under the discard rule, it lays any tile face down.
- ``normal``: a club player's weighing of every legal action (:mod:`.explain`): shed pips, doubles
  early, keep a tile for the ends, hold the ends with the pips in hand, starve a seat that has passed
  on a pip and keep the tiles that do it, never close the line on a count that is not the lowest.
  Its reasons are the table's hints.
"""

from __future__ import annotations

import random

from cardavia.bots.base import Decision
from cardavia.bots.gaple.explain import reason_for, score
from cardavia.bots.gaple.reading import read
from cardavia.games.gaple import Action, GapleView
from cardavia.games.packs.double_six import HIGH, LOW, TILE_PIPS

EASY_WHIM = 0.25  # how often easy lays any tile that fits


def legal_of(view: GapleView) -> list[Action]:
    """The view's legal actions; ``ValueError`` when it has none (it is not the seat's turn)."""
    if not view.legal:
        raise ValueError("the seat has no legal action: it is not its turn")
    return list(view.legal)


class EasyBot:
    """The ``easy`` level (see the module docstring)."""

    game = "gaple"
    level = "easy"

    def decide(self, view: GapleView, rng: random.Random) -> Decision[Action]:
        legal = legal_of(view)
        if len(legal) == 1 or legal[0].do != "play" or rng.random() < EASY_WHIM:
            action = rng.choice(legal)
        else:
            action = max(legal, key=_weight)  # the first of equals: the left end before the right
        return Decision(action, reason_for(view, action))


def _weight(action: Action) -> tuple[int, bool]:
    t = action.tile
    assert t is not None
    return TILE_PIPS[t], LOW[t] == HIGH[t]


class NormalBot:
    """The ``normal`` level (see the module docstring): the legal action :func:`.explain.score` puts
    first, the first of equals in legal order."""

    game = "gaple"
    level = "normal"

    def decide(self, view: GapleView, rng: random.Random) -> Decision[Action]:
        legal = legal_of(view)
        r = read(view)
        action = max(legal, key=lambda a: score(r, a)) if len(legal) > 1 else legal[0]
        return Decision(action, reason_for(view, action, r))
