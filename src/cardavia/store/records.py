"""The store's records: a table's fixed facts, an entry of its action log, a finished deal."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

AUTO_TIME = 1  # LoggedAction.auto: the AI played for a person whose time for the turn ran out
AUTO_LEFT = 2  # LoggedAction.auto: the AI played for a person who had left the table


@dataclass(frozen=True)
class TableRecord:
    """A table's fixed facts as stored (``pace_ms`` and ``status`` may change)."""

    id: str
    game: str
    level: str
    seed: int
    options: dict[str, Any]
    seats: tuple[str, ...]
    owner: str
    pace_ms: int
    status: str
    created_at: float
    # per seat: None (the host's seat, or a bot's), or an invited seat {"owner": hash | None, "name": str}
    people: tuple[dict[str, Any] | None, ...] = ()
    turn_limit_s: int | None = None  # a person's time per decision before the AI plays for them
    # a table started from another's finished deal: {"table", "deal_no", "step", "seat"} (where it
    # came from, which the page may show) and {"deal_seed", "dealer"} of its first deal (never shown)
    origin: dict[str, Any] | None = None
    host_name: str | None = None  # the name the host of a friends' table chose
    seated_at: float | None = None  # when the last invited seat was filled (the first turn began)


@dataclass(frozen=True)
class LoggedAction:
    seq: int
    deal_no: int
    seat: int  # -1: the start of deal ``deal_no``
    action: dict[str, Any]
    # the AI played this for a person: AUTO_TIME (their time ran out) or AUTO_LEFT (they had left:
    # the host handed their seat to the AI, or no limit and they were gone past the grace); 0: not
    auto: int = 0
    # when it was written (0.0: now, as the store writes it): the next turn began then
    created_at: float = field(default=0.0, compare=False)


@dataclass(frozen=True)
class FinishedDeal:
    table_id: str
    deal_no: int
    game: str
    result: dict[str, Any]
    finished_at: float


def table_record(row: Any) -> TableRecord:
    """A ``cardavia_tables`` row (its columns in the model's order) as a record."""
    return TableRecord(
        id=row[0],
        game=row[1],
        level=row[2],
        seed=int(row[3]),
        options=json.loads(row[4]),
        seats=tuple(json.loads(row[5])),
        owner=row[6],
        pace_ms=int(row[7]),
        status=row[8],
        created_at=float(row[9]),
        people=tuple(json.loads(row[10] or "[]")),
        turn_limit_s=None if row[11] is None else int(row[11]),
        origin=None if row[12] is None else json.loads(row[12]),
        host_name=row[13],
        seated_at=None if row[14] is None else float(row[14]),
    )


def table_values(table: TableRecord) -> dict[str, Any]:
    """A record as the columns of its ``cardavia_tables`` row."""
    return {
        "id": table.id,
        "game": table.game,
        "level": table.level,
        "seed": table.seed,
        "options": json.dumps(table.options, sort_keys=True),
        "seats": json.dumps(list(table.seats)),
        "owner": table.owner,
        "pace_ms": table.pace_ms,
        "status": table.status,
        "created_at": table.created_at,
        "people": json.dumps(list(table.people)),
        "turn_limit_s": table.turn_limit_s,
        "origin": None if table.origin is None else json.dumps(table.origin, sort_keys=True),
        "host_name": table.host_name,
        "seated_at": table.seated_at,
    }


def action_values(table_id: str, entry: LoggedAction, created_at: float) -> dict[str, Any]:
    """An entry of ``table_id``'s log as the columns of its ``cardavia_actions`` row."""
    return {
        "table_id": table_id,
        "seq": entry.seq,
        "deal_no": entry.deal_no,
        "seat": entry.seat,
        "action": json.dumps(entry.action, sort_keys=True, separators=(",", ":")),
        "created_at": created_at,
        "auto": int(entry.auto),
    }
