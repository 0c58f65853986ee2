"""Every request counted and timed by route template (``cardavia.metrics``), and, when asked, logged
as one JSON object a line.

The route is the template the request matched (``/api/tables/{table_id}``, ``/join/{token}``), never
the path it came with: no table id, invite token, query string, cookie or header reaches a log or a
metric label. A request no route matched is "unmatched".
"""

from __future__ import annotations

import json
import logging
import sys
import time
from datetime import UTC, datetime
from typing import Any

from cardavia import metrics

ACCESS_LOGGER = "cardavia.access"
UNMATCHED = "unmatched"


def route_of(scope: Any) -> str:
    """The template of the route ``scope`` was routed to (a mounted folder: its path and ``{path}``)."""
    route = scope.get("route")
    path = getattr(route, "path", None)
    if not isinstance(path, str):
        return UNMATCHED
    if type(route).__name__ == "Mount":
        return path.rstrip("/") + "/{path}"
    return path


def access_logger() -> logging.Logger:
    """The JSON access log: one line per request on standard output, nothing else on its lines."""
    logger = logging.getLogger(ACCESS_LOGGER)
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(logging.Formatter("%(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False
    return logger


class ObserveMiddleware:
    """Counts and times every HTTP request by route; ``access_log``: logs each as a JSON line
    {"time", "method", "route", "status", "duration_ms"}. An event stream counts as open from its
    first byte to its end, and its duration is the time to that first byte."""

    def __init__(self, app: Any, *, access_log: bool = False) -> None:
        self.app = app
        self.log = access_logger() if access_log else None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500  # what the server answers if the app fails before it starts its answer
        first_byte: float | None = None
        streaming = False

        async def observed_send(message: Any) -> None:
            nonlocal status, first_byte, streaming
            if message["type"] == "http.response.start":
                status = int(message["status"])
                first_byte = time.perf_counter()
                content_type = dict(message.get("headers", [])).get(b"content-type", b"")
                if content_type.startswith(b"text/event-stream"):
                    streaming = True
                    metrics.STREAMS.inc()
            await send(message)

        try:
            await self.app(scope, receive, observed_send)
        finally:
            if streaming:
                metrics.STREAMS.dec()
            ended = first_byte if streaming and first_byte is not None else time.perf_counter()
            seconds = ended - started
            method = metrics.method_label(scope["method"])
            route = route_of(scope)
            metrics.REQUESTS.labels(method, route, str(status)).inc()
            metrics.LATENCY.labels(method, route).observe(seconds)
            if self.log is not None:
                self.log.info(
                    json.dumps(
                        {
                            "time": datetime.now(UTC).isoformat(timespec="milliseconds"),
                            "method": method,
                            "route": route,
                            "status": status,
                            "duration_ms": round(seconds * 1000, 2),
                        },
                        separators=(",", ":"),
                    )
                )
