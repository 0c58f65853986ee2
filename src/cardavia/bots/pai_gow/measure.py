"""Figures of the Pai Gow levels, measured on the engine directly (no table service, no registry).

``python -m cardavia.bots.pai_gow.measure bench [decisions]``: the hard level's decision time
(median, p99, max) on one core, over the views of fresh deals.

``python -m cardavia.bots.pai_gow.measure ladder [deals]``: each level in one seat against Normal
in the other three, on duplicate deals (every level meets the same tiles, from every seat, so the
bank falls to it a quarter of the time): each level's mean points a deal and each step's paired
difference, with 95 % intervals.

``python -m cardavia.bots.pai_gow.measure means``: the spec's exact means per deal (Easy, Normal,
Hard and Random as a player against a Normal banker, and as a banker against three Normal players),
by weighting every 4-tile hand by how many of the C(32, 4) deals of a seat give it.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations, pairwise

from cardavia.bots.pai_gow import BOTS
from cardavia.bots.pai_gow.exact import best_of, value_splits
from cardavia.bots.stats import Interval, mean_interval
from cardavia.games.pai_gow import DEFAULT_OPTIONS, GAME, Tile
from cardavia.games.pai_gow.tiles import full_set

LADDER: tuple[str, ...] = ("random", "easy", "normal", "hard")


def hard_times(decisions: int, seed: int = 1) -> tuple[list[float], list[float]]:
    """Seconds per hard decision, over the views of fresh deals (seat by seat, banker included):
    wall-clock times and this process's CPU times (what a shared machine's load does not inflate)."""
    bot = BOTS["hard"]
    wall: list[float] = []
    cpu: list[float] = []
    n = 0
    while len(wall) < decisions:
        deal = GAME.new_deal(seed * 1_000_003 + n)
        n += 1
        for seat in range(4):
            view = deal.view(seat)
            start, start_cpu = time.perf_counter(), time.process_time()
            bot.decide(view, random.Random(0))
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start)
    return wall[:decisions], cpu[:decisions]


def percentile(values: Sequence[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def ladder(deals: int, seed: int = 7) -> dict[str, list[float]]:
    """Each level's net points in one seat against three Normal, per (deal, seat), on the same deals."""
    out: dict[str, list[float]] = {level: [] for level in LADDER}
    normal = BOTS["normal"]
    for d in range(deals):
        base = GAME.new_deal(seed * 1_000_003 + d)
        # Normal's set for every seat, decided once: the other seats are the same in every trial
        normal_sets = [normal.decide(base.view(s), random.Random(0)).action for s in range(4)]
        for seat in range(4):
            for level in LADDER:
                deal = base.clone()
                action = BOTS[level].decide(deal.view(seat), random.Random(f"{seed}:{d}:{seat}")).action
                for s in range(4):
                    deal.apply(action if s == seat else normal_sets[s])
                net = deal.net()
                assert net is not None
                out[level].append(net[seat])
    return out


def _show(interval: Interval) -> str:
    return f"{interval.estimate:+.4f} [{interval.low:+.4f}, {interval.high:+.4f}]"


def exact_means() -> dict[str, tuple[Fraction, Fraction]]:
    """Per level, the exact mean per deal as a player against a Normal banker and as a banker
    against three Normal players (the spec's "Exact means per deal")."""
    weights: Counter[tuple[str, ...]] = Counter()
    example: dict[tuple[str, ...], tuple[Tile, ...]] = {}
    for four in combinations(full_set(), 4):
        codes = tuple(sorted(t.code for t in four))
        weights[codes] += 1
        example.setdefault(codes, four)
    total = sum(weights.values())
    sums = {level: [Fraction(0), Fraction(0)] for level in LADDER}
    for codes, w in weights.items():
        hand = example[codes]
        for role, (seat, banker) in enumerate(((0, 1), (1, 1))):
            valued = value_splits(seat, hand, banker, ("normal",) * 4, DEFAULT_OPTIONS)
            normal = max(valued, key=lambda v: v.split.orders)
            easy = max(valued, key=lambda v: (v.split.orders[1], v.split.orders[0]))
            rand = sum((v.ev for v in valued), Fraction(0)) / len(valued)
            sums["normal"][role] += w * normal.ev
            sums["easy"][role] += w * easy.ev
            sums["hard"][role] += w * best_of(valued).ev
            sums["random"][role] += w * rand
    return {level: (s[0] / total, s[1] / total) for level, s in sums.items()}


def main(argv: Sequence[str]) -> int:
    what = argv[0] if argv else "bench"
    if what == "bench":
        n = int(argv[1]) if len(argv) > 1 else 2000
        hard_times(8)  # the level tables are built once per options: not a decision's cost
        wall, cpu = hard_times(n)
        for name, times in (("cpu", cpu), ("wall", wall)):
            print(
                f"hard, {n} decisions ({name}): median {1000 * percentile(times, 0.5):.1f} ms, "
                f"p99 {1000 * percentile(times, 0.99):.1f} ms, max {1000 * max(times):.1f} ms"
            )
        return 0
    if what == "ladder":
        deals = int(argv[1]) if len(argv) > 1 else 1000
        nets = ladder(deals)
        print(
            f"{deals} duplicate deals x 4 seats, one level against three Normal; points a deal, 95 % interval"
        )
        for level in LADDER:
            print(f"  {level:<7} {_show(mean_interval(nets[level]))}")
        for lower, upper in pairwise(LADDER):
            diffs = [b - a for a, b in zip(nets[lower], nets[upper], strict=True)]
            print(f"  {upper} - {lower}: {_show(mean_interval(diffs))}")
        return 0
    if what == "means":
        for level, (player, banker) in exact_means().items():
            print(f"  {level:<7} player {float(player):+.4f}  banker {float(banker):+.4f}")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
