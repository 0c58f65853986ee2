"""The review of a finished deal: every decision of one seat priced against the best alternative.

Generic over the game protocol. For each decision of the seat (a turn with a real choice: forced
turns are skipped), the deal is replayed to that moment and the seat's **view** is taken from the
engine, never the state, and analysed (:func:`cardavia.bots.analysis.analyse`: the game's
:class:`Analyst` samples the pieces that view hides, as the ``hard`` bot does, and plays every legal
alternative out on each sample; an :class:`ExactAnalyst` gives each alternative's exact value). The
analysis is the one the table's Hint asks for at that decision (the same view and the same seed,
:func:`decision_seed`), so the review's best is what the Hint said there.

Per decision: ``loss`` = best mean − chosen mean (points, ≥ 0) on the samples both met, its 95 %
Student interval from the paired differences (exact: ``[loss, loss]``), and a label earned only when
the interval's **lower** bound clears the label's threshold, in points per stake of the seat and as
a share of what the decision put at stake (:meth:`Thresholds.label`; docs/review.md):

- ``best``: the chosen action is the analysis's best;
- ``blunder`` / ``mistake`` / ``inaccuracy``: the lower bound reaches that label's threshold;
- ``good``: anything else (the loss may be noise, or small).

Where the chosen action is not the best, its loss is measured on after the analysis, the two alone,
until its label can no longer change and it is known to ±``precision`` (else ``max_samples``). No
clock is read, so a review is a function of the record, the seat and the seed.

Each game's bots package exports ``ANALYST`` (see :func:`cardavia.bots.registry.analyst_for`).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from cardavia.bots.analysis import (
    LABELS,
    Analysis,
    Analyst,
    Exact,
    ExactAnalyst,
    Sampling,
    Thresholds,
    Values,
    analyse,
    capped,
    diff_interval,
    explain,
    foil,
    stakes_of,
)
from cardavia.bots.base import Reason
from cardavia.bots.stats import mean_interval
from cardavia.games.errors import GameError, RecordError
from cardavia.games.profile import Review as ReviewKind
from cardavia.games.protocol import acting_seats
from cardavia.games.registry import get_game
from cardavia.games.replay import ReplayRejected, replay_record

__all__ = [
    "LABELS",
    "Analyst",
    "DecisionReview",
    "Exact",
    "ExactAnalyst",
    "Option",
    "Review",
    "ReviewError",
    "Sampling",
    "Thresholds",
    "biggest_losses",
    "capped",
    "decision_seed",
    "review_decision",
    "review_record",
    "review_text",
]

EXACT_DIGITS = 6  # an exact review's figures are written to a millionth of a point (sampled: 0.01)


@dataclass(frozen=True)
class Option:
    """One alternative of an exactly reviewed decision: the action, its exact value, it named as a
    move (Analyst.describe), and whether it is the choice made / the review's best."""

    action: dict[str, Any]
    value: float
    move: Reason
    chosen: bool
    best: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "value": self.value,
            "move": self.move.to_json(),
            "chosen": self.chosen,
            "best": self.best,
        }


@dataclass(frozen=True)
class DecisionReview:
    """The review of one decision; ``index`` is the action's 0-based index in the record."""

    index: int
    chosen: dict[str, Any]
    best: dict[str, Any]
    loss: float
    ci95: tuple[float, float]
    label: str
    samples: int
    spread: float  # best mean − worst mean over the alternatives: what was at stake
    reason: Reason  # why the best is best, in the game's words (what the Hint says there)
    alternatives: int
    better: Reason | None = None  # the best action named as a move (see Analyst.describe)
    mean: float = 0.0  # the best action's mean outcome over the samples (the chosen one's is mean − loss)
    # an exact review's (ExactAnalyst): every alternative (action JSON, its exact value, it named
    # as a move), best first, and whom the values are computed against; a sampled review has neither
    options: tuple[Option, ...] = ()
    against: Reason | None = None
    values: Values | None = (
        None  # the figures of why: the best beside the chosen move (or whom the Hint set it beside)
    )

    def to_json(self, full: bool = False) -> dict[str, Any]:
        """The contract's object; ``full`` adds what the replay page shows (reason, samples, spread).
        An exact review adds ``exact``, ``against`` and every alternative's value (``options``)."""
        out: dict[str, Any] = {
            "index": self.index,
            "chosen": self.chosen,
            "best": self.best,
            "loss": self.loss,
            "ci95": list(self.ci95),
            "label": self.label,
        }
        if self.against is not None:
            out["exact"] = True
            out["against"] = self.against.to_json()
            out["options"] = [option.to_json() for option in self.options]
        if full:
            out.update(
                samples=self.samples,
                spread=self.spread,
                mean=self.mean,
                alternatives=self.alternatives,
                reason=self.reason.to_json(),
            )
            if self.better is not None:
                out["better"] = self.better.to_json()
            if self.values is not None:
                out["values"] = self.values.to_json()
        return out


