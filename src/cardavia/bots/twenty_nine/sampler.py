"""Deals consistent with one seat's view, drawn at random (spec: AI): the hidden cards dealt to the
other seats in their counts, never a suit a seat has shown it lacks (it did not follow; an asker who
then played no trump holds none), the declared King and Queen with the pair's holder, the bidder
holding only trumps if it led the trump while hidden before another seat did; and before the reveal,
for every seat but the bidder, the trump drawn by ``reading.trump_weights``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cardavia.bots.twenty_nine.reading import bidder_led_before_others, suit, trump_weights, unseen, voids
from cardavia.games.packs.french import SUITS
from cardavia.games.twenty_nine import TwentyNineDeal, TwentyNineView
from cardavia.games.twenty_nine.position import FIRST_STAGE, deal_from_view

TRIES = 200  # draws before giving up on a view (none needed so many in the tests' deals)


@dataclass(frozen=True)
class Hidden:
    """One draw of what a seat cannot see: every seat's cards now, the trump, the second fours."""

    holdings: tuple[tuple[str, ...], ...]
    trump: str | None
    second: tuple[tuple[str, ...], ...] | None


def allowed_suits(view: TwentyNineView, trump: str | None) -> list[set[str]]:
    """The suits each seat may still hold, given ``trump`` (drawn or known)."""
    out = [set(SUITS) - v for v in voids(view)]
    bidder = view.bidder
    # a bidder may lead the hidden trump before another seat did only holding nothing but trumps
    if bidder is not None and bidder != view.seat and trump in bidder_led_before_others(view):
        out[bidder] &= {str(trump)}
    return out


def must_hold(view: TwentyNineView, trump: str | None) -> dict[str, int]:
    """Cards a seat is known to hold: the declared King and Queen, while not yet played."""
    if view.pair is None or trump is None:
        return {}
    gone = {c for t in view.tricks for _, c in t.plays} | {c for _, c in view.trick}
    return {c: view.pair[0] for c in (f"K{trump}", f"Q{trump}") if c not in gone}


def consistent(view: TwentyNineView, holdings: Sequence[Sequence[str]], trump: str | None) -> bool:
    """Whether a hidden state fits everything ``view`` shows (the real one always does)."""
    allowed = allowed_suits(view, trump)
    if any(suit(c) not in allowed[s] for s, h in enumerate(holdings) for c in h):
        return False
    return all(c in holdings[s] for c, s in must_hold(view, trump).items())


def _draw_trump(view: TwentyNineView, rng: random.Random) -> str | None:
    if view.trump is not None or not view.trump_set:
        return view.trump
    weights = trump_weights(view)
    return rng.choices(SUITS, [weights[s] for s in SUITS])[0]


# every non-empty set of suits within a set of suits (both as masks of suit numbers), smallest first, so
# that each set comes after the sets it holds
_SUBSETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(g for g in range(1, 1 << len(SUITS)) if g & ~present == 0) for present in range(1 << len(SUITS))
)
_SUIT_NUMBER = {u: i for i, u in enumerate(SUITS)}
_ALL_SUITS = (1 << len(SUITS)) - 1


def _feasible(counts: list[int], room: list[int], allowed: list[int]) -> bool:
    """Whether cards of these counts (by suit number) fit the seats' room within their allowed suits
    (masks of suit numbers): for every set of suits, its cards fit in the seats that may hold one of
    them (supply and demand). On masks, since the sampler asks it for every seat of every card."""
    present = (counts[0] > 0) | (counts[1] > 0) << 1 | (counts[2] > 0) << 2 | (counts[3] > 0) << 3
    r0, r1, r2, r3 = room
    a0, a1, a2, a3 = allowed
    need = [0] * (1 << len(SUITS))
    for group in _SUBSETS[present]:
        low = group & -group
        need[group] = need[group ^ low] + counts[low.bit_length() - 1]
        room_for = (r0 if a0 & group else 0) + (r1 if a1 & group else 0)
        if need[group] > room_for + (r2 if a2 & group else 0) + (r3 if a3 & group else 0):
            return False
    return True


