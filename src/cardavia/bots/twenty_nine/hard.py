"""The ``hard`` level: determinized Monte Carlo over the play (the spec's AI section).

At a choice in the play it draws ``WORLDS`` hidden states that fit its view (``sampler``: the other
hands within the voids seen, the declared pair, and before the reveal the trump, weighted by what the
view says of it), plays each legal action out in every world with the fast ``rollout`` policy in all
seats, and keeps the action whose worlds end best for its team: the deal's game points first, card
points to break ties. The work is fixed by the number of legal actions and worlds, both public, so
its thinking time does not depend on hidden cards. Auction, trump and doubling calls are ``normal``'s.
"""

from __future__ import annotations

import random

from cardavia.bots.base import Decision
from cardavia.bots.twenty_nine.messages import hint
from cardavia.bots.twenty_nine.normal import NormalBot
from cardavia.bots.twenty_nine.rollout import play_out
from cardavia.bots.twenty_nine.sampler import sampled_deal
from cardavia.games.twenty_nine import Action, TwentyNineDeal, TwentyNineView

WORLDS = 48  # hidden states drawn per decision: p99 about 100 ms of one core
_NORMAL = NormalBot()


def _value(deal: TwentyNineDeal, seat: int) -> float:
    outcome = deal.outcome()
    assert outcome is not None
    return 10.0 * outcome.returns[seat] + deal.team_points[seat % 2] / 10.0


class HardBot:
    """The ``hard`` level (see the module docstring)."""

    game = "twenty-nine"
    level = "hard"

    def decide(self, view: TwentyNineView, rng: random.Random) -> Decision[Action]:
        advice = _NORMAL.decide(view, rng)
        if view.phase != "play" or len(view.legal) == 1:
            return advice
        totals = dict.fromkeys(view.legal, 0.0)
        for _ in range(WORLDS):
            world = sampled_deal(view, rng)
            for action in view.legal:
                trial = world.clone()
                trial.apply(action)
                play_out(trial, rng)
                totals[action] += _value(trial, view.seat)
        best = max(view.legal, key=lambda a: (totals[a], a == advice.action))
        if best == advice.action:
            return advice
        if best.do == "reveal":
            return Decision(best, hint("search-ask", worlds=WORLDS))
        if best.do == "pair":
            return Decision(best, hint("search-pair", worlds=WORLDS))
        return Decision(best, hint("search-play", card=str(best.to_json()["card"]), worlds=WORLDS))
