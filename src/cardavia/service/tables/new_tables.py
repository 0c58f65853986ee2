"""New tables: a table made from the host's choices, one started at a step of a finished deal to
try a decision again, and a friends' table's *play again together*.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from cardavia.bots.base import LEVELS
from cardavia.games.errors import RecordError
from cardavia.games.registry import get_game
from cardavia.games.seats import invite_order
from cardavia.service.errors import Conflict, HostOnly, TableError
from cardavia.service.names import display_name
from cardavia.service.state import HUMAN, TableState, host_seat, is_host
from cardavia.service.tables.finished import FinishedDeals
from cardavia.service.tables.presence import Presence
from cardavia.store.records import LoggedAction, TableRecord

TURN_LIMITS = (30, 120)  # seconds a person may take per decision, when the host sets a limit


class NewTables(Presence, FinishedDeals):
    """Making tables (the people at a new friends' table are seen there: hence presence)."""

    def _new_record(
        self,
        *,
        game: str,
        level: str,
        options: Mapping[str, Any],
        seats: tuple[str, ...],
        seed: int | None = None,
        created_at: float | None = None,
        **facts: Any,
    ) -> TableRecord:
        """A new table's record: an id of its own, a seed of its own unless ``seed``, made now
        unless ``created_at``, a person's to act until its first state says (:meth:`_opened`)."""
        return TableRecord(
            id="t_" + secrets.token_urlsafe(12),
            game=game,
            level=level,
            seed=self.new_seed() if seed is None else seed,
            options=dict(options),
            seats=seats,
            status=HUMAN,
            created_at=self.clock() if created_at is None else created_at,
            **facts,
        )

    @staticmethod
    def _opened(record: TableRecord) -> TableState:
        """The first state of a new table with no log yet (the engine checks ``record``'s options
        here, before anything is stored), its record's status set from it."""
        state = TableState(record)
        state.record = replace(record, status=state.status())
        return state

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
            host_name = display_name(host_name)
        state = self._opened(
            self._new_record(
                game=game,
                level=level,
                options=options or {},
                seats=tuple(HUMAN if s == 0 or s in invited else level for s in range(engine.num_seats)),
                seed=seed,
                owner=owner,
                pace_ms=pace_ms,
                people=tuple(
                    {"owner": None, "name": ""} if s in invited else None for s in range(engine.num_seats)
                ),
                turn_limit_s=turn_limit_s,
                host_name=host_name,
            )
        )
        self.store.create_table(state.record)
        self._remember(state)
        if friends:
            self.seen(state.record.id, 0, force=True)  # the host is at their new table
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
        record = self._new_record(
            game=source.game,
            level=source.level,
            options=source.options,
            seats=tuple(HUMAN if s == seat else source.level for s in range(len(source.seats))),
            owner=owner,
            pace_ms=pace_ms,
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
            fresh = self._opened(
                self._new_record(
                    game=source.game,
                    level=source.level,
                    options=source.options,
                    # a seat the AI held (never taken, or handed over for good) stays the AI's
                    seats=tuple(
                        HUMAN
                        if s == host_seat(source) or (s < len(people) and people[s] is not None)
                        else source.level
                        for s in range(state.num_seats)
                    ),
                    created_at=now,
                    owner=source.owner,
                    pace_ms=source.pace_ms,
                    people=people,
                    turn_limit_s=source.turn_limit_s,
                    # a match under way goes on at the new table, from its scores
                    origin={"after": source.id, **state.match_on()},
                    host_name=source.host_name,
                    seated_at=now,
                )
            )
            record = fresh.record
            made = self.store.create_after(record, source.id)
            self.forget(table_id)
        if made != record.id:
            return self.state(made, owner)
        self._remember(fresh)
        for seat in fresh.persons():
            self.seen(record.id, seat, force=True)  # everyone was at the table a moment ago
        return fresh
