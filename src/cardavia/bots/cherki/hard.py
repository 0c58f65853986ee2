"""The ``hard`` level: determinized Monte Carlo over the seat's view, bounded by a work budget.

Its first choice is ``normal``'s, corrected by the outlook of the hands it keeps
(:mod:`.first_choice`). A ready hand calls at the start of its next turn rather than with its
discard, so the right-hand neighbour discards once more without knowing (the turn that starts with the
call takes that card if it is the wait).

The search (:mod:`.search`) then compares that choice with a few others on common guesses of the
hidden cards (:mod:`.sampler`), each candidate played out on the guess by a fast greedy policy
(:mod:`.rollout`), and leaves the first choice only for a paired gain well above noise.

The search is bounded by work, never by the clock, so a decision is a function of the view and the
seed on any machine, under any load: at most ``max_rounds`` rounds, and at most ``work_budget``
simulated turns (see :data:`WORK_BUDGET`).
"""

from __future__ import annotations

import random

from cardavia.bots.base import Decision, forced_first
from cardavia.bots.cherki import normal
from cardavia.bots.cherki.first_choice import outlook_discard, outlook_pickup
from cardavia.bots.cherki.memory import Memory, read_view
from cardavia.bots.cherki.messages import hint
from cardavia.bots.cherki.rollout import run
from cardavia.bots.cherki.sampler import Sampler, callers_of
from cardavia.bots.cherki.search import search
from cardavia.games.cherki.actions import Action
from cardavia.games.cherki.view import CherkiView

# The names the review (and its tests) import from here since before the split.
_run = run
_Sampler = Sampler

MAX_ROUNDS = 2000  # enough for the means to settle; a decision stops at this or the budget, first
# Simulated turns per decision (rounds x candidates x (cards in the stock + 1)): tuned so that the
# decision p99 of ``cardavia bench`` stays under 300 ms on the reference machine.
WORK_BUDGET = 40_000
CANDIDATES = 4  # discards searched: normal's best few
NEAR_BEST = 0.5  # ... among those as close to ready as the best and with half its ways or more


def _delay_call(decision: Decision[Action], legal: tuple[Action, ...]) -> Decision[Action]:
    """A calling discard made plain: the call waits for the start of the next turn, so the right-hand
    neighbour makes its next discard without knowing this hand is ready (and the turn that starts
    with the call still takes that discard if it is the wait)."""
    a = decision.action
    if a.do != "discard" or not a.call:
        return decision
    for b in legal:
        if b.do == "discard" and b.card == a.card and not b.call:
            # the reason must not say "call" for a discard that does not call
            params = {
                k: decision.reason.params[k] for k in ("card", "kind", "live") if k in decision.reason.params
            }
            reason = hint("discard-keep-ready", **params) if len(params) == 3 else decision.reason
            return Decision(b, reason)
    return decision


class HardBot:
    """The ``hard`` level (see the module docstring): at most ``max_rounds`` rounds and
    ``work_budget`` simulated turns (None: no budget but the rounds)."""

    game = "cherki"
    level = "hard"

    def __init__(self, max_rounds: int = MAX_ROUNDS, work_budget: int | None = WORK_BUDGET) -> None:
        self.max_rounds = max_rounds
        self.work_budget = work_budget

    def decide(self, view: CherkiView, rng: random.Random) -> Decision[Action]:
        return _delay_call(self._decide(view, rng), view.legal)

    @forced_first(normal.forced_decision)
    def _decide(self, view: CherkiView, rng: random.Random) -> Decision[Action]:
        legal = view.legal
        mem = read_view(view)
        baseline, candidates, options = self._candidates(mem, legal)
        callers = callers_of(mem)
        if options is not None:
            baseline = outlook_discard(mem, legal, baseline, options, callers)
        elif baseline.action.do != "call":
            baseline = outlook_pickup(mem, legal, baseline)
        if baseline.action in candidates:  # the outlook's choice is the one the search must beat
            candidates.remove(baseline.action)
        candidates.insert(0, baseline.action)
        if len(candidates) < 2 or self.max_rounds <= 0:
            return baseline
        found = search(mem, candidates, Sampler(mem, callers), rng, self.max_rounds, self.work_budget)
        if found.best == 0:
            return baseline
        action = candidates[found.best]
        mean = round(found.mean_net)
        if action.do == "discard":
            return Decision(
                action, hint("search-discard", card=action.card or "", rounds=found.rounds, net=mean)
            )
        return Decision(action, hint(f"search-{action.do}", rounds=found.rounds, net=mean))

    @staticmethod
    def _candidates(
        mem: Memory, legal: tuple[Action, ...]
    ) -> tuple[Decision[Action], list[Action], list[normal.DiscardOption] | None]:
        """Normal's decision, the actions worth searching (normal's first) and, for a discard, the
        options normal chose among (None for a pickup)."""
        if any(a.do == "discard" for a in legal):
            options = normal.discard_options(mem)
            baseline = normal.discard_from(mem, legal, options)
            ranked = sorted(options, key=lambda o: o.own, reverse=True)
            actions = [baseline.action]
            top = ranked[0]
            for o in ranked:
                if len(actions) >= CANDIDATES:
                    break
                if o.distance != top.distance or o.value < NEAR_BEST * top.value:
                    continue
                call = o.wait is not None and mem.avail[o.wait] > 0
                a = normal.discard_action(legal, o.kind, call)
                if a not in actions:
                    actions.append(a)
            return baseline, actions, options
        baseline = normal.pickup(mem, legal)
        if baseline.action.do == "call":
            return baseline, [baseline.action], None  # a live wait is always worth calling
        actions = [baseline.action] + [a for a in legal if a.do in ("draw", "take") and a != baseline.action]
        return baseline, actions, None
