"""The load bench's check that every acknowledged action is in the log exactly once, as it was sent."""

from __future__ import annotations

from pathlib import Path

from cardavia.bench.tally import Tally, lost, percentile
from cardavia.store.db import LoggedAction, TableRecord, open_store


def test_lost_counts_what_the_log_does_not_hold_once_as_sent(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'log.db'}"
    store = open_store(database)
    seats = ("human", "human", "human")
    store.create_table(TableRecord("t_1", "any-game", "easy", 1, {}, seats, "o" * 64, 0, "human", 1.0))
    for seq, seat in enumerate([0, 1, 2]):
        store.append("t_1", LoggedAction(seq, 1, seat, {"seat": seat, "do": "draw"}), status=None)
    store.dispose()
    sent = {"do": "draw"}
    assert lost(database, [("t_1", 0, 0, sent), ("t_1", 1, 1, sent), ("t_1", 2, 2, {**sent, "seat": 2})]) == 0
    assert lost(database, [("t_1", 3, 0, sent)]) == 1  # never logged
    assert lost(database, [("t_1", 1, 2, sent)]) == 1  # logged for another seat
    assert lost(database, [("t_1", 0, 0, {"do": "discard"})]) == 1  # another action at that seq
    assert lost(database, [("t_1", 0, 0, sent), ("t_1", 0, 0, sent)]) == 1  # two acks, one entry


def test_a_tally_counts_errors_by_kind_and_percentiles_are_nearest_rank() -> None:
    tally = Tally()
    tally.error("action 409")
    tally.error("action 409")
    tally.error("no event")
    assert tally.errors == 3 and tally.error_kinds == {"action 409": 2, "no event": 1}
    values = [float(i) for i in range(1, 101)]
    assert percentile(values, 0.5) == 51.0 and percentile(values, 0.99) == 100.0
    assert percentile([], 0.5) != percentile([], 0.5)  # NaN: no figure for no sample
