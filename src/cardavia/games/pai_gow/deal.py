"""One Pai Gow deal: four seats set their tiles in secret, in any order, then all is revealed at once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from cardavia.games.counts import english_counts
from cardavia.games.errors import IllegalAction, RecordError
from cardavia.games.pai_gow.actions import SetHand
from cardavia.games.pai_gow.hands import RESULT_NAMES, Split, make_split
from cardavia.games.pai_gow.messages import COUNTS, MESSAGES
from cardavia.games.pai_gow.options import DEFAULT_OPTIONS, Options
from cardavia.games.pai_gow.record import read_record, write_record
from cardavia.games.pai_gow.tiles import Tile, full_set, sort_tiles
from cardavia.games.pai_gow.view import SeatShowing, View, showing
from cardavia.games.protocol import Outcome
from cardavia.games.seats import next_seat, seats_from

SEATS = 4


def _fail(code: str, **params: Any) -> IllegalAction:
    english = {**params, **english_counts(COUNTS, params)}
    return IllegalAction(code, MESSAGES[code].format(**english), params)


def legal_sets(seat: int, hand: Sequence[Tile]) -> tuple[SetHand, ...]:
    """The three partners of ``hand``'s first tile, each as the set naming that hand.

    The spec's "three splits (the partner of any one tile)": where alike tiles make two of them the
    same split, both are here (a uniform choice of partner, as the spec's Random figure counts it);
    the seat's legal list names each split once (:func:`distinct_sets`).
    """
    return tuple(SetHand(seat, sort_tiles((hand[0], hand[i]))) for i in (1, 2, 3))


def split_identity(hand: Sequence[Tile], named: Sequence[Tile]) -> frozenset[tuple[str, ...]]:
    """The split that naming ``named`` (two of ``hand``'s tiles) makes, as its two hands' codes: two
    sets that make the same split (alike tiles named either way) have one identity."""
    rest = Counter(t.code for t in hand)
    rest.subtract(t.code for t in named)
    return frozenset((tuple(sorted(t.code for t in named)), tuple(sorted(rest.elements()))))


def distinct_sets(seat: int, hand: Sequence[Tile]) -> tuple[SetHand, ...]:
    """The seat's legal list: each split of ``hand`` once, as :func:`legal_sets` names it first.

    Alike tiles can make two partners the same split ({6-6, 6-6, 1-1, 1-1}: two splits, not
    three); the other way of naming it stays legal (``apply`` takes it, a record may hold it), but
    it is not listed twice: a table, a bot or a review sees each choice once.
    """
    out: list[SetHand] = []
    seen: set[frozenset[tuple[str, ...]]] = set()
    for s in legal_sets(seat, hand):
        identity = split_identity(hand, s.hand)
        if identity not in seen:
            seen.add(identity)
            out.append(s)
    return tuple(out)


class PaiGowDeal:
    """A deal in progress. Every seat that has not set may set now, in any order (:meth:`acting`).

    Mutable: :meth:`apply` changes it in place, or raises ``IllegalAction`` and changes nothing.
    """

    num_seats = SEATS

    def __init__(
        self, hands: Sequence[Sequence[Tile]], banker: int, options: Options = DEFAULT_OPTIONS
    ) -> None:
        if len(hands) != SEATS or any(len(h) != 4 for h in hands):
            raise ValueError("a Pai Gow deal is four hands of four tiles")
        if not 0 <= banker < SEATS:
            raise ValueError(f"no seat {banker}")
        self._hands: tuple[tuple[Tile, ...], ...] = tuple(sort_tiles(h) for h in hands)
        self._banker = banker
        self._options = options
        self._splits: list[Split | None] = [None] * SEATS
        self._sets: list[SetHand] = []

    # -- who acts ---------------------------------------------------------------------------------

    def acting(self) -> frozenset[int]:
        """The seats that may act now: every seat that has not set (all at once), none once over."""
        return frozenset(s for s in range(SEATS) if self._splits[s] is None)

    def to_act(self) -> int | None:
        """The lowest seat still to set (the one-seat protocol's answer), None once all have set."""
        return min(self.acting(), default=None)

    def is_over(self) -> bool:
        return all(s is not None for s in self._splits)

    def has_set(self, seat: int) -> bool:
        return self._splits[seat] is not None

    def legal_actions_of(self, seat: int) -> tuple[SetHand, ...]:
        """``seat``'s legal sets, each split once (:func:`distinct_sets`: two or three) while it has
        not set, else none."""
        if self._splits[seat] is not None:
            return ()
        return distinct_sets(seat, self._hands[seat])

    def legal_actions(self) -> tuple[SetHand, ...]:
        """The legal sets of :meth:`to_act` (see :meth:`legal_actions_of` for any other seat)."""
        seat = self.to_act()
        return () if seat is None else self.legal_actions_of(seat)

    def forced_action(self) -> None:
        """Never: four tiles always split at least two ways (two alike tiles at most)."""
        return None

    # -- setting ----------------------------------------------------------------------------------

    def split_for(self, action: SetHand) -> Split:
        """The split ``action`` makes, or ``IllegalAction`` (the spec's order of reasons)."""
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < SEATS:
            raise _fail("bad-seat", what="the seat")
        if self._splits[seat] is not None:
            raise _fail("already-set", seat=seat)
        if len(action.hand) != 2:
            raise _fail("not-two-tiles", count=len(action.hand))
        left = Counter(t.code for t in self._hands[seat])
        for t in action.hand:
            if left[t.code] == 0:
                if t in self._hands[seat]:
                    raise _fail("too-many-copies", seat=seat, tile=t.code)
                raise _fail("not-in-hand", seat=seat, tile=t.code)
            left[t.code] -= 1
        rest = list(self._hands[seat])
        for t in action.hand:
            rest.remove(t)
        return make_split(action.hand, rest, self._options)

    def apply(self, action: SetHand) -> None:
        """Set ``action.seat``'s tiles (any seat that has not set); final once made."""
        split = self.split_for(action)
        self._splits[action.seat] = split
        self._sets.append(action)

    # -- the end ----------------------------------------------------------------------------------

    def showings(self) -> tuple[SeatShowing, ...] | None:
        """Every seat's two hands and how each player's met the banker's, once all have set."""
        if not self.is_over():
            return None
        splits = [s for s in self._splits if s is not None]
        bank = splits[self._banker]
        return tuple(showing(seat, splits[seat], self._banker, bank, self._options) for seat in range(SEATS))

    def net(self) -> tuple[int, ...] | None:
        shows = self.showings()
        if shows is None:
            return None
        net = [0 if s.result is None else s.result for s in shows]
        net[self._banker] = -sum(net)
        return tuple(net)

    def result(self) -> dict[str, Any] | None:
        """The spec's ``cardavia replay --json`` object once all have set, else None."""
        shows = self.showings()
        net = self.net()
        if shows is None or net is None:
            return None
        return {
            "banker": self._banker,
            "next_banker": next_seat(self._banker, SEATS),
            "hands": [s.split.to_json() for s in shows],
            "results": [None if s.result is None else RESULT_NAMES[s.result] for s in shows],
            "net": list(net),
        }

    def outcome(self) -> Outcome | None:
        result = self.result()
        return None if result is None else outcome_of(result)

    def progress(self) -> dict[str, Any]:
        """An unfinished deal as ``cardavia replay`` prints it: who banks and who has set."""
        return {"finished": False, "banker": self._banker, "set": [s is not None for s in self._splits]}

    # -- what each seat sees ----------------------------------------------------------------------

    def view(self, seat: int) -> View:
        if not 0 <= seat < SEATS:
            raise ValueError(f"no seat {seat} in Pai Gow")
        over = self.is_over()
        acting = self.acting()
        return View(
            seat=seat,
            legal=self.legal_actions_of(seat),
            hand=self._hands[seat],
            split=self._splits[seat],
            banker=self._banker,
            set=tuple(s is not None for s in self._splits),
            acting=tuple(sorted(acting)),
            to_act=min(acting, default=None),
            options=self._options,
            showings=self.showings() if over else None,
            result=self.result() if over else None,
        )

    def hidden_from(self, seat: int) -> Counter[str]:
        """The tiles ``seat`` cannot see: the 28 not its own until the reveal, then the 16 undealt."""
        hidden = Counter(t.code for t in full_set())
        shown = self._hands if self.is_over() else (self._hands[seat],)
        hidden.subtract(t.code for hand in shown for t in hand)
        return +hidden

    # -- records and copies -----------------------------------------------------------------------

    @property
    def banker(self) -> int:
        return self._banker

    @property
    def options(self) -> Options:
        return self._options

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return self._hands[seat]

    @property
    def sets(self) -> tuple[SetHand, ...]:
        return tuple(self._sets)

    def to_record(self) -> dict[str, Any]:
        return write_record(self._banker, self._hands, self._options, self._sets)

    def clone(self) -> PaiGowDeal:
        new = PaiGowDeal.__new__(PaiGowDeal)
        new._hands = self._hands
        new._banker = self._banker
        new._options = self._options
        new._splits = self._splits[:]
        new._sets = self._sets[:]
        return new


def deal_from_record(record: Mapping[str, Any]) -> tuple[PaiGowDeal, Sequence[SetHand]]:
    """A record's deal as dealt and its sets, checked (``record.read_record``)."""
    hands, banker, options, sets = read_record(record)
    return PaiGowDeal(hands, banker, options), sets


def outcome_of(result: Mapping[str, Any]) -> Outcome:
    """The typed outcome of a result: each seat's ``net``.

    Pai Gow has no one winner of a deal; until the protocol allows that, ``winner`` is the seat with
    the highest net, a tie going to the first of the tied from the banker on (the banker itself
    first). No deal is ``drawn``: a deal that moves no point (every player pushes) is a deal played
    like any other, after which the bank passes (a drawn deal would be dealt again by the table,
    to the same banker, and the round would lose its count).
    """
    net = result.get("net")
    banker = result.get("banker")
    if (
        not isinstance(net, list | tuple)
        or len(net) != SEATS
        or not all(type(v) is int for v in net)
        or sum(net) != 0
    ):
        raise RecordError("bad-result", "'net' must be 4 whole numbers summing to 0")
    if type(banker) is not int or not 0 <= banker < SEATS:
        raise RecordError("bad-result", "'banker' must be a seat")
    best = max(net)
    winner = next(s for s in seats_from(banker, SEATS) if net[s] == best)
    return Outcome(tuple(net), False, dict(result), winner)
