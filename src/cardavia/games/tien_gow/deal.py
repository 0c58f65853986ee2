"""One Tien Gow deal as a state machine: leads and follows, columns, early death, payments.

Hands, plays and groups are count-encoded masks (see :mod:`tiles`); :class:`Play`, :class:`View` and
the result are built only at the boundary, so random playouts (bots, the bench) stay cheap.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import combinations
from typing import Any, NamedTuple, overload

from cardavia.games.counts import english_counts
from cardavia.games.draws import draws_by_bits
from cardavia.games.errors import IllegalAction
from cardavia.games.outcomes import outcome_from
from cardavia.games.payments import deltas_of
from cardavia.games.protocol import Outcome
from cardavia.games.tien_gow.actions import Play
from cardavia.games.tien_gow.groups import (
    BEATERS,
    GROUP_RANK,
    GROUP_TYPE,
    GroupType,
    lead_masks,
    why_not_group,
)
from cardavia.games.tien_gow.messages import COUNTS, MESSAGES
from cardavia.games.tien_gow.options import DEFAULT_OPTIONS, Options
from cardavia.games.tien_gow.record import read_record, write_record
from cardavia.games.tien_gow.scoring import (
    immediate_lines,
    immediate_payment,
    settlement_lines,
)
from cardavia.games.tien_gow.tiles import (
    CIVIL_HI,
    CIVIL_LO,
    KIND_SLOT,
    Tile,
    bits_of,
    codes_of,
    mask_of,
    show,
    show_named,
    sort_tiles,
    tiles_of,
)
from cardavia.games.tien_gow.tricks import caught_leader, close_trick, up_follows
from cardavia.games.tien_gow.view import PublicPlay, PublicTrick, View


class _Trick(NamedTuple):
    leader: int
    winner: int
    size: int
    plays: tuple[tuple[int, int, bool], ...]  # (seat, mask, face up)
    payments: tuple[int, ...]
    high: int  # the winning group's mask


def _fail(code: str, params: dict[str, Any], **shown: Any) -> IllegalAction:
    english = {**params, **english_counts(COUNTS, params), **shown}
    if "to_act" in params:
        english["to_act"] = f"seat {params['to_act']}"
    return IllegalAction(code, MESSAGES[code].format(**english), params)


_DOWN_CACHE: dict[int, tuple[int, ...]] = {}


def down_masks(hand: int, k: int) -> tuple[int, ...]:
    """Every distinct multiset of ``k`` tiles of the hand (what a follower may put face down)."""
    if k == 1:
        return bits_of(hand & ~CIVIL_HI)  # a second copy repeats the first
    key = hand | (k << 32)
    found = _DOWN_CACHE.get(key)
    if found is not None:
        return found
    bits = bits_of(hand)
    # a second copy without the first is the same multiset as the first copy: skip it
    found = tuple(c for c in map(sum, combinations(bits, k)) if not c & CIVIL_HI & ~((c & CIVIL_LO) << 1))
    if len(_DOWN_CACHE) >= 100_000:
        _DOWN_CACHE.clear()
    _DOWN_CACHE[key] = found
    return found


def legal_follows(
    hand: Iterable[Tile], high: Iterable[Tile], size: int, *, early_death: bool = False
) -> list[tuple[tuple[Tile, ...], bool]]:
    """Every legal follow of ``hand`` to a trick of ``size`` tiles whose current high group is ``high``.

    Each is (tiles, face up), face-up ones first, as :meth:`TienGowDeal.legal_actions` orders them;
    ``early_death`` forbids face up (a seat without a column on a final single trick).
    """
    hand_mask, high_mask = mask_of(hand), mask_of(high)
    if hand_mask is None or high_mask is None or high_mask not in BEATERS:
        raise ValueError("not a hand and a group")
    up = () if early_death else tuple(g for g in BEATERS[high_mask] if not g & ~hand_mask)
    return [(tiles_of(g), True) for g in up] + [(tiles_of(g), False) for g in down_masks(hand_mask, size)]


# Plays are immutable, so the engine hands out one shared object per (seat, tiles, face) and remembers
# its mask by object id: apply() then skips re-reading the tiles. The entry holds the play, so the id
# cannot be reused while the entry exists; both go together when the cache is cleared.
_PLAYS: dict[int, Play] = {}
_PLAY_MASKS: dict[int, tuple[Play, int]] = {}
_PLAYS_MAX = 50_000


def _play(seat: int, mask: int, face_up: bool) -> Play:
    key = mask | seat << 32 | face_up << 34
    play = _PLAYS.get(key)
    if play is None:
        if len(_PLAYS) >= _PLAYS_MAX:
            _PLAYS.clear()
            _PLAY_MASKS.clear()
        play = _PLAYS[key] = Play(seat, tiles_of(mask), face_up)
        _PLAY_MASKS[id(play)] = (play, mask)
    return play


class LegalPlays(Sequence[Play]):
    """The legal plays of the seat to act: face-up plays first, then face-down ones.

    Lazy: a :class:`Play` is built only when an item is read, so ``rng.choice(deal.legal_actions())``
    costs one play, not all of them.
    """

    __slots__ = ("_masks", "_seat", "_up")

    def __init__(self, seat: int, masks: Sequence[int], up: int) -> None:
        self._seat = seat
        self._masks = masks
        self._up = up  # the first ``up`` masks are played face up

    def __len__(self) -> int:
        return len(self._masks)

    @overload
    def __getitem__(self, index: int) -> Play: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Play]: ...
    def __getitem__(self, index: int | slice) -> Play | Sequence[Play]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self._masks)))]
        mask = self._masks[index]
        if index < 0:
            index += len(self._masks)
        return _play(self._seat, mask, index < self._up)

    def __iter__(self) -> Iterator[Play]:
        seat, up = self._seat, self._up
        for i, mask in enumerate(self._masks):
            yield _play(seat, mask, i < up)

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, Play) or item.seat != self._seat:
            return False
        mask = mask_of(item.tiles)
        if mask is None:
            return False
        up_part = self._masks[: self._up]
        return mask in up_part if item.face_up else mask in self._masks[self._up :]

    def __repr__(self) -> str:
        return f"LegalPlays({list(self)!r})"


class TienGowDeal:
    """A deal in progress (satisfies :class:`cardavia.games.protocol.Deal`).

    Build one with ``GAME.new_deal(seed)`` or ``GAME.deal_from_record(record)``, or directly from
    four hands with :meth:`from_hands`.
    """

    num_seats = 4
    __slots__ = (
        "_banker",
        "_columns",
        "_final",
        "_hands",
        "_high",
        "_high_seat",
        "_history",
        "_immediate",
        "_leader",
        "_options",
        "_result",
        "_settlement",
        "_size",
        "_start",
        "_step",
        "_to_act",
        "_trick",
        "_tricks",
    )

    def __init__(self, hands: Sequence[int], banker: int, options: Options = DEFAULT_OPTIONS) -> None:
        """``hands`` are four count-encoded masks of eight tiles (see :mod:`tiles`)."""
        self._start = tuple(hands)
        self._hands = list(hands)
        self._banker = banker
        self._options = options
        self._step = options.step
        self._columns = [0, 0, 0, 0]
        self._immediate = [0, 0, 0, 0]
        self._settlement: list[int] | None = None
        self._result: dict[str, Any] | None = None
        self._leader = banker
        self._to_act: int | None = banker
        self._trick: list[tuple[int, int, bool]] = []
        self._size = 0  # tiles per play in the current trick; 0 until it is led
        self._high = 0
        self._high_seat = banker
        self._final = False
        self._tricks: list[_Trick] = []
        self._history: list[tuple[int, int, bool]] = []

    @classmethod
    def from_hands(
        cls, hands: Sequence[Sequence[Any]], banker: int, options: Options = DEFAULT_OPTIONS
    ) -> TienGowDeal:
        """A deal from four hands of :class:`Tile` (no check that they are the 32 tiles: see records)."""
        masks = []
        for hand in hands:
            mask = mask_of(hand)
            if mask is None:
                raise ValueError("a hand holds more copies of a tile than the set has")
            masks.append(mask)
        return cls(masks, banker, options)

    # ---- the Deal protocol ----

    def to_act(self) -> int | None:
        return self._to_act

    def is_over(self) -> bool:
        return self._to_act is None

    def legal_actions(self) -> LegalPlays:
        seat = self._to_act
        if seat is None:
            return LegalPlays(0, (), 0)
        hand = self._hands[seat]
        if not self._size:
            leads = lead_masks(hand)
            return LegalPlays(seat, leads, len(leads))
        size = self._size
        up = up_follows(hand, self._high, size, self._final, self._columns[seat])
        return LegalPlays(seat, up + down_masks(hand, size), len(up))

    def random_legal_action(self, rng: random.Random) -> Play:
        """A play drawn uniformly from exactly :meth:`legal_actions` (raises if the deal is over)."""
        return rng.choice(self.legal_actions())

    def random_playout(self, rng: random.Random) -> None:
        """Play the deal to its end, choosing uniformly among exactly ``legal_actions()`` at each step.

        The same as ``while not deal.is_over(): deal.apply(rng.choice(tuple(deal.legal_actions())))``
        (the same draws from ``rng``, the same end and record), without building plays or checking
        them: what bots' play-outs and ``cardavia bench`` should call.
        """
        if not draws_by_bits(rng):
            while self._to_act is not None:
                self.apply(rng.choice(tuple(self.legal_actions())))
            return
        getrandbits = rng.getrandbits
        hands = self._hands
        columns = self._columns
        commit = self._commit
        while (seat := self._to_act) is not None:
            # the masks and face-up count legal_actions would list, in its order
            hand = hands[seat]
            size = self._size
            if not size:
                masks = lead_masks(hand)
                up = len(masks)
            else:
                ups = up_follows(hand, self._high, size, self._final, columns[seat])
                masks = ups + down_masks(hand, size)
                up = len(ups)
            n = len(masks)  # rng.choice: getrandbits(n.bit_length()) until below n
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            commit(seat, masks[r], r < up, hand)

    def apply(self, action: Play) -> None:
        seat = self._to_act
        if seat is None:
            raise _fail("deal-over", {})
        if action.seat != seat:
            raise _fail("not-your-turn", {"seat": action.seat, "to_act": seat})
        tiles = action.tiles
        n = len(tiles)
        size = self._size
        if n == 0:
            raise _fail("no-tiles", {})
        if size == 0 and n > 4:
            raise _fail("lead-too-many", {"count": n})
        if size and n != size:
            raise _fail("wrong-count", {"count": n, "need": size})
        hand = self._hands[seat]
        known = _PLAY_MASKS.get(id(action))
        mask = known[1] if known is not None and known[0] is action else mask_of(tiles)
        if mask is None or mask & ~hand:
            raise self._not_held(tiles, hand)
        face_up = action.face_up
        if size == 0:
            if not face_up:
                raise _fail("lead-face-down", {"tiles": [t.code for t in tiles]})
            if mask not in GROUP_TYPE:
                code, shown, why = why_not_group(tiles)
                raise IllegalAction(
                    code, MESSAGES[code].format(**shown), {"tiles": [t.code for t in tiles], **why}
                )
        elif face_up:
            if mask not in BEATERS[self._high]:
                raise self._cannot_beat(tiles, mask)
            if size == 1 and self._final and not self._columns[seat]:
                raise _fail("early-death", {"tiles": [t.code for t in tiles]})
        self._commit(seat, mask, face_up, hand)

    def _not_held(self, tiles: Sequence[Any], hand: int) -> IllegalAction:
        used = 0
        for t in tiles:
            bit = 1 << KIND_SLOT[t.kind]
            if used & bit:
                bit <<= 1
            if not bit & hand or bit & used:
                held = hand & (1 << KIND_SLOT[t.kind])
                code = "too-many-copies" if held else "not-in-hand"
                return _fail(code, {"tile": t.code}, tile=t.label)
            used |= bit
        return _fail("not-in-hand", {"tile": tiles[0].code}, tile=tiles[0].label)  # pragma: no cover

    def _cannot_beat(self, tiles: Sequence[Any], mask: int) -> IllegalAction:
        high = self._high
        params = {"tiles": [t.code for t in tiles], "high": [t.code for t in tiles_of(high)]}
        shown = {"tiles": show(tiles), "high": show_named(tiles_of(high))}
        gtype = GROUP_TYPE.get(mask)
        if gtype is None:
            code, shown_why, why = why_not_group(tuple(tiles))
            return IllegalAction(code, MESSAGES[code].format(**shown_why), {**params, **why})
        if gtype is GroupType.SUPREME:
            return IllegalAction("supreme-follows-down", MESSAGES["supreme-follows-down"], params)
        high_type = GROUP_TYPE[high]
        if high_type is GroupType.SUPREME:
            return IllegalAction("cannot-beat-supreme", MESSAGES["cannot-beat-supreme"], params)
        if (gtype.civil_count, gtype.military_count) != (high_type.civil_count, high_type.military_count):
            code = "cannot-beat-type"
        elif GROUP_RANK[mask] == GROUP_RANK[high]:
            code = "cannot-beat-equal"
        else:
            code = "cannot-beat-lower"
        return IllegalAction(code, MESSAGES[code].format(**shown), params)

    def _commit(self, seat: int, mask: int, face_up: bool, hand: int) -> None:
        rest = hand & ~mask
        lone = rest & CIVIL_HI & ~((rest & CIVIL_LO) << 1)  # normalize(), inlined: this is the hot path
        self._hands[seat] = (rest & ~lone) | (lone >> 1)
        play = (seat, mask, face_up)
        self._history.append(play)
        trick = self._trick
        if not self._size:
            size = self._size = mask.bit_count()
            self._final = hand.bit_count() == size
            self._leader = seat
            self._high = mask
            self._high_seat = seat
            self._trick = [play]
            self._to_act = (seat + self._step) & 3
            return
        trick.append(play)
        if face_up:
            self._high = mask
            self._high_seat = seat
        if len(trick) == 4:
            self._end_trick()
        else:
            self._to_act = (seat + self._step) & 3

    def _end_trick(self) -> None:
        winner, size, high, final = self._high_seat, self._size, self._high, self._final
        payments = close_trick(
            self._columns, self._immediate, winner, size, high, final, self._banker, self._options
        )
        self._tricks.append(_Trick(self._leader, winner, size, tuple(self._trick), payments, high))
        self._trick = []
        self._size = 0
        if not final:
            self._leader = self._to_act = winner
            return
        catch = self._catch_leader()
        self._settlement = deltas_of(
            settlement_lines(winner, self._columns, self._banker, high, catch, self._options), 4
        )
        self._to_act = None
        self._leader = winner
        self._result = {
            "winner": winner,
            "next_banker": winner,
            "columns": list(self._columns),
            "immediate": list(self._immediate),
            "settlement": list(self._settlement),
            "net": [i + s for i, s in zip(self._immediate, self._settlement, strict=True)],
            "tricks": [{"leader": t.leader, "winner": t.winner, "size": t.size} for t in self._tricks],
        }

    def _catch_leader(self) -> int | None:
        """The seat caught by the Little Three catch on the final trick, or None."""
        last = self._tricks[-1]
        return caught_leader(last.size, last.plays[0][1], last.high, last.leader)

    def payment_lines(self) -> list[dict[str, Any]] | None:
        """Every payment of a finished deal as lines with their reasons, or None before the end.

        The immediate payments trick by trick, then the settlement (:mod:`scoring`'s ``*_lines``);
        their sums are the result's ``immediate`` and ``settlement``.
        """
        if self._result is None:
            return None
        lines = []
        for number, t in enumerate(self._tricks, 1):
            if any(t.payments):
                lines += immediate_lines(t.winner, immediate_payment(t.high), self._banker, number)
        last = self._tricks[-1]
        lines += settlement_lines(
            last.winner, self._columns, self._banker, last.high, self._catch_leader(), self._options
        )
        return lines

    def result(self) -> dict[str, Any] | None:
        r = self._result
        if r is None:
            return None
        return {k: (list(v) if isinstance(v, list) and k != "tricks" else v) for k, v in r.items()} | {
            "tricks": [dict(t) for t in r["tricks"]]
        }

    def outcome(self) -> Outcome | None:
        """The net of each seat (immediate payments plus settlement) once the deal is over."""
        result = self.result()
        return None if result is None else outcome_of(result)

    def forced_action(self) -> None:
        """Always None: no Tien Gow turn is made by the rules (spec: every play is a choice)."""
        return None

    def hidden_from(self, seat: int) -> Counter[str]:
        """The tiles ``seat`` cannot see: the other hands and the other seats' face-down plays."""
        hidden: Counter[str] = Counter()
        for s, hand in enumerate(self._hands):
            if s != seat:
                hidden.update(codes_of(hand))
        for s, mask, up in self._history:
            if s != seat and not up:
                hidden.update(codes_of(mask))
        return hidden

    def clone(self) -> TienGowDeal:
        new = TienGowDeal.__new__(TienGowDeal)
        new._start = self._start
        new._hands = self._hands[:]
        new._banker = self._banker
        new._options = self._options
        new._step = self._step
        new._columns = self._columns[:]
        new._immediate = self._immediate[:]
        new._settlement = self._settlement
        new._result = self._result
        new._leader = self._leader
        new._to_act = self._to_act
        new._trick = self._trick[:]
        new._size = self._size
        new._high = self._high
        new._high_seat = self._high_seat
        new._final = self._final
        new._tricks = self._tricks[:]
        new._history = self._history[:]
        return new

    def to_record(self) -> dict[str, Any]:
        return write_record(self._banker, self._start, self._options, self._history)

    def view(self, seat: int) -> View:
        if not 0 <= seat < 4:
            raise ValueError(f"no seat {seat} in Tien Gow")
        legal: tuple[Play, ...] = tuple(self.legal_actions()) if self._to_act == seat else ()
        money = list(self._immediate)
        if self._settlement is not None:
            money = [i + s for i, s in zip(money, self._settlement, strict=True)]
        return View(
            seat=seat,
            legal=legal,
            hand=tiles_of(self._hands[seat]),
            discards=sort_tiles(t for s, m, up in self._history if s == seat and not up for t in tiles_of(m)),
            banker=self._banker,
            to_act=self._to_act,
            leader=None if self._result is not None else self._leader,
            trick=tuple(_public(p, seat) for p in self._trick),
            tricks=tuple(
                PublicTrick(t.leader, t.winner, t.size, tuple(_public(p, seat) for p in t.plays), t.payments)
                for t in self._tricks
            ),
            columns=tuple(self._columns),
            hand_sizes=tuple(h.bit_count() for h in self._hands),
            immediate=tuple(self._immediate),
            money=tuple(money),
            options=self._options,
            actions=len(self._history),
            result=self.result(),
            payments=self.payment_lines(),
            holder=self._high_seat if self._trick else None,
        )

    # ---- public state beyond the protocol (progress, bots) ----

    @property
    def banker(self) -> int:
        return self._banker

    @property
    def options(self) -> Options:
        return self._options

    @property
    def columns(self) -> tuple[int, ...]:
        return tuple(self._columns)

    @property
    def immediate(self) -> tuple[int, ...]:
        return tuple(self._immediate)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(h.bit_count() for h in self._hands)

    @property
    def trick_count(self) -> int:
        return len(self._tricks)

    @property
    def history(self) -> tuple[Play, ...]:
        """Every play applied so far, in order."""
        return tuple(Play(s, tiles_of(m), up) for s, m, up in self._history)

    def hand(self, seat: int) -> tuple[Any, ...]:
        """The tiles ``seat`` holds (the whole state: not for players; views carry their own hand)."""
        return tiles_of(self._hands[seat])

    def progress(self) -> dict[str, Any]:
        """The public state reached, for ``cardavia replay`` of an unfinished record."""
        return {
            "banker": self._banker,
            "to_act": self._to_act,
            "leader": self._leader,
            "columns": list(self._columns),
            "immediate": list(self._immediate),
            "hand_sizes": list(self.hand_sizes),
            "tricks": [{"leader": t.leader, "winner": t.winner, "size": t.size} for t in self._tricks],
            "trick": [_public(p).to_json() for p in self._trick],
        }


def deal_from_record(record: Mapping[str, Any]) -> tuple[TienGowDeal, Sequence[Play]]:
    """A record's deal as dealt and its plays, checked (``record.read_record``)."""
    hands, banker, options, plays = read_record(record)
    return TienGowDeal(hands, banker, options), plays


def outcome_of(result: Mapping[str, Any]) -> Outcome:
    """The outcome of a result JSON as :meth:`TienGowDeal.result` writes it: returns are ``net``."""
    return outcome_from(result, "net", 4)


def _public(play: tuple[int, int, bool], viewer: int | None = None) -> PublicPlay:
    """``play`` as ``viewer`` sees it: a face-down play's tiles only for the seat that played them
    (they were its own; every other seat, and the public progress, sees their count)."""
    seat, mask, up = play
    if up or seat == viewer:
        return PublicPlay(seat, up, mask.bit_count(), tiles_of(mask))
    return PublicPlay(seat, False, mask.bit_count())
