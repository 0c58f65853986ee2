"""The ``hard`` level: determinized Monte Carlo over the whole deal (the spec's AI section).

At every choice with more than one sensible answer it draws ``WORLDS`` hidden states that fit its view
(``sampler``: the other hands within the voids seen, the declared pair, and before the reveal the trump,
weighted by what the view says of it; in the first stage the other 28 cards and every second four),
plays each candidate out in every world with the fast ``rollout`` policy in all seats (run on the world
made lean once: :mod:`.lean`), and keeps the candidate whose worlds end best for its team: the deal's
game points first, card points to break ties.

- Auction: once a pass is allowed, the lowest bid it may make (to challenge, or to hold) against the
  pass; each world plays the rest of the auction, the trump, the doubling and the eight tricks. The
  opening bid is the lowest, as every level's.
- Trump: the four suits; doubling and redoubling: both answers; the play: every legal action.

Every world meets every candidate with the same cards (paired comparisons). The work is fixed by the
number of candidates and worlds, both public (a seat's legal actions are part of its view), and never
by the clock, so its thinking time does not depend on hidden cards.
"""

from __future__ import annotations

import random

from cardavia.bots.base import Decision
from cardavia.bots.twenty_nine.explain import reason_for
from cardavia.bots.twenty_nine.lean import LeanWorld, lean_world, play_out
from cardavia.bots.twenty_nine.normal import NormalBot
from cardavia.bots.twenty_nine.sampler import sampled_deal
from cardavia.games.twenty_nine import Action, TwentyNineView

# Hidden states drawn per decision. Measured in CPU time of one process over 428 decisions of deals
# with hard in every seat (seeds 0, 1, ...): p50 10 ms, p99 37 ms, max 46 ms on the lean play-outs
# and the sampler's masks (before them 31 ms, 122 ms and 154 ms over the first 300, same session),
# under the server's 500 ms floor for a hard bot's move (service/driver.py MIN_STEP_MS), so when a
# move appears tells nothing of the hand.
WORLDS = 48
_NORMAL = NormalBot()


def value(world: LeanWorld, seat: int) -> float:
    """What a finished world is worth to ``seat``: its game points, then its team's card points."""
    return 10.0 * world.returns(seat) + world.points[seat % 2] / 10.0


def candidates(view: TwentyNineView) -> list[Action]:
    """The actions the search compares: in the auction the lowest bid and the pass (none before a pass
    is allowed), else every legal action. Depends on the view's legal actions only."""
    if view.phase == "auction":
        bids = [a for a in view.legal if a.do == "bid"]
        passes = [a for a in view.legal if a.do == "pass"]
        return [bids[0], passes[0]] if bids and passes else []
    return list(view.legal) if len(view.legal) > 1 else []


class HardBot:
    """The ``hard`` level (see the module docstring)."""

    game = "twenty-nine"
    level = "hard"

    def decide(self, view: TwentyNineView, rng: random.Random) -> Decision[Action]:
        advice = _NORMAL.decide(view, rng)
        tried = candidates(view)
        if not tried:
            return advice
        totals = dict.fromkeys(tried, 0.0)
        for _ in range(WORLDS):
            world = lean_world(sampled_deal(view, rng))  # made lean once, copied for each candidate
            for action in tried:
                trial = world.copy()
                play_out(trial, action, rng)
                totals[action] += value(trial, view.seat)
        best = max(tried, key=lambda a: (totals[a], a == advice.action))
        if best == advice.action:
            return advice
        return Decision(best, reason_for(view, best))
