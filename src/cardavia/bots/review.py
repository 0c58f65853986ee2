"""The review of a finished deal: every decision of one seat priced against the best alternative.

Generic over the game protocol. For each decision of the seat (a turn with a real choice: forced
turns are skipped), the deal is replayed to that moment and the seat's **view** is taken from the
engine, never the state: the game's :class:`Analyst` samples the pieces that view hides (the same
determinization the ``hard`` bot uses) and plays every legal alternative out on each sample with the
``hard`` bot's play-out policy in every seat. All alternatives meet the same samples and the same
per-sample seeds (common random numbers), so the differences between them are paired and tight.

Per decision: ``loss`` = best mean − chosen mean (points, ≥ 0), its 95 % Student interval from the
paired differences, and a label that is earned only when the interval's **lower** bound clears the
label's threshold (``Thresholds``, per game; docs/review.md says how they were chosen):

- ``best``: the chosen action has the best mean;
- ``blunder`` / ``mistake`` / ``inaccuracy``: the lower bound is at least that threshold;
- ``good``: anything else (the loss may be noise, or small).

Sampling is sequential and deterministic: screen every alternative on ``screen`` samples, keep the
chosen one and the ``keep`` best for the rest, and stop after ``min_samples`` once the label can no
longer change (the interval straddles no threshold), else at ``max_samples``. No clock is read, so a
review is a function of the record, the seat and the seed.

A game whose decisions can be valued exactly (a few alternatives, each worth an expectation that
can be enumerated) gives an :class:`ExactAnalyst` instead: :meth:`ExactAnalyst.exact` answers every
alternative's exact expected net points from the seat's view, and whom they are computed against;
nothing is sampled, so the seed and the cap on samples play no part, the loss is exact, its
``ci95`` is ``[loss, loss]`` and its label is the threshold the loss itself reaches
(:func:`review_exact`). The review says so: each decision lists every alternative's value
(``options``) and ``against``.

Each game's bots package exports ``ANALYST`` (see :func:`cardavia.bots.registry.analyst_for`).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Hashable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple, Protocol, cast, runtime_checkable

from cardavia.bots.base import Reason
from cardavia.bots.stats import mean_interval
from cardavia.games.errors import GameError, RecordError
from cardavia.games.profile import Review as ReviewKind
from cardavia.games.protocol import acting_seats
from cardavia.games.registry import get_game
from cardavia.games.replay import ReplayRejected, replay_record

LABELS: tuple[str, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")
EXACT_DIGITS = 6  # an exact review's figures are written to a millionth of a point (sampled: 0.01)


@dataclass(frozen=True)
class Thresholds:
    """Points a decision's loss must clear (by its interval's lower bound) to earn each label."""

    inaccuracy: float
    mistake: float
    blunder: float

    def label(self, low: float) -> str:
        """The worst label whose threshold ``low`` reaches, else ``good``."""
        if low >= self.blunder:
            return "blunder"
        if low >= self.mistake:
            return "mistake"
        if low >= self.inaccuracy:
            return "inaccuracy"
        return "good"

    def as_tuple(self) -> tuple[float, float, float]:
        return (self.inaccuracy, self.mistake, self.blunder)


@dataclass(frozen=True)
class Sampling:
    """How many samples a decision gets (see the module docstring)."""

    screen: int  # every alternative is played on this many samples
    keep: int  # ... then only the chosen one and this many best go on
    min_samples: int
    max_samples: int
    batch: int = 16  # how often the stopping rule is checked
    precision: float = math.inf  # points: sample on until the loss's interval is this tight (±)


class Analyst(Protocol):
    """What a game provides for its reviews (``ANALYST`` in its bots package)."""

    thresholds: Thresholds
    sampling: Sampling
    # Raised whenever a change would give a stored review other figures (the play-outs, the
    # sampling, the thresholds): a review stored by an earlier version is done again when asked.
    version: int

    def is_decision(self, view: Any) -> bool:
        """Whether the seat has a real choice (False for a forced turn)."""
        ...

    def prepare(self, view: Any) -> Any:
        """What the sampler and the play-outs need from the view, worked out once per decision."""
        ...

    def sample(self, prepared: Any, rng: random.Random) -> Any | None:
        """One guess of every hidden piece consistent with the view, or None if none was found."""
        ...

    def outcome(self, prepared: Any, world: Any, action: Any, rng: random.Random) -> float:
        """The seat's net points when it plays ``action`` in ``world`` and the deal is played out."""
        ...

    def key(self, action: Any) -> Hashable:
        """Actions with one key are the same choice for the play-outs (e.g. equal cards of two suits)."""
        ...

    def describe(self, action: Any) -> Reason:
        """``action`` named as a move to make ("play Heaven 6-6 face up"), a hint reason of the game:
        the replay says the better move with it, in the player's language."""
        ...

    def reason(self, view: Any, action: Any, chosen: Any, samples: int, mean: float) -> Reason:
        """Why ``action`` (the review's best) is better than ``chosen``, in a player's words: what it
        wins, keeps or risks, as the bots' hint reasons say it (the figures are the review's own)."""
        ...