def _deal_out(
    view: TwentyNineView, cards: list[str], trump: str | None, rng: random.Random
) -> list[list[str]] | None:
    """The unseen ``cards`` dealt to the other seats in their counts within their allowed suits, or None
    if no such deal exists; each card goes to a random seat, weighted by its room, among those that
    leave the rest dealable."""
    holdings: list[list[str]] = [[] for _ in range(4)]
    holdings[view.seat] = list(view.hand)
    room = [0 if s == view.seat else view.hand_sizes[s] for s in range(4)]
    known = {c: s for c, s in must_hold(view, trump).items() if s != view.seat}  # its own are in hand
    for card, seat in known.items():
        if card not in cards or room[seat] == 0:
            return None
        holdings[seat].append(card)
        room[seat] -= 1
    allowed = [sum(1 << _SUIT_NUMBER[u] for u in suits) for suits in allowed_suits(view, trump)]
    rest = [c for c in cards if c not in known]
    counts = [0] * len(SUITS)
    for c in rest:
        counts[_SUIT_NUMBER[suit(c)]] += 1
    if not _feasible(counts, room, allowed):
        return None
    rng.shuffle(rest)
    free = all(allowed[s] == _ALL_SUITS for s in range(4) if room[s])  # no void: any order deals
    for card in rest:
        number = _SUIT_NUMBER[suit(card)]
        counts[number] -= 1
        seats = []
        for s in range(4):
            if room[s] and allowed[s] >> number & 1:
                room[s] -= 1
                if free or _feasible(counts, room, allowed):
                    seats.append(s)
                room[s] += 1
        seat = rng.choices(seats, [room[s] for s in seats])[0]
        holdings[seat].append(card)
        room[seat] -= 1
    return holdings


def first_stage_draws(view: TwentyNineView, rng: random.Random, count: int) -> list[Hidden]:
    """``count`` hidden states of a first-stage view, each drawn as :func:`sample` draws one (the same
    draws from the same ``rng``): no card played yet, so any four of the unseen cards to each other
    seat, then every second four; the trump drawn for a seat that does not know it. What the calls
    seen say of the hands is for the caller to weigh (:mod:`.calls`)."""
    hidden = sorted(unseen(view))
    # the weights once for all the draws (``_draw_trump`` reads the view each time)
    weights = None if view.trump is not None or not view.trump_set else trump_weights(view)
    out = []
    for _ in range(count):
        trump = view.trump if weights is None else rng.choices(SUITS, [weights[s] for s in SUITS])[0]
        rng.shuffle(hidden)
        holdings = [list(view.hand) if s == view.seat else [] for s in range(4)]
        rest = list(hidden)
        for s in range(4):
            if s != view.seat:
                holdings[s], rest = rest[:4], rest[4:]
        second = tuple(tuple(rest[4 * s : 4 * s + 4]) for s in range(4))
        out.append(Hidden(tuple(tuple(h) for h in holdings), trump, second))
    return out


def sample(view: TwentyNineView, rng: random.Random) -> Hidden:
    """A random hidden state consistent with ``view`` (``ValueError`` if none is found in ``TRIES``)."""
    if view.phase in FIRST_STAGE:
        return first_stage_draws(view, rng, 1)[0]
    hidden = sorted(unseen(view))
    for _ in range(TRIES):
        trump = _draw_trump(view, rng)
        dealt = _deal_out(view, hidden, trump, rng)
        if dealt is not None:
            return Hidden(tuple(tuple(h) for h in dealt), trump, None)
    raise ValueError("no deal fits this view")


def sampled_deal(view: TwentyNineView, rng: random.Random) -> TwentyNineDeal:
    """A whole deal consistent with ``view``, to play out."""
    drawn = sample(view, rng)
    return deal_from_view(view, drawn.holdings, drawn.trump, drawn.second)
