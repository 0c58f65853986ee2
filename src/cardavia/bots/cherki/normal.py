"""The ``normal`` level: distance to ready and live-card counting over everything the seat has seen.

It keeps the discard that leaves the fewest cards to replace, then the most unseen cards that would
improve the hand (weighted a little by the points the hand would win), takes the top discard only
when it brings the hand closer to ready, calls as soon as the wait is live, and, when its left-hand
neighbour (the seat its discards are offered to) has called, discards kinds that cannot be that
seat's wait first. This is also the level behind the players' Hint button.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardavia.bots.base import Decision, Reason, forced_first
from cardavia.bots.cherki.memory import Memory, read_view
from cardavia.bots.cherki.messages import hint
from cardavia.bots.cherki.shape import NUM_KINDS, POINTS, distance, hand_points, improving, overlap
from cardavia.games.cherki.actions import Action
from cardavia.games.cherki.cards import KIND_CODES, kind_of_code
from cardavia.games.cherki.hands import ready_discards, ready_wait
from cardavia.games.cherki.view import CherkiView

_POINTS_WEIGHT = 1 / 90  # a way to improve is worth (1 + points / 90): speed first, points break ties
_KEEP_FOR_SAFETY = 0.6  # a safer discard may cost up to 40 % of the best option's ways


@dataclass(frozen=True)
class DiscardOption:
    """What discarding one card of ``kind`` leaves: distance to ready, live ways, risk."""

    kind: int
    distance: int
    ways: int  # unseen cards that improve the hand (ready: that win it)
    lead: int | None  # the wait if ready, else the improving kind with most unseen cards
    lead_live: int  # unseen cards of ``lead``
    wait: int | None
    value: float  # ways weighted by points
    danger: float  # chance this kind is the called left neighbour's wait (0 if none called)

    @property
    def own(self) -> tuple[int, float]:
        return (-self.distance, self.value)


def wait_danger(mem: Memory) -> list[float] | None:
    """Per kind, the chance it is the called left neighbour's wait; None if that seat has not called.

    A caller's hand holds its wait as a pair at least, so a kind weighs as the number of pairs of it
    that the caller could hold among the cards this seat has not seen (kinds proven safe weigh 0).
    """
    left = mem.left
    if not mem.called[left]:
        return None
    weights = [0.0] * NUM_KINDS
    for k in range(NUM_KINDS):
        if k in mem.safe[left]:
            continue
        n = mem.known[left][k] + mem.avail[k]
        weights[k] = n * (n - 1) / 2
    total = sum(weights)
    return [w / total for w in weights] if total > 0 else weights


def _ready_ways(hand: list[int], imp: list[int], avail: tuple[int, ...]) -> float:
    """For a hand one card from ready: unseen cards that make it ready, each weighted by the live
    cards of the best wait it then leaves (and a little by the points that wait would win)."""
    total = 0.0
    for j in imp:
        hand[j] += 1
        best = 0.0
        for drop, wait in ready_discards(hand).items():
            live = avail[wait] - (1 if wait == j else 0)
            if live > 0:
                hand[drop] -= 1
                x = hand_points(hand) + POINTS[wait]
                hand[drop] += 1
                best = max(best, live * (1 + x * _POINTS_WEIGHT))
        hand[j] -= 1
        total += avail[j] * best
    return total


def discard_options(mem: Memory) -> list[DiscardOption]:
    """Every kind in the 9-card hand, evaluated as the discard."""
    danger = wait_danger(mem)
    avail = mem.avail
    hand = list(mem.counts)
    out = []
    for k in range(NUM_KINDS):
        if hand[k] == 0:
            continue
        hand[k] -= 1
        d = distance(hand, avail)
        wait = ready_wait(hand) if d == 0 else None
        if wait is not None:
            ways = avail[wait]
            lead: int | None = wait
            value = ways * (1 + (hand_points(hand) + POINTS[wait]) * _POINTS_WEIGHT)
        else:
            imp = improving(hand, avail)
            ways = sum(avail[j] for j in imp)
            lead = max(imp, key=avail.__getitem__) if imp else None
            if d == 1:  # one card from ready: count the ways on to a live wait
                value = _ready_ways(hand, imp, avail)
            else:
                value = ways * (1 + hand_points(hand) * _POINTS_WEIGHT)
        hand[k] += 1
        out.append(
            DiscardOption(
                kind=k,
                distance=d,
                ways=ways,
                lead=lead,
                lead_live=0 if lead is None else avail[lead],
                wait=wait,
                value=value,
                danger=0.0 if danger is None else danger[k],
            )
        )
    return out


def choose_discard(options: list[DiscardOption], defending: bool) -> DiscardOption:
    """The best option for the own hand, or, when the left neighbour has called, a safer one that
    costs the hand little.

    Feeding a caller its wait costs nothing extra in the settlement (every opponent pays the same
    whoever gave the card); it only ends the deal before this seat could win. So safety is bought
    only with options as close to ready as the best and nearly as rich in ways to improve.
    """
    best = max(options, key=lambda o: o.own)
    if not defending or best.danger == 0:
        return best
    near = [o for o in options if o.distance == best.distance and o.value >= _KEEP_FOR_SAFETY * best.value]
    return min(near, key=lambda o: (o.danger, -o.value))


def _find(legal: tuple[Action, ...], do: str) -> Action | None:
    for a in legal:
        if a.do == do:
            return a
    return None


def pickup(mem: Memory, legal: tuple[Action, ...]) -> Decision[Action]:
    """Call, take or draw at the start of the turn."""
    call = _find(legal, "call")
    draw = _find(legal, "draw")
    take = _find(legal, "take")
    dead_wait: int | None = None
    if call is not None:
        wait = ready_wait(mem.counts)
        if wait is not None and mem.avail[wait] > 0:
            return Decision(call, hint("call-now", kind=KIND_CODES[wait], live=mem.avail[wait]))
        dead_wait = wait
    if take is not None and mem.top is not None:
        gain = take_gain(mem, kind_of_code(mem.top))
        if gain is not None:
            reason_id = "take-ready" if gain == 0 else "take-closer"
            params = {"card": mem.top} if gain == 0 else {"card": mem.top, "distance": gain}
            return Decision(take, hint(reason_id, **params))
    assert draw is not None, "a seat that may not take or call may always draw"
    if dead_wait is not None:
        return Decision(draw, hint("call-dead-wait", kind=KIND_CODES[dead_wait]))
    if mem.top is not None:
        return Decision(draw, hint("draw-no-help", card=mem.top))
    return Decision(draw, hint("draw-empty"))


def take_gain(mem: Memory, kind: int) -> int | None:
    """The distance to ready after taking a card of ``kind`` and the best discard, if it is closer."""
    now = distance(mem.counts, mem.avail)
    hand = list(mem.counts)
    hand[kind] += 1
    ov = overlap(tuple(hand), tuple(min(a, 9) for a in mem.avail))
    after = 8 - ov if ov >= 0 else now
    return after if after < now else None


def discard_action(legal: tuple[Action, ...], kind: int, call: bool) -> Action:
    """A legal discard of a card of ``kind``, calling if asked and allowed."""
    plain = None
    for a in legal:
        if a.do == "discard" and a.card is not None and kind_of_code(a.card) == kind:
            if a.call == call:
                return a
            if not a.call and plain is None:
                plain = a
    if plain is None:
        raise ValueError(f"no legal discard of kind {KIND_CODES[kind]}")
    return plain


def discard(mem: Memory, legal: tuple[Action, ...]) -> Decision[Action]:
    """The discard (and call) of a 9-card hand."""
    return discard_from(mem, legal, discard_options(mem))


def discard_from(mem: Memory, legal: tuple[Action, ...], options: list[DiscardOption]) -> Decision[Action]:
    """:func:`discard` with the hand's :func:`discard_options` already worked out (``hard`` needs
    them too, and they are the costly part)."""
    defending = mem.called[mem.left]
    best = choose_discard(options, defending)
    call = best.wait is not None and mem.avail[best.wait] > 0
    action = discard_action(legal, best.kind, call)
    return Decision(action, discard_reason(action, best, defending, call))


def discard_reason(action: Action, best: DiscardOption, defending: bool, call: bool) -> Reason:
    card = action.card or ""
    if call and best.wait is not None:
        return hint("discard-call", card=card, kind=KIND_CODES[best.wait], live=best.ways)
    if defending and best.danger == 0:
        return hint("discard-safe", card=card, kind=KIND_CODES[best.kind])
    if defending:
        return hint("discard-least-risk", card=card, kind=KIND_CODES[best.kind])
    if best.wait is not None:
        return hint("discard-keep-ready", card=card, kind=KIND_CODES[best.wait], live=best.ways)
    lead = best.kind if best.lead is None else best.lead  # no lead: every target needs dead cards
    return hint(
        "discard-ways",
        card=card,
        distance=best.distance,
        ways=best.ways,
        kind=KIND_CODES[lead],
        live=best.lead_live,
    )


def forced_decision(view: CherkiView) -> Decision[Action] | None:
    """The one decision a called hand has (its turn is automatic), or None when there is a choice.

    Raises ``ValueError`` when the seat is not to act: every level shares this guard.
    """
    if not view.legal:
        raise ValueError("the seat has no legal action: it is not its turn")
    if view.forced:
        return Decision(view.legal[0], hint("called-auto"))
    return None


class NormalBot:
    """The ``normal`` level (see the module docstring)."""

    game = "cherki"
    level = "normal"

    @forced_first(forced_decision)
    def decide(self, view: CherkiView, rng: random.Random) -> Decision[Action]:
        legal = view.legal
        mem = read_view(view)
        if view.phase == "pickup":
            return pickup(mem, legal)
        return discard(mem, legal)
