"""A table rebuilt from its action log: the deal in progress, finished deals, totals, what comes next.

Nothing here touches the database or the clock: the same log always rebuilds the same state, which is
what makes resuming after a crash, replays and downloaded records agree with what was played.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardavia.games.errors import IllegalAction
from cardavia.games.protocol import Deal, Game, Outcome, acting_seats
from cardavia.games.registry import get_game
from cardavia.service.seeds import deal_seed
from cardavia.store.records import AUTO_LEFT, LoggedAction, TableRecord

HUMAN = "human"
JSON = dict[str, Any]


@dataclass(frozen=True)
class DealSummary:
    """A finished deal: its actions are log entries ``start`` to ``end - 1``."""

    deal_no: int
    dealer: int | None
    start: int
    end: int
    outcome: Outcome

    @property
    def result(self) -> JSON:
        """The result JSON as the engine wrote it (``cardavia replay --json``)."""
        return self.outcome.to_json()


@dataclass(frozen=True)
class Step:
    """Work the server does itself: a bot's turn, a forced action, or dealing the next deal."""

    kind: str  # "bot" | "forced" | "deal" | "away" (the AI for a person the host handed to it)
    seat: int
    action: JSON | None = None  # known in advance for "forced" and "deal"


def host_seat(record: TableRecord) -> int | None:
    """The seat of the table's owner (the browser that made it): the one seat a person plays that
    no invited person holds. Seat 0 at a new table; the trying person's own seat at a table started
    from another's deal; None once the owner has left their seat to the AI, whose it is from then on."""
    people = record.people
    for seat, kind in enumerate(record.seats):
        if kind == HUMAN and (seat >= len(people) or people[seat] is None):
            return seat
    return None


def seat_of(record: TableRecord, owner: str) -> int | None:
    """The seat ``owner`` (a browser's key hash) holds at the table: the owner's own (see
    :func:`host_seat`), an invited seat once taken, else None. A seat handed to the AI for good is
    no longer its former holder's: not to see, not to deal."""
    found = None
    if secrets.compare_digest(record.owner, owner):
        found = host_seat(record)
    for seat, person in enumerate(record.people):
        held = person.get("owner") if person is not None else None
        if held is not None and secrets.compare_digest(held, owner):
            found = seat
    return found


def is_host(record: TableRecord, owner: str) -> bool:
    """Whether ``owner`` made the table and still holds their seat at it."""
    seat = seat_of(record, owner)
    return seat is not None and seat == host_seat(record)


class CorruptLog(Exception):
    """The log does not replay (an engine changed under it, or a hand-edited database)."""


def public_action(game: Game[Any, Any], seat: int, action: JSON, viewer: int = 0) -> JSON:
    """What ``viewer`` may see of ``seat``'s logged action: the game redacts it (a new-deal marker,
    seat -1, is the service's own and public)."""
    if seat < 0:
        return dict(action)
    return game.redact(action, seat, viewer)


