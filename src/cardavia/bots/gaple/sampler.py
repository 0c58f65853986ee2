"""Deals consistent with one seat's view, drawn at random: the tiles it has not seen shared out among
the other hands (in their sizes), the other seats' dead tiles and the face-down stock, so that no
place holds a tile the view rules out for it.

What rules a tile out (spec: What a seat knows): a seat that passed, or discarded, with pips ``a`` and
``b`` at the ends held no tile carrying either, and its hand only loses tiles, so it holds none now;
a tile it discarded then was in that hand, so it carries neither pip either (nor any pip it had
passed on before); a seat the right to open a later deal passed over held no double. The stock is
never constrained.

A draw is uniform over the shares that fit when a plain shuffle fits (tried a few times first);
otherwise the tiles are placed one by one in a random order, each into a place that allows it
(weighted by the room left) among those that keep the rest placeable, which Hall's condition on the
groups of alike places decides exactly, so a draw always fits whenever any share does.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardavia.bots.gaple.reading import Reading
from cardavia.bots.gaple.sim import World, mask_pips, on_line_of
from cardavia.games.packs.double_six import DOUBLES_MASK, FULL_MASK, TILE_PIPS, WITH_PIP, mask_of, tiles_in

NUM_SEATS = 4
STOCK = -1  # the owner of the stock place
TRIES = 12  # plain shuffles tried before placing tile by tile
OPEN_TRIES = 8  # draws tried for a world whose line some hand can still extend


@dataclass(frozen=True, slots=True)
class Places:
    """Where the unseen tiles may be: each place's owner (a seat, or ``STOCK``), whether it is a dead
    tile, its size and the mask of the tiles it may hold; ``pool`` the unseen tiles."""

    owners: tuple[int, ...]
    dead: tuple[bool, ...]
    sizes: tuple[int, ...]
    allowed: tuple[int, ...]
    pool: tuple[int, ...]


def _without(pips: set[int]) -> int:
    mask = FULL_MASK
    for pip in pips:
        mask &= ~WITH_PIP[pip]
    return mask


def places_of(r: Reading) -> Places:
    """The places of the tiles ``r``'s seat has not seen, with what each may hold."""
    view = r.view
    lacked: list[set[int]] = [set() for _ in range(NUM_SEATS)]
    no_double = [
        FULL_MASK & ~DOUBLES_MASK if s in view.without_doubles else FULL_MASK for s in range(NUM_SEATS)
    ]
    owners: list[int] = []
    dead: list[bool] = []
    sizes: list[int] = []
    allowed: list[int] = []
    for turn in view.history:
        if turn.do == "play" or turn.ends is None:
            continue
        lacked[turn.seat].update(turn.ends)
        if turn.do == "discard" and turn.seat != r.seat:
            owners.append(turn.seat)
            dead.append(True)
            sizes.append(1)
            allowed.append(_without(lacked[turn.seat]) & no_double[turn.seat])
    for seat in range(NUM_SEATS):
        if seat != r.seat and view.hand_sizes[seat]:
            owners.append(seat)
            dead.append(False)
            sizes.append(view.hand_sizes[seat])
            allowed.append(_without(lacked[seat]) & no_double[seat])
    if view.stock:
        owners.append(STOCK)
        dead.append(False)
        sizes.append(view.stock)
        allowed.append(FULL_MASK)
    pool = tuple(tiles_in(r.unseen))
    assert sum(sizes) == len(pool), "the view's places do not hold its unseen tiles"
    return Places(tuple(owners), tuple(dead), tuple(sizes), tuple(allowed), pool)


def _groups(places: Places, room: list[int]) -> tuple[list[int], list[int]]:
    """Places with room merged by what they allow: each group's allowed mask and room."""
    masks: list[int] = []
    rooms: list[int] = []
    for mask, n in zip(places.allowed, room, strict=True):
        if not n:
            continue
        if mask in masks:
            rooms[masks.index(mask)] += n
        else:
            masks.append(mask)
            rooms.append(n)
    return masks, rooms


def placeable(tiles: list[int], places: Places, room: list[int]) -> bool:
    """Whether ``tiles`` can all go into places with ``room`` left, each into one that allows it:
    Hall's condition, for every set of groups of alike places, the tiles that only those groups
    allow must fit in their room."""
    masks, rooms = _groups(places, room)
    members: dict[int, int] = {}
    for t in tiles:
        m = 0
        for g, mask in enumerate(masks):
            if mask >> t & 1:
                m |= 1 << g
        if not m:
            return False
        members[m] = members.get(m, 0) + 1
    n = len(masks)
    for q in range(1, 1 << n):
        need = sum(c for m, c in members.items() if not m & ~q)
        if need > sum(rooms[g] for g in range(n) if q >> g & 1):
            return False
    return True


def draw(places: Places, rng: random.Random) -> list[list[int]] | None:
    """One share of the pool into the places (each place's tiles), or None if no share fits."""
    pool = list(places.pool)
    sizes, allowed = places.sizes, places.allowed
    for _ in range(TRIES):
        rng.shuffle(pool)
        out, start = [], 0
        for size, mask in zip(sizes, allowed, strict=True):
            part = pool[start : start + size]
            if any(not mask >> t & 1 for t in part):
                break
            out.append(part)
            start += size
        else:
            return out
    room = list(sizes)
    if not placeable(pool, places, room):
        return None
    rng.shuffle(pool)
    out = [[] for _ in sizes]
    for i, t in enumerate(pool):
        rest = pool[i + 1 :]
        choices = []
        for p, mask in enumerate(allowed):
            if room[p] and mask >> t & 1:
                room[p] -= 1
                if placeable(rest, places, room):
                    choices.append(p)
                room[p] += 1
        place = rng.choices(choices, weights=[room[p] for p in choices])[0]
        out[place].append(t)
        room[place] -= 1
    return out


def world_of(r: Reading, places: Places, shares: list[list[int]]) -> World:
    """The whole deal of a draw: this seat's hand and dead tiles from its view, the others' drawn."""
    held = [0] * NUM_SEATS
    dead = [0] * NUM_SEATS
    held[r.seat] = r.hand
    dead[r.seat] = mask_pips(r.own_dead)
    for owner, is_dead, part in zip(places.owners, places.dead, shares, strict=True):
        if owner == STOCK:
            continue
        if is_dead:
            dead[owner] += sum(TILE_PIPS[t] for t in part)
        else:
            held[owner] = mask_of(part)
    view = r.view
    return World(held, dead, view.ends, on_line_of(tiles_in(r.line)), r.seat)


def sample_world(r: Reading, places: Places, rng: random.Random) -> World | None:
    """A whole deal consistent with ``r``'s view, or None if none fits (never with a real view).

    The deal goes on, so some hand holds a tile that fits the line: a draw that put every such tile
    into the stock or dead tiles is drawn again (a few times; then kept, and the play-out ends it)."""
    world = None
    for _ in range(OPEN_TRIES):
        shares = draw(places, rng)
        if shares is None:
            return None
        world = world_of(r, places, shares)
        ends = world.ends
        if ends is None or any(h & (WITH_PIP[ends[0]] | WITH_PIP[ends[1]]) for h in world.held):
            return world
    return world
