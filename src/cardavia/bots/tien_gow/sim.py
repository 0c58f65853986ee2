"""A Tien Gow position as the bots think about it: masks, public state, and fast play-outs.

The engine's :class:`TienGowDeal` replays from the start and checks every rule; a bot's search
instead starts from the *current* position of a sampled world and plays thousands of plays, so it
keeps this lean copy of the trick state. Its rules are the engine's own: the end of a trick, its
payments and the catch come from :mod:`cardavia.games.tien_gow.tricks`, the settlement from
``scoring``; a test plays it side by side with the engine to prove both agree.

Tiles are count-encoded masks (see :mod:`cardavia.games.tien_gow.tiles`). A seat's knowledge is its
hand plus ``gone`` (every face-up tile played): the view shows nothing else, not even the seat's own
face-down tiles, so ``unseen`` is everything outside those two.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardavia.bots.determinize import share_out
from cardavia.games.payments import deltas_of
from cardavia.games.tien_gow.options import DEFAULT_OPTIONS, Options
from cardavia.games.tien_gow.scoring import settlement_lines
from cardavia.games.tien_gow.tiles import CIVIL_LO, FULL_SET, mask_of, normalize, tiles_of
from cardavia.games.tien_gow.tricks import caught_leader, close_trick
from cardavia.games.tien_gow.view import View


def add(a: int, b: int) -> int:
    """The multiset union of two count-encoded masks (together at most the full set)."""
    return a | b | ((a & b & CIVIL_LO) << 1)


def sub(a: int, b: int) -> int:
    """``a`` without the sub-multiset ``b``."""
    return normalize(a & ~b)


def unseen_of(hand: int, gone: int) -> int:
    """What a seat holding ``hand`` cannot see after ``gone`` was played face up."""
    return normalize(FULL_SET & ~add(hand, gone))


def split(mask: int) -> list[int]:
    """The single-tile masks of a mask, one per tile (a civil pair gives both copy slots)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


class Sim:
    """One position, all four hands known (a sampled world), played forward without rule checks.

    Plays are ``(mask, face_up)`` and must be legal (they come from :func:`legal` or a policy that
    only picks legal plays). ``net`` is filled in when the deal ends.
    """

    __slots__ = (
        "banker",
        "columns",
        "final",
        "gone",
        "hands",
        "high",
        "high_seat",
        "immediate",
        "lead",
        "leader",
        "net",
        "options",
        "played",
        "size",
        "step",
        "to_act",
        "winner",
    )

    def __init__(self, hands: list[int], banker: int, options: Options = DEFAULT_OPTIONS) -> None:
        self.hands = hands
        self.banker = banker
        self.options = options
        self.step = options.step
        self.gone = 0
        self.columns = [0, 0, 0, 0]
        self.immediate = [0, 0, 0, 0]
        self.leader = banker
        self.to_act: int | None = banker
        self.size = 0  # tiles per play in the current trick, 0 before its lead
        self.high = 0
        self.high_seat = banker
        self.final = False
        self.lead = 0
        self.played = 0  # plays so far in the current trick
        self.net: list[int] | None = None
        self.winner: int | None = None

    def clone(self) -> Sim:
        new = Sim.__new__(Sim)
        new.hands = self.hands[:]
        new.banker = self.banker
        new.options = self.options
        new.step = self.step
        new.gone = self.gone
        new.columns = self.columns[:]
        new.immediate = self.immediate[:]
        new.leader = self.leader
        new.to_act = self.to_act
        new.size = self.size
        new.high = self.high
        new.high_seat = self.high_seat
        new.final = self.final
        new.lead = self.lead
        new.played = self.played
        new.net = self.net
        new.winner = self.winner
        return new

    def seats_after(self, seat: int) -> list[int]:
        """The seats still to play in the current trick after ``seat``."""
        out = []
        s = seat
        for _ in range(3 - self.played):
            s = (s + self.step) & 3
            out.append(s)
        return out

    def play(self, mask: int, up: bool) -> None:
        seat = self.to_act
        assert seat is not None
        hand = self.hands[seat]
        self.hands[seat] = normalize(hand & ~mask)
        if up:
            self.gone = add(self.gone, mask)
        if not self.size:
            self.size = mask.bit_count()
            self.final = hand.bit_count() == self.size
            self.leader = seat
            self.lead = self.high = mask
            self.high_seat = seat
            self.played = 1
        else:
            self.played += 1
            if up:
                self.high, self.high_seat = mask, seat
        if self.played < 4:
            self.to_act = (seat + self.step) & 3
            return
        winner, size, high = self.high_seat, self.size, self.high
        close_trick(self.columns, self.immediate, winner, size, high, self.final, self.banker, self.options)
        self.size = 0
        self.played = 0
        if not self.final:
            self.leader = self.to_act = winner
            return
        catch = caught_leader(size, self.lead, high, self.leader)
        settle = deltas_of(settlement_lines(winner, self.columns, self.banker, high, catch, self.options), 4)
        self.net = [i + s for i, s in zip(self.immediate, settle, strict=True)]
        self.winner = winner
        self.to_act = None


