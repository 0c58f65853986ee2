"""The analysis of one decision: every alternative of a seat's view valued from that view alone.

The Hint and the review ask the same question of it. Given the same view and the same seed, an
analysis is the same, so the Hint is the analysis's best and the review of the decision prices the
player's choice against that very best: the review cannot call a followed Hint a loss, and both say
the same reason (:func:`explain`). ``docs/review.md`` says how the samples are spent.

A game's bots package gives an :class:`Analyst` (its decisions valued by sampling the hidden pieces
and playing every alternative out on each sample, the ``hard`` bot's determinization and play-out
policy) or an :class:`ExactAnalyst` (each alternative's exact expectation).

Sampling is sequential and deterministic (no clock is read): every alternative is screened on
``screen`` samples; the ``keep`` best go on, and the rule of thumb's move (the ``normal`` level's);
from ``min_samples``, every ``batch`` samples, an alternative whose whole interval lies below the
leader's is dropped, and the analysis stops once no live alternative can beat the leader by
``precision`` points or more (the upper end of its paired difference with the leader is below it),
else at ``choose_samples``. The rule of thumb's move is the best wherever the samples show it
within ``precision`` of the leader. Nothing of the player's own
choice enters it: the review measures that choice afterwards on the same samples (:meth:`Analysis.extend`,
:meth:`Analysis.more`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

from cardavia.bots.base import Reason
from cardavia.bots.stats import mean_interval

LABELS: tuple[str, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")
# a label also needs the loss to be this share of what the decision put at stake (its best option
# less its worst): a loss that is most of a narrow spread is not a blunder in the game's scale, and
# one that is a small part of a wide one (far worse options were there) is not called the worst
STAKE_SHARES: tuple[float, float, float] = (0.1, 0.2, 0.4)


@dataclass(frozen=True)
class Thresholds:
    """Points a decision's loss must clear (a sampled one by its interval's lower bound) to earn
    each label, in the game's scale: per stake of the seat (see :meth:`Analyst.stakes`)."""

    inaccuracy: float
    mistake: float
    blunder: float

    def label(self, low: float, stake: float = math.inf, stakes: float = 1.0) -> str:
        """The worst label ``low`` earns both in points (each threshold × ``stakes``) and as a share
        of ``stake`` (the decision's spread: :data:`STAKE_SHARES`), else ``good``."""
        by_points = sum(low >= t * stakes for t in self.as_tuple())
        by_share = len(STAKE_SHARES) if math.isinf(stake) else sum(low >= s * stake for s in STAKE_SHARES)
        return LABELS[1 + min(by_points, by_share)]

    def as_tuple(self) -> tuple[float, float, float]:
        return (self.inaccuracy, self.mistake, self.blunder)


@dataclass(frozen=True)
class Sampling:
    """How many samples a decision gets (see the module docstring)."""

    screen: int  # every alternative is played on this many samples
    keep: int  # ... then only this many best go on
    min_samples: int
    max_samples: int  # the review measures the player's loss on at most this many
    batch: int = 16  # how often the stopping rule is checked
    precision: float = math.inf  # points: sample on until the leader is known to this (±)
    # the best is found on at most this many (None: max_samples): what a Hint costs at most
    choose_samples: int | None = None

    @property
    def choose_max(self) -> int:
        return self.max_samples if self.choose_samples is None else min(self.choose_samples, self.max_samples)


class Analyst(Protocol):
    """What a game provides for its hints and reviews (``ANALYST`` in its bots package)."""

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
        """Why ``action`` (the best) is better than ``chosen`` (the player's move, or the rule of
        thumb's, or the next best), in a player's words: what it wins, keeps or risks, as the bots'
        hint reasons say it (the figures are said apart, :class:`Values`)."""
        ...


@dataclass(frozen=True)
class Exact:
    """Every alternative of a decision with its exact expected net points for the seat, and whom
    the values are computed against (the other seats' play the values assume)."""

    values: tuple[tuple[Any, float], ...]  # (action, expected net points), in the view's legal order
    against: Reason  # says whom the values are computed against ("against Normal at every other seat")
    # for each of ``values``: the share of what the seat meets that it beats and that beats it (a Pai
    # Gow player: the banker's hands it wins and loses against), where the game can say it
    shares: tuple[tuple[float, float], ...] | None = None


