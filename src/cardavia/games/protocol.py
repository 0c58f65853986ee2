"""The questions every game answers (after OpenSpiel): legal actions, apply, one seat's view, returns.

A game package exposes one object satisfying :class:`Game`; each deal it makes satisfies
:class:`Deal`. The table service, the bots, the arena and ``cardavia replay`` only ever use these
two protocols plus the game's own typed view and action values, so a third game plugs in by
writing its package and registering it in :mod:`cardavia.games.registry`.

The engine answers every question about its rules, so that no layer above re-derives one: each
seat's returns (:class:`Outcome`), what one action looks like to a given viewer (``redact``), the
action the rules make on a seat's behalf (``forced_action``), and whatever its view needs so that a
page never infers a rule. What the game is and offers besides (its seats and sides, what a seat
cannot see, whether several seats decide at once, a review, a series) its ``profile`` says
(:mod:`cardavia.games.profile`), so that no layer above probes a game for it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from cardavia.games.profile import Profile

JSON = dict[str, Any]

A = TypeVar("A")  # the game's action value: a small frozen dataclass
V_co = TypeVar("V_co", covariant=True)
V = TypeVar("V")


@dataclass(frozen=True)
class Piece:
    """One kind of piece as the engine knows it: its record code, English name, and points (if any)."""

    code: str  # "6-6", "5c": the code records and the API use
    name: str  # "Heaven", "5 of Coins": English; the web layer translates it
    points: int | None = None  # what it counts at the end of a deal, where the game scores pieces
    copies: int = 1  # how many pieces of this code a full set holds


@dataclass(frozen=True)
class Outcome:
    """A finished deal: each seat's returns (OpenSpiel's ``returns()``) and the contract's JSON.

    ``returns`` sums to zero and is all zeros for a drawn deal; ``drawn`` means the deal ended with
    no winner and the table deals again; ``data`` is the object ``cardavia replay --json`` prints;
    ``winner`` is the seat that won the deal (the one win shares count), None when drawn.
    """

    returns: tuple[int, ...]
    drawn: bool
    data: Mapping[str, Any]
    winner: int | None = None

    def to_json(self) -> JSON:
        return dict(self.data)


VIEW_KEYS: Mapping[str, str] = {
    "seat": "the seat the view is of (the ``View.seat``)",
    "hand": "that seat's own pieces in hand, as piece codes (a list)",
    "hand_sizes": "how many pieces each seat holds, one count a seat (a list of ``num_seats`` integers)",
    "to_act": "the seat whose decision is awaited (``Deal.to_act()``), or null once the deal is over",
    "result": "the result JSON (``Deal.result()``) once the deal is over, else null",
}
"""The keys every ``View.to_json()`` has, which layers above a game may read (the service, the
pages' shared scripts, the benches); every other key is the game's own, for its own table script.
The conformance suite checks them on every step of random deals."""

OPTIONAL_VIEW_KEYS: Mapping[str, str] = {
    "explain": "a finished deal's payments, line by line (``cardavia.games.payments``), where it has them",
    "acting": "the seats that may act now (:func:`acting_seats`), ascending; a view need not have it: "
    "the service writes it into every view it sends (``[to_act]`` or ``[]`` for a one-seat game)",
}
"""Keys a view may have, which the shared pages read when it does."""


@runtime_checkable
class View(Protocol):
    """What one seat may know: its own hidden pieces and everything public, nothing more."""

    seat: int
    legal: Sequence[Any]  # this seat's legal actions while it is acting (see ``acting_seats``), else empty

    def to_json(self) -> JSON:
        """The JSON sent to that seat's browser (the only payload toward a player): every key of
        :data:`VIEW_KEYS`, any of :data:`OPTIONAL_VIEW_KEYS`, and the game's own. (The service
        writes its ``legal`` from ``View.legal``.)"""
        ...


class Deal(Protocol[A, V_co]):
    """One deal in progress. Mutable: ``apply`` changes it in place, or raises and changes nothing.

    Most games await one seat at a time (``to_act``). A game where several seats decide at once
    (every seat sets its tiles in secret) says so in its profile (``Profile.simultaneous``) and its
    deals also have ``acting() -> Collection[int]``, the seats that may act now, each of which may
    ``apply`` in any order; ``to_act`` is then one of them (the lowest, say), for code that walks a
    deal one action at a time. Layers above ask :func:`acting_seats`, never ``acting`` itself, so a
    one-seat game needs no such method.
    """

    num_seats: int

    def to_act(self) -> int | None:
        """The seat whose decision is awaited (one of :func:`acting_seats`), or None once over."""
        ...

    def legal_actions(self) -> Sequence[A]:
        """Every legal action of ``to_act()``, in a stable order (empty when over). Any acting
        seat's own are its view's ``legal`` (``view(seat).legal``)."""
        ...

    def apply(self, action: A) -> None:
        """Apply the action of an acting seat (the one action names, else ``to_act``); raise
        ``IllegalAction`` (state untouched) if illegal."""
        ...

    def view(self, seat: int) -> V_co:
        """The view of ``seat``: its hand and all public information, nothing hidden from it."""
        ...

    def is_over(self) -> bool: ...

    def result(self) -> JSON | None:
        """The outcome as ``cardavia replay --json`` prints it, or None while the deal goes on."""
        ...

    def outcome(self) -> Outcome | None:
        """Each seat's returns and the result JSON once the deal is over, else None."""
        ...

    def forced_action(self) -> A | None:
        """The action the rules make for the seat to act on its own (a turn the rules play by
        themselves, such as a hand locked by a call), or None; when not None, the only legal action."""
        ...

    def hidden_from(self, seat: int) -> Mapping[str, int]:
        """The pieces ``seat`` cannot see, as counts by piece code: other hands, other seats'
        face-down pieces, a stock. No payload toward ``seat`` may name a code all of whose copies
        (``Piece.copies``) are counted here."""
        ...

    def to_record(self) -> JSON:
        """The deal record (DESIGN.md contract) of everything applied so far."""
        ...

    def clone(self) -> Deal[A, V_co]:
        """An independent copy (bots play copies out; the original never changes)."""
        ...


