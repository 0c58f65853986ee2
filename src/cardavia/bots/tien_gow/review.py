"""What a review of a Tien Gow deal needs (:class:`cardavia.bots.review.Analyst`): ``ANALYST``.

A sample is the ``hard`` bot's determinization of the view (:func:`.sim.sample_world`: every split
of the unseen tiles into the other hands and the face-down pile equally likely), and a play-out is
the ``hard`` bot's (:func:`.levels.rollout`: every seat plays the hand-written policy on the lean
simulator, about 0.6 ms a deal). Running the full ``hard`` bot in every seat of every play-out would
cost about 0.1 s per play instead, some thousand times more: a whole review would take hours.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable

from cardavia.bots.base import Reason
from cardavia.bots.reasons import make_reason
from cardavia.bots.review import Sampling, Thresholds
from cardavia.bots.tien_gow.levels import NormalBot, reason_for, rollout
from cardavia.bots.tien_gow.messages import COUNTS, HINTS
from cardavia.bots.tien_gow.sim import Position, Sim, position_of, sample_world
from cardavia.games.tien_gow.actions import Play
from cardavia.games.tien_gow.tiles import Tile, mask_of, show_named
from cardavia.games.tien_gow.view import View


def _mask(play: Play) -> int:
    m = mask_of(play.tiles)
    if m is None:  # pragma: no cover - the engine's legal plays are real tiles
        raise ValueError("impossible play")
    return m


class TienGowAnalyst:
    """Reviews Tien Gow decisions; thresholds and sampling are explained in docs/review.md."""

    thresholds = Thresholds(inaccuracy=1.0, mistake=3.0, blunder=6.0)
    # 2: the reasons say what the better move wins or keeps, not the play-outs' figures; 3: the best
    # is the Hint's (found before the chosen move is measured, on at most 384 samples), the labels
    # weigh the loss against the decision's spread, the reasons come with their figures
    version = 3
    sampling = Sampling(
        screen=32, keep=6, min_samples=64, max_samples=768, batch=32, precision=0.5, choose_samples=384
    )

    def is_decision(self, view: View) -> bool:
        # one legal play is no choice (what the bots call "the only legal play")
        return len(view.legal) > 1

    def prepare(self, view: View) -> Position:
        return position_of(view)

    def sample(self, prepared: Position, rng: random.Random) -> Sim:
        return sample_world(prepared, rng)

    def outcome(self, prepared: Position, world: Sim, action: Play, rng: random.Random) -> float:
        sim = world.clone()
        sim.play(_mask(action), action.face_up)
        rollout(sim)  # deterministic: the policy draws no random number
        assert sim.net is not None
        return float(sim.net[prepared.seat])

    def key(self, action: Play) -> Hashable:
        # two copies of a civil tile are the same choice
        return (_mask(action), action.face_up)

    def describe(self, action: Play) -> Reason:
        return reason_for("move-up" if action.face_up else "move-down", _mask(action))

    def reason(self, view: View, action: Play, chosen: Play, samples: int, mean: float) -> Reason:
        """Why ``action`` beats ``chosen``, in a player's words: ``normal``'s own reason when it would
        have played it too, else what the move wins (the trick it beats) or keeps (the tiles the
        player spent instead); never the play-outs' figures, which the page shows apart."""
        normal = NormalBot().decide(view, random.Random(0))
        if self.key(normal.action) == self.key(action):
            return normal.reason
        kept = _less(chosen.tiles, action.tiles)
        if action.face_up and view.trick and not chosen.face_up:
            return reason_for("beat", _mask(action))  # it takes the trick the player gave up
        if kept:
            return _keeping(action, kept)
        if not view.trick:  # a lead of the player's tiles and more: together
            return reason_for("lead-together", _mask(action))
        # the same tiles, the other face (both sizes follow the lead's)
        return reason_for("beat" if action.face_up else "move-down", _mask(action))


def _less(tiles: tuple[Tile, ...], spent: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """``tiles`` less those of ``spent`` (a multiset: a civil tile has two copies)."""
    left = Counter(t.code for t in spent)
    out = []
    for t in tiles:
        if left[t.code]:
            left[t.code] -= 1
        else:
            out.append(t)
    return tuple(out)


def _keeping(action: Play, kept: tuple[Tile, ...]) -> Reason:
    """What ``action`` keeps: ``kept``, named as the table names tiles (the move's own are in params)."""
    params = {"tiles": action.codes, "kept": [t.code for t in kept]}
    shown = {"tiles": show_named(action.tiles), "kept": show_named(kept)}
    return make_reason(HINTS, "keep", params, shown, COUNTS)


ANALYST = TienGowAnalyst()
