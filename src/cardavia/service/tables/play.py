"""Play at a table: a person's action, the server's own (a bot's, a forced one, one the AI makes for
a person) and the next deal, each written through the core's commit path.
"""

from __future__ import annotations

from cardavia.service.errors import Conflict, Stale
from cardavia.service.state import HUMAN, TableState, seat_of
from cardavia.service.tables.core import JSON
from cardavia.service.tables.seats import Seats


class Play(Seats):
    """Actions and new deals (a person's action brings their seat back from the AI: hence seats)."""

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
