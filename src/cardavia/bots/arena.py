"""``cardavia arena``: bots against each other on duplicate deals.

The engine says who plays with whom (``protocol.teams_of``: a partnership game's ``teams``, else every
seat alone). The arena gives each team one level, so partners always play the same level: "one level
against two of another" in a four-seat partnership game is ``--seats hard,normal`` (a level per team),
or a level per seat that agrees within each team. Every seeded deal is played once per rotation of the
teams' levels (team t plays level ``levels[(t - r) % n]`` in rotation r; with two teams, each deal is
played twice with the teams' seats swapped), so each level meets the same cards from every chair and
the luck of the deal cancels. A level's figures are pooled over the chairs it sat in; the independent
unit of its interval is the deal (the mean of its nets over the deal's rotations), because the
rotations of one deal are not independent of each other. The text output adds the ladder's steps:
each level against the next lower one, paired on the same deals (:func:`ladder_steps`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any, TextIO

from cardavia.bots.base import LEVELS
from cardavia.bots.registry import get_bot
from cardavia.bots.stats import mean_interval, wilson_interval
from cardavia.games.protocol import teams_of
from cardavia.games.registry import get_game


@dataclass(frozen=True)
class Play:
    """One play of a deal: the level in each seat and what each seat won (net points)."""

    levels: tuple[str, ...]
    net: tuple[float, ...]
    winner: int | None  # the deal's winner as the engine names it (``Outcome.winner``), None if drawn
    record: dict[str, Any] | None = field(default=None, compare=False)  # with ``keep_records``


@dataclass(frozen=True)
class LevelFigures:
    """A level's results pooled over the seats it sat in."""

    seats: int  # seat-plays: deals x rotations x chairs of this level
    mean_net: float
    ci95: tuple[float, float]
    win_share: float
    win_ci95: tuple[float, float]

    def to_json(self) -> dict[str, Any]:
        return {
            "mean_net": self.mean_net,
            "ci95": list(self.ci95),
            "win_share": self.win_share,
            "win_ci95": list(self.win_ci95),
        }


def deal_seed(seed: int, index: int) -> int:
    """The engine seed of the ``index``-th deal of an arena run seeded with ``seed``."""
    return random.Random(f"arena:{seed}:{index}").getrandbits(62)


def rotations(levels: Sequence[str], teams: Sequence[Sequence[int]] | None = None) -> list[tuple[str, ...]]:
    """The level of each seat in each rotation: rotation r seats level ``levels[i]`` with team
    ``(i + r) % n`` (``teams``: each team's seats; by default every seat is a team of its own)."""
    groups = [[s] for s in range(len(levels))] if teams is None else [list(t) for t in teams]
    n = len(groups)
    if len(levels) != n:
        raise ValueError(f"{n} teams need {n} levels, got {len(levels)}")
    out = []
    for r in range(n):
        row = [""] * sum(len(g) for g in groups)
        for t, seats in enumerate(groups):
            for s in seats:
                row[s] = levels[(t - r) % n]
        out.append(tuple(row))
    return out


def team_levels(game_id: str, seats: Sequence[str]) -> list[str]:
    """One level per team from ``--seats``: given per team, or per seat when partners agree
    (``ValueError`` saying what is wrong otherwise)."""
    game = get_game(game_id)
    teams = teams_of(game)
    if len(seats) == len(teams):
        return list(seats)
    if len(seats) != game.num_seats:
        per_team = f" (or {len(teams)} teams)" if len(teams) != game.num_seats else ""
        raise ValueError(f"{game_id} needs {game.num_seats} seats{per_team}, got {len(seats)}")
    for team in teams:
        if len({seats[s] for s in team}) > 1:
            who = " and ".join(str(s) for s in team)
            raise ValueError(f"seats {who} are partners in {game_id}: give them one level")
    return [seats[team[0]] for team in teams]


def play_deal(game_id: str, levels: Sequence[str], seed: int, keep_record: bool = False) -> Play:
    """Play the deal of ``seed`` once with ``levels[s]`` in seat s; bots see only their seat's view.

    Each seat's generator is seeded from the deal and the seat, not from the levels, so two equal
    levels in one chair make the same choices in every rotation.
    """
    game = get_game(game_id)
    deal = game.new_deal(seed)
    bots = [get_bot(game_id, level) for level in levels]
    rngs = [random.Random(f"seat:{seed}:{s}") for s in range(len(levels))]
    while (seat := deal.to_act()) is not None:
        decision = bots[seat].decide(deal.view(seat), rngs[seat])
        deal.apply(decision.action)
    outcome = deal.outcome()
    if outcome is None:
        raise RuntimeError("the deal ended without an outcome")
    net = tuple(float(x) for x in outcome.returns)
    return Play(tuple(levels), net, outcome.winner, deal.to_record() if keep_record else None)


