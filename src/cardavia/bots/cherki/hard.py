"""The ``hard`` level: determinized Monte Carlo over the seat's view, bounded by a work budget.

Its first choice is ``normal``'s, corrected by the outlook of the hands it keeps (:mod:`.outlook`):
near ready, the discard and the take-or-draw that give the best chance of winning before the stock
runs out or an opponent wins, that chance cut by the odds of feeding a called left neighbour its
wait (over every ready hand that seat may hold) or an open one a kind it has been seen collecting.
A ready hand calls at the start of its next turn rather than with its discard, so the right-hand
neighbour discards once more without knowing (the turn that starts with the call takes that card
if it is the wait).

Each round of the search then samples one guess of everything the seat cannot see, consistent with
its view: the opponents' hands (eight cards each, holding the cards they were seen taking from the
pile and not seen discarding since; a caller's hand is a ready hand whose wait is none of the kinds
it has shown it cannot be waiting on) and the stock order from the rest. Every candidate action is
then played out on that same guess with a fast greedy policy (``sim``), so the candidates are
compared on common deals; another candidate replaces the first choice only for a paired gain well
above noise, and the search stops early once no candidate looks like becoming one.

The search is bounded by work, never by the clock, so a decision is a function of the view and the
seed on any machine, under any load: at most ``max_rounds`` rounds, and at most ``work_budget``
simulated turns (a round costs each candidate's play-out, about one turn per card left in the
stock; see :data:`WORK_BUDGET`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import comb

from cardavia.bots.base import Decision
from cardavia.bots.cherki import normal
from cardavia.bots.cherki.memory import SEATS, Memory, read_view
from cardavia.bots.cherki.messages import hint
from cardavia.bots.cherki.outlook import HAZARD_CALLED, HAZARD_OPEN, PILE_BONUS, Outlook
from cardavia.bots.cherki.shape import COPIES, NUM_KINDS, VALUE_KINDS, distance
from cardavia.bots.cherki.sim import SimDeal, greedy_discard, play_out, settle
from cardavia.bots.determinize import share_out
from cardavia.games.cherki.actions import Action
from cardavia.games.cherki.cards import kind_of_code
from cardavia.games.cherki.hands import ready_wait
from cardavia.games.cherki.view import CherkiView

MAX_ROUNDS = 2000  # enough for the means to settle; a decision stops at this or the budget, first
# Simulated turns per decision (rounds x candidates x (cards in the stock + 1)): tuned so that the
# decision p99 of ``cardavia bench`` stays under 300 ms on the reference machine.
WORK_BUDGET = 40_000
CANDIDATES = 4  # discards searched: normal's best few
NEAR_BEST = 0.5  # ... among those as close to ready as the best and with half its ways or more
Z_TO_DEVIATE = 2.0  # leave normal's choice only for a paired gain this many standard errors above 0
WEIGHT_OF_POINTS = 1 / 1000
DENY = 0.15  # an open left neighbour that was seen taking a kind is fed another at this cost


@dataclass(frozen=True)
class _Target:
    counts: tuple[int, ...]
    wait: int


def caller_targets(
    known: tuple[int, ...], pool: list[int], safe: frozenset[int]
) -> tuple[list[_Target], list[float]]:
    """The ready hands a caller may hold, with how many ways the unseen pool deals each.

    The hand must contain the cards seen going into it (``known``) and wait on no kind in ``safe``.
    """
    targets: list[_Target] = []
    weights: list[float] = []
    for a in range(NUM_KINDS):
        for b in range(a, NUM_KINDS):
            for p in range(NUM_KINDS):
                if p in safe:
                    continue
                need = [0] * NUM_KINDS
                need[a] += 3
                need[b] += 3
                need[p] += 2
                w = 1
                for k in range(NUM_KINDS):
                    n = need[k]
                    if n > COPIES[k] or (k >= VALUE_KINDS and n > 3):
                        w = 0
                        break
                    extra = n - known[k]
                    if extra < 0 or extra > pool[k]:
                        w = 0
                        break
                    if extra:
                        w *= comb(pool[k], extra)
                if w:
                    targets.append(_Target(tuple(need), p))
                    weights.append(float(w))
    return targets, weights


Callers = dict[int, tuple[list[_Target], list[float]]]


def callers_of(mem: Memory) -> Callers:
    """For every opponent that has called: the ready hands it may hold and their weights
    (:func:`caller_targets`), worked out once per decision for the sampler and the outlook."""
    return {
        s: caller_targets(mem.known[s], list(mem.avail), mem.safe[s])
        for s in range(SEATS)
        if s != mem.seat and mem.called[s]
    }


class _Sampler:
    """Draws determinizations of the hidden cards for one decision (see the module docstring)."""

    def __init__(self, mem: Memory, callers: Callers | None = None) -> None:
        self.mem = mem
        self.pool = list(mem.avail)  # unseen cards by kind: opponents' unknown cards and the stock
        self.opponents = [s for s in range(SEATS) if s != mem.seat]
        self.callers = callers_of(mem) if callers is None else callers

    def sample(self, rng: random.Random) -> tuple[list[list[int]], list[int]] | None:
        """Opponents' hands (kind counts, by seat; own hand left empty) and the stock (draw from the end)."""
        pool = self.pool[:]
        hands: list[list[int]] = [[0] * NUM_KINDS for _ in range(SEATS)]
        for s, (targets, weights) in self.callers.items():
            if not targets:
                return None
            for _ in range(20):
                t = rng.choices(targets, weights)[0]
                extra = [t.counts[k] - self.mem.known[s][k] for k in range(NUM_KINDS)]
                if all(extra[k] <= pool[k] for k in range(NUM_KINDS)):
                    break
            else:
                return None
            for k in range(NUM_KINDS):
                pool[k] -= extra[k]
            hands[s] = list(t.counts)
        cards = [k for k in range(NUM_KINDS) for _ in range(pool[k])]
        free = [s for s in self.opponents if s not in self.callers]
        sizes = [8 - sum(self.mem.known[s]) for s in free]
        stock_size = len(cards) - sum(sizes)
        if stock_size < 0:
            return None
        parts = share_out(cards, [*sizes, stock_size], rng)
        for s, part in zip(free, parts, strict=False):
            hand = list(self.mem.known[s])
            for k in part:
                hand[k] += 1
            hands[s] = hand
        return hands, parts[-1]


