"""The one JSON shape a browser receives for a table (docs/api.md ``TableOut``), built from seat 0's view."""

from __future__ import annotations

from typing import Any

from cardavia.service.state import HUMAN, TableState

JSON = dict[str, Any]
VIEWER = 0


def view_json(state: TableState) -> JSON:
    """Seat 0's view; its legal actions only while it is really seat 0's choice to make."""
    view = state.deal.view(VIEWER)
    out = dict(view.to_json())
    status = state.status()
    out["legal"] = [state.game.action_to_json(a) for a in view.legal] if status == HUMAN else []
    return out


def table_out(state: TableState, since: int | None = None) -> JSON:
    """The table envelope; ``last`` lists the actions logged from ``since`` on (public form)."""
    record = state.record
    return {
        "id": record.id,
        "game": record.game,
        "level": record.level,
        "seq": state.seq,
        "deal_no": state.deal_no,
        "deal_start": state.deal_start,
        "pace_ms": record.pace_ms,
        "status": state.status(),
        "view": view_json(state),
        "totals": list(state.totals),
        "last": state.since(state.seq if since is None else since, VIEWER),
        "deals": [{"deal_no": d.deal_no, "result": d.result} for d in state.finished],
    }
