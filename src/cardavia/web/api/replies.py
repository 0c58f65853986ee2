"""How a table route answers: the table as the asking seat sees it (with who is there now), rendered
in a store thread under the table's lock, and the bot driver told when it has moves to make.

Every store call (and the rendering of the state it loads, under the table's lock) runs in the
service's store threads (:class:`cardavia.service.offload.Offload`), never on the event loop: a slow
or locked database delays only the requests that wait on it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi.responses import JSONResponse

from cardavia.games.errors import GameError
from cardavia.service.errors import NotFound, Stale
from cardavia.service.payload import table_out
from cardavia.service.state import TableState
from cardavia.store.errors import StoreUnavailable
from cardavia.web.api.deps import Runtime, seen_by
from cardavia.web.api.errors import error_body

T = TypeVar("T")

# What a route's store work gives: the state to answer with, and the seq the answer's ``last``
# starts after (None: the whole deal).
Work = Callable[[], tuple[TableState, int | None]]


def driven(state: TableState) -> bool:
    """Whether the bot driver must look at the table: a bot is to act, or a person under a limit,
    or a person at a shared table (who may have left: the driver asks the store whether they did)."""
    return state.status() == "bots" or state.timed() or bool(state.person_turns())


def out(rt: Runtime, state: TableState, since: int | None, viewer: int) -> dict[str, Any]:
    """``table_out`` with who is at the table now. Call it under the table's lock."""
    return table_out(state, since, viewer, rt.service.here(state), rt.service.clock())


def note_seen(rt: Runtime, table_id: str, seat: int) -> None:
    """Note a person as seen (after their request was answered); a database that cannot answer
    now only delays it to their next request or heartbeat."""
    with contextlib.suppress(StoreUnavailable):
        rt.service.seen(table_id, seat)


def sure(rt: Runtime, work: Callable[[], T]) -> T:
    """``work`` (in a store thread), with a database failure after it wrote answered as
    ``OutcomeUnknown`` (see ``Store.outcome``)."""
    with rt.service.store.outcome():
        return work()


def kick_if(rt: Runtime, bots: bool, table_id: str | None) -> None:
    """Tell the driver the table has moves to make: the next request carries on if a process died
    mid-turn."""
    if bots and table_id is not None:
        rt.driver.kick(table_id)


async def respond(
    rt: Runtime,
    table_id: str | None,
    work: Work,
    *,
    owner: str,
    status: int = 200,
    error_since: int | None = None,
) -> JSONResponse:
    """Run ``work`` and render its state (or its error) in one hold of ``table_id``'s lock (None: a
    table the work makes), in a store thread, so the reply shows one consistent state, as
    ``owner``'s seat sees it.

    A database failure after ``work`` wrote (or may have) is ``OutcomeUnknown`` (a 503 ``unknown``:
    send the same request again), never the 503 that says nothing was applied."""

    def render() -> tuple[Any, int, bool]:
        state: TableState | None = None
        try:
            state, since = work()
            viewer = seen_by(state, owner)
        except NotFound as exc:
            if state is not None and owner == state.record.owner:
                # the maker left their seat to the AI: the seat is no longer theirs to see
                return {"id": state.record.id, "left": True}, status, driven(state)
            body, code = error_body(exc, error_since, owner, rt.service)
            return body, code, False
        except GameError as exc:
            body, code = error_body(exc, error_since, owner, rt.service)
            return body, code, isinstance(exc, Stale) and driven(exc.state)
        return out(rt, state, since, viewer), status, driven(state)

    def locked() -> tuple[Any, int, bool]:
        if table_id is None:
            return sure(rt, render)
        with rt.service.lock(table_id):
            return sure(rt, render)

    body, code, bots = await rt.offload.run(locked)
    kick_if(rt, bots, body.get("id") if code < 300 else (body.get("table") or {}).get("id"))
    # A ready response skips FastAPI's re-validation of the (large) view against the response model.
    return JSONResponse(body, status_code=code)