@runtime_checkable
class ExactAnalyst(Protocol):
    """What a game provides for its hints and reviews when each decision can be valued exactly
    (``ANALYST`` in its bots package, in place of a sampling :class:`Analyst`): told apart by ``exact``."""

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
        """Why ``action`` (the best, worth ``value``) is better than ``chosen``, in a player's words
        (as Analyst.reason)."""
        ...


def stakes_of(analyst: Any, view: Any) -> float:
    """How many stakes the seat's result sums in ``view`` (the analyst's ``stakes``, else 1): the
    thresholds are per stake, so a banker's, whose result is three players', are tripled."""
    stakes = getattr(analyst, "stakes", None)
    return float(stakes(view)) if stakes is not None else 1.0


@dataclass
class Candidate:
    """One alternative: the action standing for its key, and its outcomes (sampled: on the
    analysis's samples 0, 1, … in order, a prefix of them; exact: its one exact value)."""

    key: Hashable
    action: Any
    values: list[float] = field(default_factory=list)
    shares: tuple[float, float] | None = None  # exact: the share of what it meets it beats, loses to

    def mean(self, n: int | None = None) -> float:
        vs = self.values if n is None else self.values[:n]
        return math.fsum(vs) / len(vs) if vs else -math.inf


class Analysis:
    """Every alternative of ``view`` valued (:func:`analyse`); ``best`` indexes ``candidates``."""

    def __init__(self, analyst: Any, view: Any, seed: int, sampling: Sampling | None) -> None:
        self.analyst = analyst
        self.view = view
        self.exact = isinstance(analyst, ExactAnalyst)
        self.sampling = sampling
        self.rng = random.Random(seed)
        self.prepared: Any = None
        self.worlds: list[tuple[Any, int]] = []  # each sample and its play-out seed, in order
        self.candidates: list[Candidate] = []
        self.best = 0
        self.against: Reason | None = None

    @property
    def samples(self) -> int:
        """How many samples the best was found on (0 for an exact analysis)."""
        return 0 if self.exact else len(self.candidates[self.best].values)

    def key(self, action: Any) -> Hashable:
        key: Hashable = self.analyst.choice(self.view, action) if self.exact else self.analyst.key(action)
        return key

    def find(self, action: Any) -> int:
        """The index of the candidate ``action`` is (``ValueError`` if it is none of them)."""
        k = self.key(action)
        for i, c in enumerate(self.candidates):
            if c.key == k:
                return i
        raise ValueError(f"the action {action!r} is not among the view's legal actions")

    def describe(self, i: int) -> Reason:
        action = self.candidates[i].action
        move: Reason = (
            self.analyst.describe(self.view, action) if self.exact else self.analyst.describe(action)
        )
        return move

    def words(self, best: int, other: int) -> Reason:
        """The game's words for why candidate ``best`` is better than candidate ``other``."""
        b, o = self.candidates[best], self.candidates[other]
        if self.exact:
            return self.analyst.reason(self.view, b.action, o.action, b.values[0])  # type: ignore[no-any-return]
        return self.analyst.reason(self.view, b.action, o.action, self.samples, b.mean())  # type: ignore[no-any-return]

    # -- more samples ------------------------------------------------------------------------------
    def _draw(self) -> bool:
        """One more sample (and its play-out seed), or False if the sampler found none."""
        world = None
        for _ in range(4):
            world = self.analyst.sample(self.prepared, self.rng)
            if world is not None:
                break
        if world is None:
            return False
        self.worlds.append((world, self.rng.getrandbits(62)))
        return True

    def _play(self, i: int, j: int) -> float:
        world, seed = self.worlds[j]
        return float(
            self.analyst.outcome(self.prepared, world, self.candidates[i].action, random.Random(seed))
        )

    def extend(self, i: int, n: int) -> None:
        """Play candidate ``i`` out on the samples it has not met, up to the first ``n`` drawn."""
        c = self.candidates[i]
        for j in range(len(c.values), min(n, len(self.worlds))):
            c.values.append(self._play(i, j))

    def more(self, indices: list[int], count: int) -> int:
        """``count`` more samples (fewer if the sampler finds none), every candidate of ``indices``
        played out on each (brought up to date first); how many were drawn."""
        n = len(self.worlds)
        for i in indices:
            self.extend(i, n)
        drawn = 0
        while drawn < count and self._draw():
            drawn += 1
            for i in indices:
                self.candidates[i].values.append(self._play(i, len(self.worlds) - 1))
        return drawn

    def paired(self, a: int, b: int) -> list[float]:
        """Candidate ``a`` − candidate ``b`` on each sample both have met."""
        va, vb = self.candidates[a].values, self.candidates[b].values
        return [x - y for x, y in zip(va, vb, strict=False)]

    def runner_up(self) -> int:
        """The candidate with the best mean after the best (on the samples each has met)."""
        others = [i for i in range(len(self.candidates)) if i != self.best]
        return max(others, key=lambda i: (round(self.candidates[i].mean(), 9), -i))

    def spread(self) -> float:
        """The best mean less the worst (what the decision put at stake)."""
        means = [c.mean() for c in self.candidates if c.values]
        return max(means) - min(means)


