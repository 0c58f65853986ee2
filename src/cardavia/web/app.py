"""The application: security middleware, the table API, live updates and the pages.

``create_app`` opens the database (running the packaged migrations, and refusing one it cannot
write) at once; the bots' process pool, the PostgreSQL listener and the resumption of tables left
mid-turn start with the app's lifespan.

Every error is a JSON ``{"error": {"code", "message", "params"}}``: a database that cannot answer is
a 503 ``unavailable`` with ``Retry-After`` (nothing was applied; ``unknown`` when a write may have
been: the same request is to be sent again), a body that is not UTF-8 JSON (or is nested too deep) a
422 ``bad-request``, a 405 names the allowed methods in ``Allow``, and anything unforeseen a 500
``internal`` (logged, with no detail in the answer).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse
from sqlalchemy.engine import make_url
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from cardavia.games.errors import GameError
from cardavia.service.driver import BotDriver, Think
from cardavia.service.limits import RateLimit
from cardavia.service.offload import Offload
from cardavia.service.reviews import ReviewRunner, ReviewService
from cardavia.service.tables import TableService
from cardavia.store.db import open_store
from cardavia.store.errors import OutcomeUnknown, StoreUnavailable
from cardavia.web import health, operators, shutdown
from cardavia.web.api import api_router
from cardavia.web.api.deps import Runtime
from cardavia.web.api.errors import error_json, game_error_response
from cardavia.web.entries import check_registry
from cardavia.web.events import EventHub
from cardavia.web.observe import ObserveMiddleware
from cardavia.web.origins import Origin, checked_public_url, origin_of

log = logging.getLogger(__name__)

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
]
MUTATING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MAX_BODY = 16 * 1024
RETRY_AFTER_S = 2  # what a 503 asks the client to wait before trying again

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


async def _send_json(send: Send, status: int, body: bytes) -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers + SECURITY_HEADERS})
    await send({"type": "http.response.body", "body": body})


class SecurityMiddleware:
    """Strict headers on every answer; cross-site writes refused (403); request bodies bounded (413).

    A plain ASGI middleware (not ``BaseHTTPMiddleware``) so the move endpoint pays almost nothing.
    """

    def __init__(self, app: ASGIApp, *, max_body: int = MAX_BODY, public_url: str | None = None) -> None:
        self.app = app
        self.max_body = max_body
        self.public = origin_of(public_url) if public_url else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {
            k: v
            for k, v in scope["headers"]
            if k in (b"origin", b"host", b"content-length", b"sec-fetch-site")
        }
        if scope["method"] in MUTATING:
            if not _same_origin(scope, headers, self.public):
                await _send_json(
                    send,
                    403,
                    b'{"error":{"code":"cross-origin","message":"cross-site request refused","params":{}}}',
                )
                return
            body = await self._read_body(headers, receive)
            if body is None:
                await _send_json(
                    send,
                    413,
                    b'{"error":{"code":"too-large","message":"request body too large","params":{}}}',
                )
                return
            receive = _replay(body)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + SECURITY_HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)

    async def _read_body(self, headers: dict[bytes, bytes], receive: Receive) -> bytes | None:
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            return None
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        return b"".join(chunks)


def _same_origin(scope: Scope, headers: dict[bytes, bytes], public: Origin | None = None) -> bool:
    """No Origin (a non-browser client) or an Origin that is this site's own: the scheme, host and
    port the request came to (``scope``'s scheme, which uvicorn takes from a trusted proxy's
    ``X-Forwarded-Proto``, and the ``Host`` header), or those of the configured public URL. Never a
    cross-site browser post: ``https://host`` is another origin than ``http://host``, and another port
    is another origin too."""
    if headers.get(b"sec-fetch-site", b"") == b"cross-site":
        return False
    origin = headers.get(b"origin")
    if origin is None:
        return True
    claimed = origin_of(origin.decode("latin-1"))
    if claimed is None:
        return False  # "null" (a sandboxed frame, a file) or not a URL at all
    host = headers.get(b"host", b"").decode("latin-1")
    return claimed == origin_of(f"{scope.get('scheme', 'http')}://{host}") or claimed == public


def _replay(body: bytes) -> Receive:
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return {"type": "http.disconnect"}

    return receive


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(GameError)
    async def game_error(_request: Request, exc: GameError) -> JSONResponse:
        return game_error_response(exc)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [
            {
                "loc": [str(p) for p in e.get("loc", ())],
                "type": str(e.get("type", "")),
                "msg": str(e.get("msg", "")),
            }
            for e in exc.errors()[:10]
        ]
        body = error_json("bad-request", "the request does not match the API", {"errors": problems})
        return JSONResponse(body, status_code=422)

    @app.exception_handler(StoreUnavailable)
    async def unavailable(_request: Request, exc: StoreUnavailable) -> JSONResponse:
        log.warning("answered 503: %s", exc)
        if isinstance(exc, OutcomeUnknown):
            # the write may have been committed: the client learns which by sending it again
            body = error_json(
                "unknown",
                "the database failed after this request may have been applied: send the same request again",
                {"reason": exc.reason},
            )
        else:
            body = error_json(
                "unavailable",
                "the server cannot reach its database; nothing was applied; try again shortly",
                {"reason": exc.reason},
            )
        return JSONResponse(body, status_code=503, headers={"Retry-After": str(RETRY_AFTER_S)})

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Any:
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            headers["Allow"] = _allowed(request)
        if exc.status_code == 400:
            # FastAPI's own answer to a body it could not parse (not UTF-8, nested too deep)
            body = error_json("bad-request", "the request body is not a JSON document this API reads")
            return JSONResponse(body, status_code=422)
        if request.url.path.startswith("/api/"):
            code = {404: "not-found", 405: "method-not-allowed"}.get(
                exc.status_code, f"http-{exc.status_code}"
            )
            return JSONResponse(
                error_json(code, str(exc.detail)), status_code=exc.status_code, headers=headers or None
            )
        page = getattr(request.app.state, "not_found_page", None)
        if exc.status_code == 404 and page is not None:
            return page(request)  # a page for people: the site's look, their language, a way back
        exc.headers = headers or None
        return await http_exception_handler(request, exc)

    @app.exception_handler(Exception)
    async def internal(_request: Request, exc: Exception) -> JSONResponse:
        log.error("unexpected error", exc_info=exc)
        return JSONResponse(error_json("internal", "the server failed to answer this request"), 500)


def _allowed(request: Request) -> str:
    """Every method some route serves at this path (a 405's ``Allow``): those the router matches in full."""
    methods = {
        method
        for method in ("GET", "POST", "PUT", "PATCH", "DELETE")
        if any(
            route.matches({**request.scope, "method": method})[0] == Match.FULL
            for route in request.app.router.routes
        )
    }
    if "GET" in methods:
        methods.add("HEAD")
    return ", ".join(sorted(methods))


def create_app(
    database_url: str | None = None,
    *,
    pace_ms: int = 700,
    bot_workers: int = 1,
    think: Think | None = None,
    create_burst: int = 20,
    create_per_minute: float = 20.0,
    max_body: int = MAX_BODY,
    pages: bool = True,
    min_step_ms: int | dict[str, int] | None = None,
    store_threads: int = 16,
    public_url: str | None = None,
    review_workers: int | None = None,
    access_log: bool = False,
    metrics_from: str | None = None,
) -> FastAPI:
    """The whole site on ``database_url`` (see ``cardavia.store.database_url_from`` for the default).

    ``pace_ms``: default delay between the bots' actions; ``bot_workers``: processes the bots think in
    (0: in the server process); ``create_burst``/``create_per_minute``: tables a client may create
    (and, in a bucket of their own, invite links it may open or use), counted across every process
    on the database;
    ``min_step_ms``: the floor between a bot's move and the one before (``BotDriver``; None: per
    level as shipped); ``store_threads``: the threads store calls run in; ``public_url``: the site's
    address as its visitors reach it (``https://cards.example``): invite links are built on it and
    its origin is the site's own for the cross-site check (None: links relative to the site);
    ``review_workers``: the reviews run at once, each in a process (None: one per core; with
    ``bot_workers`` 0, one at a time in a thread); ``access_log``: one JSON line a request on
    standard output (``cardavia.web.observe``); ``metrics_from``: the addresses ``/metrics`` answers
    (:func:`cardavia.web.operators.metrics_from`; None: the environment's, else loopback).

    Raises ``BadEntry`` for a registered game whose parts are incomplete (before anything is
    built), ``BadDatabase`` for a URL it cannot use, ``StoreUnavailable`` for a database it
    cannot reach or write, ``BadPublicUrl`` for a public URL it cannot build links on, and
    ``BadNetworks`` for metrics' addresses it cannot read.
    """
    check_registry(catalogs=False)
    allow_metrics = operators.metrics_from(metrics_from)
    if public_url is not None:
        public_url = checked_public_url(public_url)
    store = open_store(database_url, writable=True)
    hub = EventHub()
    service = TableService(store, on_append=hub.publish)
    offload = Offload(store_threads)
    driver = BotDriver(service, workers=bot_workers, think=think, offload=offload, min_step_ms=min_step_ms)
    reviews = ReviewService(service)
    # reviews run in processes of their own (none when the bots think in this process: tests)
    review_runner = ReviewRunner(reviews, offload=offload, workers=review_workers if bot_workers > 0 else 0)
    rt = Runtime(
        service=service,
        driver=driver,
        reviews=reviews,
        hub=hub,
        rate=RateLimit(store, create_burst, create_per_minute),
        default_pace_ms=pace_ms,
        public_url=public_url,
    )

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if store.is_postgres:
            conninfo = make_url(store.url).set(drivername="postgresql").render_as_string(hide_password=False)
            # Another process wrote: this process's cached state is behind; its next read catches up.
            hub.listen(conninfo, origin=store.origin)
        store.checkpoints()
        await driver.start()
        await review_runner.start()
        # told to stop: the event streams end now, before the server waits for open requests
        heard = shutdown.on_stop_signal(hub.stop)
        try:
            yield
        finally:
            heard()
            readiness.close()
            await review_runner.close()
            await driver.close()
            await hub.close()
            offload.close()
            store.dispose()

    app = FastAPI(title="Cardavia", version="1", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.cardavia = rt
    readiness = app.state.readiness = health.Readiness(store)
    app.state.metrics_from = allow_metrics
    _install_error_handlers(app)
    app.include_router(health.router)  # /healthz, /readyz, /metrics
    app.include_router(api_router())  # the games registered now: built with the app
    if pages:
        _include_pages(app)
    # Compressed answers (Starlette leaves text/event-stream alone: a live update must not wait in
    # a compressor's buffer); the security headers are added outside it, to every answer.
    app.add_middleware(GZipMiddleware, minimum_size=512, compresslevel=6)
    app.add_middleware(SecurityMiddleware, max_body=max_body, public_url=public_url)
    app.add_middleware(ObserveMiddleware, access_log=access_log)  # outermost: times every answer
    return app


def _include_pages(app: FastAPI) -> None:
    try:
        from cardavia.web import pages
    except ImportError as exc:  # the pages are written beside the API; the API must work without them
        log.warning("pages not available: %s", exc)
        return
    app.include_router(pages.router)
    pages.mount_static(app)
    app.state.not_found_page = pages.not_found
