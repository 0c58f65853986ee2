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
    """The seats a table of ``game`` invites friends to, in order: the game's optional
    ``invite_order`` (a partnership game seats one friend as the host's partner), else seats 1, 2, …
    The host keeps seat 0. A declared order that is not the other seats each once is refused
    (``ValueError``: a registry entry's mistake, which ``cardavia.web.entries.check_entry`` reports)."""
    num_seats: int = game.num_seats
    order = tuple(getattr(game, "invite_order", range(1, num_seats)))
    if sorted(order) != list(range(1, num_seats)):
        raise ValueError(f"{game.name}: invite_order must list seats 1 to {num_seats - 1} once each")
    return order