@dataclass(frozen=True)
class Review:
    """The review of one seat over a whole deal."""

    game: str
    seat: int
    decisions: tuple[DecisionReview, ...]
    seed: int = 0
    thresholds: tuple[float, float, float] = field(default=(0.0, 0.0, 0.0))
    version: int = 0  # the analyst's version (Analyst.version)
    exact: bool = False  # made by an ExactAnalyst: every figure exact, none sampled

    @property
    def points_lost(self) -> float:
        return round(math.fsum(d.loss for d in self.decisions), EXACT_DIGITS if self.exact else 2)

    @property
    def stake(self) -> float:
        """What the seat's choices could swing: the best less the worst alternative, summed."""
        return round(math.fsum(d.spread for d in self.decisions), EXACT_DIGITS if self.exact else 2)

    @property
    def accuracy(self) -> float:
        """100 × (1 − points lost / points at stake): the share of what the seat's choices could
        swing (best − worst alternative, summed over its decisions) that it kept; 100 when nothing
        was at stake."""
        stake = math.fsum(d.spread for d in self.decisions)
        if stake <= 0:
            return 100.0
        lost = math.fsum(d.loss for d in self.decisions)
        return round(max(0.0, 100.0 * (1.0 - lost / stake)), 1)

    def summary(self) -> dict[str, Any]:
        return {"decisions": len(self.decisions), "points_lost": self.points_lost, "accuracy": self.accuracy}

    def to_json(self, full: bool = False) -> dict[str, Any]:
        """``cardavia review --json`` (DESIGN.md); ``full`` adds per-decision detail and the labels."""
        out: dict[str, Any] = {
            "game": self.game,
            "seat": self.seat,
            "decisions": [d.to_json(full) for d in self.decisions],
            "summary": self.summary(),
        }
        if full:
            out["summary"]["stake"] = self.stake
            out["losses"] = [d.index for d in biggest_losses(self)]  # what the page lists, in order
            out["seed"] = self.seed
            out["version"] = self.version
            out["thresholds"] = dict(zip(LABELS[2:], self.thresholds, strict=True))
            if self.exact:
                out["exact"] = True
        return out


class ReviewError(GameError):
    """A record that cannot be reviewed (unfinished, or no such seat); bad records raise
    :class:`ReplayRejected` as ``cardavia replay`` does."""


def decision_seed(seed: int, index: int) -> int:
    """The generator seed of the decision at record index ``index`` (independent of the truth): the
    review's, and the Hint's at that decision of a table (``seed`` is the table's review seed)."""
    return random.Random(f"review:{seed}:{index}").getrandbits(62)


def _round(x: float, digits: int = 2) -> float:
    return round(x, digits) + 0.0  # no "-0.0" in the JSON


def review_decision(
    analyst: Analyst | ExactAnalyst,
    game: Any,
    view: Any,
    chosen: Any,
    index: int,
    seed: int,
    max_samples: int | None = None,
    rule: Any | None = None,
) -> DecisionReview | None:
    """Price ``chosen`` among the legal actions of ``view``; None if no sample could be drawn.

    ``rule``: the rule of thumb's action there (the ``normal`` level's): where ``chosen`` is the
    best, the reason sets the best beside it, or beside the next best, as the Hint did."""
    a = analyse(analyst, view, decision_seed(seed, index), max_samples, rule)
    if a is None:
        return None
    mine = a.find(chosen)
    lo = hi = loss = 0.0
    if mine != a.best:
        lo, hi = _measure(a, mine)
        diffs = a.paired(a.best, mine)
        loss = math.fsum(diffs) / len(diffs)
        if loss <= 0.0:
            # an equally good choice loses nothing (exact), nor one that measured on does as well
            # as the best on the same samples (the analysis had it behind by chance): it is a best
            a.best = mine
    best = a.best
    digits = EXACT_DIGITS if a.exact else 2
    if mine == best:
        loss, lo, hi, label = 0.0, 0.0, 0.0, "best"
        other, versus = foil(a, rule)
    else:
        label = analyst.thresholds.label(lo, a.spread(), stakes_of(analyst, view))
        other, versus = mine, "yours"
    reason, figures = explain(a, other, versus)
    b = a.candidates[best]
    return DecisionReview(
        index=index,
        chosen=game.action_to_json(chosen),
        best=game.action_to_json(chosen if mine == best else b.action),
        loss=_round(loss, digits),
        ci95=(_round(lo, digits), _round(hi, digits)),
        label=label,
        samples=0 if a.exact else max(len(b.values), len(a.candidates[mine].values)),
        spread=_round(a.spread(), digits),
        reason=reason,
        alternatives=len(a.candidates),
        better=None if mine == best else a.describe(best),
        mean=_round(b.mean(), digits),
        options=_options(a, game, mine) if a.exact else (),
        against=a.against,
        values=figures,
    )


