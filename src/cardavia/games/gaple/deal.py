"""A Gaple deal (spec: gaple.md): who opens, the single line and its two ends, the forced pass (or the
discard), out and blocked, each seat's count, the points and the match score after the deal.

State is small: each hand a mask of tile numbers (bit ``t`` for tile ``t`` of the double-six pack),
the line as placed tiles and its two ends. ``apply`` checks an action completely, in the spec's order
of reasons, before it changes anything, so a refused action leaves the deal as it was. Seat ``s`` is
followed by ``(s + 1) % 4``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardavia.games.errors import RecordError
from cardavia.games.gaple.actions import (
    DISCARD,
    DISCARD_BY,
    LEFT,
    LEFT_BY,
    OPEN_BY,
    PASS,
    PASS_BY,
    PLAY,
    RIGHT,
    RIGHT_BY,
    Action,
)
from cardavia.games.gaple.messages import illegal
from cardavia.games.gaple.options import DEFAULT_OPTIONS, Options
from cardavia.games.gaple.scoring import (
    NUM_SEATS,
    annulled_result,
    blocked_winner,
    counts_of,
    deal_result,
    outcome_of,
)
from cardavia.games.gaple.view import GapleView, Placed, Turn
from cardavia.games.packs.double_six import (
    CODES,
    DOUBLES_MASK,
    HIGH,
    LOW,
    SET_SIZE,
    WITH_PIP,
    mask_of,
    tile,
    tiles_in,
)
from cardavia.games.protocol import Outcome
from cardavia.games.records import bad_record

GAME_ID = "gaple"
STOCK = 4  # the tiles left face down with ``hand_size`` 6
PLAYING, OVER, ANNULLED = "play", "over", "annulled"


def opening_tile(options: Options) -> int:
    """The tile that opens a match's first deal (``opening``: 0-0, or 6-6)."""
    return tile(options.opening).index


def right_order(leader: int, options: Options) -> list[int]:
    """The seats the right to open a later deal goes to, in order, while they hold no double: the
    leader, then the next seats in turn; with teams the partner, then the opponent after the leader,
    then the other opponent (spec: Who opens)."""
    if options.teams:
        return [leader, (leader + 2) % NUM_SEATS, (leader + 1) % NUM_SEATS, (leader + 3) % NUM_SEATS]
    return [(leader + k) % NUM_SEATS for k in range(NUM_SEATS)]


def too_many_doubles(held: Sequence[int], options: Options) -> int | None:
    """The seat whose hand holds at least ``redeal_doubles`` doubles (the deal is annulled), or None."""
    limit = options.redeal_doubles
    if isinstance(limit, bool):  # False: never (a bool before an int: False == 0)
        return None
    for seat in range(NUM_SEATS):
        if (held[seat] & DOUBLES_MASK).bit_count() >= limit:
            return seat
    return None


def check_scores(scores: Sequence[int], first: bool, options: Options) -> tuple[int, ...]:
    """The match scores before a deal, one per side, each 0 to target - 1, all 0 in a first deal;
    ``RecordError`` (``bad-record``) naming what is wrong otherwise."""
    sides = options.sides
    if (
        not isinstance(scores, list | tuple)
        or len(scores) != sides
        or not all(type(s) is int and 0 <= s < options.target for s in scores)
    ):
        raise bad_record(f'"scores" must be {sides} whole numbers from 0 to {options.target - 1}')
    if first and any(scores):
        raise bad_record('"scores" are all 0 in a match\'s first deal')
    return tuple(scores)