@dataclass(frozen=True)
class Position:
    """What the view of the seat to act says, in masks: the seed of every sampled world."""

    seat: int
    hand: int
    gone: int
    unseen: int
    hand_sizes: tuple[int, ...]
    down_total: int  # face-down tiles played by anyone (the seat's own included: the view hides them)
    sim: Sim  # public state; other seats' hands are empty until a world is sampled


def position_of(view: View) -> Position:
    """The position a view shows, with the other hands left empty."""
    hand = mask_of(view.hand)
    if hand is None:  # pragma: no cover - an engine view is always a real hand
        raise ValueError("impossible hand in view")
    sim = Sim([0, 0, 0, 0], view.banker, view.options)
    sim.hands[view.seat] = hand
    gone = 0
    down = 0
    for trick in view.tricks:
        for p in trick.plays:
            if p.face_up:
                gone = add(gone, mask_of(p.tiles) or 0)
            else:
                down += p.count
    sim.columns = list(view.columns)
    sim.immediate = list(view.immediate)
    if view.trick:
        lead = view.trick[0]
        lead_mask = mask_of(lead.tiles) or 0
        sim.size = lead.count
        sim.leader = lead.seat
        sim.lead = lead_mask
        sim.final = view.hand_sizes[lead.seat] == 0
        sim.played = len(view.trick)
        for p in view.trick:
            if p.face_up:
                m = mask_of(p.tiles) or 0
                gone = add(gone, m)
                sim.high, sim.high_seat = m, p.seat
            else:
                down += p.count
    else:
        sim.leader = view.leader if view.leader is not None else view.seat
    sim.to_act = view.to_act
    sim.gone = gone
    # the seat knows its own face-down tiles: no other hand holds them, so they are not sampled
    known = add(hand, mask_of(view.discards) or 0)
    return Position(view.seat, hand, gone, unseen_of(known, gone), tuple(view.hand_sizes), down, sim)


def sample_world(pos: Position, rng: random.Random) -> Sim:
    """A copy of the position with the other seats' hands drawn from what the seat cannot see.

    Every split of the unseen tiles into the other hands (of their known sizes) and the face-down
    pile is equally likely: a seat that went face down when it could have beaten may still hold
    the tiles it could have beaten with, so nothing is ruled out.
    """
    others = [s for s in range(4) if s != pos.seat]
    sizes = [pos.hand_sizes[s] for s in others]
    pool = split(pos.unseen)
    places = share_out(pool, [*sizes, len(pool) - sum(sizes)], rng)
    sim = pos.sim.clone()
    for s, tiles in zip(others, places, strict=False):
        m = 0
        for t in tiles:
            m = add(m, _first_slot(t))
        sim.hands[s] = m
    return sim


def _first_slot(bit: int) -> int:
    # a second-copy slot taken alone stands for one copy: the first slot
    return normalize(bit)


def codes(mask: int) -> list[str]:
    """Tile codes of a mask, for reason parameters."""
    return [t.code for t in tiles_of(mask)]
