"""What a review of a Cherki deal needs (:class:`cardavia.bots.review.Analyst`): ``ANALYST``.

A sample is the ``hard`` bot's determinization of the view (:class:`.hard._Sampler`: opponents'
hands holding what they were seen taking, a caller's hand a ready hand whose wait it has not shown
it cannot have, the stock from the rest), and a play-out is the ``hard`` bot's (:func:`.hard._run`:
the chosen action, then every seat on the fast greedy policy of :mod:`.sim`, under a millisecond a
deal). The full ``hard`` bot takes up to 0.25 s a decision; a deal has some sixty of them, so
playing it in every seat of every play-out would make one review take days.

Suits never matter to the play-outs, so two discards of one kind are one alternative.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from cardavia.bots.base import Reason
from cardavia.bots.cherki.hard import _run, _Sampler
from cardavia.bots.cherki.memory import Memory, read_view
from cardavia.bots.cherki.messages import hint
from cardavia.bots.cherki.normal import NormalBot, discard_options, discard_reason, take_gain
from cardavia.bots.review import Sampling, Thresholds
from cardavia.games.cherki.actions import Action
from cardavia.games.cherki.cards import KIND_CODES, kind_of_code
from cardavia.games.cherki.hands import ready_wait
from cardavia.games.cherki.view import CherkiView

Prepared = tuple[Memory, _Sampler]
World = tuple[list[list[int]], list[int]]


class CherkiAnalyst:
    """Reviews Cherki decisions; thresholds and sampling are explained in docs/review.md."""

    thresholds = Thresholds(inaccuracy=10.0, mistake=25.0, blunder=50.0)
    # 2: the play-outs call a ready hand that kept its call back (docs/review.md); 3: the reasons say
    # what the better move keeps or makes, no longer the play-outs' figures; 4: the best is the
    # Hint's (found before the chosen move is measured, on at most 768 samples), the labels weigh
    # the loss against the decision's spread, the reasons come with their figures
    version = 4
    sampling = Sampling(
        screen=24, keep=4, min_samples=48, max_samples=1536, batch=24, precision=5.0, choose_samples=768
    )

    def is_decision(self, view: CherkiView) -> bool:
        # a called hand's turn plays itself; one legal action is no choice either
        return not view.forced and len(view.legal) > 1

    def prepare(self, view: CherkiView) -> Prepared:
        mem = read_view(view)
        return mem, _Sampler(mem)

    def sample(self, prepared: Prepared, rng: random.Random) -> World | None:
        return prepared[1].sample(rng)

    def outcome(self, prepared: Prepared, world: World, action: Action, rng: random.Random) -> float:
        hands, stock = world
        return float(_run(prepared[0], hands, stock, action))  # copies the world; deterministic

    def key(self, action: Action) -> Hashable:
        kind = kind_of_code(action.card) if action.card is not None else None
        return (action.do, kind, action.call)

    def describe(self, action: Action) -> Reason:
        if action.card is None:  # draw, call (a legal take or discard always names its card)
            return hint(f"move-{action.do}")
        if action.do == "discard" and action.call:
            return hint("move-discard-call", card=action.card)
        return hint(f"move-{action.do}", card=action.card)  # discard, take

    def reason(self, view: CherkiView, action: Action, chosen: Action, samples: int, mean: float) -> Reason:
        """Why ``action`` beats ``chosen``, in a player's words: ``normal``'s own reason when it would
        have played it too, else what the move keeps or makes of the hand (never the play-outs'
        figures: the page shows those apart)."""
        normal = NormalBot().decide(view, random.Random(0))
        if self.key(normal.action) == self.key(action):
            return normal.reason
        mem = read_view(view)
        if action.do == "discard" and action.card is not None:
            return _discard_reason(mem, action, chosen)
        if action.do == "take" and mem.top is not None:
            kind = kind_of_code(mem.top)
            gain = take_gain(mem, kind)
            if gain == 0:
                return hint("take-ready", card=mem.top)
            if gain is not None:
                return hint("take-closer", card=mem.top, distance=gain)
            if mem.counts[kind] > 0:
                return hint("take-set", card=mem.top)
            return hint("take-known", card=mem.top)
        if action.do == "draw":
            if mem.top is None:
                return hint("draw-empty")
            if take_gain(mem, kind_of_code(mem.top)) is None:
                return hint("draw-no-help", card=mem.top)
            return hint("draw-unseen", card=mem.top)
        wait = ready_wait(list(mem.counts))
        return hint("call-ready", kind=KIND_CODES[wait] if wait is not None else "")


def _discard_reason(mem: Memory, action: Action, chosen: Action) -> Reason:
    """A discard said by what it leaves (``normal``'s words for that option), and by the card it
    keeps when the player discarded another."""
    kind = kind_of_code(action.card or "")
    option = next(o for o in discard_options(mem) if o.kind == kind)
    defending = mem.called[mem.left]
    kept = chosen.card if chosen.do == "discard" and chosen.card is not None else None
    if kept is None or kind_of_code(kept) == kind or action.call or option.wait is not None or defending:
        return discard_reason(action, option, defending, action.call)
    return hint("discard-keep", card=action.card, kept=kept, distance=option.distance, ways=option.ways)


ANALYST = CherkiAnalyst()