def _measure(a: Analysis, mine: int) -> tuple[float, float]:
    """The interval of the chosen candidate's loss against the best: exact, or on the samples the
    best met and on, the two alone, until the loss's label can no longer change and it is known
    to ±precision (else at ``max_samples``)."""
    best = a.best
    if a.exact:
        loss = a.candidates[best].values[0] - a.candidates[mine].values[0]
        return (loss, loss)
    sp = a.sampling
    assert sp is not None
    a.extend(mine, len(a.candidates[best].values))
    th = tuple(t * stakes_of(a.analyst, a.view) for t in a.analyst.thresholds.as_tuple())
    while True:
        lo, hi = diff_interval(a.paired(best, mine))
        n = len(a.paired(best, mine))
        settled = not any(lo < t <= hi for t in th) and (hi - lo) / 2.0 <= sp.precision
        if settled or n >= sp.max_samples:
            return (lo, hi)
        if a.more([best, mine], min(sp.batch, sp.max_samples - n)) == 0:
            return (lo, hi)


def _options(a: Analysis, game: Any, mine: int) -> tuple[Option, ...]:
    """Every choice of an exact analysis with its value, the best first (ties in the legal order)."""
    order = sorted(range(len(a.candidates)), key=lambda i: (-a.candidates[i].values[0], i))
    return tuple(
        Option(
            game.action_to_json(a.candidates[i].action),
            _round(a.candidates[i].values[0], EXACT_DIGITS),
            a.describe(i),
            i == mine,
            i == a.best,
        )
        for i in order
    )


def review_record(
    record: Mapping[str, Any],
    seat: int,
    *,
    seed: int = 0,
    analyst: Analyst | ExactAnalyst | None = None,
    progress: Callable[[int, int], None] | None = None,
    max_samples: int | None = None,
) -> Review:
    """Review every decision of ``seat`` in a finished record (by sampling, or exactly where the
    game's analyst is an :class:`ExactAnalyst`: then ``seed`` and ``max_samples`` play no part).

    Raises :class:`ReplayRejected` for a record ``cardavia replay`` rejects, and
    :class:`ReviewError` for an unfinished record or a seat the game does not have. ``progress``
    is called with (decisions done, decisions in all); ``max_samples`` caps each decision's samples.
    """
    outcome = replay_record(dict(record))  # checks every action; raises ReplayRejected
    if not outcome.finished:
        raise ReviewError("unfinished", "the deal is not finished: only a finished deal can be reviewed")
    game = get_game(outcome.game)
    if not (isinstance(seat, int) and 0 <= seat < game.num_seats):
        raise ReviewError(
            "bad-seat", f"{outcome.game} has seats 0 to {game.num_seats - 1}, not {seat}", {"seat": seat}
        )
    from cardavia.bots.registry import analyst_for, rule_of_thumb

    if analyst is None:
        analyst = analyst_for(outcome.game)
    deal, actions = game.deal_from_record(record)
    todo: list[tuple[int, Any, Any]] = []
    for index, action in enumerate(actions):
        if actor(game, deal, action) == seat:
            view = deal.view(seat)  # the seat's view at that moment: never the state
            if analyst.is_decision(view):
                todo.append((index, view, action))
        deal.apply(action)
    out = []
    for done, (index, view, action) in enumerate(todo):
        rule = rule_of_thumb(outcome.game, view)
        d = review_decision(analyst, game, view, action, index, seed, max_samples, rule)
        if d is not None:
            out.append(d)
        if progress:
            progress(done + 1, len(todo))
    thresholds = analyst.thresholds.as_tuple()
    exact = game.profile.review is ReviewKind.EXACT  # the registry holds it to the analyst's kind
    return Review(outcome.game, seat, tuple(out), seed, thresholds, analyst.version, exact)


