"""``cardavia bench``: engine speed (random full deals per second) and bot decision times, on one core.

The engine figure plays uniformly random legal actions through the ``Deal`` protocol (the same path
the arena and the service use), timed in CPU seconds of this process (one core, whatever else
runs). Where a game's bots search on a lean simulation of their own (``PLAYOUTS``), the play-outs
figure times their policy playing the same whole deals on the engine and on it, in turn, the two
rates and their ratio. Decision times are measured on fixed deals (seeds 0, 1, 2, ...) with every seat at the
measured level, timing only ``decide`` on the seat's view in wall-clock time (what a player waits;
the searches are bounded by work, not time), until 1,000 (``--quick``: 100) decisions were taken.
The review figure times whole-deal reviews (:mod:`cardavia.bots.review`, seat 0, the sampling or
exact review the site and ``cardavia review`` use) of deals played by ``normal`` in every seat, in
CPU seconds of this process (one core): the median and the slowest; the hint figure times the
table's Hint (the same analysis, one decision) at every decision of as many deals; a game without a
review analyst has neither.
``--http`` is the load bench's (:mod:`.load`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from cardavia.bots.base import LEVELS
from cardavia.bots.registry import get_bot
from cardavia.games.profile import Review
from cardavia.games.registry import game_ids, get_game


def engine_deals_per_second(game_id: str, seconds: float) -> float:
    """Random full deals per second of one core (seeds 0, 1, ...).

    Uses the deal's ``random_playout`` where the game's profile says it has one (tested to consume
    the generator and end exactly as uniform choice over ``legal_actions()`` would), else the
    protocol loop.

    Counted in the process's CPU time, so other programs sharing the machine do not lower the
    figure; it plays for ``seconds`` of CPU time and at least 10 deals.
    """
    game = get_game(game_id)
    fused = game.profile.random_playout
    rng = random.Random(0)
    deals = 0
    start = time.process_time()
    while True:
        deal = game.new_deal(deals)
        if fused:
            # the engines' fused loop: provably the same random legal play as the loop below
            deal.random_playout(rng)  # type: ignore[attr-defined]
        else:
            while deal.to_act() is not None:
                deal.apply(rng.choice(deal.legal_actions()))
        deals += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds and deals >= 10:
            return deals / elapsed


def playouts_per_second(game_id: str, seconds: float) -> dict[str, float] | None:
    """The bots' play-outs a second of one core on the exact engine and on their lean simulation
    (:func:`cardavia.bots.registry.playouts_for`), None for a game whose bots have no lean one.

    Both play the same fresh deals (seeds 0, 1, ..., a deal with no one to act skipped) with the same
    policy, each deal once each way in turn, so that both figures see the same cards and the same
    load; timed in the process's CPU time until the engine's play-outs took ``seconds`` (at least 10
    deals)."""
    from cardavia.bots.registry import playouts_for

    playouts = playouts_for(game_id)
    if playouts is None:
        return None
    game = get_game(game_id)
    rng = random.Random(0)
    exact = lean = 0.0
    deals = seed = 0
    while exact < seconds or deals < 10:
        deal = game.new_deal(seed)
        seed += 1
        if deal.to_act() is None:
            continue
        t0 = time.process_time()
        playouts.exact(deal, rng)
        t1 = time.process_time()
        playouts.lean(deal, rng)
        exact += t1 - t0
        lean += time.process_time() - t1
        deals += 1
    return {"exact_per_s": deals / exact, "lean_per_s": deals / lean, "ratio": exact / lean}


def _percentile(sorted_values: list[float], q: float) -> float:
    # nearest-rank percentile: the value below which a share q of the sample lies
    rank = max(1, min(len(sorted_values), int(-(-q * len(sorted_values) // 1))))
    return sorted_values[rank - 1]


def decision_times(game_id: str, level: str, decisions: int) -> dict[str, float | int]:
    """p50/p99 milliseconds of ``level``'s ``decide`` over at least ``decisions`` calls on fixed deals."""
    game = get_game(game_id)
    bot = get_bot(game_id, level)
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        deal = game.new_deal(seed)
        rng = random.Random(seed)
        while (seat := deal.to_act()) is not None and len(times) < decisions:
            view = deal.view(seat)
            t0 = time.perf_counter()
            decision = bot.decide(view, rng)
            times.append((time.perf_counter() - t0) * 1000.0)
            deal.apply(decision.action)
        seed += 1
    times.sort()
    return {"p50_ms": _percentile(times, 0.50), "p99_ms": _percentile(times, 0.99), "n": len(times)}