def _finish_turn(deal: SimDeal, me: int, hand: list[int]) -> bool:
    """After this seat picked up: greedy discard, call if ready. True if that ended the deal
    (the stock is out: a drawn deal)."""
    k = greedy_discard(hand, deal.dead)
    hand[k] -= 1
    deal.top = k
    if ready_wait(hand) is not None:
        deal.called[me] = True
    deal.seat = (me + 1) % SEATS
    return not deal.stock


def _run(mem: Memory, hands: list[list[int]], stock: list[int], action: Action) -> int:
    """Net points of this seat when ``action`` is played on one sampled deal and it is played out."""
    me = mem.seat
    hands = [h[:] for h in hands]
    hands[me] = list(mem.counts)
    dead = list(mem.dead)
    top = None if mem.top is None else kind_of_code(mem.top)
    if top is not None:
        dead[top] -= 1  # the sim counts the top as dead only once it is covered
    deal = SimDeal(hands, stock[:], top, list(mem.called), dead, me)
    hand = hands[me]
    if action.do == "discard":
        assert action.card is not None
        k = kind_of_code(action.card)
        hand[k] -= 1
        if deal.top is not None:
            dead[deal.top] += 1
        deal.top = k
        deal.called[me] = action.call
        if not deal.stock:
            return 0
        deal.seat = (me + 1) % SEATS
    elif action.do == "take" and top is not None:
        hand[top] += 1
        deal.top = None
        if _finish_turn(deal, me, hand):
            return 0
    elif action.do == "draw":
        hand[deal.stock.pop()] += 1
        if top is not None:
            dead[top] += 1
        deal.top = None
        if _finish_turn(deal, me, hand):
            return 0
    else:  # a call at the start of the turn: the turn then plays itself
        deal.called[me] = True
    winner, x = play_out(deal)
    return settle(winner, x, me)


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


def _delay_call(decision: Decision[Action], legal: tuple[Action, ...]) -> Decision[Action]:
    """A calling discard made plain: the call waits for the start of the next turn, so the right-hand
    neighbour makes its next discard without knowing this hand is ready (and the turn that starts
    with the call still takes that discard if it is the wait)."""
    a = decision.action
    if a.do != "discard" or not a.call:
        return decision
    for b in legal:
        if b.do == "discard" and b.card == a.card and not b.call:
            # the reason must not say "call" for a discard that does not call
            params = {
                k: decision.reason.params[k] for k in ("card", "kind", "live") if k in decision.reason.params
            }
            reason = hint("discard-keep-ready", **params) if len(params) == 3 else decision.reason
            return Decision(b, reason)
    return decision


