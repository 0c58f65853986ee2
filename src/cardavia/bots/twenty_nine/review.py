"""What a review of a Twenty-Nine deal needs (:class:`cardavia.bots.review.Analyst`): ``ANALYST``.

A sample is the ``hard`` bot's determinization of the seat's view (:func:`.sampler.sampled_deal`): the
cards the seat has not seen dealt to the other seats within the voids they showed, the declared King and
Queen with the pair's holder, and, while the seat does not know the trump (every seat but the bidder
before the reveal), the trump itself, drawn by what the view says of it (``reading.trump_weights``); in
the first stage the other 28 cards and every second four. A play-out is the ``hard`` bot's
(:func:`.lean.play_out`: the chosen action, then every seat on the fast ``rollout`` policy, the rest of
the auction, the trump, the doubling and the eight tricks included, on the world made lean once).

Every bid, pass, trump, double, redouble, ask, pair and card with an alternative is a decision. An
outcome is the seat's net game points for the deal (its team's game points less the other team's, the
multiplier included): what the match counts. At single stakes a contract made or failed swings a
seat's net by 2, so the labels' thresholds (by the interval's lower bound, ``bots.review``) are a
twentieth of that (inaccuracy 0.1), an eighth (mistake 0.25) and a quarter (blunder 0.5): a blunder
turns one deal in four from made to failed, or the other way. Sampling stops once the loss is known
to ±0.1 and its label is settled, else at 384 samples: measured on one core, a whole deal's review of
a seat takes a few seconds (``cardavia bench --game twenty-nine``).
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from cardavia.bots.base import Reason
from cardavia.bots.review import Sampling, Thresholds
from cardavia.bots.twenty_nine.explain import reason_for
from cardavia.bots.twenty_nine.lean import LeanWorld, lean_world, play_out
from cardavia.bots.twenty_nine.messages import hint
from cardavia.bots.twenty_nine.normal import NormalBot
from cardavia.bots.twenty_nine.sampler import sampled_deal
from cardavia.games.twenty_nine import Action, TwentyNineView


class TwentyNineAnalyst:
    """Reviews Twenty-Nine decisions; thresholds and sampling as the module docstring says."""

    # in net game points a deal: a deal made or failed at single stakes swings 2 between the teams
    thresholds = Thresholds(inaccuracy=0.1, mistake=0.25, blunder=0.5)
    # 2: the best is the Hint's (found before the chosen move is measured), the labels weigh the
    # loss against the decision's spread, the reasons come with their figures
    version = 2
    sampling = Sampling(screen=24, keep=3, min_samples=48, max_samples=384, batch=24, precision=0.1)

    def is_decision(self, view: TwentyNineView) -> bool:
        # one legal action is no choice (a last card, a challenger facing 28, a forced card after asking)
        return len(view.legal) > 1

    def prepare(self, view: TwentyNineView) -> TwentyNineView:
        return view  # the sampler reads the view itself

    def sample(self, prepared: TwentyNineView, rng: random.Random) -> LeanWorld | None:
        try:
            return lean_world(sampled_deal(prepared, rng))  # made lean once, copied for each candidate
        except ValueError:  # no deal fits (never seen in play: the real deal always fits)
            return None

    def outcome(
        self, prepared: TwentyNineView, world: LeanWorld, action: Action, rng: random.Random
    ) -> float:
        trial = world.copy()
        play_out(trial, action, rng)  # deterministic: the policy draws no random number
        return float(trial.returns(prepared.seat))

    def key(self, action: Action) -> Hashable:
        return action

    def describe(self, action: Action) -> Reason:
        shown = action.to_json()
        params = {k: shown[k] for k in ("value", "suit", "card") if k in shown}
        return hint(f"move-{action.do}", **params)

    def reason(
        self, view: TwentyNineView, action: Action, chosen: Action, samples: int, mean: float
    ) -> Reason:
        """Why ``action`` beats ``chosen``, in a player's words from the seat's view: ``normal``'s own
        reason when it would have made that move too, else what the move does at the table
        (:func:`.explain.reason_for`); never the play-outs' figures, which the page shows apart."""
        normal = NormalBot().decide(view, random.Random(0))
        if normal.action == action:
            return normal.reason
        return reason_for(view, action)


ANALYST = TwentyNineAnalyst()
