"""The ``hard`` level: determinized Monte Carlo over the rest of the deal.

At a choice between legal actions it draws ``WORLDS`` deals that fit its view (:mod:`.sampler`: the
unseen tiles shared out among the other hands, their dead tiles and the stock, never a pip a seat has
shown it lacks, never a double to a seat the right to open passed over), plays every candidate out
in every world with the fast policy in all seats (:mod:`.sim`), and keeps the candidate whose worlds
end best for its side (its returns: the points it wins, or minus its count when another wins);
``normal``'s choice breaks a tie.

Every world meets every candidate with the same tiles (paired comparisons). The work is fixed by the
number of candidates and worlds, both public (a seat's legal actions are part of its view), and never
by the clock, so its thinking time does not depend on hidden tiles.
"""

from __future__ import annotations

import random

from cardavia.bots.base import Decision
from cardavia.bots.gaple.explain import reason_for, score
from cardavia.bots.gaple.levels import legal_of
from cardavia.bots.gaple.reading import read
from cardavia.bots.gaple.sampler import places_of, sample_world
from cardavia.bots.gaple.sim import finish
from cardavia.games.gaple import Action, GapleView

# Worlds drawn per decision. Measured in CPU time of one process over the decisions with a choice of
# 60 deals with hard in every seat: standard rules p50 11.8 ms, p99 38.6 ms, max 56 ms; under every
# option measured (teams, discard, six tiles and a stock, teams with discard) p99 at most 51.6 ms.
# Below the 100 ms asked, and below the server's 500 ms floor for a hard bot's move
# (service/driver.py MIN_STEP_MS), so when a move appears tells nothing of the hand.
WORLDS = 100


class HardBot:
    """The ``hard`` level (see the module docstring)."""

    game = "gaple"
    level = "hard"
    worlds = WORLDS

    def decide(self, view: GapleView, rng: random.Random) -> Decision[Action]:
        legal = legal_of(view)
        r = read(view)
        advice = max(legal, key=lambda a: score(r, a))
        if len(legal) == 1:
            return Decision(legal[0], reason_for(view, legal[0], r))
        places = places_of(r)
        totals = dict.fromkeys(legal, 0)
        for _ in range(self.worlds):
            world = sample_world(r, places, rng)
            if world is None:  # no deal fits (never with a real view): play normal's choice
                break
            for action in legal:
                totals[action] += finish(world.copy(), action, view.options)[view.seat]
        best = max(legal, key=lambda a: (totals[a], a == advice))
        return Decision(best, reason_for(view, best, r))