class GapleDeal:
    """One deal of Gaple (satisfies ``cardavia.games.protocol.Deal``).

    Build one with :func:`new_deal` or :meth:`start`; ``apply`` changes it in place or raises
    ``IllegalAction`` and changes nothing.
    """

    num_seats = NUM_SEATS

    __slots__ = (
        "_result",
        "before",
        "dead",
        "ends",
        "first",
        "hands",
        "held",
        "leader",
        "line",
        "log",
        "opener",
        "opening",
        "options",
        "phase",
        "scores",
        "seat_to_act",
        "shown",
        "skipped",
        "stock",
    )

    options: Options
    first: bool  # the first deal of a match
    leader: int  # the seat with the right to open (the record's ``leader``)
    scores: tuple[int, ...]  # the match scores before this deal, one per side
    hands: tuple[tuple[int, ...], ...]  # as dealt, in the record's order
    stock: tuple[int, ...]  # as dealt (``hand_size`` 6), stock[0] turned up to start the line
    held: list[int]  # each seat's hand now, as a mask
    dead: list[list[int]]  # each seat's discarded tiles, in the order discarded
    line: list[tuple[int, int, int]]  # (tile, pip facing left, pip facing right), left end first
    ends: tuple[int, int] | None  # (left, right); None before the opening
    opener: int | None  # the seat that opens; None with a stock
    opening: int  # the mask of the tiles that may open (0 once opened, or with a stock)
    skipped: tuple[int, ...]  # seats the right to open passed over (no double)
    phase: str
    seat_to_act: int | None
    log: list[Action]  # every action applied, as the record writes it
    before: list[tuple[int, int] | None]  # the ends before each action of the log
    shown: tuple[int, tuple[int, ...]] | None  # (seat, doubles) of an annulled deal
    _result: dict[str, Any] | None

    @classmethod
    def start(
        cls,
        *,
        first: bool,
        leader: int,
        hands: Sequence[Sequence[int]],
        stock: Sequence[int] = (),
        scores: Sequence[int] | None = None,
        options: Options = DEFAULT_OPTIONS,
    ) -> GapleDeal:
        """The deal of these hands (tile numbers) and stock, nothing applied yet.

        ``RecordError`` (``bad-record``) if they do not make a deal: not the 28 tiles once each in
        four hands of ``hand_size`` (and, with 6, a stock of four), ``leader`` not a seat or, in a
        first deal without a stock, not the holder of the opening tile, bad ``scores``.
        """
        size = options.hand_size
        if (
            len(hands) != NUM_SEATS
            or any(len(h) != size for h in hands)
            or len(stock) != (STOCK if size == 6 else 0)
        ):
            extra = " and a stock of 4" if size == 6 else " and no stock"
            raise bad_record(f"the hands must be 4 of {size} tiles{extra}")
        everything = [t for h in hands for t in h] + list(stock)
        if sorted(everything) != list(range(SET_SIZE)):
            twice = [CODES[t] for t, n in Counter(everything).items() if n > 1]
            raise bad_record(f"the hands and stock must hold the 28 tiles once each ({twice[0]} twice)")
        if type(leader) is not int or not 0 <= leader < NUM_SEATS:
            raise bad_record('"leader" must be a seat 0-3')
        held = [mask_of(h) for h in hands]
        if first and size == 7 and not held[leader] >> opening_tile(options) & 1:
            raise bad_record(f'"leader" must be the seat holding {options.opening} in a first deal')
        self = cls.__new__(cls)
        self.options = options
        self.first = first
        self.leader = leader
        self.scores = check_scores([0] * options.sides if scores is None else scores, first, options)
        self.hands = tuple(tuple(h) for h in hands)
        self.stock = tuple(stock)
        self.held = held
        self.dead = [[] for _ in range(NUM_SEATS)]
        self.line = []
        self.ends = None
        self.log = []
        self.before = []
        self.shown = None
        self.skipped = ()
        self.opening = 0
        self.opener = None
        self._result = None
        crowded = too_many_doubles(held, options)
        if crowded is not None:
            self.phase = ANNULLED
            self.seat_to_act = None
            self.shown = (crowded, tuple(tiles_in(held[crowded] & DOUBLES_MASK)))
            self._result = annulled_result(
                first=first, leader=leader, scores=self.scores, shown=self.shown, options=options
            )
            return self
        self.phase = PLAYING
        if size == 6:  # the turned-up tile starts the line, low pip left; the leader plays onto it
            up = stock[0]
            self.line = [(up, LOW[up], HIGH[up])]
            self.ends = (LOW[up], HIGH[up])
            self.seat_to_act = leader
            return self
        if first:
            self.opening = 1 << opening_tile(options)
            self.opener = leader
        elif options.lead == "any":
            self.opening = held[leader]
            self.opener = leader
        else:  # the first seat of the right's order that holds a double (seven doubles: one does)
            order = right_order(leader, options)
            self.opener = next(s for s in order if held[s] & DOUBLES_MASK)
            self.skipped = tuple(order[: order.index(self.opener)])
            self.opening = held[self.opener] & DOUBLES_MASK
        self.seat_to_act = self.opener
        return self

    def clone(self) -> GapleDeal:
        """An independent copy: every list copied, the immutable parts shared."""
        other = GapleDeal.__new__(GapleDeal)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        other.held = list(self.held)
        other.dead = [list(d) for d in self.dead]
        other.line = list(self.line)
        other.log = list(self.log)
        other.before = list(self.before)
        return other

    # -- the protocol's questions --------------------------------------------------------------

    def to_act(self) -> int | None:
        return self.seat_to_act

    def is_over(self) -> bool:
        return self.phase != PLAYING

    def fitting(self, seat: int) -> int:
        """The mask of ``seat``'s tiles that may be laid now: the opening tiles before the opening,
        else those carrying a pip of either end."""
        if self.ends is None:
            return self.held[seat] & self.opening
        left, right = self.ends
        return self.held[seat] & (WITH_PIP[left] | WITH_PIP[right])

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act, in tile order: the opening tiles (no end); a tile
        that fits at each end it fits, left before right; with no tile that fits, the pass, or under
        ``stuck: "discard"`` a discard of each tile in hand."""
        seat = self.seat_to_act
        if seat is None:
            return []
        fits = self.fitting(seat)
        if self.ends is None:
            return [OPEN_BY[seat][t] for t in tiles_in(fits)]
        if not fits:
            if self.options.discard:
                return [DISCARD_BY[seat][t] for t in tiles_in(self.held[seat])]
            return [PASS_BY[seat]]
        left, right = self.ends
        out: list[Action] = []
        for t in tiles_in(fits):
            if LOW[t] == left or HIGH[t] == left:
                out.append(LEFT_BY[seat][t])
            if LOW[t] == right or HIGH[t] == right:
                out.append(RIGHT_BY[seat][t])
        return out

    def forced_action(self) -> Action | None:
        """The only legal action where the rules leave no choice: the pass of a seat with no tile that
        fits (spec: passing is forced), a discard of the last tile in hand, and an opening with the
        one tile that may open (0-0 in a match's first deal). A single tile that fits is still the
        player's to lay."""
        seat = self.seat_to_act
        if seat is None:
            return None
        legal = self.legal_actions()
        if len(legal) == 1 and (legal[0].do != PLAY or self.ends is None):
            return legal[0]
        return None

    def apply(self, action: Action) -> None:
        """Apply the action of the seat to act; ``IllegalAction`` (deal unchanged) if it breaks a rule.

        Reasons in the spec's order: ``deal-over``, ``not-your-turn``, ``bad-action`` (a pass under
        ``discard``, a discard under ``pass``), then for a play ``not-in-hand``, ``must-open``,
        ``no-match``, ``end-needed``; for a pass ``must-play``; for a discard ``must-play`` then
        ``not-in-hand``."""
        if self.phase != PLAYING:
            raise illegal("deal-over")
        seat = action.seat
        if seat != self.seat_to_act:
            raise illegal("not-your-turn", to_act=self.seat_to_act)
        do = action.do
        before = self.ends
        if do == PLAY:
            logged = self._play(seat, action)
        elif do == PASS:
            if self.options.discard:
                raise illegal("bad-action", do=do)
            if self.fitting(seat):
                raise illegal("must-play")
            logged = PASS_BY[seat]
        elif do == DISCARD:
            if not self.options.discard:
                raise illegal("bad-action", do=do)
            if self.fitting(seat):
                raise illegal("must-play")
            t = action.tile
            if t is None or not self.held[seat] >> t & 1:
                raise illegal("not-in-hand", tile=CODES[t] if t is not None else "?")
            self.held[seat] &= ~(1 << t)
            self.dead[seat].append(t)
            logged = DISCARD_BY[seat][t]
        else:
            raise illegal("bad-action", do=do)
        self.log.append(logged)
        self.before.append(before)
        if do == PLAY:
            if not self.held[seat]:
                self._finish("out", seat, None)
                return
            if self._blocked():
                self._finish("blocked", self._blocked_winner(seat), seat)
                return
        self.seat_to_act = self._next(seat)

    def _play(self, seat: int, action: Action) -> Action:
        """Check a play and lay its tile (nothing changes if it is refused); the action as logged."""
        t = action.tile
        if t is None or not self.held[seat] >> t & 1:
            raise illegal("not-in-hand", tile=CODES[t] if t is not None else "?")
        if self.ends is None:
            if not self.opening >> t & 1:
                raise illegal("must-open", tiles=[CODES[o] for o in tiles_in(self.opening)])
            self.line.append((t, LOW[t], HIGH[t]))
            self.ends = (LOW[t], HIGH[t])
            self.opening = 0
            self.held[seat] &= ~(1 << t)
            return OPEN_BY[seat][t]
        left, right = self.ends
        low, high = LOW[t], HIGH[t]
        at_left = left in (low, high)
        at_right = right in (low, high)
        end = action.end
        if (end == LEFT and not at_left) or (end == RIGHT and not at_right) or not (at_left or at_right):
            raise illegal("no-match", tile=CODES[t], left=left, right=right)
        if end is None:
            if at_left and at_right:
                raise illegal("end-needed", tile=CODES[t])
            end = LEFT if at_left else RIGHT
        self.held[seat] &= ~(1 << t)
        if end == LEFT:
            outer = high if low == left else low
            self.line.insert(0, (t, outer, left))
            self.ends = (outer, right)
            return LEFT_BY[seat][t]
        outer = high if low == right else low
        self.line.append((t, right, outer))
        self.ends = (left, outer)
        return RIGHT_BY[seat][t]

    def _blocked(self) -> bool:
        """Whether no hand holds a tile that fits either end (the line is closed)."""
        assert self.ends is not None
        fits = WITH_PIP[self.ends[0]] | WITH_PIP[self.ends[1]]
        return not any(h & fits for h in self.held)

    def _blocked_winner(self, blocker: int) -> int:
        return blocked_winner(counts_of(self.held, self.dead), blocker, self.options)

    def _next(self, seat: int) -> int:
        """The next seat in turn that still holds a tile (a hand emptied by discards is skipped)."""
        for k in range(1, NUM_SEATS + 1):
            nxt = (seat + k) % NUM_SEATS
            if self.held[nxt]:
                return nxt
        raise AssertionError("no hand holds a tile, yet the deal goes on")

    def _finish(self, end: str, winner: int, blocker: int | None) -> None:
        assert self.ends is not None
        self.phase = OVER
        self.seat_to_act = None
        self._result = deal_result(
            end=end,
            winner=winner,
            blocker=blocker,
            ends=self.ends,
            held=self.held,
            dead=self.dead,
            scores=self.scores,
            options=self.options,
        )

    # -- results, views, records ---------------------------------------------------------------

    def result(self) -> dict[str, Any] | None:
        return None if self._result is None else dict(self._result)

    def outcome(self) -> Outcome | None:
        return None if self._result is None else outcome_of(self._result)

    def progress(self) -> dict[str, Any]:
        """The public state of an unfinished deal: the seat to act and the line's ends."""
        return {"to_act": self.seat_to_act, "ends": None if self.ends is None else list(self.ends)}

    def lacks(self) -> list[set[int]]:
        """The pips each seat has shown it holds none of: both ends whenever it passed or discarded
        (its hand only loses tiles, so it still holds none)."""
        out: list[set[int]] = [set() for _ in range(NUM_SEATS)]
        for action, ends in zip(self.log, self.before, strict=True):
            if action.do != PLAY and ends is not None:
                out[action.seat].update(ends)
        return out

    def view(self, seat: int) -> GapleView:
        """What ``seat`` may know (``view.GapleView``): never another hand, another seat's discard or
        the stock before the end; at the end every hand and dead tile, never the stock."""
        acting = self.seat_to_act == seat
        history = tuple(
            Turn(
                a.seat,
                a.do,
                CODES[a.tile] if a.tile is not None and (a.do == PLAY or a.seat == seat) else None,
                a.end,
                ends,
            )
            for a, ends in zip(self.log, self.before, strict=True)
        )
        return GapleView(
            seat=seat,
            legal=tuple(self.legal_actions()) if acting else (),
            hand=tuple(CODES[t] for t in tiles_in(self.held[seat])),
            hand_sizes=tuple(h.bit_count() for h in self.held),
            to_act=self.seat_to_act,
            result=self.result(),
            phase=self.phase,
            first=self.first,
            leader=self.leader,
            opener=self.opener,
            options=self.options,
            scores=self.scores,
            line=tuple(Placed(CODES[t], a, b) for t, a, b in self.line),
            ends=self.ends,
            stock=len(self.stock) - (1 if self.stock and self.phase != ANNULLED else 0),
            dead_sizes=tuple(len(d) for d in self.dead),
            dead=tuple(CODES[t] for t in self.dead[seat]),
            history=history,
            lacks=tuple(tuple(sorted(p)) for p in self.lacks()),
            without_doubles=self.skipped,
        )

    def opens_match(self) -> bool:
        """Whether this deal opens with the opening tile (a match's first deal without a stock): its
        holder is the leader, which every seat knows."""
        return self.first and self.options.hand_size == 7

    def hidden_from(self, seat: int) -> Counter[str]:
        """The tiles ``seat`` cannot see: the other hands and the other seats' dead tiles while the
        deal goes on (an annulled deal shows only the doubles that annulled it), and the face-down
        stock always."""
        hidden: list[int] = list(self.stock[1:] if self.phase != ANNULLED else self.stock)
        if self.phase != OVER:
            shown = set(self.shown[1]) if self.shown is not None else set()
            if self.opens_match():  # its holder is the leader, to open with it: public
                shown.add(opening_tile(self.options))
            for other in range(NUM_SEATS):
                if other != seat:
                    hidden += [t for t in tiles_in(self.held[other]) if t not in shown]
                    hidden += self.dead[other]
        return Counter(CODES[t] for t in hidden)

    def to_record(self) -> dict[str, Any]:
        """The deal record: the start of the deal, every action applied, what differs from defaults."""
        record: dict[str, Any] = {
            "game": GAME_ID,
            "first": self.first,
            "leader": self.leader,
            "hands": [[CODES[t] for t in h] for h in self.hands],
            "actions": [a.to_json() for a in self.log],
        }
        if any(self.scores):
            record["scores"] = list(self.scores)
        if self.stock:
            record["stock"] = [CODES[t] for t in self.stock]
        options = self.options.to_json()
        if options:
            record["options"] = options
        return record


def deal_tiles(rng: random.Random, options: Options) -> tuple[list[list[int]], list[int]]:
    """A fresh uniform shuffle: ``hand_size`` tiles to each seat in turn, the rest (with 6) the stock."""
    tiles = list(range(SET_SIZE))
    rng.shuffle(tiles)
    size = options.hand_size
    return [tiles[size * s : size * s + size] for s in range(NUM_SEATS)], tiles[size * NUM_SEATS :]


def new_deal(
    seed: int,
    leader: int | None = None,
    options: Options = DEFAULT_OPTIONS,
    scores: Sequence[int] | None = None,
) -> GapleDeal:
    """A fresh deal shuffled from ``seed``. ``leader`` None makes it a match's first deal (the holder of
    the opening tile has the right to open; with a stock, a seat drawn from the same seed); a seat makes
    it a later deal whose right to open is that seat's, ``scores`` (per side) the match so far."""
    if leader is not None and (type(leader) is not int or not 0 <= leader < NUM_SEATS):
        raise RecordError("bad-seat", "the leader must be a seat 0-3", {"what": "leader"})
    rng = random.Random(seed)
    hands, stock = deal_tiles(rng, options)
    first = leader is None
    if leader is None:
        if options.hand_size == 6:
            leader = rng.randrange(NUM_SEATS)
        else:
            opener = opening_tile(options)
            leader = next(s for s in range(NUM_SEATS) if opener in hands[s])
    return GapleDeal.start(
        first=first, leader=leader, hands=hands, stock=stock, scores=scores, options=options
    )
