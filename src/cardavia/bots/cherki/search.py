"""The ``hard`` level's search: candidates compared on common guessed deals, with paired statistics.

Each round samples one guess of the hidden cards (:class:`.sampler.Sampler`) and plays every candidate
out on it (:func:`.rollout.run`), so the candidates are compared on the same deals; another candidate
replaces the first choice only for a paired gain well above noise, and the search stops early once no
candidate looks like becoming one. It is bounded by work, never by the clock: at most ``max_rounds``
rounds and at most ``work_budget`` simulated turns (a round costs each candidate's play-out, about one
turn per card left in the stock).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardavia.bots.cherki.memory import Memory
from cardavia.bots.cherki.rollout import run
from cardavia.bots.cherki.sampler import Sampler
from cardavia.games.cherki.actions import Action

WEIGHT_OF_POINTS = 1 / 1000
Z_TO_DEVIATE = 2.0  # leave the first choice only for a paired gain this many standard errors above 0
MIN_ROUNDS = 32  # sequential stopping: the fewest rounds before a decision may be called settled
CHECK_EVERY = 16
Z_HOPELESS = 1.0  # settled when no candidate's paired gain is this many standard errors above 0 ...
Z_CLEAR = 4.0  # ... or one's is this many


def _score(net: int) -> float:
    # winning is what the level plays for; the points only break near-ties between wins
    return (1.0 if net > 0 else 0.0) + net * WEIGHT_OF_POINTS


def _paired_gains(diff: list[float], diff2: list[float], rounds: int) -> list[tuple[float, float]]:
    """Per alternative (candidates 1..n-1): its mean paired gain over the first choice and that
    gain in standard errors."""
    out = []
    for i in range(1, len(diff)):
        mean = diff[i] / rounds
        var = max(diff2[i] / rounds - mean * mean, 1e-12)
        out.append((mean, mean / (var / rounds) ** 0.5))
    return out


def _significant_best(diff: list[float], diff2: list[float], rounds: int) -> int:
    """The candidate whose paired gain over the first choice is largest and clearly above noise, else 0."""
    if rounds < 8:
        return 0
    best, best_gain = 0, 0.0
    for i, (mean, z) in enumerate(_paired_gains(diff, diff2, rounds), start=1):
        if z > Z_TO_DEVIATE and mean > best_gain:
            best, best_gain = i, mean
    return best


def _settled(diff: list[float], diff2: list[float], rounds: int) -> bool:
    """Whether more rounds would hardly change the decision: no alternative to the baseline looks
    like it could become significantly better, or one already clearly is."""
    top = max((z for _, z in _paired_gains(diff, diff2, rounds)), default=-1e9)
    return top < Z_HOPELESS or top > Z_CLEAR


@dataclass(frozen=True)
class Found:
    """What a search found: the index of the chosen candidate (0: the first choice stands), the
    rounds played and the chosen candidate's mean net points over them."""

    best: int
    rounds: int
    mean_net: float


def search(
    mem: Memory,
    candidates: list[Action],
    sampler: Sampler,
    rng: random.Random,
    max_rounds: int,
    work_budget: int | None,
) -> Found:
    """Compare ``candidates`` (the first choice first) on common guesses, within the bounds."""
    n = len(candidates)
    # paired against the first choice (candidate 0): sums of differences and of their squares
    diff = [0.0] * n
    diff2 = [0.0] * n
    totals = [0.0] * n
    rounds = 0
    # what one round costs: every candidate played out, about one turn per card in the stock
    round_cost = n * (mem.stock + 1)
    budget = max_rounds if work_budget is None else max(1, work_budget // round_cost)
    while rounds < min(max_rounds, budget):
        sample = sampler.sample(rng)
        if sample is None:
            break
        hands, stock = sample
        scores = [_score(run(mem, hands, stock, action)) for action in candidates]
        for i in range(n):
            totals[i] += scores[i]
            d = scores[i] - scores[0]
            diff[i] += d
            diff2[i] += d * d
        rounds += 1
        if rounds >= MIN_ROUNDS and rounds % CHECK_EVERY == 0 and _settled(diff, diff2, rounds):
            break
    best = _significant_best(diff, diff2, rounds)
    return Found(best, rounds, totals[best] / rounds if best else 0.0)
