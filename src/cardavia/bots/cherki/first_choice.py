"""The ``hard`` level's first choice: ``normal``'s, corrected by the outlook of the hands it keeps.

Near ready, the outlook (:mod:`.outlook`) picks the discard and the take-or-draw that give the best
chance of winning before the stock runs out or an opponent wins, that chance cut by the odds of feeding
a called left neighbour its wait (over every ready hand that seat may hold) or an open one a kind it
has been seen collecting. The search then keeps this choice unless another is clearly better.
"""

from __future__ import annotations

from cardavia.bots.base import Decision
from cardavia.bots.cherki import normal
from cardavia.bots.cherki.memory import SEATS, Memory
from cardavia.bots.cherki.messages import hint
from cardavia.bots.cherki.outlook import HAZARD_CALLED, HAZARD_OPEN, PILE_BONUS, Outlook
from cardavia.bots.cherki.sampler import Callers, Target
from cardavia.bots.cherki.shape import NUM_KINDS, distance
from cardavia.games.cherki.actions import Action
from cardavia.games.cherki.cards import kind_of_code

DENY = 0.15  # an open left neighbour that was seen taking a kind is fed another at this cost


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
    ``callers`` is :func:`.sampler.callers_of` ``mem``."""
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


def _left_wait_odds(left: tuple[list[Target], list[float]] | None) -> list[float] | None:
    """Per kind, the chance it is the called left neighbour's wait, over every ready hand it may hold
    (``left``, from :func:`.sampler.callers_of`) weighted by the ways the unseen cards deal it; None if
    that seat has not called."""
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