@dataclass(frozen=True)
class Exact:
    """Every alternative of a decision with its exact expected net points for the seat, and whom
    the values are computed against (the other seats' play the values assume)."""

    values: tuple[tuple[Any, float], ...]  # (action, expected net points), in the view's legal order
    against: Reason  # says whom the values are computed against ("against Normal at every other seat")


@runtime_checkable
class ExactAnalyst(Protocol):
    """What a game provides for its reviews when each decision can be valued exactly (``ANALYST``
    in its bots package, in place of a sampling :class:`Analyst`): told apart by its ``exact``."""

    thresholds: Thresholds  # a label is earned when the (exact) loss reaches its threshold
    version: int  # as Analyst.version: raised whenever a stored review's figures would change

    def is_decision(self, view: Any) -> bool:
        """Whether the seat has a real choice (False for a forced turn)."""
        ...

    def exact(self, view: Any) -> Exact:
        """Every legal action of ``view`` (at least one of each key) with its exact expected net
        points for the seat, computed from the view alone, and whom they are computed against."""
        ...

    def choice(self, view: Any, action: Any) -> Hashable:
        """Which choice of ``view`` ``action`` makes: actions with one choice are the same (two ways
        of writing one move, or alike pieces), and a record's action is matched to its value by it."""
        ...

    def describe(self, view: Any, action: Any) -> Reason:
        """``action`` named as a move to make from ``view``, a hint reason of the game (as
        Analyst.describe)."""
        ...

    def reason(self, view: Any, action: Any, chosen: Any, value: float) -> Reason:
        """Why ``action`` (the review's best, worth ``value``) is better than ``chosen``, in a
        player's words (as Analyst.reason; the figures are the review's own)."""
        ...


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
    reason: Reason  # why the best is best (the bot's short reason)
    alternatives: int
    better: Reason | None = None  # the best action named as a move (see Analyst.describe)
    mean: float = 0.0  # the best action's mean outcome over the samples (the chosen one's is mean − loss)
    # an exact review's (ExactAnalyst): every alternative (action JSON, its exact value, it named
    # as a move) and whom the values are computed against; a sampled review has neither
    options: tuple[Option, ...] = ()
    against: Reason | None = None

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
    """The generator seed of the decision at record index ``index`` (independent of the truth)."""
    return random.Random(f"review:{seed}:{index}").getrandbits(62)


def _round(x: float, digits: int = 2) -> float:
    return round(x, digits) + 0.0  # no "-0.0" in the JSON


