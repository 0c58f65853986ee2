"""The load bench's check that every acknowledged action is in the log exactly once, as it was sent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardavia.bench.tally import Tally, lost, percentile
from cardavia.service import TableService
from cardavia.store.db import open_store
from cardavia.store.records import AUTO_TIME

OWNERS = ("0" * 64, "a" * 64, "b" * 64, "c" * 64)


def people_table(service: TableService, game: str) -> str:
    """A table of ``game`` whose every seat is a person (the host and the invited)."""
    state = service.create(game=game, level="easy", owner=OWNERS[0], pace_ms=0, seed=7, friends=3)
    for seat in range(1, state.num_seats):
        service.claim(service.invite(state.record.id, OWNERS[0], seat), OWNERS[seat], f"P{seat}")
    return state.record.id


def test_lost_counts_what_the_log_does_not_hold_once_as_sent(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'log.db'}"
    service = TableService(open_store(database))
    tid = people_table(service, "tien-gow")  # one seat at a time
    acked: list[tuple[str, int, int, dict[str, Any]]] = []
    for _ in range(3):
        state = service.state(tid)  # the service's own copy, which acting moves on: read it first
        seq, seat = state.seq, state.acting()[0]
        action = state.game.action_to_json(state.deal.view(seat).legal[0])
        action.pop("seat")  # sent without its seat, as a page may
        service.act(tid, OWNERS[seat], seq, action)
        acked.append((tid, seq, seat, action))
    service.store.dispose()
    (_, s0, seat0, a0), (_, s1, _, _) = acked[0], acked[1]
    assert lost(database, acked) == 0
    assert lost(database, [(tid, s0 + 3, seat0, a0)]) == 1  # never logged
    assert lost(database, [(tid, s1, seat0, a0)]) == 1  # logged for another seat
    assert lost(database, [(tid, s0, seat0, {**a0, "face": "down" if a0["face"] == "up" else "up"})]) == 1
    assert lost(database, [acked[0], acked[0]]) == 1  # two acks, one entry
    assert lost(database, [("t_none", 0, 0, a0)]) == 1  # no such table


def test_an_action_chosen_at_an_older_seq_may_be_written_after_others(tmp_path: Path) -> None:
    """Seats deciding at once: a set sent at the seq the decision opened at, written after two
    others' sets, is where it should be; the AI's set for a seat is not the person's."""
    database = f"sqlite:///{tmp_path / 'log.db'}"
    service = TableService(open_store(database))
    tid = people_table(service, "pai-gow")
    state = service.state(tid)
    opened, game = state.seq, state.game
    sets = [game.action_to_json(state.deal.view(seat).legal[seat % 3]) for seat in range(4)]
    other = game.action_to_json(state.deal.view(0).legal[1])
    for seat in (2, 3, 0):
        service.act(tid, OWNERS[seat], opened, sets[seat])
    service.server_step(tid, opened, 1, sets[1], auto=AUTO_TIME)  # seat 1's time ran out
    service.store.dispose()
    assert lost(database, [(tid, opened, s, sets[s]) for s in (2, 3, 0)]) == 0
    assert lost(database, [(tid, opened, 1, sets[1])]) == 1  # the AI's, not an acknowledged set
    assert lost(database, [(tid, opened, 0, other)]) == 1  # not what seat 0 set


def test_a_tally_counts_errors_by_kind_and_percentiles_are_nearest_rank() -> None:
    tally = Tally()
    tally.error("action 409")
    tally.error("action 409")
    tally.error("no event")
    assert tally.errors == 3 and tally.error_kinds == {"action 409": 2, "no event": 1}
    values = [float(i) for i in range(1, 101)]
    assert percentile(values, 0.5) == 51.0 and percentile(values, 0.99) == 100.0
    assert percentile([], 0.5) != percentile([], 0.5)  # NaN: no figure for no sample