def play_duplicate(
    game_id: str, seats: Sequence[str], seed: int, index: int, keep_records: bool = False
) -> list[Play]:
    """Deal ``index`` of the run, played once per rotation of the teams' levels (``seats``: a level
    per team, or per seat as :func:`team_levels` reads it)."""
    s = deal_seed(seed, index)
    teams = teams_of(get_game(game_id))
    by_team = team_levels(game_id, seats)
    return [play_deal(game_id, levels, s, keep_records) for levels in rotations(by_team, teams)]


def _play_duplicate_args(args: tuple[str, tuple[str, ...], int, int, bool]) -> list[Play]:
    return play_duplicate(*args)


def write_records(game_id: str, deals: Sequence[Sequence[Play]], directory: Path) -> Path:
    """Write every play's record as ``DIR/<game>-<deal>-<rotation>.json`` and ``DIR/index.json``
    (``[{"file", "levels"}]``, DESIGN.md), so that reviews of the bots' deals can run in bulk."""
    directory.mkdir(parents=True, exist_ok=True)
    index = []
    for d, plays in enumerate(deals):
        for r, play in enumerate(plays):
            if play.record is None:
                raise ValueError("the arena was run without keeping records")
            name = f"{game_id}-{d:05d}-{r}.json"
            (directory / name).write_text(json.dumps(play.record) + "\n", encoding="utf-8")
            index.append({"file": name, "levels": list(play.levels)})
    path = directory / "index.json"
    path.write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    return path