def review_times(game_id: str, deals: int) -> dict[str, float | int]:
    """Median and slowest CPU seconds of a whole-deal review of seat 0 over ``deals`` deals (seeds 0, 1…)."""
    from cardavia.bots.review import review_record

    game = get_game(game_id)
    bot = get_bot(game_id, "normal")
    times: list[float] = []
    decisions = 0
    for seed in range(deals):
        deal = game.new_deal(seed)
        rng = random.Random(seed)
        while (seat := deal.to_act()) is not None:
            deal.apply(bot.decide(deal.view(seat), rng).action)
        t0 = time.process_time()
        review = review_record(deal.to_record(), 0, seed=seed)
        times.append(time.process_time() - t0)
        decisions += len(review.decisions)
    times.sort()
    return {
        "median_s": _percentile(times, 0.5),
        "max_s": times[-1],
        "n": len(times),
        "decisions_per_deal": decisions / len(times),
    }


def hint_times(game_id: str, deals: int) -> dict[str, float | int]:
    """p50/p99/slowest CPU milliseconds of the table's Hint (:func:`cardavia.bots.registry.suggest`:
    the review's analysis of the decision) at every decision of every seat of ``deals`` deals
    played by ``normal`` (seeds 0, 1…), one core."""
    from cardavia.bots.registry import analyst_for, suggest
    from cardavia.games.protocol import acting_seats

    game = get_game(game_id)
    bot = get_bot(game_id, "normal")
    analyst = analyst_for(game_id)
    times: list[float] = []
    for seed in range(deals):
        deal = game.new_deal(seed)
        rng = random.Random(seed)
        while seats := acting_seats(game, deal):
            view = deal.view(min(seats))
            if analyst.is_decision(view):
                t0 = time.process_time()
                suggest(game_id, view, seed * 1000 + len(times))
                times.append((time.process_time() - t0) * 1000.0)
            deal.apply(bot.decide(view, rng).action)
    times.sort()
    return {
        "p50_ms": _percentile(times, 0.50),
        "p99_ms": _percentile(times, 0.99),
        "max_ms": times[-1],
        "n": len(times),
    }


def _available(game_id: str) -> bool:
    try:
        get_game(game_id)
    except ModuleNotFoundError:
        return False
    return True


def _reviewable(game_id: str) -> bool:
    """Whether the game's profile offers a review (its bots give an analyst)."""
    return get_game(game_id).profile.review is not Review.NONE