def diff_interval(diffs: list[float]) -> tuple[float, float]:
    """The 95 % interval of the mean of paired differences (both ends equal when they all are)."""
    if all(d == diffs[0] for d in diffs):  # no spread: the difference is certain
        return (diffs[0], diffs[0])
    iv = mean_interval(diffs)
    return (iv.low, iv.high)


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
        choose_samples=min(sampling.choose_max, n),
    )


def analyse(
    analyst: Any, view: Any, seed: int, max_samples: int | None = None, rule: Any | None = None
) -> Analysis | None:
    """Every legal alternative of ``view`` valued, and the best; None if no sample of the hidden
    pieces could be drawn. The rule of thumb's action ``rule`` (the ``normal`` level's) stays in
    play until the samples rule it out, and it is the best wherever the samples show it within
    ``precision`` of the leader (the lower end of its paired difference with the leader is above
    −precision; exactly: a tie): the Hint does not leave the usual move for a gain too small to
    matter. Other ties go to the first in the view's legal order.

    Alternatives of one key (one choice) are one, the first listed standing for them. ``seed``
    fixes every sample; ``max_samples`` caps them (a quicker, rougher analysis)."""
    if isinstance(analyst, ExactAnalyst):
        a = _exact(analyst, view)
        a.best = _leader(a, list(range(len(a.candidates))), _index(a, rule))
        return a
    a = Analysis(analyst, view, seed, capped(analyst.sampling, max_samples))
    sp = a.sampling
    assert sp is not None
    for action in view.legal:
        k = analyst.key(action)
        if all(c.key != k for c in a.candidates):
            a.candidates.append(Candidate(k, action))
    a.prepared = analyst.prepare(view)
    live = list(range(len(a.candidates)))
    usual = _index(a, rule)  # the rule of thumb's move stays live until the samples rule it out
    n = 0
    while n < sp.choose_max:
        if a.more(live, 1) == 0:
            break
        n += 1
        if n == sp.screen and len(live) > sp.keep:
            ranked = sorted(live, key=lambda i: (-round(math.fsum(a.candidates[i].values), 9), i))
            live = sorted({*ranked[: sp.keep], *([] if usual is None else [usual])})
        if n >= sp.min_samples and n % sp.batch == 0:
            leader = _leader(a, live)
            # an alternative whose whole interval lies below the leader's is out: its samples go to
            # the close ones
            live = [
                i
                for i in live
                if i == leader
                or diff_interval(a.paired(i, leader))[1] >= 0.0
                or (i == usual and _usual_within(a, usual, leader, live, sp.precision) is not False)
            ]
            settled = all(diff_interval(a.paired(i, leader))[1] < sp.precision for i in live if i != leader)
            if settled and _usual_within(a, usual, leader, live, sp.precision) is not None:
                break
    if n == 0:
        return None
    a.best = _leader(a, live, usual)
    if _usual_within(a, usual, a.best, live, sp.precision, at_end=True):
        a.best = usual  # type: ignore[assignment]
    return a