def run_arena(
    game_id: str,
    seats: Sequence[str],
    deals: int,
    seed: int,
    *,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    keep_records: bool = False,
) -> list[list[Play]]:
    """Play ``deals`` duplicate deals; one list of plays (one per rotation) per deal, in deal order."""
    jobs = [(game_id, tuple(seats), seed, i, keep_records) for i in range(deals)]
    out: list[list[Play]] = []
    results: Iterator[list[Play]]
    if workers <= 1:
        results = map(_play_duplicate_args, jobs)
        for plays in results:
            out.append(plays)
            if progress:
                progress(len(out), deals)
        return out
    with ProcessPoolExecutor(max_workers=workers) as pool:
        chunk = max(1, min(8, deals // (workers * 20)))
        for plays in pool.map(_play_duplicate_args, jobs, chunksize=chunk):
            out.append(plays)
            if progress:
                progress(len(out), deals)
    return out


def summarize(deals: Sequence[Sequence[Play]]) -> dict[str, LevelFigures]:
    """Each level's mean net (interval over deals) and win share (Wilson over seat-plays)."""
    per_deal: dict[str, list[float]] = {}
    wins: dict[str, int] = {}
    sat: dict[str, int] = {}
    for plays in deals:
        nets: dict[str, list[float]] = {}
        for play in plays:
            for seat, level in enumerate(play.levels):
                nets.setdefault(level, []).append(play.net[seat])
                sat[level] = sat.get(level, 0) + 1
                wins[level] = wins.get(level, 0) + (play.winner == seat)
        for level, values in nets.items():
            per_deal.setdefault(level, []).append(sum(values) / len(values))
    figures = {}
    for level, values in per_deal.items():
        m = mean_interval(values)
        w = wilson_interval(wins[level], sat[level])
        figures[level] = LevelFigures(sat[level], m.estimate, (m.low, m.high), w.estimate, (w.low, w.high))
    return figures


@dataclass(frozen=True)
class Step:
    """One level against the level below it in the ladder, paired on the same deals."""

    upper: str
    lower: str
    deals: int
    difference: float  # mean over deals of (upper's deal figure - lower's): net points a seat-deal
    ci95: tuple[float, float]


def ladder_steps(deals: Sequence[Sequence[Play]]) -> list[Step]:
    """Each level against the next lower one present (in the order of ``LEVELS``), paired by deal.

    A level's deal figure is its mean net over the seats it sat in, over the deal's rotations (as in
    :func:`summarize`); the difference of two levels' figures on one deal has the luck of the deal
    taken out, both having met the same pieces from the same chairs, so its interval over deals is
    much tighter than the two levels' own intervals would suggest.
    """
    per_deal: dict[str, dict[int, float]] = {}
    for d, plays in enumerate(deals):
        nets: dict[str, list[float]] = {}
        for play in plays:
            for seat, level in enumerate(play.levels):
                nets.setdefault(level, []).append(play.net[seat])
        for level, values in nets.items():
            per_deal.setdefault(level, {})[d] = sum(values) / len(values)
    present = [level for level in LEVELS if level in per_deal]
    steps = []
    for lower, upper in pairwise(present):
        both = sorted(per_deal[lower].keys() & per_deal[upper].keys())
        if len(both) < 2:
            continue
        iv = mean_interval([per_deal[upper][d] - per_deal[lower][d] for d in both])
        steps.append(Step(upper, lower, len(both), iv.estimate, (iv.low, iv.high)))
    return steps


class ProgressBar:
    """A one-line progress bar with rate and time left, redrawn on ``stream`` at most ten times a second."""

    def __init__(self, label: str, stream: TextIO | None = None, width: int = 30) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.start = time.monotonic()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        filled = self.width * done // max(total, 1)
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        left_text = f"{int(left) // 60}:{int(left) % 60:02d}"
        self.stream.write(f"\r{self.label} [{bar}] {done}/{total} deals  {rate:.1f}/s  {left_text} left")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def arena_json(game_id: str, deals: int, figures: Mapping[str, LevelFigures]) -> dict[str, Any]:
    """The ``--json`` object of DESIGN.md's command-line contract."""
    return {
        "game": game_id,
        "deals": deals,
        "levels": {level: f.to_json() for level, f in figures.items()},
    }


def format_table(
    game_id: str,
    seats: Sequence[str],
    deals: int,
    figures: Mapping[str, LevelFigures],
    steps: Sequence[Step] = (),
) -> str:
    teams = teams_of(get_game(game_id))
    who = "teams" if len(teams) != len(seats) or any(len(t) > 1 for t in teams) else "seats"
    lines = [
        f"{game_id}: {deals} duplicate deals x {len(teams)} rotations, {who} {','.join(seats)}",
        f"{'level':<8} {'seat-plays':>10} {'mean net':>9} {'95% interval':>20}"
        f" {'win share':>10} {'95% interval':>16}",
    ]
    for level in LEVELS:
        f = figures.get(level)
        if f is None:
            continue
        lines.append(
            f"{level:<8} {f.seats:>10} {f.mean_net:>+9.3f} [{f.ci95[0]:>+8.3f}, {f.ci95[1]:>+8.3f}]"
            f" {f.win_share:>10.3f} [{f.win_ci95[0]:.3f}, {f.win_ci95[1]:.3f}]"
        )
    for step in steps:
        lines.append(
            f"{step.upper} - {step.lower}: {step.difference:+.3f} [{step.ci95[0]:+.3f}, {step.ci95[1]:+.3f}]"
            f" net a seat-deal, paired over {step.deals} deals"
        )
    return "\n".join(lines)


def run_arena_command(args: argparse.Namespace) -> int:
    """``cardavia arena GAME --seats L,L,... --deals N --seed S [--workers W] [--json] [--records DIR]``
    (``--seats``: a level per seat, or per team in a partnership game)."""
    seats = [s.strip() for s in str(args.seats).split(",") if s.strip()]
    problem = None
    by_team: list[str] = []
    if unknown := [s for s in seats if s not in LEVELS]:
        problem = f"unknown level {unknown[0]!r}: expected one of {', '.join(LEVELS)}"
    elif args.deals < 1:
        problem = "--deals must be at least 1"
    else:
        try:
            by_team = team_levels(args.game, seats)
        except ValueError as exc:
            problem = str(exc)
    if problem:
        print(f"cardavia arena: {problem}", file=sys.stderr)
        return 2
    bar = ProgressBar(f"arena {args.game}")
    records = getattr(args, "records", None)
    deals = run_arena(
        args.game,
        by_team,
        args.deals,
        args.seed,
        workers=args.workers,
        progress=bar,
        keep_records=records is not None,
    )
    if records is not None:
        try:
            write_records(args.game, deals, Path(records))
        except OSError as exc:
            print(f"cardavia arena: cannot write records to {records}: {exc}", file=sys.stderr)
            return 2
    figures = summarize(deals)
    if args.json:
        print(json.dumps(arena_json(args.game, args.deals, figures)))
    else:
        print(format_table(args.game, by_team, args.deals, figures, ladder_steps(deals)))
    return 0