def run_bench(
    *,
    seconds: float = 3.0,
    decisions: int = 1000,
    reviews: int = 0,
    log: Any = None,
    games: tuple[str, ...] | None = None,
) -> dict[str, Any]:
    """The ``--json`` object of DESIGN.md's contract, for every game whose engine is installed
    (``games``: only those).

    ``seconds`` of random deals per engine, at least ``decisions`` timed decisions per level;
    with ``reviews`` > 0, a ``"review"`` key too: per game, :func:`review_times` of that many deals,
    and a ``"hint"`` key: :func:`hint_times` over the decisions of as many deals.
    """
    out: dict[str, Any] = {"engine": {}, "playouts": {}, "decisions": {}}
    for game_id in games if games is not None else game_ids():
        if not _available(game_id):
            if log:
                print(f"bench: {game_id}: no engine yet, skipped", file=log)
            continue
        rate = engine_deals_per_second(game_id, seconds)
        out["engine"][game_id] = {"deals_per_s": rate}
        if log:
            print(f"bench: {game_id} engine {rate:,.0f} random deals/s", file=log)
        playouts = playouts_per_second(game_id, seconds)
        if playouts is not None:
            out["playouts"][game_id] = playouts
            if log:
                print(f"bench: {game_id} {_playouts_line(playouts)}", file=log)
        out["decisions"][game_id] = {}
        for level in LEVELS:
            figures = decision_times(game_id, level, decisions)
            out["decisions"][game_id][level] = figures
            if log:
                print(
                    f"bench: {game_id} {level:<6} p50 {figures['p50_ms']:.2f} ms"
                    f"  p99 {figures['p99_ms']:.2f} ms  n={figures['n']}",
                    file=log,
                )
        if reviews > 0 and not _reviewable(game_id):
            if log:
                print(f"bench: {game_id}: no review analyst, review skipped", file=log)
        elif reviews > 0:
            r = review_times(game_id, reviews)
            out.setdefault("review", {})[game_id] = r
            h = hint_times(game_id, reviews)
            out.setdefault("hint", {})[game_id] = h
            if log:
                print(
                    f"bench: {game_id} review median {r['median_s']:.2f} s  slowest {r['max_s']:.2f} s"
                    f"  n={r['n']}",
                    file=log,
                )
                print(
                    f"bench: {game_id} hint p50 {h['p50_ms']:.0f} ms  p99 {h['p99_ms']:.0f} ms"
                    f"  slowest {h['max_ms']:.0f} ms  n={h['n']}",
                    file=log,
                )
    return out


def _playouts_line(p: dict[str, float]) -> str:
    return (
        f"bot play-outs {p['exact_per_s']:,.0f}/s on the engine, {p['lean_per_s']:,.0f}/s lean"
        f" ({p['ratio']:.1f}x, whole deals, one core)"
    )


def format_bench(result: dict[str, Any]) -> str:
    lines = []
    for game_id, e in result["engine"].items():
        lines.append(f"{game_id}: engine {e['deals_per_s']:,.0f} random full deals/s (one core)")
        p = result.get("playouts", {}).get(game_id)
        if p:
            lines.append(f"  {_playouts_line(p)}")
        for level, d in result["decisions"].get(game_id, {}).items():
            lines.append(
                f"  {level:<7} decision p50 {d['p50_ms']:7.2f} ms   p99 {d['p99_ms']:7.2f} ms   n={d['n']}"
            )
        r = result.get("review", {}).get(game_id)
        if r:
            lines.append(
                f"  review  whole deal median {r['median_s']:.2f} s   slowest {r['max_s']:.2f} s"
                f"   n={r['n']} deals, {r['decisions_per_deal']:.1f} decisions each (one core)"
            )
        h = result.get("hint", {}).get(game_id)
        if h:
            lines.append(
                f"  hint    p50 {h['p50_ms']:7.0f} ms   p99 {h['p99_ms']:7.0f} ms"
                f"   slowest {h['max_ms']:.0f} ms   n={h['n']} decisions (one core)"
            )
    return "\n".join(lines)


def run_bench_command(args: argparse.Namespace) -> int:
    """``cardavia bench [--json] [--quick] [--game G ...]`` (``--http`` is :mod:`.load`'s, dispatched by
    the CLI)."""
    seconds, decisions, reviews = (0.3, 100, 2) if args.quick else (3.0, 1000, 20)
    chosen = getattr(args, "game", None)
    games = tuple(chosen) if chosen else None
    result = run_bench(seconds=seconds, decisions=decisions, reviews=reviews, log=sys.stderr, games=games)
    print(json.dumps(result) if args.json else format_bench(result))
    return 0