def make_outlook(mem: Memory, stock: int) -> Outlook:
    """The outlook of this seat's hands with ``stock`` cards left to draw."""
    survive = 1.0
    for s in range(SEATS):
        if s != mem.seat:
            survive *= 1 - (HAZARD_CALLED if mem.called[s] else HAZARD_OPEN)
    right = (mem.seat - 1) % SEATS
    extra = 1.0 if mem.called[right] else PILE_BONUS
    return Outlook(mem.avail, stock // SEATS, survive, extra)


def outlook_discard(
    mem: Memory,
    legal: tuple[Action, ...],
    base: Decision[Action],
    options: list[normal.DiscardOption],
    callers: Callers,
) -> Decision[Action]:
    """``base`` (normal's discard, chosen among ``options``), unless the outlook of the kept hands
    (times the chance the left neighbour, if it has called, does not win on the card) prefers another.
    ``callers`` is :func:`callers_of` ``mem``."""
    look = make_outlook(mem, mem.stock)
    hand = list(mem.counts)
    danger = _left_wait_odds(callers.get(mem.left))
    best_v = -1.0
    best = None
    for o in options:
        hand[o.kind] -= 1
        v = look.value(hand)
        hand[o.kind] += 1
        if v is None:
            continue
        v *= 1 - (o.danger if danger is None else danger[o.kind])
        if not mem.called[mem.left] and mem.known[mem.left][o.kind] > 0:
            v *= 1 - DENY
        if v > best_v:
            best_v, best = v, o
    if best is None:
        return base
    call = best.wait is not None and mem.avail[best.wait] > 0
    action = normal.discard_action(legal, best.kind, call)
    if action == base.action:
        return base
    return Decision(action, normal.discard_reason(action, best, mem.called[mem.left], call))


def _left_wait_odds(left: tuple[list[_Target], list[float]] | None) -> list[float] | None:
    """Per kind, the chance it is the called left neighbour's wait, over every ready hand it may hold
    (``left``, from :func:`callers_of`) weighted by the ways the unseen cards deal it; None if that
    seat has not called."""
    if left is None:
        return None
    targets, weights = left
    odds = [0.0] * NUM_KINDS
    for t, w in zip(targets, weights, strict=True):
        odds[t.wait] += w
    total = sum(odds)
    return [o / total for o in odds] if total > 0 else odds


def _best_kept(look: Outlook, hand: list[int], turns: int) -> float | None:
    best: float | None = None
    for k in range(NUM_KINDS):
        if hand[k] == 0:
            continue
        hand[k] -= 1
        v = look.value(hand, turns)
        hand[k] += 1
        if v is not None and (best is None or v > best):
            best = v
    return best


def outlook_pickup(mem: Memory, legal: tuple[Action, ...], base: Decision[Action]) -> Decision[Action]:
    """``base`` (normal's pickup), but take or draw by the outlook when the hand is near ready."""
    if base.action.do == "call" or mem.top is None:
        return base
    take = normal._find(legal, "take")
    draw = normal._find(legal, "draw")
    if take is None or draw is None:
        return base
    look = make_outlook(mem, mem.stock)
    hand = list(mem.counts)
    top = kind_of_code(mem.top)
    hand[top] += 1
    v_take = _best_kept(look, hand, mem.stock // SEATS)
    hand[top] -= 1
    if v_take is None:
        return base
    v_draw = 0.0
    unseen = sum(mem.avail)
    for j in range(NUM_KINDS):
        a = mem.avail[j]
        if a <= 0:
            continue
        hand[j] += 1
        v = _best_kept(look, hand, (mem.stock - 1) // SEATS)
        hand[j] -= 1
        v_draw += a / unseen * (v or 0.0)
    choice = take if v_take > v_draw else draw
    if choice == base.action:
        return base
    if choice == take:
        hand[top] += 1
        after = min(
            distance([c - (k == d) for k, c in enumerate(hand)], mem.avail)
            for d in range(NUM_KINDS)
            if hand[d]
        )
        return Decision(take, hint("take-closer", card=mem.top, distance=after))
    return Decision(draw, hint("draw-no-help", card=mem.top))


MIN_ROUNDS = 32  # sequential stopping: the fewest rounds before a decision may be called settled
CHECK_EVERY = 16
Z_HOPELESS = 1.0  # settled when no candidate's paired gain is this many standard errors above 0 ...
Z_CLEAR = 4.0  # ... or one's is this many


def _settled(diff: list[float], diff2: list[float], rounds: int) -> bool:
    """Whether more rounds would hardly change the decision: no alternative to the baseline looks
    like it could become significantly better, or one already clearly is."""
    top = max((z for _, z in _paired_gains(diff, diff2, rounds)), default=-1e9)
    return top < Z_HOPELESS or top > Z_CLEAR


class HardBot:
    """The ``hard`` level (see the module docstring): at most ``max_rounds`` rounds and
    ``work_budget`` simulated turns (None: no budget but the rounds)."""

    game = "cherki"
    level = "hard"

    def __init__(self, max_rounds: int = MAX_ROUNDS, work_budget: int | None = WORK_BUDGET) -> None:
        self.max_rounds = max_rounds
        self.work_budget = work_budget

    def decide(self, view: CherkiView, rng: random.Random) -> Decision[Action]:
        return _delay_call(self._decide(view, rng), view.legal)

    def _decide(self, view: CherkiView, rng: random.Random) -> Decision[Action]:
        forced = normal.forced_decision(view)
        if forced is not None:
            return forced
        legal = view.legal
        mem = read_view(view)
        baseline, candidates, options = self._candidates(mem, legal)
        callers = callers_of(mem)
        if options is not None:
            baseline = outlook_discard(mem, legal, baseline, options, callers)
        elif baseline.action.do != "call":
            baseline = outlook_pickup(mem, legal, baseline)
        if baseline.action in candidates:  # the outlook's choice is the one the search must beat
            candidates.remove(baseline.action)
        candidates.insert(0, baseline.action)
        if len(candidates) < 2 or self.max_rounds <= 0:
            return baseline
        sampler = _Sampler(mem, callers)
        n = len(candidates)
        # paired against normal's choice (candidate 0): sums of differences and of their squares
        diff = [0.0] * n
        diff2 = [0.0] * n
        totals = [0.0] * n
        rounds = 0
        # what one round costs: every candidate played out, about one turn per card in the stock
        round_cost = n * (mem.stock + 1)
        budget = self.max_rounds if self.work_budget is None else max(1, self.work_budget // round_cost)
        while rounds < min(self.max_rounds, budget):
            sample = sampler.sample(rng)
            if sample is None:
                break
            hands, stock = sample
            scores = [_score(_run(mem, hands, stock, action)) for action in candidates]
            for i in range(n):
                totals[i] += scores[i]
                d = scores[i] - scores[0]
                diff[i] += d
                diff2[i] += d * d
            rounds += 1
            if rounds >= MIN_ROUNDS and rounds % CHECK_EVERY == 0 and _settled(diff, diff2, rounds):
                break
        best = _significant_best(diff, diff2, rounds)
        if best == 0:
            return baseline
        action = candidates[best]
        mean = round(totals[best] / rounds)
        if action.do == "discard":
            return Decision(action, hint("search-discard", card=action.card or "", rounds=rounds, net=mean))
        return Decision(action, hint(f"search-{action.do}", rounds=rounds, net=mean))

    @staticmethod
    def _candidates(
        mem: Memory, legal: tuple[Action, ...]
    ) -> tuple[Decision[Action], list[Action], list[normal.DiscardOption] | None]:
        """Normal's decision, the actions worth searching (normal's first) and, for a discard, the
        options normal chose among (None for a pickup)."""
        if any(a.do == "discard" for a in legal):
            options = normal.discard_options(mem)
            baseline = normal.discard_from(mem, legal, options)
            ranked = sorted(options, key=lambda o: o.own, reverse=True)
            actions = [baseline.action]
            top = ranked[0]
            for o in ranked:
                if len(actions) >= CANDIDATES:
                    break
                if o.distance != top.distance or o.value < NEAR_BEST * top.value:
                    continue
                call = o.wait is not None and mem.avail[o.wait] > 0
                a = normal.discard_action(legal, o.kind, call)
                if a not in actions:
                    actions.append(a)
            return baseline, actions, options
        baseline = normal.pickup(mem, legal)
        if baseline.action.do == "call":
            return baseline, [baseline.action], None  # a live wait is always worth calling
        actions = [baseline.action] + [a for a in legal if a.do in ("draw", "take") and a != baseline.action]
        return baseline, actions, None
