"""The table service: every operation on a table, each checked against the log before it is trusted.

States are cached in memory per process, but each call first asks the store how long the log is and
replays what another process wrote since; a write that loses the race for its seq drops the cache.
Operations are synchronous and short, and they may be called from several threads at once (the web
layer runs them in a bounded pool of threads, never on its event loop): each one holds its table's
lock, so one table's cached state is only ever read or changed by one thread at a time.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, TypeVar

from cardavia.bots.base import LEVELS
from cardavia.games.errors import RecordError
from cardavia.games.registry import get_game
from cardavia.games.seats import invite_order
from cardavia.service import names
from cardavia.service.errors import Conflict, HostOnly, NotFound, Raced, Stale, TableError
from cardavia.service.payload import outcome_json, with_acting
from cardavia.service.quick import QuickGate
from cardavia.service.state import (
    HUMAN,
    DealSummary,
    TableState,
    host_seat,
    is_host,
    public_action,
    seat_of,
)
from cardavia.store.db import FinishedDeal, LoggedAction, SeqTaken, Store, TableRecord

JSON = dict[str, Any]
AppendHook = Callable[[str, int], None]
W = TypeVar("W")
LOCK_STRIPES = 256  # tables share this many locks: bounded memory, rare contention between tables
READ_WAIT_S = 0.2  # a read waits this long for a write of its table, then reads a copy of its own
TURN_LIMITS = (30, 120)  # seconds a person may take per decision, when the host sets a limit
# Presence at shared tables. A person's browser holding the table's event stream writes a heartbeat
# at most every PRESENCE_BEAT_S (the stream wakes at least every 15 s); a request of theirs counts
# too. Nothing heard for LEFT_AFTER_S: they have left (two beats missed, and some slack).
PRESENCE_BEAT_S = 15.0
LEFT_AFTER_S = 40.0
# With no turn limit, a person who has left is waited for this long after they were last seen, then
# the AI plays their decisions until they are back (a table never waits forever on someone gone).
AWAY_GRACE_S = 90.0
PRESENCE_CACHE_S = 5.0  # how long a process reuses a table's presence read for what it shows


def token_hash(token: str) -> str:
    """What is stored of an invite token (the token itself is never stored nor logged)."""
    return hashlib.sha256(token.encode()).hexdigest()


class TableService:
    """Tables on one store. ``on_append(table_id, seq)`` is called after each action is written."""

    def __init__(
        self,
        store: Store,
        *,
        cache_size: int = 4096,
        on_append: AppendHook | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.cache_size = cache_size
        self.on_append = on_append
        self.clock = clock
        self._cache: OrderedDict[str, TableState] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._locks = [threading.RLock() for _ in range(LOCK_STRIPES)]
        self._beats: dict[tuple[str, int], float] = {}  # (table, seat) -> when this process wrote it
        self._presence: dict[str, tuple[float, dict[int, float]]] = {}  # table -> (read at, seen)
        self.quick = QuickGate(lambda: self.clock())
        # where new tables' seeds come from (tests replace it to make tables repeatable)
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(63)

    @contextmanager
    def lock(self, table_id: str) -> Iterator[None]:
        """Hold ``table_id``'s lock: while held, no other thread of this process reads or changes
        its cached state. Every operation below takes it; callers hold it across several calls that
        must see one state (loading it, then rendering it)."""
        with self._locks[hash(table_id) % LOCK_STRIPES]:
            yield

    @contextmanager
    def reading(
        self, table_id: str, owner: str | None = None, trust: Callable[[TableState], bool] | None = None
    ) -> Iterator[TableState]:
        """The table as its log says now, to read (never to change) for the ``with``'s length.

        Usually this process's copy, under the table's lock (without asking the store, if ``trust``
        says the copy is current); but when a write of the table holds the lock for long (it waits
        for a locked or slow database), a private copy rebuilt from the log, so that reading a table
        never waits for a write of it.
        """
        lock = self._locks[hash(table_id) % LOCK_STRIPES]
        if lock.acquire(timeout=READ_WAIT_S):
            try:
                cached = self._cache.get(table_id)
                if (
                    cached is not None
                    and trust is not None
                    and (owner is None or seat_of(cached.record, owner) is not None)
                    and trust(cached)
                ):
                    yield cached
                else:
                    yield self._state(table_id, owner)
            finally:
                lock.release()
            return
        head = self.store.head(table_id)
        if head is None or (owner is not None and seat_of(head[0], owner) is None):
            raise NotFound()
        yield TableState.rebuild(head[0], self.store.actions(table_id))

    # -- loading ----------------------------------------------------------------------------------
    def state(self, table_id: str, owner: str | None = None) -> TableState:
        """The table as its log says now. ``owner`` (the browser's key hash) must match, if given."""
        with self.lock(table_id):
            return self._state(table_id, owner)

    def _state(self, table_id: str, owner: str | None) -> TableState:
        head = self.store.head(table_id)
        if head is None:
            raise NotFound()
        record, length = head
        if owner is not None and seat_of(record, owner) is None:
            raise NotFound()
        state = self._cache.get(table_id)
        if state is None or state.seq > length:
            state = TableState.rebuild(record, self.store.actions(table_id))
        elif state.seq < length:
            state.extend(self.store.actions(table_id, state.seq))
        state.record = record
        self._remember(state)
        return state

    def _remember(self, state: TableState) -> None:
        with self._cache_lock:
            self._cache[state.record.id] = state
            self._cache.move_to_end(state.record.id)
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)

    def cached(self, table_id: str) -> TableState | None:
        """This process's copy of the table, unchecked: only for writes (the log's unique key checks
        them) or when the caller knows no other process wrote since. Read it under :meth:`lock`."""
        return self._cache.get(table_id)

    def forget(self, table_id: str) -> None:
        with self._cache_lock:
            self._cache.pop(table_id, None)

    # -- creating ---------------------------------------------------------------------------------
    def create(
        self,
        *,
        game: str,
        level: str,
        owner: str,
        pace_ms: int,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        friends: int = 0,
        turn_limit_s: int | None = None,
        host_name: str | None = None,
    ) -> TableState:
        """A new table: seat 0 the human (the host), the first ``friends`` seats of the game's
        :func:`~cardavia.games.seats.invite_order` for invited people (see :meth:`invite`), the
        other seats bots of ``level``. ``turn_limit_s``: a person's time per
        decision, after which the AI plays that decision for them. ``host_name``: the name the
        others see for the host (cleaned as a guest's is: ``bad-name`` when nothing is left)."""
        engine = get_game(game)  # RecordError "unknown-game"
        if level not in LEVELS:
            raise RecordError("unknown-level", f"unknown level {level!r}", {"level": level})
        if not 0 <= friends <= engine.num_seats - 1:
            raise RecordError(
                "bad-friends",
                f"this game has seats for 0 to {engine.num_seats - 1} friends",
                {"friends": friends, "max": engine.num_seats - 1},
            )
        if turn_limit_s is not None and turn_limit_s not in TURN_LIMITS:
            raise RecordError(
                "bad-turn-limit", "the turn limit is none, 30 s or 120 s", {"turn_limit_s": turn_limit_s}
            )
        invited = invite_order(engine)[:friends]
        if host_name is not None:
            host_name = names.display_name(host_name)
        record = TableRecord(
            id="t_" + secrets.token_urlsafe(12),
            game=game,
            level=level,
            seed=self.new_seed() if seed is None else seed,
            options=dict(options or {}),
            seats=tuple(HUMAN if s == 0 or s in invited else level for s in range(engine.num_seats)),
            owner=owner,
            pace_ms=pace_ms,
            status=HUMAN,
            created_at=self.clock(),
            people=tuple(
                {"owner": None, "name": ""} if s in invited else None for s in range(engine.num_seats)
            ),
            turn_limit_s=turn_limit_s,
            host_name=host_name,
        )
        state = TableState(record)  # options are checked by the engine here, before anything is stored
        record = TableRecord(**{**record.__dict__, "status": state.status()})
        state.record = record
        self.store.create_table(record)
        self._remember(state)
        if friends:
            self.seen(record.id, 0, force=True)  # the host is at their new table
        return state

    def try_from(self, table_id: str, owner: str, deal_no: int, step: int, *, pace_ms: int) -> TableState:
        """A new table of this browser's at step ``step`` of its finished deal ``deal_no`` (after that
        many of the deal's actions), to play its own decision there differently.

        The person sits in the seat they held, with their own pieces; every other seat is the AI
        at the table's level (friends included: the new table is theirs alone). Its first deal is
        the same deal (the same hidden pieces, which stay on the server) up to that point; its later
        deals come from a seed of its own, so no deal it shows is one another table is still to
        play. ``bad-step`` for a step outside the deal, ``not-a-decision`` where that seat does not
        choose (or has a single legal move); ``NotFound`` for a table not this browser's.
        """
        with self.lock(table_id):
            state, summary = self._finished(table_id, owner, deal_no)
            seat = self.viewer(state, owner)
            length = summary.end - summary.start
            if not 0 <= step < length:
                raise TableError("bad-step", "no such step of the deal", {"step": step, "steps": length})
            tried = state.log[summary.start : summary.start + step]
            source = state.record
        # The tried deal alone, as the first deal of the new table (its seqs counted from 0).
        log = [LoggedAction(i, 1, e.seat, e.action) for i, e in enumerate(tried)]
        record = TableRecord(
            id="t_" + secrets.token_urlsafe(12),
            game=source.game,
            level=source.level,
            seed=self.new_seed(),
            options=dict(source.options),
            seats=tuple(HUMAN if s == seat else source.level for s in range(len(source.seats))),
            owner=owner,
            pace_ms=pace_ms,
            status=HUMAN,
            created_at=self.clock(),
            origin={
                "table": source.id,
                "deal_no": deal_no,
                "step": step,
                "seat": seat,
                **state.deal_origin(deal_no, summary.dealer),
            },
        )
        fresh = TableState.rebuild(record, log)
        if fresh.status_for(seat) != HUMAN or len(fresh.deal.view(seat).legal) < 2:
            raise TableError("not-a-decision", "you do not choose at that step", {"step": step})
        self.store.create_table(record, log)
        self._remember(fresh)
        return fresh

    def rematch(self, table_id: str, owner: str) -> TableState:
        """*Play again together*: a new shared table for the same people in the same seats (the
        host's ask, once a deal is over), the AI of the same level in the others, the same turn
        limit, pace and names, a seed of its own. Each person holds their seat at once (no links),
        and the finished table names it (``next_table``), so every page follows; asked again, or
        by a second request meanwhile, the same new table is answered.

        ``HostOnly`` for a guest; ``not-shared`` (409) at a table nobody else shares;
        ``deal-not-over`` (409) while a deal is being played."""
        with self.lock(table_id):
            state = self._state(table_id, owner)
            source = state.record
            following = (source.origin or {}).get("next")
            if following is not None:
                return self._state(str(following), owner)
            if not is_host(source, owner):
                raise HostOnly()
            if not state.shared:
                raise Conflict("not-shared", "nobody else plays at this table", {})
            if state.status() != "over" or not state.finished:
                raise Conflict("deal-not-over", "the deal is not over yet", {"deal_no": state.deal_no})
            people = tuple(
                None
                if p is None or p.get("owner") is None
                else {"owner": p["owner"], "name": p.get("name", "")}
                for p in source.people
            )
            now = self.clock()
            record = TableRecord(
                id="t_" + secrets.token_urlsafe(12),
                game=source.game,
                level=source.level,
                seed=self.new_seed(),
                options=dict(source.options),
                # a seat the AI held (never taken, or handed over for good) stays the AI's
                seats=tuple(
                    HUMAN
                    if s == host_seat(source) or (s < len(people) and people[s] is not None)
                    else source.level
                    for s in range(state.num_seats)
                ),
                owner=source.owner,
                pace_ms=source.pace_ms,
                status=HUMAN,
                created_at=now,
                people=people,
                turn_limit_s=source.turn_limit_s,
                origin={"after": source.id},
                host_name=source.host_name,
                seated_at=now,
            )
            fresh = TableState(record)
            record = replace(record, status=fresh.status())
            fresh.record = record
            made = self.store.create_after(record, source.id)
            self.forget(table_id)
        if made != record.id:
            return self.state(made, owner)
        self._remember(fresh)
        for seat in fresh.persons():
            self.seen(record.id, seat, force=True)  # everyone was at the table a moment ago
        return fresh

    # -- acting -----------------------------------------------------------------------------------
    def act(self, table_id: str, owner: str, seq: int, action_obj: object) -> tuple[TableState, int]:
        """The action of ``owner``'s seat chosen at ``seq``. Answers the state and the seq the
        reply's news start at.

        The seat must be acting (several seats may be, deciding at once: each acts in any order,
        and an action chosen at an older ``seq`` stands while only other seats acted since).
        Stale seq or not that seat's decision: :class:`Stale`. Malformed: ``RecordError``; illegal:
        ``IllegalAction`` (nothing logged). The identical action resent after it was applied is
        answered as before and not applied again, even when the two copies race in two processes.
        """
        with self.lock(table_id):
            cached = self._cache.get(table_id)
            seat = None if cached is None else seat_of(cached.record, owner)
            if cached is not None and seat is not None and cached.handed(seat):
                cached = self._back(cached, seat)  # acting is coming back: the seat is theirs again
            if cached is not None and cached.seq == seq and seat is not None:
                # The usual case, without a read: if another process wrote seq meanwhile, the unique
                # key refuses this write and the answer is made again from the log.
                try:
                    return self._act(cached, seq, action_obj, seat)
                except Stale:
                    pass
            state = self._state(table_id, owner)
            seat = seat_of(state.record, owner)
            assert seat is not None  # _state checked it
            if state.handed(seat):
                state = self._back(state, seat)
            return self._racing(state, lambda now: self._act(now, seq, action_obj, seat))

    def _act(self, state: TableState, seq: int, action_obj: object, seat: int) -> tuple[TableState, int]:
        action = state.game.action_from_json(action_obj, seat)
        action_json = state.game.action_to_json(action)
        if seq != state.seq:
            if 0 <= seq < state.seq:
                done = state.made_since(seat, seq)
                if done is not None and done.action == action_json and not done.auto:
                    return state, seq
            # Seats deciding at once act in any order: a decision made from the table at ``seq``
            # stands while it is still the seat's to make (only other seats' actions came since).
            if not state.deciding_since(seat, seq):
                raise Stale("stale", f"the table is at {state.seq}, not {seq}", state)
        if state.status_for(seat) != HUMAN:
            raise Stale("not-your-turn", "it is not your turn", state)
        self._commit(state, state.entry(seat, action_json), action)
        return state, seq

    def viewer(self, state: TableState, owner: str) -> int:
        """The seat ``owner`` holds at ``state``'s table (checked by loading it: else NotFound)."""
        seat = seat_of(state.record, owner)
        if seat is None:
            raise NotFound()
        return seat

    # -- invited people ---------------------------------------------------------------------------
    def invite(self, table_id: str, owner: str, seat: int) -> str:
        """A new invite token for an invited seat not yet taken (host only); the seat's older links
        stop working. The token is 256 random bits; only its hash is stored."""
        with self.lock(table_id):
            state = self._state(table_id, owner)
            if not is_host(state.record, owner):
                raise NotFound()  # only the host sees the links
            people = state.record.people
            person = people[seat] if 0 <= seat < len(people) else None
            if person is None or person.get("owner") is not None:
                raise TableError(
                    "seat-not-open", "that seat is not waiting for an invited person", {"seat": seat}
                )
            token = secrets.token_urlsafe(32)
            self.store.new_invite(table_id, seat, token_hash(token), self.clock())
            return token

    def offered(self, token: str) -> tuple[TableState, int]:
        """The table and seat an open invite offers (NotFound if the token is unknown, used or revoked)."""
        found = self.store.open_invite(token_hash(token))
        if found is None:
            raise NotFound()
        table_id, seat = found
        return self.state(table_id), seat

    def reopened(self, token: str, owner: str) -> tuple[TableState, int]:
        """The table and seat ``owner`` took with the invite ``token`` and still holds: their own
        link opened again (from the message it came in) leads back to their seat. NotFound for a
        link not used, used by another browser, or to a seat no longer theirs."""
        found = self.store.used_invite(token_hash(token))
        if found is None or found[2] != owner:
            raise NotFound()
        table_id, seat, _ = found
        state = self.state(table_id)
        person = state.record.people[seat] if seat < len(state.record.people) else None
        if person is None or person.get("owner") != owner:
            raise NotFound()
        return state, seat

    def claim(self, token: str, owner: str, name: str) -> tuple[TableState, int]:
        """Take the seat an invite offers, as ``owner`` (the browser's key hash) under ``name``.

        NotFound if the token is not open, or this browser holds a seat at that table already.
        """
        name = names.display_name(name)  # something visible, on one line: else TableError bad-name
        found = self.store.claim_invite(token_hash(token), owner, name, self.clock())
        if found is None:
            raise NotFound()
        table_id, seat = found
        self.seen(table_id, seat, force=True)
        with self.lock(table_id):
            self.forget(table_id)
            return self._state(table_id, owner), seat

    def say(self, table_id: str, owner: str, message: str) -> int:
        """Check a quick message ``owner`` sends to the others at a shared table (see
        :mod:`cardavia.service.quick`): the seat it comes from. NotFound for a table not theirs;
        ``not-shared`` (409) where nobody else is a person; ``bad-message``; ``too-fast`` (429)."""
        with self.lock(table_id):
            state = self._state(table_id, owner)
        seat = self.viewer(state, owner)
        if not state.shared:
            raise Conflict("not-shared", "nobody else at this table reads messages", {})
        self.quick.check(table_id, seat, message)
        return seat

    def start(self, table_id: str, owner: str) -> TableState:
        """Start the deal now (host only): invited seats not yet taken are played by the AI."""
        with self.lock(table_id):
            state = self._state(table_id, owner)
            if not is_host(state.record, owner):
                raise NotFound()
            self.store.fill_open_seats(table_id, state.record.level, self.clock())
            self.forget(table_id)
            return self._state(table_id, owner)

    def give_to_ai(self, table_id: str, owner: str, seat: int) -> TableState:
        """The AI of the table's level plays ``seat`` (host only, else NotFound).

        ``seat`` is an invited seat not yet taken (its links are revoked), or seat 0, the host's
        own: the host leaves, and every open seat goes to the AI as well, since only the host could
        have started the table. A seat the AI plays already is answered as done (idempotent); a
        seat the game does not have is ``seat-not-open``.

        A seat a person has taken stays theirs: if they have left (see :data:`LEFT_AFTER_S`), the
        AI plays their decisions at once, logged as the AI's for them, until they come back (open
        the table or act); if they are at the table, :class:`Conflict` ``person-here``.
        """
        with self.lock(table_id):
            state = self._state(table_id, owner)
            record = state.record
            if not is_host(record, owner):
                raise NotFound()
            refused = TableError(
                "seat-not-open", "that seat is not waiting for an invited person", {"seat": seat}
            )
            if not 0 <= seat < state.num_seats:
                raise refused
            if record.seats[seat] != HUMAN:
                return state
            person = record.people[seat] if seat < len(record.people) else None
            own = seat == host_seat(record)
            if not own and person is not None and person.get("owner") is not None:
                return self._hand(state, owner, seat)
            if not own and person is None:
                raise refused
            if not self.store.give_to_ai(table_id, record.level, (seat,), every_open=own, now=self.clock()):
                raise refused  # taken a moment ago
            self.forget(table_id)
            # the host who left holds no seat any more (see host_seat): the table as it is now
            return self._state(table_id, None if own else owner)

    def _hand(self, state: TableState, owner: str, seat: int) -> TableState:
        """The host hands ``seat``'s person, who has left, to the AI until they are back."""
        table_id = state.record.id
        if state.handed(seat):
            return state
        if seat in self.here(state, fresh=True):
            raise Conflict(
                "person-here",
                "that person is at the table: the AI plays for them only once they have left",
                {"seat": seat},
            )
        status = "bots" if seat in state.person_turns() else None  # the hint for a restarted server
        if not self.store.set_handed(table_id, seat, True, status):
            raise TableError("seat-not-open", "that seat is not a person's", {"seat": seat})
        self.forget(table_id)
        return self._state(table_id, owner)

    def _back(self, state: TableState, seat: int) -> TableState:
        """``seat``'s person, handed to the AI, is back: their decisions are theirs again."""
        table_id = state.record.id
        step = state.pending()
        status = HUMAN if step is not None and step.kind == "away" and step.seat == seat else None
        self.store.set_handed(table_id, seat, False, status)
        self.forget(table_id)
        return self._state(table_id, None)

    def returned(self, table_id: str, owner: str) -> TableState | None:
        """``owner`` opened the table: noted as seen, and if the host had handed their seat to the
        AI, the seat is theirs again (the new state; None when nothing changed)."""
        with self.lock(table_id):
            state = self._state(table_id, owner)
            seat = seat_of(state.record, owner)
            assert seat is not None  # _state checked it
            if state.shared:
                self.seen(table_id, seat)
            return self._back(state, seat) if state.handed(seat) else None

    # -- presence ---------------------------------------------------------------------------------
    def seen(self, table_id: str, seat: int, *, force: bool = False) -> bool:
        """Note that ``seat``'s person is at the table now; stored at most every
        :data:`PRESENCE_BEAT_S` per seat by this process, unless ``force``. True if written."""
        now = self.clock()
        key = (table_id, seat)
        with self._cache_lock:
            last = self._beats.get(key)
            if not force and last is not None and 0 <= now - last < PRESENCE_BEAT_S:
                return False
            if len(self._beats) > 100_000:  # forget them all rather than grow: one write each again
                self._beats.clear()
            self._beats[key] = now
        try:
            self.store.touch(table_id, seat, now)
        except BaseException:
            with self._cache_lock:
                self._beats.pop(key, None)
            raise
        with self._cache_lock:
            cached = self._presence.get(table_id)
            if cached is not None:
                self._presence[table_id] = (cached[0], {**cached[1], seat: now})
        return True

    def presence(self, table_id: str, *, fresh: bool = False) -> dict[int, float]:
        """When each seat's person was last seen, as the store says; a read less than
        :data:`PRESENCE_CACHE_S` old is reused unless ``fresh``."""
        now = self.clock()
        cached = self._presence.get(table_id)
        if not fresh and cached is not None and 0 <= now - cached[0] < PRESENCE_CACHE_S:
            return cached[1]
        seen = self.store.presence(table_id)
        with self._cache_lock:
            if len(self._presence) > self.cache_size:
                self._presence.clear()
            self._presence[table_id] = (now, seen)
        return seen

    def here(self, state: TableState, *, fresh: bool = False) -> frozenset[int]:
        """The seats of ``state``'s table whose person is there now (seen in the last
        :data:`LEFT_AFTER_S`); empty at a table no invited person shares."""
        if not state.shared:
            return frozenset()
        seen = self.presence(state.record.id, fresh=fresh)
        now = self.clock()
        return frozenset(s for s in state.persons() if s in seen and now - seen[s] < LEFT_AFTER_S)

    def left_turn(self, state: TableState) -> tuple[int, float] | None:
        """At a shared table with no turn limit, the person to decide now (of several deciding at
        once: the one the AI is due for first, the lowest seat of equals) and the seconds until
        the AI decides for them: :data:`AWAY_GRACE_S` after they were last seen (0: now).

        None when no person is to decide, the table has a turn limit (it has its own clock), or no
        other person is at the table: nobody waits, and the table rests until someone is back.
        """
        if state.record.turn_limit_s is not None:
            return None
        seats = state.person_turns()
        if not seats:
            return None
        # This process's recent read first (the driver asks after every move at every shared table):
        # it can only be older than the store, so it says the AI is due earlier, never later. The
        # store is asked only when that read says nobody waits, or that the AI is due now.
        due = self._left_turn(state, seats, self.presence(state.record.id))
        if due is None or due[1] <= 0:
            due = self._left_turn(state, seats, self.presence(state.record.id, fresh=True))
        return due

    def _left_turn(
        self, state: TableState, seats: tuple[int, ...], seen: dict[int, float]
    ) -> tuple[int, float] | None:
        now = self.clock()
        due: tuple[int, float] | None = None
        for seat in seats:
            if not any(s != seat and s in seen and now - seen[s] < LEFT_AFTER_S for s in state.persons()):
                continue
            last = seen.get(seat, state.record.created_at)
            wait = max(0.0, last + AWAY_GRACE_S - now)
            if due is None or wait < due[1]:
                due = (seat, wait)
        return due

    def next_deal(self, table_id: str, owner: str, seq: int) -> TableState:
        """Deal the next deal once the current one is over (idempotent for the same ``seq``, even
        when two copies race in two processes)."""
        with self.lock(table_id):
            try:
                return self._next_deal(self._state(table_id, owner), seq)
            except Stale as exc:
                if exc.code != "stale":
                    raise
                return self._next_deal(exc.state, seq)

    def _next_deal(self, state: TableState, seq: int) -> TableState:
        if seq != state.seq:
            if 0 <= seq < state.seq and state.log[seq].seat < 0:
                return state
            raise Stale("stale", f"the table is at {state.seq}, not {seq}", state)
        if state.status() != "over":
            raise Stale("deal-not-over", "the deal is not over yet", state)
        if state.ends:
            raise Conflict("table-ends", "this table ends with this deal", {"deal_no": state.deal_no})
        self._commit(state, state.entry(-1, state.next_deal_marker()), None)
        return state

    def server_step(self, table_id: str, seq: int, seat: int, action_json: JSON, auto: int = 0) -> bool:
        """Apply the server's own action (a bot's, a forced one, a new deal) decided at ``seq``;
        ``auto``: the AI's for a person, and why (``AUTO_TIME``: their time ran out; ``AUTO_LEFT``:
        they had left), marked so in the log.

        False if the table is no longer at ``seq`` (another process or request got there first),
        unless ``seat`` decides at once with others and only they acted since (it is still its
        decision to make: written at the log's end).
        """
        with self.lock(table_id):
            state = self._cache.get(table_id)
            if state is None or not self._server_may(state, seq, seat):
                state = self._state(table_id, None)
                if not self._server_may(state, seq, seat):
                    return False
            action = None if seat < 0 else state.game.action_from_json(action_json, seat)

            def write(now: TableState) -> bool:
                if not self._server_may(now, seq, seat):
                    return False
                self._commit(now, now.entry(seat, action_json, auto), action)
                return True

            try:
                return self._racing(state, write)
            except Stale:
                return False

    @staticmethod
    def _server_may(state: TableState, seq: int, seat: int) -> bool:
        """Whether the server's action for ``seat`` decided at ``seq`` still applies: the table is
        at ``seq``, or (seats deciding at once) ``seat``'s decision begun by then is still to make."""
        if state.seq == seq:
            return True
        return seat >= 0 and state.deciding_since(seat, seq)

    def _racing(self, state: TableState, attempt: Callable[[TableState], W]) -> W:
        """``attempt(state)``, tried again from the log as it is now each time its write loses the
        log's next seq to another writer (:class:`Raced`), as long as what it writes still stands.

        Where seats decide at once, each writes whenever it likes, on any process, and a decision
        made from an older seq stands while only the others acted since: a write is lost at most
        once to each other seat's decision, and once to an identical copy of its own (after which
        it is answered as done), so as many tries as seats, plus one, always see it through.
        """
        for _ in range(state.num_seats):
            try:
                return attempt(state)
            except Raced as lost:
                state = lost.state
        return attempt(state)

    def _commit(self, state: TableState, entry: LoggedAction, action: Any) -> None:
        entry = replace(entry, created_at=self.clock())  # when the next turn begins, kept in the log
        before = state.status()
        summary = state.apply_entry(entry, action)  # IllegalAction leaves the state untouched
        after = state.status()
        finished = None
        if summary is not None:
            finished = FinishedDeal(
                state.record.id, summary.deal_no, state.record.game, summary.result, self.clock()
            )
        try:
            self.store.append(
                state.record.id,
                entry,
                status=after if after != before else None,
                finished=finished,
                owner=state.record.owner,
            )
        except SeqTaken:
            self.forget(state.record.id)
            raise Raced(self.state(state.record.id)) from None
        except BaseException:
            # not written (the database could not answer): the applied entry must not stay cached
            self.forget(state.record.id)
            raise
        if self.on_append is not None:
            self.on_append(state.record.id, entry.seq)

    def set_pace(self, table_id: str, owner: str, pace_ms: int) -> TableState:
        """The pause before each of the server's moves, for everyone at the table: the host's to
        set (a guest's ask is :class:`HostOnly`)."""
        with self.lock(table_id):
            if not is_host(self._state(table_id, owner).record, owner):
                raise HostOnly()
            self.store.set_pace(table_id, pace_ms)
            return self._state(table_id, owner)

    # -- history ----------------------------------------------------------------------------------
    def _finished(self, table_id: str, owner: str, deal_no: int) -> tuple[TableState, DealSummary]:
        state = self.state(table_id, owner)
        summary = state.finished_deal(deal_no)
        if summary is None:
            raise TableError("deal-not-finished", "that deal is not finished", {"deal_no": deal_no})
        return state, summary

    def deal_steps(self, table_id: str, owner: str, deal_no: int) -> list[JSON]:
        """A finished deal step by step: the view of the owner's seat before the first action and
        after each one, each with the deal's ``outcome`` once it is over (:func:`outcome_json`),
        else None."""
        with self.lock(table_id):
            state, summary = self._finished(table_id, owner, deal_no)
            deal, entries = state.replay_deal(summary)
        me = self.viewer(state, owner)

        def outcome() -> JSON | None:
            over = deal.outcome()
            return None if over is None else outcome_json(over)

        steps: list[JSON] = [
            {
                "seq": None,
                "seat": None,
                "action": None,
                "view": with_acting(deal.view(me).to_json(), state.game, deal),
                "outcome": outcome(),
            }
        ]
        for entry in entries:
            deal.apply(state.game.action_from_json(entry.action, entry.seat))
            steps.append(
                {
                    "seq": entry.seq,
                    "seat": entry.seat,
                    "action": public_action(state.game, entry.seat, entry.action, me),
                    "view": with_acting(deal.view(me).to_json(), state.game, deal),
                    "outcome": outcome(),
                }
            )
        return steps

    def deal_hands(self, table_id: str, owner: str, deal_no: int) -> list[list[list[str]]]:
        """Every seat's hand before the first action and after each one, of a finished deal only (the
        record reveals them all already): ``hands[step][seat]``, steps as in :meth:`deal_steps`."""
        state, summary = self._finished(table_id, owner, deal_no)
        deal, entries = state.replay_deal(summary)
        seats = range(state.game.num_seats)

        def hands() -> list[list[str]]:
            return [list(deal.view(s).to_json()["hand"]) for s in seats]

        out = [hands()]
        for entry in entries:
            deal.apply(state.game.action_from_json(entry.action, entry.seat))
            out.append(hands())
        return out

    def deal_record(self, table_id: str, owner: str, deal_no: int) -> JSON:
        """The finished deal as a record ``cardavia replay`` accepts."""
        with self.lock(table_id):
            state, summary = self._finished(table_id, owner, deal_no)
            deal, entries = state.replay_deal(summary)
        for entry in entries:
            deal.apply(state.game.action_from_json(entry.action, entry.seat))
        return dict(deal.to_record())

    def history(self, owner: str) -> list[JSON]:
        """The finished deals of the tables where ``owner`` holds a seat, each with its result, each
        seat's returns and the seat they hold (a seat handed to the AI for good is not theirs)."""
        deals = self.store.history(owner)
        records = self.store.tables(d.table_id for d in deals)
        out: list[JSON] = []
        for d in deals:
            record = records.get(d.table_id)
            seat = None if record is None else seat_of(record, owner)
            if seat is None:
                continue
            out.append(
                {
                    "table": d.table_id,
                    "game": d.game,
                    "deal_no": d.deal_no,
                    "finished_at": d.finished_at,
                    "result": d.result,
                    "returns": list(get_game(d.game).outcome_of(d.result).returns),
                    "seat": seat,
                }
            )
        return out