def actor(game: Any, deal: Any, action: Any) -> int | None:
    """The seat whose decision ``action`` is, in ``deal`` before it is applied: the seat to act; in
    a deal where several seats may act at once (its ``acting()`` names more than one), the one of
    them the action leaves with nothing more to decide (the deal is not changed)."""
    to_act: int | None = deal.to_act()
    seats = frozenset(acting_seats(game, deal))
    if len(seats) <= 1:
        return to_act
    after = deal.clone()
    after.apply(action)
    gone = seats - frozenset(acting_seats(game, after))
    return min(gone) if len(gone) == 1 else to_act


def review_text(text: str, seat: int, *, seed: int = 0, max_samples: int | None = None) -> Review:
    """Parse and review a record given as text (``ReplayRejected`` if it is not a record)."""
    from cardavia.games.replay import parse_record

    try:
        record = parse_record(text)
    except RecordError as exc:
        raise ReplayRejected(exc, None) from None
    return review_record(record, seat, seed=seed, max_samples=max_samples)


LOSS_LABELS: tuple[str, ...] = LABELS[2:]  # the labels of a loss the samples can tell from noise


def biggest_losses(review: Review) -> list[DecisionReview]:
    """The decisions that lost points, the biggest loss first: those labelled a loss (inaccuracy,
    mistake, blunder), whose interval's lower bound clears a threshold. A ``good`` decision's loss
    is one the samples cannot tell from noise, or too small to name: it is not listed as lost."""
    lost = (d for d in review.decisions if d.label in LOSS_LABELS and d.loss > 0)
    return sorted(lost, key=lambda d: (-d.loss, d.index))


SeatJob = tuple[str, int, int, int | None]  # record file, seat, seed, cap on samples


class SeatResult(NamedTuple):
    """One seat's review in a bulk review, as kept in its results file."""

    decisions: int
    points_lost: float
    deal: str  # see _deal_key
    game: str
    version: int  # the analyst's version (Analyst.version)


def _review_seat(job: SeatJob) -> SeatResult:
    path, seat, seed, cap = job
    text = Path(path).read_text(encoding="utf-8")
    review = review_text(text, seat, seed=seed, max_samples=cap)
    deal = _deal_key(json.loads(text))
    return SeatResult(len(review.decisions), review.points_lost, deal, review.game, review.version)


def _deal_key(record: Mapping[str, Any]) -> str:
    """What identifies the deal itself (the pieces as dealt, before any action), whoever played it:
    the arena plays each deal once per rotation of the levels, and those records share this key."""
    game = get_game(str(record["game"]))
    deal, _ = game.deal_from_record(record)
    return json.dumps(deal.to_record(), sort_keys=True)


def _load_results(path: Path) -> dict[SeatJob, SeatResult]:
    """The seat reviews a results file holds, but those made by another version of their game's
    analyst (a file written before versions were kept has none): those are done again."""
    from cardavia.bots.registry import analyst_for

    done: dict[SeatJob, SeatResult] = {}
    if not path.exists():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        r = json.loads(line)
        game, version = r.get("game"), r.get("version")
        if game is None or version != analyst_for(str(game)).version:
            continue
        key = (str(r["file"]), int(r["seat"]), int(r["seed"]), r["max_samples"])
        done[key] = SeatResult(int(r["decisions"]), float(r["points_lost"]), str(r["deal"]), game, version)
    return done


