"""Seats and turn order, shared by every game."""

from __future__ import annotations

from typing import Any


def next_seat(seat: int, num_seats: int, *, clockwise: bool = True) -> int:
    """The seat that plays after ``seat``.

    Seats are numbered so that ``(s + 1) % n`` is the next seat in the game's default direction;
    ``clockwise=False`` walks the other way (where a game's rule options allow it).
    """
    return (seat + 1) % num_seats if clockwise else (seat - 1) % num_seats


def seats_from(first: int, num_seats: int, *, clockwise: bool = True) -> list[int]:
    """All seats in playing order, starting with ``first``."""
    order = [first]
    while len(order) < num_seats:
        order.append(next_seat(order[-1], num_seats, clockwise=clockwise))
    return order


def invite_order(game: Any) -> tuple[int, ...]:
    """The seats a table of ``game`` invites friends to, in order, as its profile says
    (``Profile.invite_order``: a partnership game seats one friend as the host's partner; by
    default seats 1, 2, …). The host keeps seat 0. The registry's check refuses an order that is
    not the other seats each once (``cardavia.web.entries.check_entry``)."""
    order: tuple[int, ...] = game.profile.invite_order
    return order