def acting_seats(game: Game[Any, Any], deal: Deal[Any, Any]) -> tuple[int, ...]:
    """The seats that may act now in ``game``'s ``deal``, ascending: the deal's ``acting()`` where
    the game's profile says several seats decide at once (``Profile.simultaneous``), else
    ``(to_act(),)``; ``()`` once the deal is over.

    The one question the service, the bots' driver and the pages ask about whose decision it is:
    a person acts when their seat is here, the server acts for every bot seat here."""
    if deal.is_over():
        return ()
    if game.profile.simultaneous:
        return tuple(sorted(deal.acting()))  # type: ignore[attr-defined]
    seat = deal.to_act()
    return () if seat is None else (seat,)


class Game(Protocol[A, V]):
    """A game: makes deals, reads and writes its actions and records."""

    name: str  # the id used in URLs, records and the command line (the registry's id)
    num_seats: int
    pieces: tuple[Piece, ...]  # every kind of piece, in the order the rules list them
    messages: Mapping[str, str]  # English templates of the engine's errors, by reason code
    profile: Profile  # what the game is and offers (seats, sides, hidden, review, …), declared once

    def new_deal(
        self, seed: int, *, options: Mapping[str, Any] | None = None, dealer: int | None = None
    ) -> Deal[A, V]:
        """A fresh deal shuffled from ``seed``.

        ``dealer`` is the seat holding the deal's first role (a banker, a dealer);
        None draws it at random from the seed. Unknown or invalid options raise ``RecordError``.
        """
        ...

    def action_from_json(self, obj: object, seat: int) -> A:
        """Parse an action as the HTTP API and records write it; raise ``RecordError`` if malformed."""
        ...

    def action_to_json(self, action: A) -> JSON: ...

    def deal_from_record(self, record: Mapping[str, Any]) -> tuple[Deal[A, V], Sequence[A]]:
        """The deal a record starts from and its actions (not yet applied); ``RecordError`` if malformed."""
        ...

    def progress(self, deal: Deal[A, V]) -> JSON:
        """The public state an unfinished deal has reached (``cardavia replay`` of a partial record)."""
        ...

    def describe(self, outcome: Mapping[str, Any]) -> str:
        """A few lines of plain English for ``cardavia replay`` without ``--json``."""
        ...

    def outcome_of(self, result: Mapping[str, Any]) -> Outcome:
        """The typed outcome of a result JSON as ``result()`` wrote it (stored results, history)."""
        ...

    def redact(self, action: Mapping[str, Any], actor: int, viewer: int) -> JSON:
        """What ``viewer`` may see of ``actor``'s action (action JSON): hidden pieces left out."""
        ...

    def next_dealer(self, result: Mapping[str, Any]) -> int | None:
        """Who holds the first role in the next deal after this result; None means draw at random."""
        ...


def teams_of(game: Game[Any, Any], options: Mapping[str, Any] | None = None) -> tuple[tuple[int, ...], ...]:
    """The seats of each team at a table of ``game`` with ``options``, as its profile says
    (:meth:`Profile.teams_at`): its partnerships, else every seat on its own."""
    return game.profile.teams_at(options)
