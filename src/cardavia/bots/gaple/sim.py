"""A lean Gaple play-out for the ``hard`` level's worlds and the review's: a whole deal's state (every
hand known, as in a drawn world) played to its end by a fast policy in every seat, with no view built.

The state is a few ints: each hand a mask of tile numbers, each seat's dead pips, the line's two ends.
The rules are the engine's (the same turn order, pass and discard, out before blocked, the blocked
deal's winner and the points from ``cardavia.games.gaple``'s own functions); the tests play the same
deals through the engine and here and compare the results.

The policy (every seat, each hand known, as in the world it plays): lay the tile, at the end, that
scores highest: its pips, four more for a double (hard to place later), two more if the hand still
fits the new ends, one for each other tile of the pip it puts at an end, three more if the next
player then holds nothing that fits; a play that closes the line comes first if it wins the deal
and last if it does not.
Stuck under the discard rule: lay face down the tile whose pips are least alive (most of their tiles
already on the line). Deterministic: it draws no random number, so a comparison of candidates in one
world is paired.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardavia.games.gaple import Action, Options, blocked_winner, returns_of
from cardavia.games.gaple.scoring import points_of
from cardavia.games.packs.double_six import DOUBLE, HIGH, LOW, TILE_PIPS, WITH_PIP, tiles_in

NUM_SEATS = 4
_BYTE_PIPS = tuple(
    tuple(sum(TILE_PIPS[8 * k + b] for b in range(8) if n >> b & 1 and 8 * k + b < 28) for n in range(256))
    for k in range(4)
)
_IS_DOUBLE = tuple(t in DOUBLE for t in range(28))
_BASE = tuple(TILE_PIPS[t] + (4 if _IS_DOUBLE[t] else 0) for t in range(28))
STARVE = 3  # a play after which the next player holds nothing that fits
CLOSE = 100  # a play that closes the line: first if it wins the deal, last if not


def mask_pips(mask: int) -> int:
    """The pips of the tiles of a mask, by bytes."""
    return (
        _BYTE_PIPS[0][mask & 255]
        + _BYTE_PIPS[1][(mask >> 8) & 255]
        + _BYTE_PIPS[2][(mask >> 16) & 255]
        + _BYTE_PIPS[3][(mask >> 24) & 255]
    )


@dataclass(slots=True)
class World:
    """A whole deal's state: every hand, every seat's dead pips, the line's ends (None before the
    opening), how many tiles of each pip lie on the line, and the seat to act."""

    held: list[int]
    dead: list[int]
    ends: tuple[int, int] | None
    on_line: list[int]
    to_act: int

    def copy(self) -> World:
        return World(list(self.held), list(self.dead), self.ends, list(self.on_line), self.to_act)


def _lay(world: World, seat: int, t: int, end: str | None) -> bool:
    """Lay tile ``t`` at ``end`` (None: the opening); True when the deal is over (out or blocked)."""
    held = world.held
    held[seat] &= ~(1 << t)
    low, high = LOW[t], HIGH[t]
    world.on_line[low] += 1
    if high != low:
        world.on_line[high] += 1
    ends = world.ends
    if ends is None:
        world.ends = (low, high)
    elif end == "left":
        world.ends = (high if low == ends[0] else low, ends[1])
    else:
        world.ends = (ends[0], high if low == ends[1] else low)
    return not held[seat]


def _choose(world: World, seat: int, options: Options) -> tuple[int, str] | None:
    """The policy's play for ``seat`` (tile, end), or None when it holds no tile that fits."""
    held = world.held
    hand = held[seat]
    ends = world.ends
    assert ends is not None
    left, right = ends
    fits = hand & (WITH_PIP[left] | WITH_PIP[right])
    if not fits:
        return None
    nxt = _next(world, seat)
    everyone = held[0] | held[1] | held[2] | held[3]
    best = -1e9
    choice = (0, "left")
    while fits:
        bit = fits & -fits
        fits ^= bit
        t = bit.bit_length() - 1
        rest = hand ^ bit
        low, high = LOW[t], HIGH[t]
        for end, at, other in (("left", left, right), ("right", right, left)):
            if low != at and high != at:
                continue
            outer = high if low == at else low
            live = WITH_PIP[outer] | WITH_PIP[other]
            score = _BASE[t] + (rest & WITH_PIP[outer]).bit_count()
            if rest & live:
                score += 2
            if nxt != seat and not held[nxt] & live:
                score += STARVE
            if rest and not everyone & ~bit & live:  # it closes the line: only if it wins
                score += CLOSE if _wins_closed(world, seat, bit, options) else -CLOSE
            if score > best:
                best = score
                choice = (t, end)
    return choice


