"""The Tien Gow levels: ``easy`` and ``normal`` (hand-written play) and ``hard`` (determinized search).

Each bot reads only the seat's :class:`View`: the position it rebuilds from it has the other hands
empty, and the search fills them with samples of what the seat cannot see.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any

from cardavia.bots.base import Decision, Reason, forced_first
from cardavia.bots.reasons import make_reason
from cardavia.bots.tien_gow import policy
from cardavia.bots.tien_gow.messages import COUNTS, HINTS
from cardavia.bots.tien_gow.sim import Position, Sim, position_of, sample_world
from cardavia.games.tien_gow.actions import Play
from cardavia.games.tien_gow.deal import down_masks
from cardavia.games.tien_gow.tiles import mask_of, show_named, tiles_of
from cardavia.games.tien_gow.view import View

log = logging.getLogger(__name__)


def reason_for(reason_id: str, mask: int, **extra: Any) -> Reason:
    """A hint reason about the tiles of ``mask`` (codes in params, names in the English text)."""
    tiles = tiles_of(mask)
    params: dict[str, Any] = {"tiles": [t.code for t in tiles], **extra}
    if reason_id == "beat":
        params["count"] = len(tiles)
    return make_reason(HINTS, reason_id, params, {"tiles": show_named(tiles)}, COUNTS)


def _legal_index(view: View) -> dict[tuple[int, bool], Play]:
    out = {}
    for p in view.legal:
        m = mask_of(p.tiles)
        if m is not None:
            out[(m, p.face_up)] = p
    return out


def _only(view: View) -> Decision[Play] | None:
    if not view.legal:
        raise ValueError("the seat has no legal action: it is not its turn")
    if len(view.legal) == 1:
        p = view.legal[0]
        return Decision(p, reason_for("only", mask_of(p.tiles) or 0))
    return None


def _to_decision(view: View, index: dict[tuple[int, bool], Play], choice: policy.Choice) -> Decision[Play]:
    mask, up, reason_id, shown = choice
    play = index.get((mask, up))
    if play is None:  # pragma: no cover - the policy only builds legal plays; never stall a table
        log.error("policy chose an illegal play %s (%s); playing the first legal one", tiles_of(mask), up)
        play = view.legal[0]
        return Decision(play, reason_for("only", mask_of(play.tiles) or 0))
    return Decision(play, reason_for(reason_id, shown))


@dataclass(frozen=True)
class NormalBot:
    """Strong hand-written play with memory of every face-up tile (also the players' hints)."""

    game: str = "tien-gow"
    level: str = "normal"

    @forced_first(_only)
    def decide(self, view: View, rng: random.Random) -> Decision[Play]:
        pos = position_of(view)
        return _to_decision(view, _legal_index(view), policy.choose(pos.sim, view.seat))


@dataclass(frozen=True)
class EasyBot:
    """A beginner: the same sound ideas without counting tiles, and often a hunch instead.

    It does not remember what was played (every tile it does not hold might still be out), and on
    more than half of its non-final decisions it follows a hunch: any legal play, face up or face
    down, so it spends a finisher too early or throws away a trick it could have taken, as a
    beginner does. It never gives away the last trick it could win.
    """

    game: str = "tien-gow"
    level: str = "easy"
    noise: float = 0.6

    @forced_first(_only)
    def decide(self, view: View, rng: random.Random) -> Decision[Play]:
        pos = position_of(view)
        sim = pos.sim
        sim.gone = 0  # no memory: it plays as if nothing had been seen
        index = _legal_index(view)
        choice = policy.choose(sim, view.seat)
        if not sim.final and pos.hand.bit_count() > 2 and rng.random() < self.noise:
            # the last trick decides the deal: a whim there would throw a deal away, not play casually
            mask, up = rng.choice(sorted(index))
            return Decision(index[(mask, up)], reason_for("hunch" if up else "hunch-down", mask))
        return _to_decision(view, index, choice)


def candidates(
    pos: Position, index: dict[tuple[int, bool], Play], sound: tuple[int, bool]
) -> list[tuple[int, bool]]:
    """The plays the search compares: every face-up play and the few sensible face-down ones."""
    ups = [k for k in index if k[1]]
    downs = [k for k in index if not k[1]]
    if pos.sim.size > 1 and len(downs) > 3:
        values = policy.tile_values(pos.hand, pos.unseen)
        scored = sorted(
            down_masks(pos.hand, pos.sim.size),
            key=lambda m: policy.group_value(m, values),
        )
        downs = [(m, False) for m in scored[:3]]
    out = ups + downs
    if sound not in out:
        out.append(sound)
    return out


def rollout(sim: Sim) -> None:
    """Play a sampled world to the end, every seat with the hand-written policy."""
    while (seat := sim.to_act) is not None:
        mask, up, _, _ = policy.choose(sim, seat)
        sim.play(mask, up)


@dataclass(frozen=True)
class HardBot:
    """Determinized Monte Carlo: sample the hidden tiles, play every candidate out, keep the best mean.

    Bounded by work, never by the clock: ``max_samples`` worlds, so a decision is a function of
    the view and the seed on any machine and under any load (24 worlds keep the decision p99 of
    ``cardavia bench`` under 300 ms on the reference machine). The same worlds are used for every
    candidate (common random numbers), so differences between candidates are not luck of the draw.
    """

    game: str = "tien-gow"
    level: str = "hard"
    max_samples: int = 24

    @forced_first(_only)
    def decide(self, view: View, rng: random.Random) -> Decision[Play]:
        pos = position_of(view)
        index = _legal_index(view)
        sound_choice = policy.choose(pos.sim.clone(), view.seat)
        sound = (sound_choice[0], sound_choice[1])
        cands = candidates(pos, index, sound)
        totals = [0.0] * len(cands)
        seat = view.seat
        samples = 0
        while samples < self.max_samples:
            world = sample_world(pos, rng)
            for i, (mask, up) in enumerate(cands):
                sim = world.clone()
                sim.play(mask, up)
                rollout(sim)
                assert sim.net is not None
                totals[i] += sim.net[seat]
            samples += 1
        best = max(range(len(cands)), key=lambda i: (totals[i], cands[i] == sound))
        mask, up = cands[best]
        if cands[best] == sound:
            return _to_decision(view, index, sound_choice)
        score = round(totals[best] / samples, 1)
        return Decision(index[(mask, up)], reason_for("search", mask, samples=samples, score=score))