def _usual_within(
    a: Analysis, usual: int | None, leader: int, live: list[int], precision: float, at_end: bool = False
) -> bool | None:
    """Whether the rule of thumb's move is as good as the leader for a Hint: within ``precision`` of
    it (the lower end of their paired difference's interval is above −precision). False where it is
    no contender (none, dropped, the leader itself, or clearly worse: the interval's upper end below
    −precision/2, a margin that the many looks of sequential sampling do not reach by chance where
    the two are alike); None while the samples cannot yet say, and, ``at_end`` (the samples spent),
    True: the benefit of the doubt goes to the usual move. A gain too small to matter, or one the
    samples cannot show, is no reason to leave it."""
    if usual is None or usual not in live or usual == leader or len(a.paired(usual, leader)) < 2:
        return False
    lo, hi = diff_interval(a.paired(usual, leader))
    if lo > -precision:
        return True
    if hi < -precision / 2:
        return False
    return True if at_end else None


def _index(a: Analysis, action: Any | None) -> int | None:
    if action is None:
        return None
    try:
        return a.find(action)
    except ValueError:
        return None


def _leader(a: Analysis, live: list[int], preferred: int | None = None) -> int:
    # the highest mean; a tie goes to the preferred one, then to the first in the legal order
    return max(live, key=lambda i: (round(a.candidates[i].mean(), 9), i == preferred, -i))


def _exact(analyst: ExactAnalyst, view: Any) -> Analysis:
    exact = analyst.exact(view)
    a = Analysis(analyst, view, 0, None)
    shares = exact.shares or (None,) * len(exact.values)
    for (action, value), share in zip(exact.values, shares, strict=True):
        k = analyst.choice(view, action)
        if all(c.key != k for c in a.candidates):
            a.candidates.append(Candidate(k, action, [float(value)], share))
    a.against = exact.against
    return a


# -- why the best is best ----------------------------------------------------------------------------
# whom the best is set beside (Values.versus): the player's move, the rule of thumb's, the next best,
# or one too close to the best to tell apart
VERSUS: tuple[str, ...] = ("yours", "usual", "next", "close")


@dataclass(frozen=True)
class Values:
    """The figures of why the best is best, beside one other choice (``versus``): the player's own
    (``yours``), the rule of thumb's where it differs from the best (``usual``: the ``normal``
    level's, what the Hint said before it said the best), the next best (``next``), or one that
    averaged a little more but too close to the best to tell apart (``close``: the best is then the
    rule of thumb's move, kept).

    ``mean`` and ``other``: their average net points a deal (exact, or over the samples both met);
    ``ahead``/``behind`` and ``other_ahead``/``other_behind``: the share of those samples (an exact
    analysis: of what the seat meets) where each ends ahead and behind, where known; ``move``: the
    other choice named as a move (the game's words)."""

    versus: str
    mean: float
    other: float
    move: Reason
    exact: bool
    samples: int = 0
    ahead: float | None = None
    behind: float | None = None
    other_ahead: float | None = None
    other_behind: float | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "versus": self.versus,
            "mean": self.mean,
            "other": self.other,
            "move": self.move.to_json(),
            "exact": self.exact,
            "samples": self.samples,
        }
        if self.ahead is not None:
            out.update(
                ahead=self.ahead,
                behind=self.behind,
                other_ahead=self.other_ahead,
                other_behind=self.other_behind,
            )
        return out

    @property
    def text(self) -> str:
        """The figures in English (logs, the command line, tests), as the pages say them in the
        reader's language from :meth:`to_json` (``cardavia.web.coach_text``)."""
        digits = 3 if self.exact else 2
        mine, other = _signed(self.mean, digits), _signed(self.other, digits)
        whom = {
            "yours": "your move.",
            "usual": f"the usual choice ({self.move.text}).",
            "close": f"{self.move.text}: too close to tell apart.",
        }.get(self.versus, f"the next best ({self.move.text}).")
        out = f"On average {mine} points a deal, against {other} for {whom}"
        if self.ahead is None:
            return out
        a, b, oa, ob = (_pct(x) for x in (self.ahead, self.behind, self.other_ahead, self.other_behind))
        if self.exact:
            return (
                f"{out} Against all the tiles it may meet, it wins {a} of the time and loses {b}; the other"
                f" choice wins {oa} and loses {ob}."
            )
        deals = "deal" if self.samples == 1 else "deals"
        return (
            f"{out} Over the {self.samples} {deals} played out from what you could see, it ends ahead in {a}"
            f" and behind in {b}; the other choice {oa} and {ob}."
        )


