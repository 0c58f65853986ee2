"""Invited seats: their links (only a token's hash is stored), a seat taken with one, seats given
to the AI, and a person the AI plays for while they are away.

A table's ``people`` column is changed by compare-and-set (the row as read must still be there), so
that two requests taking seats at one table at once never both win: the loser reads it again.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import Connection, select

from cardavia.store.core import StoreCore, guarded, writes
from cardavia.store.errors import StoreUnavailable
from cardavia.store.models import INVITES, TABLES


class _Raced(Exception):
    """A compare-and-set of a table's row lost to another writer: read it again and retry."""


class _Refused(Exception):
    """The transaction must write nothing (raised inside it, so that it rolls back)."""


class Seats(StoreCore):
    """The store's part that keeps invites and who holds each invited seat."""

    @writes
    def new_invite(self, table_id: str, seat: int, token_hash: str, now: float) -> None:
        """Store an invite link for ``seat`` (its token's hash), revoking the seat's open ones."""
        with self._tx() as conn:
            conn.execute(
                INVITES.update()
                .where(INVITES.c.table_id == table_id, INVITES.c.seat == seat, INVITES.c.status == "open")
                .values(status="revoked")
            )
            conn.execute(
                INVITES.insert(),
                {
                    "token_hash": token_hash,
                    "table_id": table_id,
                    "seat": seat,
                    "status": "open",
                    "created_at": now,
                },
            )

    @guarded
    def open_invite(self, token_hash: str) -> tuple[str, int] | None:
        """The (table, seat) an open invite offers, or None (unknown, used or revoked)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(INVITES.c.table_id, INVITES.c.seat).where(
                    INVITES.c.token_hash == token_hash, INVITES.c.status == "open"
                )
            ).first()
        return None if row is None else (row[0], int(row[1]))

    @guarded
    def used_invite(self, token_hash: str) -> tuple[str, int, str] | None:
        """The (table, seat, owner who used it) of an invite that was used to take its seat, or
        None (unknown, still open, or revoked)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(INVITES.c.table_id, INVITES.c.seat, INVITES.c.owner).where(
                    INVITES.c.token_hash == token_hash, INVITES.c.status == "used"
                )
            ).first()
        return None if row is None or row[2] is None else (row[0], int(row[1]), str(row[2]))

    @writes
    def claim_invite(
        self, token_hash: str, owner: str, name: str, now: float | None = None
    ) -> tuple[str, int] | None:
        """Use an open invite: its seat becomes ``owner``'s, under ``name``. None if the token is
        not open (unknown, used, revoked) or ``owner`` already holds a seat at that table; the
        token is used up only when the seat is taken (one transaction). ``now``: the time kept as
        ``seated_at`` if it was the last open seat (default: this moment)."""
        for _ in range(8):
            try:
                return self._claim(token_hash, owner, name, now)
            except _Refused:
                return None
            except _Raced:
                continue
        raise StoreUnavailable("busy", "too many seats taken at once at one table")

    def _claim(self, token_hash: str, owner: str, name: str, now: float | None) -> tuple[str, int] | None:
        with self._tx() as conn:
            # the write comes first: on SQLite it takes the write lock before anything is read
            used = conn.execute(
                INVITES.update()
                .where(INVITES.c.token_hash == token_hash, INVITES.c.status == "open")
                .values(status="used", owner=owner)
            ).rowcount
            if not used:
                return None
            table_id, seat = conn.execute(
                select(INVITES.c.table_id, INVITES.c.seat).where(INVITES.c.token_hash == token_hash)
            ).one()
            row = conn.execute(select(TABLES.c.owner, TABLES.c.people).where(TABLES.c.id == table_id)).one()
            people = json.loads(row[1])
            held = [p for p in people if p is not None and p.get("owner") == owner]
            if row[0] == owner or held or people[seat] is None or people[seat].get("owner") is not None:
                raise _Refused()  # the invite stays open
            people[seat] = {"owner": owner, "name": name}
            if not self._set_people(conn, table_id, row[1], people, now=now):
                raise _Raced()
        return table_id, int(seat)

    @staticmethod
    def _set_people(
        conn: Connection,
        table_id: str,
        old: str,
        people: list[Any],
        seats: list[str] | None = None,
        now: float | None = None,
    ) -> bool:
        values: dict[str, Any] = {"people": json.dumps(people)}
        if _open(json.loads(old)) and not _open(people):
            # the last invited seat is filled: the first turn begins
            values["seated_at"] = time.time() if now is None else now
        if seats is not None:
            values["seats"] = json.dumps(seats)
        done = conn.execute(
            TABLES.update().where(TABLES.c.id == table_id, TABLES.c.people == old).values(**values)
        ).rowcount
        return bool(done)

    @writes
    def fill_open_seats(self, table_id: str, level: str, now: float | None = None) -> None:
        """Give every invited seat not yet taken to the AI at ``level`` and revoke its links."""
        self.give_to_ai(table_id, level, (), every_open=True, now=now)

    @writes
    def give_to_ai(
        self,
        table_id: str,
        level: str,
        seats: Iterable[int],
        *,
        every_open: bool = False,
        now: float | None = None,
    ) -> bool:
        """Give ``seats`` (each an open invited seat, or one no invite is for: the host's own) to
        the AI at ``level`` and revoke their links, in one transaction; ``every_open``: every
        invited seat not yet taken as well.

        False, with nothing changed, when one of ``seats`` is an invited person's (taken meanwhile).
        """
        wanted = set(seats)
        for _ in range(8):
            try:
                if self._give_to_ai(table_id, level, wanted, every_open, now):
                    return True
            except _Refused:
                return False
        raise StoreUnavailable("busy", "too many seats taken at once at one table")

    def _give_to_ai(
        self, table_id: str, level: str, wanted: set[int], every_open: bool, now: float | None
    ) -> bool:
        with self._tx() as conn:
            revoke = INVITES.update().where(INVITES.c.table_id == table_id, INVITES.c.status == "open")
            if not every_open:
                revoke = revoke.where(INVITES.c.seat.in_(sorted(wanted)))
            conn.execute(revoke.values(status="revoked"))
            row = conn.execute(select(TABLES.c.seats, TABLES.c.people).where(TABLES.c.id == table_id)).one()
            seats, people = json.loads(row[0]), json.loads(row[1])
            people += [None] * (len(seats) - len(people))
            if any(people[s] is not None and people[s].get("owner") is not None for s in wanted):
                raise _Refused()  # rolled back: the links stay as they were
            for seat, person in enumerate(people):
                if seat in wanted or (every_open and person is not None and person.get("owner") is None):
                    seats[seat], people[seat] = level, None
            return self._set_people(conn, table_id, row[1], people, seats, now)

    @writes
    def set_handed(self, table_id: str, seat: int, on: bool, status: str | None = None) -> bool:
        """Mark (``on``) or unmark the invited person of ``seat`` as one the AI plays for until they
        are back (the host chose so once they had left); ``status``: the table's new status hint,
        written in the same transaction. False, with nothing changed, if no person holds ``seat``."""
        for _ in range(8):
            try:
                return self._set_handed(table_id, seat, on, status)
            except _Raced:
                continue
        raise StoreUnavailable("busy", "too many seats changed at once at one table")

    def _set_handed(self, table_id: str, seat: int, on: bool, status: str | None) -> bool:
        with self._tx() as conn:
            row = conn.execute(select(TABLES.c.people).where(TABLES.c.id == table_id)).first()
            if row is None:
                return False
            people = json.loads(row[0])
            person = people[seat] if 0 <= seat < len(people) else None
            if person is None or person.get("owner") is None:
                return False
            if bool(person.get("ai")) == on:
                return True
            if on:
                person["ai"] = True
            else:
                person.pop("ai", None)
            if not self._set_people(conn, table_id, row[0], people):
                raise _Raced()
            if status is not None:
                conn.execute(TABLES.update().where(TABLES.c.id == table_id).values(status=status))
        return True


def _open(people: Sequence[Any]) -> bool:
    """Whether an invited seat of ``people`` still waits for its person."""
    return any(p is not None and p.get("owner") is None for p in people)
