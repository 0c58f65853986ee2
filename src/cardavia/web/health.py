"""What an operator's tools ask: ``/healthz`` (this process answers), ``/readyz`` (its database answers,
at the schema this code ships) and ``/metrics`` (Prometheus, to the operator's addresses only).

``/readyz`` asks the database in a thread of its own with a short deadline (:data:`READY_TIMEOUT_S`):
a database that is down, unreachable or stalled makes it a 503 with the reason within that time,
and its return a 200 at the next probe. One probe at a time: a probe still stuck in a stalled
database is not joined by another, the answer is "timeout" at once.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from cardavia import metrics
from cardavia.store.db import Store
from cardavia.store.errors import StoreUnavailable
from cardavia.store.schema import packaged_head
from cardavia.web import operators

READY_TIMEOUT_S = 1.0
FIGURES_TIMEOUT_S = 2.0

router = APIRouter(include_in_schema=False)


class Readiness:
    """The database probes of one process (``/readyz`` and the database figures of ``/metrics``)."""

    def __init__(self, store: Store, timeout_s: float = READY_TIMEOUT_S) -> None:
        self.store = store
        self.timeout_s = timeout_s
        self.head = packaged_head()
        self._pool = concurrent.futures.ThreadPoolExecutor(2, thread_name_prefix="cardavia-probe")
        self._pending: dict[str, concurrent.futures.Future[Any]] = {}

    def _ask(self, name: str, call: Any) -> concurrent.futures.Future[Any]:
        pending = self._pending.get(name)
        if pending is None or pending.done():
            pending = self._pending[name] = self._pool.submit(call)
        return pending

    async def check(self) -> tuple[bool, str]:
        """(ready, reason): reason "ok", "timeout", "schema-not-current" (not at the newest migration
        this code ships) or the database's own (``StoreUnavailable.reason``)."""
        future = asyncio.wrap_future(self._ask("ready", self.store.schema_revision))
        try:
            revision = await asyncio.wait_for(asyncio.shield(future), self.timeout_s)
        except TimeoutError:
            return False, "timeout"
        except StoreUnavailable as exc:
            return False, exc.reason
        if revision == self.head:
            return True, "ok"
        return False, "schema-not-current"  # cardavia migrate brings it to this code's

    def figures(self) -> dict[str, dict[str, int]] | None:
        """The database's figures for a scrape (None if it cannot give them in time)."""
        try:
            result: dict[str, dict[str, int]] = self._ask("figures", self.store.figures).result(
                FIGURES_TIMEOUT_S
            )
        except (concurrent.futures.TimeoutError, StoreUnavailable):
            return None
        return result

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _readiness(request: Request) -> Readiness:
    readiness: Readiness = request.app.state.readiness
    return readiness


@router.get("/healthz")
async def healthz() -> dict[str, Any]:
    """The process answers (no database involved): {"status": "ok", "pid"}."""
    return {"status": "ok", "pid": os.getpid()}


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    """200 {"status": "ready"} when the database answers at the current schema; else 503
    {"status": "unready", "reason"}."""
    ready, reason = await _readiness(request).check()
    if ready:
        return JSONResponse({"status": "ready", "pid": os.getpid()})
    return JSONResponse({"status": "unready", "reason": reason, "pid": os.getpid()}, status_code=503)


@router.get("/metrics")
async def prometheus(request: Request) -> Response:
    """Every metric in Prometheus's text format (``cardavia.metrics``), to the addresses the operator
    allows (:mod:`cardavia.web.operators`); 403 to any other."""
    peer = request.client.host if request.client else None
    if not operators.allowed(peer, request.app.state.metrics_from):
        message = "the metrics are for the operator's addresses only (serve --metrics-from)"
        return JSONResponse({"error": {"code": "forbidden", "message": message, "params": {}}}, 403)
    readiness = _readiness(request)
    collector = metrics.DatabaseFigures(readiness.figures)
    body = await asyncio.get_running_loop().run_in_executor(None, metrics.scrape, collector)
    return Response(body, media_type=metrics.CONTENT_TYPE)