class TableState:
    """One table at one point of its log. Mutated only by :meth:`apply_entry`."""

    def __init__(self, record: TableRecord) -> None:
        self.record = record
        self.game: Game[Any, Any] = get_game(record.game)
        self.num_seats: int = self.game.num_seats
        self.log: list[LoggedAction] = []
        self.finished: list[DealSummary] = []
        self.totals = [0] * self.num_seats
        self._pending: tuple[int, Step | None] = (-1, None)  # (seq, pending()) memo
        self._steps: tuple[int, list[Step]] = (-1, [])  # (seq, server_steps()) memo
        # Each acting seat: the seq its decision began at (the log's length then), and whether it
        # began together with other seats' (several deciding at once). A seat that acts and acts
        # again begins a new decision; one that stays acting while others act keeps its own.
        self._decisions: dict[int, tuple[int, bool]] = {}
        # log[i]'s decision: the seq it began at (a new-deal marker: its own seq)
        self._began: list[int] = []
        self._begin_deal(1, None)
        self._finish_if_over()  # a deal may be over as it is dealt (annulled before any action)

    # -- replay -----------------------------------------------------------------------------------
    @classmethod
    def rebuild(cls, record: TableRecord, entries: Iterable[LoggedAction]) -> TableState:
        state = cls(record)
        state.extend(entries)
        return state

    def extend(self, entries: Iterable[LoggedAction]) -> None:
        """Apply logged actions that are already in the log (any failure means a corrupt log)."""
        for entry in entries:
            try:
                self.apply_entry(entry)
            except IllegalAction as exc:
                raise CorruptLog(f"seq {entry.seq}: {exc.message}") from None

    @property
    def seq(self) -> int:
        """The number of logged actions: the seq the next action is chosen at."""
        return len(self.log)

    def _begin_deal(self, deal_no: int, dealer: int | None) -> None:
        self.deal_no = deal_no
        self.dealer = dealer
        self.deal_start = self.seq
        self.deal: Deal[Any, Any] = self._new_deal(deal_no, dealer)
        self._decisions = {}
        self._track_acting(None)

    def _new_deal(self, deal_no: int, dealer: int | None) -> Deal[Any, Any]:
        """Deal ``deal_no`` from the start. Every deal comes from the table's own seed, but for the
        first deal of a table started from another's deal, which is that deal (its seed and dealer
        kept in ``origin``): the other table's seed is never kept here, so no later deal of this
        table can be one that the other table is still to play."""
        start = self.deal_origin(deal_no, dealer)
        options = self.record.options or None
        # a game whose deals carry the match on gets what the deal before handed on (None: a new match)
        carried = {"carry": start.get("carry")} if self.game.profile.carry else {}
        return self.game.new_deal(start["deal_seed"], options=options, dealer=start["dealer"], **carried)

    def deal_origin(self, deal_no: int, dealer: int | None) -> JSON:
        """What deal ``deal_no`` (dealt by ``dealer``) starts from: ``{"deal_seed", "dealer"}``, and
        ``"carry"`` where it starts from what the deal before handed on (:meth:`carried_into`).
        Secret: whoever knows a deal's seed knows its hidden pieces."""
        origin = self.record.origin or {}
        if deal_no == 1 and "deal_seed" in origin:
            start = {"deal_seed": int(origin["deal_seed"]), "dealer": origin.get("dealer")}
        elif deal_no == 1:
            start = {"deal_seed": deal_seed(self.record.seed, 1), "dealer": origin.get("dealer", dealer)}
        else:
            start = {"deal_seed": deal_seed(self.record.seed, deal_no), "dealer": dealer}
        carry = self.carried_into(deal_no)
        return start if carry is None else {**start, "carry": carry}

    def carried_into(self, deal_no: int) -> JSON | None:
        """What deal ``deal_no`` starts from, as the game's ``carry`` says it of the table's deal
        before it (a match's scores), for a game whose profile says ``carry``; None where it starts
        afresh (a new match, a game that carries nothing). A table's first deal starts from what the
        table it came from handed on (``origin``: a deal tried again, a rematch)."""
        if not self.game.profile.carry:
            return None
        if deal_no == 1:
            carry: JSON | None = (self.record.origin or {}).get("carry")
            return carry
        before = self.finished_deal(deal_no - 1)
        return None if before is None else self.game.carry(before.result)  # type: ignore[attr-defined]

    def apply_entry(self, entry: LoggedAction, action: Any = None) -> DealSummary | None:
        """Apply the next action (``action``: its parsed form, if known); the deal it finished, if any
        (a new-deal marker finishes the new deal when it is over as it is dealt).

        An illegal action raises ``IllegalAction`` and leaves the state as it was.
        """
        if entry.seq != self.seq:
            raise CorruptLog(f"expected seq {self.seq}, got {entry.seq}")
        if entry.seat < 0:
            if not self.deal.is_over() or entry.action.get("deal") != self.deal_no + 1:
                raise CorruptLog(f"seq {entry.seq}: a new deal before the last one ended")
            self.log.append(entry)
            self._began.append(entry.seq)
            self._begin_deal(self.deal_no + 1, entry.action.get("dealer"))
            # a deal over as it is dealt (a game that annuls a deal before any action) is finished
            # at once: scored, and a drawn one dealt again by the server
            return self._finish_if_over()
        if entry.seat not in self._decisions:
            raise CorruptLog(f"seq {entry.seq}: seat {entry.seat} is not to act")
        if action is None:
            action = self.game.action_from_json(entry.action, entry.seat)
        self.deal.apply(action)
        self.log.append(entry)
        self._began.append(self._decisions[entry.seat][0])
        self._track_acting(entry.seat)
        return self._finish_if_over()

    def _track_acting(self, actor: int | None) -> None:
        """After ``actor``'s action (None: a new deal), note when each acting seat's decision began."""
        acting = acting_seats(self.game, self.deal)
        together = len(acting) > 1
        old = self._decisions
        self._decisions = {s: old[s] if s in old and s != actor else (self.seq, together) for s in acting}

    # -- who decides ------------------------------------------------------------------------------
    def acting(self) -> tuple[int, ...]:
        """The seats that may act now (:func:`cardavia.games.protocol.acting_seats`), ascending."""
        return tuple(sorted(self._decisions))

    def decision_seq(self, seat: int) -> int:
        """The seq at which acting ``seat``'s decision began (the log's length then): the same in
        every process, whatever other seats deciding at the same time did since. KeyError if
        ``seat`` is not acting."""
        return self._decisions[seat][0]

    def together(self, seat: int) -> bool:
        """Whether acting ``seat``'s decision began together with other seats' (decided at once)."""
        return self._decisions[seat][1]

    def deciding_since(self, seat: int, seq: int) -> bool:
        """Whether ``seat`` is acting now and its decision began at or before ``seq``: what it chose
        from the table at ``seq`` is still its decision to make (the actions logged since, if any,
        are other seats' deciding at the same time). For a one-seat game: ``seq`` is the log's length."""
        decision = self._decisions.get(seat)
        return decision is not None and decision[0] <= seq <= self.seq

    def made_since(self, seat: int, seq: int) -> LoggedAction | None:
        """The log entry of the decision ``seat`` had to make at ``seq``, if it is already logged
        (at ``seq`` or, while others deciding at the same time wrote theirs, after it)."""
        for i in range(max(0, seq), self.seq):
            entry = self.log[i]
            if entry.seat < 0:
                return None
            if entry.seat == seat:
                return entry if self._began[i] <= seq else None
        return None

    def _finish_if_over(self) -> DealSummary | None:
        if not self.deal.is_over():
            return None
        outcome = self.deal.outcome()
        if outcome is None:
            raise CorruptLog(f"seq {self.seq - 1}: the deal is over without an outcome")
        summary = DealSummary(self.deal_no, self.dealer, self.deal_start, self.seq, outcome)
        self.finished.append(summary)
        for seat, gain in enumerate(outcome.returns):
            self.totals[seat] += gain
        return summary

    # -- what comes next --------------------------------------------------------------------------
    @property
    def ends(self) -> bool:
        """Whether the table ends with its current deal: one started from another's deal before such
        tables had seeds of their own (its next deal would be the other table's)."""
        return bool((self.record.origin or {}).get("ends"))

    def next_deal_marker(self) -> JSON:
        result = self.finished[-1].result if self.finished else {}
        return {"deal": self.deal_no + 1, "dealer": self.game.next_dealer(result)}

    def match_on(self) -> JSON:
        """What a new table playing on from this one's finished deal starts from (a rematch's
        ``origin``): the next deal's dealer and what it carries, while the game's match goes on;
        nothing where the game carries nothing or a new match starts."""
        carry = self.carried_into(self.deal_no + 1)
        return {} if carry is None else {"dealer": self.next_deal_marker()["dealer"], "carry": carry}

    def pending(self) -> Step | None:
        """What the server must do next on its own, or None (the human's move, or a finished deal)."""
        seq, step = self._pending
        if seq != self.seq:
            step = self._next_step()
            self._pending = (self.seq, step)
        return step

    @property
    def waiting(self) -> bool:
        """Whether the table still waits for invited people to take their seats (nothing is played)."""
        return any(p is not None and p.get("owner") is None for p in self.record.people)

    def status_for(self, viewer: int) -> str:
        """The status as ``viewer`` sees it: "human" whenever a decision is theirs to make now
        (their seat is acting: at once with others, the server's or people's, perhaps); else
        "bots" or "over" as :meth:`status` says, "people" when only other people are to decide,
        "waiting" while invited seats are still open."""
        if viewer in self.persons_to_act():
            return HUMAN
        # nothing is played while invited seats are open: a first deal annulled as it was dealt
        # (over at once) waits too, and is dealt again once everyone is seated
        if self.waiting:
            return "waiting"
        status = self.status()
        if status != HUMAN:
            return status
        return "people"

    def handed(self, seat: int) -> bool:
        """Whether the host handed ``seat``'s person, who had left, to the AI until they are back."""
        people = self.record.people
        person = people[seat] if 0 <= seat < len(people) else None
        return person is not None and person.get("owner") is not None and bool(person.get("ai"))

    def persons(self) -> list[int]:
        """The seats a person holds: the host's (unless the host left it to the AI) and each invited
        seat taken."""
        people = list(self.record.people) + [None] * (self.num_seats - len(self.record.people))
        host = host_seat(self.record)
        return [
            s
            for s, person in enumerate(people[: self.num_seats])
            if s == host or (person is not None and person.get("owner") is not None)
        ]

    @property
    def shared(self) -> bool:
        """Whether an invited person holds a seat here (a table of friends, under way or not)."""
        return any(p is not None and p.get("owner") is not None for p in self.record.people)

    def persons_to_act(self) -> tuple[int, ...]:
        """The acting seats whose decision is a person's to make now (not the server's: not a bot's,
        not a forced action, not a seat handed to the AI), ascending; none while invited seats are
        open."""
        if self.waiting:
            return ()
        server = {step.seat for step in self.server_steps()}
        return tuple(s for s in self.acting() if self.record.seats[s] == HUMAN and s not in server)

    def person_turns(self) -> tuple[int, ...]:
        """The seats of the people to decide now at a shared table (none at a table of one)."""
        return self.persons_to_act() if self.shared else ()

    def timed(self) -> bool:
        """Whether a person is to decide under a turn limit (the AI plays for them when it ends)."""
        return self.record.turn_limit_s is not None and bool(self.persons_to_act())

    def turn_started(self, seat: int | None = None) -> float:
        """When acting ``seat``'s decision (default: the first person's to decide, else the seat to
        act) became one to make: the time the action before it was written, or, before any, when
        the last invited seat was filled (else the table was made). Seats deciding at once began
        together, whatever order they act in. The store's clock, in seconds, as the log keeps it:
        what every process reads alike."""
        record = self.record
        began = record.created_at if record.seated_at is None else max(record.created_at, record.seated_at)
        if seat is None:
            persons = self.persons_to_act()
            seat = persons[0] if persons else self.deal.to_act()
        decision = self._decisions.get(seat) if seat is not None else None
        opened = self.seq if decision is None else decision[0]
        return max(began, self.log[opened - 1].created_at) if opened > 0 else began

    def turn_left_s(self, now: float, seat: int | None = None) -> float | None:
        """Seconds left at ``now`` before the AI makes a person's decision for them (0 at the
        earliest, the AI being about to play): ``seat``'s when it is a person to decide, else the
        least of those deciding; None when no person decides under a limit."""
        limit = self.record.turn_limit_s
        persons = self.persons_to_act()
        if limit is None or not persons:
            return None
        seats = (seat,) if seat in persons else persons
        return max(0.0, min(float(limit), min(self.turn_started(s) for s in seats) + limit - now))

    def _next_step(self) -> Step | None:
        if self.waiting:
            return None
        if self.deal.is_over():
            if self.finished and self.finished[-1].outcome.drawn and not self.ends:
                return Step("deal", -1, self.next_deal_marker())
            return None
        steps = self.server_steps()
        return steps[0] if steps else None

    def server_steps(self) -> list[Step]:
        """Every decision of an acting seat that is the server's to make now, by seat: a bot's, a
        forced action (of ``to_act``, the one seat the rules force), a person's handed to the AI.
        Empty while invited seats are open or once the deal is over."""
        seq, steps = self._steps
        if seq != self.seq:
            steps = self._server_steps()
            self._steps = (self.seq, steps)
        return list(steps)

    def _server_steps(self) -> list[Step]:
        if self.waiting or self.deal.is_over():
            return []
        to_act = self.deal.to_act()
        steps: list[Step] = []
        for seat in self.acting():
            if self.record.seats[seat] != HUMAN:
                steps.append(Step("bot", seat))
                continue
            forced = self.deal.forced_action() if seat == to_act else None
            if forced is not None:
                steps.append(Step("forced", seat, self.game.action_to_json(forced)))
            elif self.handed(seat):
                steps.append(Step("away", seat))
        return steps

    def status(self) -> str:
        """ "human" (only people are to act), "bots" (the server has a decision to make, perhaps
        at once with people) or "over" (the deal is finished)."""
        if self.pending() is not None:
            return "bots"
        return "over" if self.deal.is_over() else HUMAN

    def entry(self, seat: int, action: JSON, auto: int = 0) -> LoggedAction:
        """The log entry an action taken now would be (``auto``: the AI's for a person, and why:
        ``AUTO_TIME`` or ``AUTO_LEFT``)."""
        return LoggedAction(self.seq, self.deal_no if seat >= 0 else self.deal_no + 1, seat, action, auto)

    def since(self, seq: int, viewer: int = 0) -> list[JSON]:
        """The actions logged from ``seq`` on, in their public form for ``viewer``."""
        start = max(0, min(seq, self.seq))
        out: list[JSON] = []
        for e in self.log[start:]:
            item = {
                "seq": e.seq,
                "seat": e.seat,
                "deal_no": e.deal_no,
                "action": public_action(self.game, e.seat, e.action, viewer),
            }
            if e.auto:
                item["auto"] = True  # the AI played for a person: their time ran out, or they left
                item["auto_reason"] = "left" if e.auto == AUTO_LEFT else "time"
            out.append(item)
        return out

    # -- finished deals ---------------------------------------------------------------------------
    def finished_deal(self, deal_no: int) -> DealSummary | None:
        for summary in self.finished:
            if summary.deal_no == deal_no:
                return summary
        return None

    def replay_deal(self, summary: DealSummary) -> tuple[Any, Sequence[LoggedAction]]:
        """A fresh copy of a finished deal's start, and its logged actions."""
        return self._new_deal(summary.deal_no, summary.dealer), self.log[summary.start : summary.end]
