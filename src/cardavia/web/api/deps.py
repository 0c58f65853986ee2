"""What a table route needs before it starts, as FastAPI dependencies: the app's shared
:class:`Runtime`, the browser asking (its key hash: :data:`Owner`, :data:`MaybeOwner`,
:data:`NewOwner`) and the rate limits of the routes that make tables or take seats.

Every dependency here is a coroutine: FastAPI runs a plain function in a thread, and the move
endpoint must pay almost nothing.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request, Response

from cardavia.service.driver import BotDriver
from cardavia.service.errors import NotFound, TableError
from cardavia.service.limits import RateLimit
from cardavia.service.offload import Offload
from cardavia.service.reviews import ReviewService
from cardavia.service.state import TableState, host_seat, seat_of
from cardavia.service.tables import TableService
from cardavia.web.events import EventHub

SECRET_COOKIE = "cardavia_key"
COOKIE_MAX_AGE = 400 * 24 * 3600


@dataclass
class Runtime:
    """What the API handlers share: set on ``app.state.cardavia`` by :func:`cardavia.web.app.create_app`."""

    service: TableService
    driver: BotDriver
    hub: EventHub
    rate: RateLimit
    reviews: ReviewService
    default_pace_ms: int = 700
    public_url: str | None = None  # see join_url

    @property
    def offload(self) -> Offload:
        """The store's threads (shared with the bot driver)."""
        return self.driver.offload


def runtime(request: Request) -> Runtime:
    """The app's :class:`Runtime`."""
    rt: Runtime = request.app.state.cardavia
    return rt


async def _runtime(request: Request) -> Runtime:
    return runtime(request)


Rt = Annotated[Runtime, Depends(_runtime)]


# -- who asks -----------------------------------------------------------------------------------------
def owner_of(request: Request) -> str | None:
    """The hash that identifies this browser's tables, or None without a (well-formed) secret."""
    secret = request.cookies.get(SECRET_COOKIE)
    if not secret or len(secret) > 128:
        return None
    return hashlib.sha256(secret.encode()).hexdigest()


async def _maybe_owner(request: Request) -> str | None:
    return owner_of(request)


async def _owner_or_404(request: Request) -> str:
    owner = owner_of(request)
    if owner is None:
        raise NotFound()  # the 404 of a table that does not exist
    return owner


async def _owner_or_new(request: Request, response: Response) -> str:
    owner = owner_of(request)
    if owner is None:
        secret = secrets.token_urlsafe(32)
        owner = hashlib.sha256(secret.encode()).hexdigest()
        response.set_cookie(
            SECRET_COOKIE,
            secret,
            max_age=COOKIE_MAX_AGE,
            path="/",
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
        )
    return owner


# This browser's key hash, or None without a secret (a route that answers anyone the same).
MaybeOwner = Annotated[str | None, Depends(_maybe_owner)]
# This browser's key hash; without a secret, the 404 of a table that does not exist.
Owner = Annotated[str, Depends(_owner_or_404)]
# This browser's key hash; a browser without a secret is given one: an HttpOnly cookie on the route's
# ``Response``, which the route copies onto its answer when it succeeds (:func:`with_cookie`).
NewOwner = Annotated[str, Depends(_owner_or_new)]


def with_cookie(reply: Response, response: Response) -> Response:
    """``reply`` with the cookies a dependency set on the route's ``response``."""
    for value in response.headers.getlist("set-cookie"):
        reply.headers.append("set-cookie", value)
    return reply


def seen_by(state: TableState, owner: str | None) -> int:
    """The seat whose view ``owner``'s browser gets (the service checked it holds one; without an
    owner, the table's maker who is answered: their own seat). NotFound when the browser holds no
    seat: a seat it left to the AI is not its to see."""
    seat = host_seat(state.record) if owner is None else seat_of(state.record, owner)
    if seat is None:
        raise NotFound()
    return seat


def join_url(rt: Runtime, token: str) -> str:
    """The invite link of ``token``: on the configured public URL, else relative to the site
    (``/join/<token>``, which the host's page completes with the address it was itself loaded
    from). Never built from the request's ``Host`` header, which the client chooses: a forged one
    must not turn the host's links into links to another site."""
    return f"{rt.public_url or ''}/join/{token}"


# -- rate limits --------------------------------------------------------------------------------------
class RateLimited(TableError):
    """The 429 ``rate-limited`` refusal; its answer says how long to wait in ``Retry-After``."""

    status = 429

    def __init__(self, message: str, retry_after_s: int) -> None:
        super().__init__("rate-limited", message)
        self.retry_after_s = retry_after_s


async def allowed(request: Request, scope: str) -> bool:
    """Whether this client may go on with ``scope`` (``"tables"``: making one; ``"join"``: an invite
    link's page or taking its seat), by the buckets every server process shares."""
    rt = runtime(request)
    client = request.client.host if request.client else "?"
    return await rt.offload.run(rt.rate.allow, f"{scope}:{client}")


def _limit(scope: str, message: str) -> Callable[[Request], Awaitable[None]]:
    async def limit(request: Request) -> None:
        if not await allowed(request, scope):
            raise RateLimited(message, runtime(request).rate.retry_after_s)

    return limit


# The route dependencies of the two buckets: a client that asks too often is refused before anything
# else is looked at (``dependencies=[...]`` of the route, or its first parameter).
LIMIT_NEW_TABLES = Depends(_limit("tables", "too many new tables; wait a moment"))
# no guessing invite tokens at speed (256 bits would do, but still)
LIMIT_JOINS = Depends(_limit("join", "too many attempts; wait a moment"))
