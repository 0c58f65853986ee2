"""The server's next step on a table, read from the log under the table's lock: what the
:class:`~cardavia.service.driver.BotDriver` decides and writes next, or waits for.

Each plan is made from the log alone (the bot seat's view and a seed derived from the table seed
and the seq: :func:`decision_seed`), so two processes planning the same table plan the same thing.

At a table with a turn limit, a person's decision not made in time is made by the AI at the table's
level, marked ``auto`` in the log; the person decides again from their next turn. The limit is
counted from when the turn began as the log says (the time its last action was written), the same
clock the table shows its people.

A person who has left a shared table (their presence, in the store, is older than
:data:`~cardavia.service.tables.presence.LEFT_AFTER_S`) does not stop it: if the host handed their
seat to the AI, its decisions are the server's at once (a step of kind "away"); with no turn limit,
the AI decides for them once they have been gone
:data:`~cardavia.service.tables.presence.AWAY_GRACE_S` while someone else is at the table. Both are
marked ``auto`` (``AUTO_LEFT``) in the log, and the seat is theirs again from the moment they are back.

Seats deciding at once (``protocol.acting_seats`` holds several): the plan holds every bot seat's
decision among them (and every person's handed to the AI) that began with the first, each from that
seat's own view only and with a seed of its own, for the driver to write at one moment.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from cardavia.service.seeds import bot_seed
from cardavia.service.state import Step, TableState
from cardavia.service.tables import TableService
from cardavia.store.records import AUTO_LEFT, AUTO_TIME, TableRecord


@dataclass(frozen=True)
class Plan:
    """The server's next step on a table, as read under the table's lock."""

    state: TableState
    seq: int
    record: TableRecord
    step: Step
    view: Any  # the bot seat's view (None for a forced step or a new deal)
    timeout: float | None = None  # a person's decision: seconds they have before the AI makes it
    auto: int = 0  # the AI decides for a person: AUTO_TIME or AUTO_LEFT
    seed: int = 0  # the seed of the AI's decision (see :func:`decision_seed`); 0 where none is made
    # seats deciding at once: every server decision of the group (step, view, seed, auto), by seat,
    # written together at ``opened`` (the store's clock) + the group's wait
    group: tuple[tuple[Step, Any, int, int], ...] = ()
    opened: float = 0.0  # when the decision opened (the log's clock): its move's moment counts from it


def decision_seed(state: TableState, seat: int) -> int:
    """The seed of the AI's decision for acting ``seat``: of the seq its decision began at (and of
    the seat, where several seats decide at once), the same in every process and every retry."""
    if state.together(seat):
        return bot_seed(state.record.seed, state.decision_seq(seat), seat)
    return bot_seed(state.record.seed, state.seq)


def plan_next(
    service: TableService, table_id: str, fresh: bool, turn_limit: Callable[[int], float]
) -> Plan | None:
    """The next server step of ``table_id`` (in a store thread), None when the server has nothing
    to do or wait for. ``fresh``: read the log; else this process's copy is the log (it wrote the
    newest action itself). ``turn_limit``: the seconds a person has for a limit of n seconds."""
    with service.lock(table_id):
        state = service.cached(table_id)
        if fresh or state is None:
            state = service.state(table_id)
        step = state.pending()
        if step is None:
            return _for_a_person(service, state, turn_limit)
        opened = state.turn_started(step.seat)  # the moment is counted from it (service.moments)
        if step.kind not in ("bot", "away"):
            return Plan(state, state.seq, state.record, step, None, opened=opened)
        plan = Plan(
            state,
            state.seq,
            state.record,
            step,
            state.deal.view(step.seat),
            auto=AUTO_LEFT if step.kind == "away" else 0,
            seed=decision_seed(state, step.seat),
            opened=opened,
        )
        if not state.together(step.seat):
            return plan
        # seats deciding at once: every server decision that began with this one, written together
        began = state.decision_seq(step.seat)
        group = tuple(
            (
                s,
                state.deal.view(s.seat),
                decision_seed(state, s.seat),
                AUTO_LEFT if s.kind == "away" else 0,
            )
            for s in state.server_steps()
            if s.kind in ("bot", "away") and state.together(s.seat) and state.decision_seq(s.seat) == began
        )
        return replace(plan, group=group)


def _for_a_person(
    service: TableService, state: TableState, turn_limit: Callable[[int], float]
) -> Plan | None:
    """With a person to act: the AI's decision for them, once their time is up (a turn limit) or
    they have been gone long enough (a shared table with no limit); None if it never comes."""
    if not state.timed():
        # a shared table with no limit: the AI for a person once they have been gone long
        due = service.left_turn(state)
        return None if due is None else _instead_of(state, *due, AUTO_LEFT)
    # counted from when the turn began as the log says (what the page shows), so that a restarted
    # or another process gives no person more time than the clock showed; of several people
    # deciding at once, the one whose time ends first
    now = service.clock()
    given = turn_limit(state.record.turn_limit_s or 0)
    left = {s: max(0.0, given - max(0.0, now - state.turn_started(s))) for s in state.persons_to_act()}
    if not left:  # timed() means a person is to act: never the case, for the types
        return None
    seat = min(left, key=lambda s: (left[s], s))
    return _instead_of(state, seat, left[seat], AUTO_TIME)


def _instead_of(state: TableState, seat: int, wait: float, auto: int) -> Plan:
    """The AI's decision for ``seat``'s person in ``wait`` seconds, marked ``auto`` (why)."""
    return Plan(
        state,
        state.seq,
        state.record,
        Step("auto", seat),
        state.deal.view(seat),
        wait,
        auto,
        decision_seed(state, seat),
        opened=state.turn_started(seat),
    )