def bulk_review(
    index_path: Path,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    max_samples: int | None = None,
    results_path: Path | None = None,
) -> dict[str, dict[str, Any]]:
    """Review every seat of every record an arena wrote (``arena --records``), summed up by level.

    Per level: deals and seat-deals reviewed, decisions, and the mean points lost per decision with
    its 95 % interval. A seat-deal's figure is its points lost / its decisions, so a long deal does
    not weigh more than a short one; the interval's unit is the deal (the mean of the level's
    seat-deals on it), because the rotations of one deal share its cards and are not independent.
    ``versus``: for every other level, the paired difference on the same deals (this level's deal
    figure minus the other's), with its 95 % interval: the luck of the deal, common to both, cancels.

    ``results_path``: a JSON-lines file that keeps each seat's review as soon as it is done; the
    seat reviews already in it (same record, seat, seed and cap) are read back, not redone, so a
    bulk review can be stopped and resumed, or extended to more deals.
    """
    entries = json.loads(index_path.read_text(encoding="utf-8"))
    jobs: list[SeatJob] = []
    levels: list[str] = []
    for entry in entries:
        for seat, level in enumerate(entry["levels"]):
            jobs.append((str(index_path.parent / entry["file"]), seat, seed, max_samples))
            levels.append(level)
    done = _load_results(results_path) if results_path is not None else {}
    todo = [job for job in jobs if job not in done]
    sink = results_path.open("a", encoding="utf-8") if results_path is not None else None

    def keep(job: SeatJob, r: SeatResult) -> None:
        done[job] = r
        if sink is not None:
            row = {"file": job[0], "seat": job[1], "seed": job[2], "max_samples": job[3]}
            row |= r._asdict()
            sink.write(json.dumps(row) + "\n")
            sink.flush()
        if progress:
            progress(len(jobs) - len(todo) + len(finished), len(jobs))

    finished: list[int] = []
    try:
        if workers <= 1:
            for job in todo:
                finished.append(1)
                keep(job, _review_seat(job))
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                for job, r in zip(todo, pool.map(_review_seat, todo, chunksize=4), strict=True):
                    finished.append(1)
                    keep(job, r)
    finally:
        if sink is not None:
            sink.close()
    results = [done[job] for job in jobs]
    per_deal: dict[str, dict[str, list[float]]] = {}  # level -> deal -> its seat-deals' figures
    decisions: dict[str, int] = {}
    seat_deals: dict[str, int] = {}
    for level, (n, lost, deal, _, _) in zip(levels, results, strict=True):
        decisions[level] = decisions.get(level, 0) + n
        if n:
            seat_deals[level] = seat_deals.get(level, 0) + 1
            per_deal.setdefault(level, {}).setdefault(deal, []).append(lost / n)
    figure = {
        level: {deal: math.fsum(v) / len(v) for deal, v in deals.items()} for level, deals in per_deal.items()
    }
    out = {}
    for level, by_deal in figure.items():
        iv = mean_interval(list(by_deal.values()))
        versus = {}
        for other in figure:
            both = sorted(by_deal.keys() & figure[other].keys()) if other != level else []
            if len(both) < 2:
                continue
            dv = mean_interval([by_deal[d] - figure[other][d] for d in both])
            versus[other] = {"deals": len(both), "difference": dv.estimate, "ci95": [dv.low, dv.high]}
        out[level] = {
            "deals": len(by_deal),
            "seat_deals": seat_deals[level],
            "decisions": decisions[level],
            "loss_per_decision": iv.estimate,
            "ci95": [iv.low, iv.high],
            "versus": versus,
        }
    return out


def run_bulk_command(
    index_path: Path,
    seed: int,
    workers: int,
    as_json: bool,
    max_samples: int | None = None,
    results_path: Path | None = None,
) -> int:
    """``cardavia review DIR/index.json --index``: :func:`bulk_review`, printed."""
    import sys

    try:
        out = bulk_review(index_path, seed, workers, max_samples=max_samples, results_path=results_path)
    except (OSError, ValueError, KeyError, TypeError, GameError) as exc:
        print(f"cardavia review: cannot review {index_path}: {exc}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(out))
        return 0
    ranked = sorted(out, key=lambda level: -out[level]["loss_per_decision"])
    for level in ranked:
        f = out[level]
        print(
            f"{level:<7} {f['deals']:>4} deals {f['seat_deals']:>5} seat-deals "
            f"{f['decisions']:>6} decisions  "
            f"lost/decision {f['loss_per_decision']:.3f} [{f['ci95'][0]:.3f}, {f['ci95'][1]:.3f}]"
        )
    for i, level in enumerate(ranked):
        for other in ranked[i + 1 :]:
            v = out[level]["versus"].get(other)
            if v is not None:
                print(
                    f"{level} - {other}: {v['difference']:+.3f} [{v['ci95'][0]:+.3f}, {v['ci95'][1]:+.3f}]"
                    f" over {v['deals']} deals (paired)"
                )
    return 0
