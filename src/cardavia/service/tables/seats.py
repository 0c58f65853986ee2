"""The people at a friends' table: invites and the seats they open, a seat handed to the AI and
given back, what only the host may do (start, hand over, set the pace), and quick messages.
"""

from __future__ import annotations

import hashlib
import secrets

from cardavia.service.errors import Conflict, HostOnly, NotFound, TableError
from cardavia.service.names import display_name
from cardavia.service.state import HUMAN, TableState, host_seat, is_host, seat_of
from cardavia.service.tables.presence import Presence


def token_hash(token: str) -> str:
    """What is stored of an invite token (the token itself is never stored nor logged)."""
    return hashlib.sha256(token.encode()).hexdigest()


class Seats(Presence):
    """Invited seats, seats handed to the AI and back, the host's controls, quick messages."""

    # -- invites ----------------------------------------------------------------------------------
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
        name = display_name(name)  # something visible, on one line: else TableError bad-name
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

    # -- the host's controls ----------------------------------------------------------------------
    def start(self, table_id: str, owner: str) -> TableState:
        """Start the deal now (host only): invited seats not yet taken are played by the AI."""
        with self.lock(table_id):
            state = self._state(table_id, owner)
            if not is_host(state.record, owner):
                raise NotFound()
            self.store.fill_open_seats(table_id, state.record.level, self.clock())
            self.forget(table_id)
            return self._state(table_id, owner)

    def set_pace(self, table_id: str, owner: str, pace_ms: int) -> TableState:
        """The pause before each of the server's moves, for everyone at the table: the host's to
        set (a guest's ask is :class:`HostOnly`)."""
        with self.lock(table_id):
            if not is_host(self._state(table_id, owner).record, owner):
                raise HostOnly()
            self.store.set_pace(table_id, pace_ms)
            return self._state(table_id, owner)

    def give_to_ai(self, table_id: str, owner: str, seat: int) -> TableState:
        """The AI of the table's level plays ``seat`` (host only, else NotFound).

        ``seat`` is an invited seat not yet taken (its links are revoked), or seat 0, the host's
        own: the host leaves, and every open seat goes to the AI as well, since only the host could
        have started the table. A seat the AI plays already is answered as done (idempotent); a
        seat the game does not have is ``seat-not-open``.

        A seat a person has taken stays theirs: if they have left (see
        :data:`~cardavia.service.tables.presence.LEFT_AFTER_S`), the AI plays their decisions at
        once, logged as the AI's for them, until they come back (open the table or act); if they
        are at the table, :class:`Conflict` ``person-here``.
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

    # -- a seat handed to the AI, and back ----------------------------------------------------------
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