def _signed(x: float, digits: int) -> str:
    text = f"{x:+.{digits}f}"
    return "0" if float(text) == 0 else text.replace("-", "\u2212")


def _pct(x: float | None) -> str:
    return f"{round(100 * (x or 0.0))}%"


def _shares(values: list[float]) -> tuple[float, float]:
    n = len(values)
    return (sum(v > 0 for v in values) / n, sum(v < 0 for v in values) / n) if n else (0.0, 0.0)


def foil(a: Analysis, rule: Any | None) -> tuple[int, str]:
    """Whom the best is set beside when nobody chose otherwise (the Hint, and the review of a
    decision that followed it): the rule of thumb's choice ``rule`` where it is not the best; else
    the next best, or (``close``) the one that averaged a little more where the best is the usual
    move kept because the two are too close to tell apart."""
    i = _index(a, rule)
    if i is not None and i != a.best:
        return i, "usual"
    other = a.runner_up()
    return other, "close" if a.candidates[other].mean() > a.candidates[a.best].mean() else "next"


def values(a: Analysis, best: int, other: int, versus: str) -> Values:
    """The figures of ``best`` beside ``other``: exact, or over the samples both have met (the
    other is first played out on every sample the best met)."""
    b, o = a.candidates[best], a.candidates[other]
    if a.exact:
        figures = Values(
            versus, round(b.values[0], 6) + 0.0, round(o.values[0], 6) + 0.0, a.describe(other), True
        )
        if b.shares is None or o.shares is None:
            return figures
        return replace(
            figures,
            ahead=round(b.shares[0], 4),
            behind=round(b.shares[1], 4),
            other_ahead=round(o.shares[0], 4),
            other_behind=round(o.shares[1], 4),
        )
    a.extend(other, len(b.values))
    n = min(len(b.values), len(o.values))
    (ahead, behind), (o_ahead, o_behind) = _shares(b.values[:n]), _shares(o.values[:n])
    return Values(
        versus,
        round(b.mean(n), 2) + 0.0,
        round(o.mean(n), 2) + 0.0,
        a.describe(other),
        False,
        n,
        round(ahead, 4),
        round(behind, 4),
        round(o_ahead, 4),
        round(o_behind, 4),
    )


def explain(a: Analysis, other: int, versus: str) -> tuple[Reason, Values]:
    """Why the best is best beside ``other``: the game's words and the figures."""
    return a.words(a.best, other), values(a, a.best, other, versus)


@dataclass(frozen=True)
class Advice:
    """The Hint: the best action the analysis finds, it said as a move (the review's *Better*), why
    (the game's words) and its figures."""

    action: Any
    reason: Reason
    values: Values | None = None
    move: Reason | None = None


def advise(analyst: Any, view: Any, seed: int, rule: Any | None = None) -> Advice | None:
    """The best action of ``view`` and why, beside the rule of thumb's ``rule`` where that differs,
    else beside the next best: exactly what the review of this decision (same view, same seed) says
    of it when it is followed. None where the analysis finds nothing (no sample could be drawn)."""
    a = analyse(analyst, view, seed, rule=rule)
    if a is None or len(a.candidates) < 2:
        return None
    other, versus = foil(a, rule)
    reason, figures = explain(a, other, versus)
    return Advice(a.candidates[a.best].action, reason, figures, a.describe(a.best))
