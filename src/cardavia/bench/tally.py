"""What a load phase counts (errors, reply times, acknowledged actions) and the check that every
acknowledged action is in the table's log, once, as it was sent."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# (table, seq, seat, action JSON): an action the server answered 200 for
Acked = tuple[str, int, int, dict[str, Any]]


@dataclass
class Tally:
    """One phase's counts."""

    errors: int = 0
    error_kinds: dict[str, int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)  # seconds, one per person's action
    creates: list[float] = field(default_factory=list)  # seconds, one per table created
    joins: list[float] = field(default_factory=list)  # seconds, one per invited seat taken
    acked: list[Acked] = field(default_factory=list)
    requests: int = 0
    deals: int = 0

    def error(self, kind: str) -> None:
        """Count one error of ``kind`` (a short description: the request and its status)."""
        self.errors += 1
        self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1


def percentile(values: list[float], q: float) -> float:
    """The value below which a share ``q`` of ``values`` lies (NaN for none)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def lost(database: str, acked: list[Acked]) -> int:
    """How many acknowledged actions are not in the log exactly once, as they were sent.

    Each must be its seat's entry for the decision it was chosen in: the entry at the seq it was
    sent at, or, where seats decide at once (an action chosen at an older seq stands while only
    other seats acted since), the seat's next entry after it, of a decision begun by then
    (``TableState.made_since``, the rule the service answers by); not one the AI made for the
    seat; and no two acknowledgements may claim one entry."""
    from cardavia.service.state import TableState
    from cardavia.store.db import open_store

    store = open_store(database, migrate=False)
    try:
        tables: dict[str, TableState | None] = {}
        missing = 0
        claimed: set[tuple[str, int]] = set()
        for table_id, seq, seat, action in acked:
            if table_id not in tables:
                head = store.head(table_id)
                tables[table_id] = (
                    None if head is None else TableState.rebuild(head[0], store.actions(table_id))
                )
            state = tables[table_id]
            entry = None if state is None else state.made_since(seat, seq)
            if (
                entry is None
                or entry.auto
                or (table_id, entry.seq) in claimed
                or entry.action != {**action, "seat": seat}
            ):
                missing += 1
            if entry is not None:
                claimed.add((table_id, entry.seq))
        return missing
    finally:
        store.dispose()
