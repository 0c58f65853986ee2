"""What one seat's view tells a Gaple bot, as tile masks of the double-six pack (bit ``t`` for tile
``t``): its own tiles, the tiles on the line, the tiles it has not seen, who passed on which pips and
how often, and what a play would do to the line's ends.

Read from the view only (``GapleView``): nothing here sees another hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardavia.games.gaple import Action, GapleView
from cardavia.games.packs.double_six import (
    BY_CODE,
    FULL_MASK,
    HIGH,
    LOW,
    TILE_PIPS,
    WITH_PIP,
    mask_of,
    tiles_in,
)

NUM_SEATS = 4


def pips_of(mask: int) -> int:
    return sum(TILE_PIPS[t] for t in tiles_in(mask))


@dataclass(frozen=True, slots=True)
class Reading:
    """One view, read: masks of tiles by where the seat knows (or does not know) they are."""

    view: GapleView
    hand: int  # the seat's own tiles
    line: int  # the tiles on the line
    own_dead: int  # the seat's own dead tiles
    unseen: int  # every tile the seat has not seen: other hands, other seats' dead tiles, the stock
    passes: tuple[tuple[int, ...], ...]  # per seat, per pip: how many times it passed (or discarded) on it

    @property
    def seat(self) -> int:
        return self.view.seat

    @property
    def teams(self) -> bool:
        return self.view.options.teams

    def partner_of(self, seat: int) -> int | None:
        return (seat + 2) % NUM_SEATS if self.teams else None

    def opponent(self, other: int) -> bool:
        """Whether ``other`` plays against this seat (everyone else, or the other team)."""
        if other == self.seat:
            return False
        return not self.teams or other % 2 != self.seat % 2

    def lacks(self, seat: int, pip: int) -> bool:
        return pip in self.view.lacks[seat]

    def players_after(self) -> list[int]:
        """The other seats still holding tiles, in turn order from the one after this seat."""
        sizes = self.view.hand_sizes
        return [
            (self.seat + k) % NUM_SEATS for k in range(1, NUM_SEATS) if sizes[(self.seat + k) % NUM_SEATS]
        ]

    def count(self) -> int:
        """This seat's count now: the pips in its hand and its dead tiles."""
        return pips_of(self.hand) + pips_of(self.own_dead)


def read(view: GapleView) -> Reading:
    hand = mask_of(BY_CODE[c].index for c in view.hand)
    line = mask_of(BY_CODE[p.tile].index for p in view.line)
    own_dead = mask_of(BY_CODE[c].index for c in view.dead)
    passes = [[0] * 7 for _ in range(NUM_SEATS)]
    for turn in view.history:
        if turn.do != "play" and turn.ends is not None:
            for pip in set(turn.ends):
                passes[turn.seat][pip] += 1
    return Reading(
        view=view,
        hand=hand,
        line=line,
        own_dead=own_dead,
        unseen=FULL_MASK & ~hand & ~line & ~own_dead,
        passes=tuple(tuple(p) for p in passes),
    )


def ends_after(ends: tuple[int, int] | None, action: Action) -> tuple[int, int]:
    """The line's (left, right) ends after ``action``, a play (the opening tile lies low pip left)."""
    t = action.tile
    assert t is not None
    if ends is None:
        return (LOW[t], HIGH[t])
    left, right = ends
    if action.end == "left":
        return (HIGH[t] if LOW[t] == left else LOW[t], right)
    return (left, HIGH[t] if LOW[t] == right else LOW[t])


def exposed(ends: tuple[int, int] | None, action: Action) -> int:
    """The pip ``action`` (a play) puts at an end: the tile's half that does not match (the higher
    half of an opening tile)."""
    new = ends_after(ends, action)
    if ends is None:
        return new[1]
    return new[0] if action.end == "left" else new[1]


def fits(mask: int, ends: tuple[int, int]) -> int:
    """The tiles of ``mask`` that carry a pip of either end."""
    return mask & (WITH_PIP[ends[0]] | WITH_PIP[ends[1]])
