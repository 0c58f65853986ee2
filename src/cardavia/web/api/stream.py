"""A table's event stream: ``text/event-stream`` of TableOut, one event each time its log grows."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse

from cardavia.service.errors import NotFound
from cardavia.service.payload import table_out
from cardavia.service.state import TableState
from cardavia.web.api.deps import Owner, Rt, seen_by
from cardavia.web.api.models import SinceSeq, TableId
from cardavia.web.api.replies import driven, kick_if, note_seen, out
from cardavia.web.events import Mode, Snapshot, table_stream

router = APIRouter(prefix="/api", tags=["tables"])


def last_event_id(request: Request) -> int | None:
    """The ``Last-Event-ID`` a reconnecting browser sends, if it is one of ours (ASCII digits)."""
    value = request.headers.get("last-event-id", "")
    if value.isascii() and value.isdigit() and len(value) < 10:
        return int(value)
    return None


@router.get("/tables/{table_id}/events", include_in_schema=False)
async def events(table_id: TableId, request: Request, rt: Rt, owner: Owner, seq: SinceSeq = None) -> Any:
    """``text/event-stream`` of TableOut, one event each time the table's log grows."""

    def exists() -> None:
        with rt.service.reading(table_id, owner) as state:
            shared = state.shared
        if shared:  # opening the table is coming back: a seat handed to the AI is theirs again
            rt.service.returned(table_id, owner)

    await rt.offload.run(exists)  # 404 (or 503) before the stream starts
    resumed = last_event_id(request)
    since = resumed if resumed is not None else seq

    def current(state: TableState) -> bool:
        # the copy in memory is the log when this process wrote the newest action it was told about
        return state.seq == rt.hub.latest.get(table_id, -2) + 1

    def read(after: int | None, mode: Mode) -> tuple[Snapshot | None, bool]:
        try:
            with rt.service.reading(table_id, owner, trust=current) as state:
                status = state.status()
                # (unpaced bots' moves are coalesced, unless people decide at the same time: theirs
                # are news to the others at once)
                settling = (
                    status == "bots"
                    and state.record.pace_ms == 0
                    and not state.persons_to_act()
                    and rt.driver.busy(table_id)
                )
                wanted = mode == "always" or (state.seq != after and (mode == "changed" or not settling))
                viewer = seen_by(state, owner)
                if state.shared:
                    note_seen(rt, table_id, viewer)  # the stream's heartbeat (stored every 15 s at most)
                body = None
                if wanted:
                    body = out(rt, state, after, viewer) if state.shared else table_out(state, after, viewer)
                data = None if body is None else json.dumps(body, separators=(",", ":"))
                return Snapshot(state.seq, settling, data), driven(state)
        except NotFound:
            return None, False

    async def snapshot(after: int | None, mode: Mode) -> Snapshot | None:
        snap, bots = await rt.offload.run(read, after, mode)
        kick_if(rt, bots, table_id)
        return snap

    return StreamingResponse(
        table_stream(rt.hub, table_id, since, snapshot, owner=owner),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