def _wins_closed(world: World, seat: int, bit: int, options: Options) -> bool:
    """Whether ``seat`` (or its team) wins the deal it closes by laying the tile ``bit``."""
    counts = [mask_pips(world.held[s] & ~bit) + world.dead[s] for s in range(NUM_SEATS)]
    winner = blocked_winner(counts, seat, options)
    return winner % 2 == seat % 2 if options.teams else winner == seat


def _dead_tile(world: World, seat: int) -> int:
    """The tile the policy lays face down: the one whose pips are least alive."""
    on_line = world.on_line
    return min(
        tiles_in(world.held[seat]), key=lambda t: (-(on_line[LOW[t]] + on_line[HIGH[t]]), -TILE_PIPS[t])
    )


def policy(world: World, options: Options) -> Action:
    """The policy's action for the seat to act, as an action (what :func:`play_out` does inline)."""
    seat = world.to_act
    play = _choose(world, seat, options)
    if play is not None:
        return Action(seat, "play", play[0], play[1])
    if options.stuck == "discard":
        return Action(seat, "discard", _dead_tile(world, seat))
    return Action(seat, "pass")


def apply(world: World, action: Action, options: Options) -> tuple[str, int] | None:
    """Apply the action of the seat to act (a legal one: the caller drew it from the view's legal
    actions). The deal's end, ("out", seat) or ("blocked", blocker), or None if it goes on."""
    seat = world.to_act
    if action.do == "play":
        assert action.tile is not None
        if _lay(world, seat, action.tile, action.end if world.ends is not None else None):
            return ("out", seat)
        if _closed(world):
            return ("blocked", seat)
    elif action.do == "discard":
        assert action.tile is not None
        world.held[seat] &= ~(1 << action.tile)
        world.dead[seat] += TILE_PIPS[action.tile]
    world.to_act = _next(world, seat)
    return None


def _closed(world: World) -> bool:
    assert world.ends is not None
    fits = WITH_PIP[world.ends[0]] | WITH_PIP[world.ends[1]]
    h = world.held
    return not ((h[0] | h[1] | h[2] | h[3]) & fits)


def _next(world: World, seat: int) -> int:
    """The next seat in turn with tiles in hand (``seat`` itself if no other has any)."""
    held = world.held
    for k in (1, 2, 3):
        nxt = (seat + k) % NUM_SEATS
        if held[nxt]:
            return nxt
    return seat


def play_out(world: World, options: Options) -> tuple[str, int]:
    """Play ``world`` (after the line is opened) to its end with the policy in every seat; the end as
    :func:`apply` says it. A drawn world whose line nobody can extend (its fitting tiles all drawn
    into the stock or dead tiles: a real deal would have ended) ends blocked by the last seat that
    played once every hand has had a turn in vain."""
    assert world.ends is not None, "a play-out starts once the line is opened"
    discard = options.stuck == "discard"
    last = world.to_act
    idle = 0
    while True:
        seat = world.to_act
        play = _choose(world, seat, options)
        if play is not None:
            t, end = play
            if _lay(world, seat, t, end):
                return ("out", seat)
            if _closed(world):
                return ("blocked", seat)
            last, idle = seat, 0
        else:
            if discard:
                t = _dead_tile(world, seat)
                world.held[seat] &= ~(1 << t)
                world.dead[seat] += TILE_PIPS[t]
            idle += 1
            if idle > NUM_SEATS or not any(world.held):
                return ("blocked", last)
        world.to_act = _next(world, seat)


def returns(world: World, end: tuple[str, int], options: Options) -> tuple[int, ...]:
    """Each seat's returns from a finished world, as the engine scores the deal."""
    counts = [mask_pips(world.held[s]) + world.dead[s] for s in range(NUM_SEATS)]
    how, seat = end
    winner = seat if how == "out" else blocked_winner(counts, seat, options)
    return returns_of(counts, points_of(counts, winner, options), winner)


def finish(world: World, action: Action, options: Options) -> tuple[int, ...]:
    """The returns of ``world`` (changed in place) once ``action`` is applied and the deal played out."""
    end = apply(world, action, options)
    if end is None:
        end = play_out(world, options)
    return returns(world, end, options)


def on_line_of(tiles: Sequence[int]) -> list[int]:
    """How many tiles of each pip lie among ``tiles`` (a double once)."""
    out = [0] * 7
    for t in tiles:
        out[LOW[t]] += 1
        if HIGH[t] != LOW[t]:
            out[HIGH[t]] += 1
    return out
