"""The review of a Gaple decision (``ANALYST``, a sampling :class:`cardavia.bots.review.Analyst`): every
legal alternative played out, from the seat's view, on deals drawn to fit it (``hard``'s sampler) with
``hard``'s play-out policy in every seat (:mod:`.sim`); exact where the position is small enough.

**Exact where small.** Late in a deal few tiles are unseen: when the deals that fit the view number
at most ``EXACT_WORLDS`` (every share of the unseen tiles among the other hands, their dead tiles and
the stock that the view allows, and whose line some hand can still extend), each alternative's value
is its mean over all of them, computed once: every sample then gives the same value, so the loss's
interval is ``[loss, loss]`` and the label the one the loss reaches. It is exact for the model the
samples draw from (every fitting deal equally likely, every seat playing the play-out policy).

An outcome is the seat's net points for the deal (with partners, its team's): what the table's running
total counts. Thresholds: 0.15, 0.4 and 0.8 of the mean absolute net of a seat in a deal of ``normal``
self-play (14.3 points over 400 deals, median 11, 90th percentile 30), rounded: inaccuracy 2, mistake
6, blunder 12 points. Sampling stops once the loss is known to ±1 point and its label is settled,
else at 768 samples.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, field
from itertools import combinations
from math import comb, prod

from cardavia.bots.base import Reason
from cardavia.bots.gaple.explain import reason_for
from cardavia.bots.gaple.messages import hint
from cardavia.bots.gaple.reading import Reading, read
from cardavia.bots.gaple.sampler import Places, places_of, sample_world, world_of
from cardavia.bots.gaple.sim import World, finish
from cardavia.bots.review import Sampling, Thresholds
from cardavia.games.gaple import Action, GapleView
from cardavia.games.packs.double_six import CODES, WITH_PIP

EXACT_WORLDS = 400  # the most fitting deals valued one by one instead of sampled
_ENUMERATE = 20_000  # the most shares looked at while counting the fitting deals


@dataclass
class Prepared:
    """A decision's view, read once: its places, and, where the position is small, every fitting
    deal and each alternative's exact value (filled as asked)."""

    view: GapleView
    reading: Reading
    places: Places
    worlds: list[World] | None
    exact: dict[Action, float] = field(default_factory=dict)


EXACT = object()  # the "sample" of an exact position: it stands for every fitting deal at once


def _shares(places: Places, limit: int) -> list[list[list[int]]] | None:
    """Every share of the pool into the places that each place allows, or None if the shares to look
    at number more than ``limit``."""
    n = len(places.pool)
    total = prod(comb(n - sum(places.sizes[:i]), size) for i, size in enumerate(places.sizes))
    if total > limit:
        return None
    out: list[list[list[int]]] = []

    def place(i: int, left: list[int], acc: list[list[int]]) -> None:
        if i == len(places.sizes):
            out.append(list(acc))
            return
        mask = places.allowed[i]
        for part in combinations(left, places.sizes[i]):
            if all(mask >> t & 1 for t in part):
                rest = [t for t in left if t not in part]
                place(i + 1, rest, [*acc, list(part)])

    place(0, list(places.pool), [])
    return out


def fitting_worlds(r: Reading, places: Places, limit: int = EXACT_WORLDS) -> list[World] | None:
    """Every deal that fits ``r``'s view and goes on (some hand can extend the line), or None if there
    are more than ``limit`` (or too many shares to look at)."""
    shares = _shares(places, _ENUMERATE)
    if shares is None:
        return None
    worlds = []
    for share in shares:
        world = world_of(r, places, share)
        ends = world.ends
        if ends is not None and not any(h & (WITH_PIP[ends[0]] | WITH_PIP[ends[1]]) for h in world.held):
            continue
        worlds.append(world)
        if len(worlds) > limit:
            return None
    return worlds or None


class GapleAnalyst:
    """Reviews Gaple decisions; thresholds and sampling as the module docstring says."""

    thresholds = Thresholds(inaccuracy=2.0, mistake=6.0, blunder=12.0)
    version = 1
    sampling = Sampling(screen=24, keep=4, min_samples=48, max_samples=768, batch=24, precision=1.0)

    def is_decision(self, view: GapleView) -> bool:
        # one legal action is no choice (a forced pass, the opening 0-0, a last tile)
        return len(view.legal) > 1

    def prepare(self, view: GapleView) -> Prepared:
        r = read(view)
        places = places_of(r)
        return Prepared(view, r, places, fitting_worlds(r, places))

    def sample(self, prepared: Prepared, rng: random.Random) -> object | None:
        if prepared.worlds is not None:
            return EXACT
        return sample_world(prepared.reading, prepared.places, rng)

    def outcome(self, prepared: Prepared, world: object, action: Action, rng: random.Random) -> float:
        options, seat = prepared.view.options, prepared.view.seat
        if world is EXACT:
            assert prepared.worlds is not None
            if action not in prepared.exact:
                values = [finish(w.copy(), action, options)[seat] for w in prepared.worlds]
                prepared.exact[action] = sum(values) / len(values)
            return prepared.exact[action]
        assert isinstance(world, World)
        return float(finish(world.copy(), action, options)[seat])

    def key(self, action: Action) -> Hashable:
        return action

    def describe(self, action: Action) -> Reason:
        """The move named: opening, a play at an end, a pass, a tile face down."""
        if action.do == "pass":
            return hint("move-pass")
        assert action.tile is not None
        code = CODES[action.tile]
        if action.do == "discard":
            return hint("move-discard", tile=code)
        if action.end is None:
            return hint("move-open", tile=code)
        return hint("move-left" if action.end == "left" else "move-right", tile=code)

    def reason(self, view: GapleView, action: Action, chosen: Action, samples: int, mean: float) -> Reason:
        """Why ``action`` beats ``chosen``, in a player's words from the seat's view
        (:func:`.explain.reason_for`); never the play-outs' figures, which the page shows apart."""
        return reason_for(view, action)


ANALYST = GapleAnalyst()
