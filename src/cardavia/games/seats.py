"""Seats and turn order, shared by every game."""

from __future__ import annotations


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