def capped(sampling: Sampling, max_samples: int | None) -> Sampling:
    """``sampling`` with at most ``max_samples`` samples a decision (a quicker, rougher review)."""
    if max_samples is None or max_samples >= sampling.max_samples:
        return sampling
    n = max(2, max_samples)
    return replace(
        sampling,
        screen=min(sampling.screen, n),
        min_samples=min(sampling.min_samples, n),
        max_samples=n,
        batch=min(sampling.batch, n),
    )


def review_decision(
    analyst: Analyst,
    game: Any,
    view: Any,
    chosen: Any,
    index: int,
    seed: int,
    max_samples: int | None = None,
) -> DecisionReview | None:
    """Price ``chosen`` among the legal actions of ``view``; None if no sample could be drawn."""
    prepared = analyst.prepare(view)
    chosen_key = analyst.key(chosen)
    alts: list[Any] = [chosen]
    seen = {chosen_key}
    for a in view.legal:
        k = analyst.key(a)
        if k not in seen:
            seen.add(k)
            alts.append(a)
    values: list[list[float]] = [[] for _ in alts]
    live = list(range(len(alts)))
    sp = capped(analyst.sampling, max_samples)
    th = analyst.thresholds.as_tuple()
    rng = random.Random(decision_seed(seed, index))
    n = 0
    while n < sp.max_samples:
        world = None
        for _ in range(4):
            world = analyst.sample(prepared, rng)
            if world is not None:
                break
        if world is None:
            break
        play_seed = rng.getrandbits(62)
        for i in live:
            values[i].append(analyst.outcome(prepared, world, alts[i], random.Random(play_seed)))
        n += 1
        if n == sp.screen and len(live) > sp.keep + 1:
            ranked = sorted(live[1:], key=lambda i: -math.fsum(values[i]))
            live = [0, *sorted(ranked[: sp.keep])]
        if n >= sp.min_samples and n % sp.batch == 0:
            best = _best(values, live, n)
            # an alternative whose whole interval lies below the leader's is out: its samples go to
            # the close ones (the chosen action always stays: its loss is what is measured)
            live = [i for i in live if i in (0, best) or _diff_interval(values, i, best, n)[1] >= 0.0]
            if _settled(values, live, best, n, th, sp.precision):
                break
    if n == 0:
        return None
    best = _best(values, live, n)
    means = [math.fsum(values[i][:n]) / n for i in live]
    loss = math.fsum(values[best][:n]) / n - means[0]
    lo, hi = _interval(values, best, n)
    label = "best" if best == 0 else analyst.thresholds.label(lo)
    best_action = alts[best]
    return DecisionReview(
        index=index,
        chosen=game.action_to_json(chosen),
        best=game.action_to_json(best_action),
        loss=_round(max(loss, 0.0)),
        ci95=(_round(lo), _round(hi)),
        label=label,
        samples=n,
        spread=_round(max(means) - min(math.fsum(v) / len(v) for v in values if v)),
        reason=analyst.reason(view, best_action, chosen, n, math.fsum(values[best][:n]) / n),
        alternatives=len(alts),
        better=analyst.describe(best_action),
        mean=_round(math.fsum(values[best][:n]) / n),
    )


