"""The table API of docs/api.md: pydantic-bounded inputs, ``{"error": ...}`` answers, seat-0 payloads only.

Every table URL needs the browser's secret (an HttpOnly cookie set when it first creates a table);
tables are looked up by the secret's hash, and anyone without it gets the same 404 as for a table
that does not exist.

Every store call (and the rendering of the state it loads, under the table's lock) runs in the
service's store threads (:class:`cardavia.service.offload.Offload`), never on the event loop: a slow
or locked database delays only the requests that wait on it. A database that cannot answer is a 503
(see ``cardavia.web.app``).

The parts: ``models`` (bodies), ``deps`` (the runtime, the browser asking and the rate limits, as
FastAPI dependencies), ``errors`` (error shaping), ``replies`` (answering with a table), and the
routes by resource: ``tables`` (a table and its play), ``friends`` (invites, seats, messages,
rematch), ``stream`` (live updates) and ``deals`` (finished deals, reviews, history).
"""

from __future__ import annotations

from fastapi import APIRouter

from cardavia.web.api import deals, friends, stream, tables


def api_router() -> APIRouter:
    """Every route of the table API, ``POST /api/tables`` for the games registered now (the app
    builds it once, when created)."""
    router = APIRouter()
    for part in (tables.tables_router(), friends.router, tables.router, stream.router, deals.router):
        router.include_router(part)
    return router
