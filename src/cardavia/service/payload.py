"""The one JSON shape a browser receives for a table (docs/api.md ``TableOut``), built from the view of
the seat the browser holds (seat 0 for the host)."""

from __future__ import annotations

from typing import Any

from cardavia.service.state import HUMAN, TableState

JSON = dict[str, Any]
VIEWER = 0


def view_json(state: TableState, viewer: int = VIEWER) -> JSON:
    """``viewer``'s view; its legal actions only while it is really that seat's choice to make."""
    view = state.deal.view(viewer)
    out = dict(view.to_json())
    status = state.status_for(viewer)
    out["legal"] = [state.game.action_to_json(a) for a in view.legal] if status == HUMAN else []
    return out


def people_json(state: TableState) -> list[JSON]:
    """Who sits where, for everyone at the table: "host", "person" (with the name they chose),
    "open" (an invited seat not yet taken) or "ai". Never an owner's key hash."""
    out: list[JSON] = []
    for seat in range(state.num_seats):
        person = state.record.people[seat] if seat < len(state.record.people) else None
        if seat == 0:
            out.append({"seat": 0, "kind": "host"})
        elif person is None:
            out.append({"seat": seat, "kind": "ai"})
        elif person.get("owner") is None:
            out.append({"seat": seat, "kind": "open"})
        else:
            out.append({"seat": seat, "kind": "person", "name": str(person.get("name", ""))})
    return out


def table_out(state: TableState, since: int | None = None, viewer: int = VIEWER) -> JSON:
    """The table envelope as ``viewer`` sees it; ``last`` lists the actions logged from ``since`` on
    (public form for that seat)."""
    record = state.record
    return {
        "id": record.id,
        "game": record.game,
        "level": record.level,
        "seq": state.seq,
        "deal_no": state.deal_no,
        "deal_start": state.deal_start,
        "pace_ms": record.pace_ms,
        "status": state.status_for(viewer),
        "seat": viewer,
        "people": people_json(state),
        "turn_limit_s": record.turn_limit_s,
        "view": view_json(state, viewer),
        "totals": list(state.totals),
        "last": state.since(state.seq if since is None else since, viewer),
        # each seat's returns and whether it was drawn, as the engine says: no page reads a result
        "deals": [
            {
                "deal_no": d.deal_no,
                "result": d.result,
                "returns": list(d.outcome.returns),
                "drawn": d.outcome.drawn,
                "winner": d.outcome.winner,
            }
            for d in state.finished
        ],
    }