def review_exact(analyst: ExactAnalyst, game: Any, view: Any, chosen: Any, index: int) -> DecisionReview:
    """Price ``chosen`` among the legal actions of ``view`` by their exact values (no sampling).

    Alternatives that make one choice are one (the first listed stands for them); the best is the highest
    value, a tie going to the chosen action, so an equally good choice loses nothing. The loss is
    exact: ``ci95`` is ``[loss, loss]``, and the label is the one whose threshold the loss reaches.
    """
    exact = analyst.exact(view)
    alts: dict[Hashable, tuple[Any, float]] = {}
    for action, value in exact.values:
        alts.setdefault(analyst.choice(view, action), (action, float(value)))
    chosen_key = analyst.choice(view, chosen)
    if chosen_key not in alts:
        raise ValueError(f"the chosen action {chosen!r} is not among the values of the view's legal actions")
    mine = alts[chosen_key][1]
    best_key = max(alts, key=lambda k: (alts[k][1], k == chosen_key))
    best_action, best = alts[best_key]
    loss = _round(best - mine, EXACT_DIGITS) if best_key != chosen_key else 0.0
    low = min(value for _, value in alts.values())
    return DecisionReview(
        index=index,
        chosen=game.action_to_json(chosen),
        best=game.action_to_json(chosen if best_key == chosen_key else best_action),
        loss=loss,
        ci95=(loss, loss),
        label="best" if best_key == chosen_key else analyst.thresholds.label(best - mine),
        samples=0,
        spread=_round(best - low, EXACT_DIGITS),
        reason=analyst.reason(view, best_action, chosen, best),
        alternatives=len(alts),
        better=None if best_key == chosen_key else analyst.describe(view, best_action),
        mean=_round(best, EXACT_DIGITS),
        options=tuple(
            Option(
                game.action_to_json(action),
                _round(value, EXACT_DIGITS),
                analyst.describe(view, action),
                key == chosen_key,
                key == best_key,
            )
            for key, (action, value) in alts.items()
        ),
        against=exact.against,
    )


def _best(values: list[list[float]], live: list[int], n: int) -> int:
    # ties go to the chosen action (index 0), then to the first in the legal order
    return max(live, key=lambda i: (round(math.fsum(values[i][:n]), 9), i == 0, -i))


def _diff_interval(values: list[list[float]], a: int, b: int, n: int) -> tuple[float, float]:
    """The 95 % interval of the mean of (alternative ``a`` − alternative ``b``) over the n samples."""
    diffs = [values[a][j] - values[b][j] for j in range(n)]
    if all(d == diffs[0] for d in diffs):  # no spread: the difference is certain
        return (diffs[0], diffs[0])
    iv = mean_interval(diffs)
    return (iv.low, iv.high)


def _interval(values: list[list[float]], best: int, n: int) -> tuple[float, float]:
    if best == 0:
        return (0.0, 0.0)
    return _diff_interval(values, best, 0, n)


def _settled(
    values: list[list[float]],
    live: list[int],
    best: int,
    n: int,
    thresholds: tuple[float, float, float],
    precision: float,
) -> bool:
    """Whether more samples would no longer matter: the label is fixed and the loss is known to
    ``precision`` points (half the interval's width), or the chosen action leads and no other can
    beat it by ``precision`` or more."""
    if best == 0:
        return all(_diff_interval(values, i, 0, n)[1] < precision for i in live if i != 0)
    lo, hi = _diff_interval(values, best, 0, n)
    return not any(lo < t <= hi for t in thresholds) and (hi - lo) / 2.0 <= precision


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
    game's profile says its analyst is exact, ``Review.EXACT``, an :class:`ExactAnalyst`: then
    ``seed`` and ``max_samples`` play no part). ``analyst``: the game's own by default.

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
    if analyst is None:
        from cardavia.bots.registry import analyst_for

        analyst = analyst_for(outcome.game)
    deal, actions = game.deal_from_record(record)
    todo: list[tuple[int, Any, Any]] = []
    for index, action in enumerate(actions):
        if actor(game, deal, action) == seat:
            view = deal.view(seat)  # the seat's view at that moment: never the state
            if analyst.is_decision(view):
                todo.append((index, view, action))
        deal.apply(action)
    exact = game.profile.review is ReviewKind.EXACT
    out = []
    for done, (index, view, action) in enumerate(todo):
        if exact:  # the profile says which kind of analyst the game's is (the registry checks it)
            d: DecisionReview | None = review_exact(cast(ExactAnalyst, analyst), game, view, action, index)
        else:
            d = review_decision(cast(Analyst, analyst), game, view, action, index, seed, max_samples)
        if d is not None:
            out.append(d)
        if progress:
            progress(done + 1, len(todo))
    thresholds = analyst.thresholds.as_tuple()
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
