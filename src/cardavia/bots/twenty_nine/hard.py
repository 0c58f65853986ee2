"""The ``hard`` level: determinized Monte Carlo over the whole deal (the spec's AI section).

At every choice with more than one sensible answer it draws hidden states that fit its view, plays each
candidate out in every world with the fast ``rollout`` policy in all seats (run on the world made lean
once: :mod:`.lean`), and keeps the candidate whose worlds end best for its team: the deal's game
points (the multiplier included) first, card points to break ties.

- The play: ``WORLDS`` draws of the ``sampler`` (the other hands within the voids seen, the declared
  pair, and before the reveal the trump, weighted by what the view says of it); every legal action.
- The first stage: ``FIRST_STAGE_WORLDS`` worlds that fit the calls seen (:mod:`.calls`: the other
  28 cards and every second four, each seat's four weighed by its bids, passes and doubles, the
  hidden trump by the bidder's four, and each other seat's bidding style). Each world plays the rest
  of the auction, the trump, the doubling and the eight tricks. In the auction, once a pass is
  allowed: the pass against the lowest bid it may make (to challenge, or to hold) with each limit for
  its own later calls from that bid to ``REACH`` above (the play-out's policy bids on for the seat up
  to that limit); the opening bid is the lowest, as every level's. Trump: the four suits; doubling
  and redoubling: both answers.

Every world meets every candidate with the same cards (paired comparisons). The work is fixed by the
number of candidates and worlds, both public (a seat's legal actions are part of its view), and never
by the clock, so its thinking time does not depend on hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from cardavia.bots.base import Decision
from cardavia.bots.twenty_nine.calls import fitting_draws
from cardavia.bots.twenty_nine.explain import reason_for
from cardavia.bots.twenty_nine.lean import LeanWorld, lean_world, play_out
from cardavia.bots.twenty_nine.normal import NormalBot
from cardavia.bots.twenty_nine.sampler import sampled_deal
from cardavia.games.twenty_nine import Action, TwentyNineView
from cardavia.games.twenty_nine.position import FIRST_STAGE, deal_from_view

# Hidden states drawn per decision. Measured in CPU time of one process over 428 decisions of deals
# with hard in every seat (seeds 0, 1, ...): p50 10 ms, p99 37 ms, max 46 ms on the lean play-outs
# and the sampler's masks (before them 31 ms, 122 ms and 154 ms over the first 300, same session),
# under the server's 500 ms floor for a hard bot's move (service/driver.py MIN_STEP_MS), so when a
# move appears tells nothing of the hand.
WORLDS = 48
# The first stage's worlds: a call decides the contract and its stakes for the whole deal, and the
# paired difference between a bid and a pass is a noisy one, so more worlds than a card's. With them
# (and the pass against up to seven limits in the auction), CPU time of one process over 393
# decisions of 12 deals with hard in every seat: the first stage p50 81 ms, p99 114 ms, max 137 ms;
# the play p50 13 ms, p99 32 ms; still under the 500 ms floor.
FIRST_STAGE_WORLDS = 128
_NORMAL = NormalBot()


def value(world: LeanWorld, seat: int) -> float:
    """What a finished world is worth to ``seat``: its game points, then its team's card points."""
    return 10.0 * world.returns(seat) + world.points[seat % 2] / 10.0


# How far above the lowest bid the auction's candidates reach: "bid, and go on up to this" for each
# limit from the lowest bid to this many above it (at most the highest bid).
REACH = 6

Candidate = tuple[Action, int | None]  # an action, and in the auction the limit of the seat's later calls


def candidates(view: TwentyNineView) -> list[Candidate]:
    """What the search compares: in the auction, once a pass is allowed, the pass and the lowest bid
    with each limit for the seat's own later calls (the play-outs' policy would otherwise bid for it
    to its four cards' limit, which is not what this level does: it decides again at each call); else
    every legal action. Depends on the view's legal actions only."""
    if view.phase == "auction":
        bids = [a for a in view.legal if a.do == "bid" and a.value is not None]
        passes = [a for a in view.legal if a.do == "pass"]
        if not bids or not passes:
            return []
        low = int(bids[0].value or 0)
        top = min(low + REACH, view.options.max_bid)
        return [(passes[0], None), *((bids[0], cap) for cap in range(low, top + 1))]
    return [(a, None) for a in view.legal] if len(view.legal) > 1 else []


def _worlds(view: TwentyNineView, rng: random.Random) -> Iterator[LeanWorld]:
    """The worlds to play out, each made lean once (and copied for each candidate): in the first stage
    ``FIRST_STAGE_WORLDS`` drawn to fit the calls seen (:mod:`.calls`), else ``WORLDS`` from the
    sampler."""
    if view.phase in FIRST_STAGE:
        for d, styles in fitting_draws(view, rng, FIRST_STAGE_WORLDS):
            world = lean_world(deal_from_view(view, d.holdings, d.trump, d.second))
            world.styles = styles  # the other seats bid on in the style their calls were weighed by
            yield world
        return
    for _ in range(WORLDS):
        yield lean_world(sampled_deal(view, rng))


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
        for world in _worlds(view, rng):
            for action, cap in tried:
                trial = world.copy()
                play_out(trial, action, rng, None if cap is None else (view.seat, cap))
                totals[action, cap] += value(trial, view.seat)
        best, _ = max(tried, key=lambda c: (totals[c], c[0] == advice.action))
        if best == advice.action:
            return advice
        return Decision(best, reason_for(view, best))
