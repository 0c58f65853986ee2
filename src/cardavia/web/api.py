"""The table API of docs/api.md: pydantic-bounded inputs, ``{"error": ...}`` answers, seat-0 payloads only.

Every table URL needs the browser's secret (an HttpOnly cookie set when it first creates a table);
tables are looked up by the secret's hash, and anyone without it gets the same 404 as for a table
that does not exist.

Every store call (and the rendering of the state it loads, under the table's lock) runs in the
service's store threads (:class:`cardavia.service.offload.Offload`), never on the event loop: a slow
or locked database delays only the requests that wait on it. A database that cannot answer is a 503
(see ``cardavia.web.app``).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar

from fastapi import APIRouter, Path, Query, Request, Response
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, create_model
from starlette.background import BackgroundTask

from cardavia.games.errors import GameError
from cardavia.games.registry import game_ids
from cardavia.games.seats import invite_order
from cardavia.service.driver import BotDriver
from cardavia.service.errors import NotFound, Stale, TableError
from cardavia.service.limits import RateLimit
from cardavia.service.offload import Offload
from cardavia.service.payload import table_out
from cardavia.service.reviews import ReviewService, hint_seed
from cardavia.service.state import HUMAN, TableState, host_seat, seat_of
from cardavia.service.tables import TableService
from cardavia.store.db import StoreUnavailable
from cardavia.web.events import EventHub, Mode, Snapshot, table_stream

SECRET_COOKIE = "cardavia_key"
COOKIE_MAX_AGE = 400 * 24 * 3600
MAX_SEQ = 10**9


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
    rt: Runtime = request.app.state.cardavia
    return rt


async def allowed(request: Request, scope: str) -> bool:
    """Whether this client may go on with ``scope`` (``"tables"``: making one; ``"join"``: an invite
    link's page or taking its seat), by the buckets every server process shares."""
    rt = runtime(request)
    client = request.client.host if request.client else "?"
    return await rt.offload.run(rt.rate.allow, f"{scope}:{client}")


def rate_limited(request: Request, message: str) -> JSONResponse:
    """The 429 ``rate-limited`` answer, with how long to wait in ``Retry-After``."""
    wait = runtime(request).rate.retry_after_s
    return JSONResponse(
        error_json("rate-limited", message), status_code=429, headers={"Retry-After": str(wait)}
    )


# -- models -------------------------------------------------------------------------------------------
class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


Pace = Annotated[int, Field(ge=0, le=3000)]
Seq = Annotated[int, Field(ge=0, le=MAX_SEQ)]
TableId = Annotated[str, Path(max_length=64)]
DealNo = Annotated[int, Path(ge=1, le=MAX_SEQ)]


class CreateTableIn(_In):
    """The body of ``POST /api/tables``. ``game`` is any string here; the route's own model
    (:func:`create_table_in`) narrows it to the registered games when the app is built."""

    game: str
    level: Literal["easy", "normal", "hard"] = "normal"
    pace_ms: Pace | None = None
    # seats for invited people (the game says how many it has: more is a 422 "bad-friends")
    friends: Annotated[int, Field(ge=0, le=16)] = 0
    turn_limit_s: Literal[30, 120] | None = None
    # the name the others see for the host of a friends' table (cleaned like a guest's)
    host_name: Annotated[str, Field(min_length=1, max_length=200)] | None = None


def create_table_in(game_ids: tuple[str, ...]) -> type[CreateTableIn]:
    """:class:`CreateTableIn` accepting exactly ``game_ids``: an unknown game is the 422 of any
    invalid body, and the OpenAPI schema lists the games as the field's enum."""
    games: Any = Literal.__getitem__(game_ids)
    return create_model("CreateTableIn", __base__=CreateTableIn, game=(games, ...))


class JoinIn(_In):
    name: Annotated[str, Field(min_length=1, max_length=200)]


class ActionIn(_In):
    seq: Seq
    action: dict[str, Any]


class SayIn(_In):
    message: Annotated[str, Field(min_length=1, max_length=40)]  # a quick message's id


class SaidOut(BaseModel):
    seat: int
    message: str


class SeqIn(_In):
    seq: Seq


class TryIn(_In):
    step: Seq  # how many of the deal's actions come before the decision
    pace_ms: Pace | None = None


class SettingsIn(_In):
    pace_ms: Pace


class ErrorBody(BaseModel):
    code: str
    message: str
    params: dict[str, Any] = {}


class ErrorOut(BaseModel):
    error: ErrorBody


class TableOut(BaseModel):
    id: str
    game: str
    level: str
    seq: int
    deal_no: int
    deal_start: int
    pace_ms: int
    status: Literal["human", "people", "bots", "over", "waiting"]
    seat: int
    people: list[dict[str, Any]]
    turn_limit_s: int | None
    # the time the person to decide has left under the turn limit, as the server counts it (None:
    # no limit, or no person to decide)
    turn_left_ms: int | None = None
    view: dict[str, Any]
    totals: list[int]
    last: list[dict[str, Any]]
    deals: list[dict[str, Any]]
    # the deals' score taken together, where the game keeps one (``Game.series``: a match to ±6)
    series: dict[str, Any] | None = None
    # a table started from another's finished deal: {"table", "deal_no", "step"} of where it came from
    origin: dict[str, Any] | None = None
    ends: bool = False  # the table ends with its current deal (no next deal)
    next_table: str | None = None  # the table the same people play on next (Play again together)


class InviteOut(BaseModel):
    seat: int
    url: str


class LeftOut(BaseModel):
    """The answer to a table's maker who left their seat to the AI: the seat is no longer theirs."""

    id: str
    left: Literal[True]


class CreatedOut(TableOut):
    invites: list[InviteOut] = []


class HintOut(BaseModel):
    action: dict[str, Any]
    reason: dict[str, Any]
    # the action said as a move, and the figures of why (the best's average beside the rule of
    # thumb's move, or the next best's): absent where there was no choice to analyse
    move: dict[str, Any] | None = None
    values: dict[str, Any] | None = None


class HistoryItem(BaseModel):
    table: str
    game: str
    deal_no: int
    finished_at: float
    result: dict[str, Any]
    returns: list[int]  # each seat's points in the deal, as the engine scores it
    seat: int  # the seat this browser holds at that table


class StepOut(BaseModel):
    seq: int | None
    seat: int | None
    action: dict[str, Any] | None
    view: dict[str, Any]


ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorOut, "description": "no such table for this browser"},
    409: {"model": ErrorOut, "description": "the table moved on"},
    422: {"model": ErrorOut, "description": "malformed or illegal"},
    503: {
        "model": ErrorOut,
        "description": "the database is not answering: ``unavailable``, nothing was applied, try again"
        " (Retry-After); ``unknown``, the request may have been applied: send the same request again",
    },
}


# -- helpers ------------------------------------------------------------------------------------------
def error_json(code: str, message: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """The ``{"error": ...}`` body; every string in ``params`` made encodable (a lone surrogate in
    a client's input would otherwise fail the JSON encoding of its own error)."""
    return {"error": {"code": code, "message": _encodable(message), "params": _jsonable(params or {})}}


def _encodable(value: Any) -> Any:
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, dict):
        return {_encodable(k): _encodable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_encodable(v) for v in value]
    return value


def _seen_by(state: TableState, owner: str | None) -> int:
    """The seat whose view ``owner``'s browser gets (the service checked it holds one; without an
    owner, the table's maker who is answered: their own seat). NotFound when the browser holds no
    seat: a seat it left to the AI is not its to see."""
    seat = host_seat(state.record) if owner is None else seat_of(state.record, owner)
    if seat is None:
        raise NotFound()
    return seat


def _error_body(
    exc: GameError, since: int | None = None, owner: str | None = None, service: TableService | None = None
) -> tuple[dict[str, Any], int]:
    """The body and status of any error of the engines or the service (never a 500). Call it under
    the table's lock: a 409 carries the table, as ``owner``'s seat sees it (with who is there, if
    ``service`` is given)."""
    status = exc.status if isinstance(exc, TableError) else 422
    body = error_json(exc.code, exc.message, exc.params)
    if isinstance(exc, Stale):
        here = None if service is None else service.here(exc.state)
        with contextlib.suppress(NotFound):  # a browser that holds no seat is shown no table
            body["table"] = table_out(exc.state, since, _seen_by(exc.state, owner), here)
    return body, status


def game_error_response(exc: GameError, since: int | None = None, owner: str | None = None) -> JSONResponse:
    """The answer for any error of the engines or the service (never a 500)."""
    body, status = _error_body(exc, since, owner)
    return JSONResponse(body, status_code=status)


def _driven(state: TableState) -> bool:
    """Whether the bot driver must look at the table: a bot is to act, or a person under a limit,
    or a person at a shared table (who may have left: the driver asks the store whether they did)."""
    return state.status() == "bots" or state.timed() or bool(state.person_turns())


def _out(rt: Runtime, state: TableState, since: int | None, viewer: int) -> dict[str, Any]:
    """``table_out`` with who is at the table now. Call it under the table's lock."""
    return table_out(state, since, viewer, rt.service.here(state), rt.service.clock())


def _note_seen(rt: Runtime, table_id: str, seat: int) -> None:
    """Note a person as seen (after their request was answered); a database that cannot answer
    now only delays it to their next request or heartbeat."""
    with contextlib.suppress(StoreUnavailable):
        rt.service.seen(table_id, seat)


def _jsonable(params: dict[str, Any]) -> dict[str, Any]:
    try:
        json.dumps(params)
    except (TypeError, ValueError):
        params = {str(k): str(v) for k, v in params.items()}
    encodable: dict[str, Any] = _encodable(params)
    return encodable


def owner_of(request: Request) -> str | None:
    """The hash that identifies this browser's tables, or None without a (well-formed) secret."""
    secret = request.cookies.get(SECRET_COOKIE)
    if not secret or len(secret) > 128:
        return None
    return hashlib.sha256(secret.encode()).hexdigest()


def _owner_or_404(request: Request) -> str:
    owner = owner_of(request)
    if owner is None:
        raise NotFound()
    return owner


def _owner_or_new(request: Request, response: Response) -> str:
    """This browser's key hash; a browser without a secret is given one (an HttpOnly cookie)."""
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


def _with_cookie(reply: JSONResponse, response: Response) -> JSONResponse:
    for value in response.headers.getlist("set-cookie"):
        reply.headers.append("set-cookie", value)
    return reply


T = TypeVar("T")


def _sure(rt: Runtime, work: Callable[[], T]) -> T:
    """``work`` (in a store thread), with a database failure after it wrote answered as
    ``OutcomeUnknown`` (see ``Store.outcome``)."""
    with rt.service.store.outcome():
        return work()


# What a handler's store work answers: the body, its status, and whether the bots are to play.
Reply = tuple[Any, int, bool]


def _rendered(
    rt: Runtime,
    table_id: str | None,
    work: Callable[[], tuple[TableState, int | None]],
    status: int = 200,
    error_since: int | None = None,
    owner: str | None = None,
) -> Reply:
    """Run ``work`` and render its state (or its error) in one hold of the table's lock, in a store
    thread, so the reply shows one consistent state, as ``owner``'s seat sees it.

    A database failure after ``work`` wrote (or may have) is ``OutcomeUnknown`` (a 503 ``unknown``:
    send the same request again), never the 503 that says nothing was applied."""

    def render() -> Reply:
        state: TableState | None = None
        try:
            state, since = work()
            viewer = _seen_by(state, owner)
        except NotFound as exc:
            if state is not None and owner is not None and owner == state.record.owner:
                # the maker left their seat to the AI: the seat is no longer theirs to see
                return {"id": state.record.id, "left": True}, status, _driven(state)
            body, code = _error_body(exc, error_since, owner, rt.service)
            return body, code, False
        except GameError as exc:
            body, code = _error_body(exc, error_since, owner, rt.service)
            bots = isinstance(exc, Stale) and _driven(exc.state)
            return body, code, bots
        return _out(rt, state, since, viewer), status, _driven(state)

    if table_id is None:
        return _sure(rt, render)
    with rt.service.lock(table_id):
        return _sure(rt, render)


async def _respond(
    rt: Runtime,
    table_id: str | None,
    work: Callable[[], tuple[TableState, int | None]],
    status: int = 200,
    error_since: int | None = None,
    owner: str | None = None,
) -> tuple[JSONResponse, str | None]:
    # A ready response skips FastAPI's re-validation of the (large) view against the response model.
    body, code, bots = await rt.offload.run(_rendered, rt, table_id, work, status, error_since, owner)
    table = body.get("id") if code < 300 else (body.get("table") or {}).get("id")
    if bots and table is not None:
        rt.driver.kick(table)  # the next request carries on if a process died mid-turn
    return JSONResponse(body, status_code=code), table


# -- routes -------------------------------------------------------------------------------------------
router = APIRouter(prefix="/api", tags=["tables"])


def join_url(request: Request, token: str) -> str:
    """The invite link of ``token``: on the configured public URL, else relative to the site
    (``/join/<token>``, which the host's page completes with the address it was itself loaded
    from). Never built from the request's ``Host`` header, which the client chooses: a forged one
    must not turn the host's links into links to another site."""
    base = runtime(request).public_url
    return f"{base or ''}/join/{token}"


def tables_router() -> APIRouter:
    """``POST /api/tables``, for the games registered now (the app builds it once, when created)."""
    model = create_table_in(game_ids())

    async def create(body: Any, request: Request, response: Response) -> Any:
        return await create_table(body, request, response)

    create.__doc__ = create_table.__doc__
    create.__annotations__ = {**create.__annotations__, "body": model}  # what FastAPI reads the body as
    games = APIRouter(prefix="/api", tags=["tables"])
    games.add_api_route(
        "/tables",
        create,
        methods=["POST"],
        status_code=201,
        response_model=CreatedOut,
        responses={**ERRORS, 429: {"model": ErrorOut}},
        name="create_table",
    )
    return games


async def create_table(body: CreateTableIn, request: Request, response: Response) -> Any:
    """A new table: the host at seat 0, seats 1 to ``friends`` for invited people (one link each in
    ``invites``), bots of ``level`` elsewhere."""
    rt = runtime(request)
    if not await allowed(request, "tables"):
        return rate_limited(request, "too many new tables; wait a moment")
    owner = _owner_or_new(request, response)
    pace = rt.default_pace_ms if body.pace_ms is None else body.pace_ms

    def work() -> tuple[dict[str, Any], int]:
        try:
            state = rt.service.create(
                game=body.game,
                level=body.level,
                owner=owner,
                pace_ms=pace,
                friends=body.friends,
                turn_limit_s=body.turn_limit_s,
                host_name=body.host_name,
            )
        except GameError as exc:
            return _error_body(exc)
        # in the order the game invites people (a partnership game: the host's partner first)
        tokens = [
            (seat, rt.service.invite(state.record.id, owner, seat))
            for seat in invite_order(state.game)
            if state.record.people[seat] is not None
        ]
        with rt.service.lock(state.record.id):
            out = _out(rt, state, None, 0)
            # the server may have moves to make while the host decides too (seats deciding at once)
            driven.append(state.status() == "bots")
        out["invites"] = [{"seat": seat, "url": join_url(request, token)} for seat, token in tokens]
        return out, 201

    driven: list[bool] = []
    body_out, code = await rt.offload.run(_sure, rt, work)  # a failure after the table was made: unknown
    if code == 201 and any(driven):
        rt.driver.kick(body_out["id"])
    reply = JSONResponse(body_out, status_code=code)
    return _with_cookie(reply, response) if code == 201 else reply


@router.post("/tables/{table_id}/invites/{seat}", status_code=201, response_model=InviteOut, responses=ERRORS)
async def renew_invite(table_id: TableId, seat: Annotated[int, Path(ge=0, le=16)], request: Request) -> Any:
    """A new invite link for an invited seat not yet taken (host only); the seat's old link stops working."""
    rt = runtime(request)
    owner = _owner_or_404(request)
    try:
        token = await rt.offload.run(rt.service.invite, table_id, owner, seat)
    except GameError as exc:
        return game_error_response(exc)
    return JSONResponse({"seat": seat, "url": join_url(request, token)}, status_code=201)


@router.post("/tables/{table_id}/start", response_model=TableOut, responses=ERRORS)
async def start_table(table_id: TableId, request: Request) -> Any:
    """Start now (host only): invited seats not yet taken are played by the AI, their links revoked."""
    rt = runtime(request)
    owner = _owner_or_404(request)
    reply, _ = await _respond(rt, table_id, lambda: (rt.service.start(table_id, owner), None), owner=owner)
    return reply


@router.post(
    "/tables/{table_id}/seats/{seat}/ai",
    response_model=TableOut | LeftOut,
    responses={**ERRORS, 409: {"model": ErrorOut, "description": "person-here: that person is at the table"}},
)
async def seat_to_ai(table_id: TableId, seat: Annotated[int, Path(ge=0, le=16)], request: Request) -> Any:
    """The AI plays ``seat`` (host only): an invited seat not yet taken, from now on (its link stops
    working); the host's own seat, when the host leaves the table (every open seat goes to the AI
    too, and the host is answered ``{"id", "left": true}``: the seat and its pieces are no longer
    theirs to see, nor the table to deal on); or a seat a person took who has left the table: the
    AI plays their decisions at once until they are back (409 ``person-here`` while they are at
    the table). Asking again answers the same (the host who left: 404, the table is not theirs)."""
    rt = runtime(request)
    owner = _owner_or_404(request)
    reply, _ = await _respond(
        rt, table_id, lambda: (rt.service.give_to_ai(table_id, owner, seat), None), owner=owner
    )
    return reply


@router.post("/join/{token}", response_model=TableOut, responses=ERRORS)
async def join(
    token: Annotated[str, Path(max_length=128)], body: JoinIn, request: Request, response: Response
) -> Any:
    """Take the seat an invite link offers, under ``name`` (at most 24 characters are kept): sets
    this browser's secret if it has none, and answers the table as that seat sees it. A used,
    unknown or revoked link is a 404, as is a link to a table where this browser already sits."""
    rt = runtime(request)
    if not await allowed(request, "join"):  # no guessing tokens at speed (256 bits would do, but still)
        return rate_limited(request, "too many attempts; wait a moment")
    owner = _owner_or_new(request, response)

    def work() -> tuple[dict[str, Any], int, bool]:
        try:
            state, seat = rt.service.claim(token, owner, body.name)
        except GameError as exc:
            body_err, code = _error_body(exc)
            return body_err, code, False
        with rt.service.lock(state.record.id):
            return _out(rt, state, None, seat), 200, _driven(state)

    out, code, driven = await rt.offload.run(_sure, rt, work)  # a failure after the seat was taken: unknown
    if driven:
        rt.driver.kick(out["id"])
    reply = JSONResponse(out, status_code=code)
    return _with_cookie(reply, response) if code == 200 else reply


@router.get("/tables/{table_id}", response_model=TableOut, responses=ERRORS)
async def get_table(
    table_id: TableId,
    request: Request,
    since: Annotated[int | None, Query(ge=0, le=MAX_SEQ)] = None,
) -> Any:
    rt = runtime(request)
    owner = _owner_or_404(request)

    def read() -> tuple[dict[str, Any], bool]:
        with rt.service.reading(table_id, owner) as state:
            viewer = _seen_by(state, owner)
            if not state.shared:
                return table_out(state, since, viewer), _driven(state)
            if not state.handed(viewer):
                _note_seen(rt, table_id, viewer)
                return _out(rt, state, since, viewer), _driven(state)
        # the host had handed this person's seat to the AI: they are back
        back = rt.service.returned(table_id, owner)
        with rt.service.reading(table_id, owner) as state:
            if back is not None:
                state = back
            return _out(rt, state, since, viewer), _driven(state)

    body, bots = await rt.offload.run(read)
    if bots:
        rt.driver.kick(table_id)  # the next request carries on if a process died mid-turn
    return JSONResponse(body)


@router.post("/tables/{table_id}/actions", response_model=TableOut, responses=ERRORS)
async def act(table_id: TableId, body: ActionIn, request: Request) -> Any:
    """The action of the seat this browser holds, chosen at ``seq``; the others' follow on the
    event stream."""
    rt = runtime(request)
    owner = _owner_or_404(request)
    noted: list[int] = []  # the seat of a person at a shared table: seen, once the reply is sent

    def work() -> tuple[TableState, int | None]:
        state, since = rt.service.act(table_id, owner, body.seq, body.action)
        if state.shared:
            noted.append(_seen_by(state, owner))
        return state, since

    reply, _ = await _respond(rt, table_id, work, error_since=body.seq, owner=owner)
    if noted:
        reply.background = BackgroundTask(rt.offload.run, _note_seen, rt, table_id, noted[0])
    return reply


@router.post("/tables/{table_id}/next-deal", response_model=TableOut, responses=ERRORS)
async def next_deal(table_id: TableId, body: SeqIn, request: Request) -> Any:
    rt = runtime(request)
    owner = _owner_or_404(request)
    reply, _ = await _respond(
        rt,
        table_id,
        lambda: (rt.service.next_deal(table_id, owner, body.seq), body.seq),
        error_since=body.seq,
        owner=owner,
    )
    return reply


@router.post(
    "/tables/{table_id}/settings",
    response_model=TableOut,
    responses={**ERRORS, 403: {"model": ErrorOut, "description": "host-only: a guest asked"}},
)
async def settings(table_id: TableId, body: SettingsIn, request: Request) -> Any:
    """The table's pace, for everyone at it (the host's to set: a guest's ask is 403 ``host-only``)."""
    rt = runtime(request)
    owner = _owner_or_404(request)
    reply, _ = await _respond(
        rt, table_id, lambda: (rt.service.set_pace(table_id, owner, body.pace_ms), None), owner=owner
    )
    return reply


@router.post(
    "/tables/{table_id}/say",
    response_model=SaidOut,
    responses={
        **ERRORS,
        409: {"model": ErrorOut, "description": "not-shared: nobody else at the table"},
        429: {"model": ErrorOut, "description": "too-fast: one quick message every 2 s per seat"},
    },
)
async def say(table_id: TableId, body: SayIn, request: Request) -> Any:
    """Send a quick message (one of a fixed set, by id: each person reads it in their own language)
    to everyone at a shared table, on their event streams; nothing is stored."""
    rt = runtime(request)
    owner = _owner_or_404(request)

    def send() -> int:
        seat = rt.service.say(table_id, owner, body.message)
        rt.service.store.say(table_id, seat, body.message)  # the other processes' streams
        return seat

    try:
        seat = await rt.offload.run(send)
    except GameError as exc:
        return game_error_response(exc)
    rt.hub.say(table_id, seat, body.message)
    return JSONResponse({"seat": seat, "message": body.message})


@router.post(
    "/tables/{table_id}/rematch",
    status_code=201,
    response_model=TableOut,
    responses={**ERRORS, 403: {"model": ErrorOut, "description": "host-only: a guest asked"}},
)
async def rematch(table_id: TableId, request: Request) -> Any:
    """*Play again together* (the host's, once a deal is over): a new table for the same people in
    the same seats, answered as the host sees it; everyone's page follows (``next_table`` on the
    old table, announced on its event stream as a ``moved`` event). Asked again: the same table."""
    rt = runtime(request)
    owner = _owner_or_404(request)
    moved: list[int] = []

    def work() -> tuple[TableState, int | None]:
        state = rt.service.rematch(table_id, owner)
        seat = _seen_by(state, owner)
        rt.service.store.say(table_id, seat, "moved")  # the other processes' streams
        moved.append(seat)
        return state, None

    reply, _ = await _respond(rt, None, work, status=201, owner=owner)
    if moved:
        rt.hub.say(table_id, moved[0], "moved")
    return reply


@router.get("/tables/{table_id}/hint", response_model=HintOut, responses=ERRORS)
async def hint(table_id: TableId, request: Request) -> Any:
    """The best move the site knows from this browser's seat's view, and why: the analysis the
    review of this deal makes of this decision (the same seed), so the two agree."""
    rt = runtime(request)
    owner = _owner_or_404(request)

    def load() -> tuple[TableState | None, int, Any, JSONResponse | None]:
        with rt.service.lock(table_id):
            state = rt.service.state(table_id, owner)
            seat = _seen_by(state, owner)
            if state.status_for(seat) != HUMAN:
                refused = game_error_response(
                    Stale("not-your-turn", "it is not your turn", state), owner=owner
                )
                return None, 0, None, refused
            # the decision's index in the deal's record: the review's seed of it
            return state, state.seq - state.deal_start, state.deal.view(seat), None

    state, index, view, refused = await rt.offload.run(load)
    if state is None:
        return refused
    record = state.record
    advice = await rt.driver.advise(record.game, view, hint_seed(record.seed, state.deal_no, index))
    return {
        "action": state.game.action_to_json(advice.action),
        "reason": advice.reason.to_json(),
        "move": None if advice.move is None else advice.move.to_json(),
        "values": None if advice.values is None else advice.values.to_json(),
    }


def last_event_id(request: Request) -> int | None:
    """The ``Last-Event-ID`` a reconnecting browser sends, if it is one of ours (ASCII digits)."""
    value = request.headers.get("last-event-id", "")
    if value.isascii() and value.isdigit() and len(value) < 10:
        return int(value)
    return None


@router.get("/tables/{table_id}/events", include_in_schema=False)
async def events(
    table_id: TableId,
    request: Request,
    seq: Annotated[int | None, Query(ge=0, le=MAX_SEQ)] = None,
) -> Any:
    """``text/event-stream`` of TableOut, one event each time the table's log grows."""
    rt = runtime(request)
    owner = _owner_or_404(request)

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
                viewer = _seen_by(state, owner)
                if state.shared:
                    _note_seen(rt, table_id, viewer)  # the stream's heartbeat (stored every 15 s at most)
                out = None
                if wanted:
                    out = _out(rt, state, after, viewer) if state.shared else table_out(state, after, viewer)
                data = None if out is None else json.dumps(out, separators=(",", ":"))
                return Snapshot(state.seq, settling, data), _driven(state)
        except NotFound:
            return None, False

    async def snapshot(after: int | None, mode: Mode) -> Snapshot | None:
        snap, bots = await rt.offload.run(read, after, mode)
        if bots:
            rt.driver.kick(table_id)
        return snap

    return StreamingResponse(
        table_stream(rt.hub, table_id, since, snapshot, owner=owner),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


@router.get("/tables/{table_id}/deals/{deal_no}/record", responses=ERRORS)
async def deal_record(table_id: TableId, deal_no: DealNo, request: Request) -> Any:
    """A finished deal as a record ``cardavia replay`` accepts (a download)."""
    rt = runtime(request)
    owner = _owner_or_404(request)
    record = await rt.offload.run(rt.service.deal_record, table_id, owner, deal_no)
    name = f"cardavia-{table_id}-deal-{deal_no}.json"
    return JSONResponse(record, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/tables/{table_id}/deals/{deal_no}/steps", response_model=list[StepOut], responses=ERRORS)
async def deal_steps(table_id: TableId, deal_no: DealNo, request: Request) -> Any:
    """A finished deal step by step, as the seat this browser holds saw it."""
    rt = runtime(request)
    owner = _owner_or_404(request)
    return JSONResponse(await rt.offload.run(rt.service.deal_steps, table_id, owner, deal_no))


@router.get("/tables/{table_id}/deals/{deal_no}/hands", responses=ERRORS)
async def deal_hands(table_id: TableId, deal_no: DealNo, request: Request) -> Any:
    """Every seat's hand at each step of a finished deal (the replay's "show every hand")."""
    rt = runtime(request)
    return await rt.offload.run(rt.service.deal_hands, table_id, _owner_or_404(request), deal_no)


@router.post("/tables/{table_id}/deals/{deal_no}/review", status_code=202, responses=ERRORS)
async def start_review(table_id: TableId, deal_no: DealNo, request: Request) -> Any:
    """Queue the review of a finished deal of this browser's table (idempotent): its job's state."""
    rt = runtime(request)
    job = await rt.offload.run(rt.reviews.request, table_id, _owner_or_404(request), deal_no)
    return JSONResponse(job, status_code=202)


@router.get("/tables/{table_id}/deals/{deal_no}/review", responses=ERRORS)
async def get_review(table_id: TableId, deal_no: DealNo, request: Request) -> Any:
    """The review's state: ``none``, ``queued``, ``running`` (progress), ``done`` (with it), ``failed``."""
    rt = runtime(request)
    return await rt.offload.run(rt.reviews.status, table_id, _owner_or_404(request), deal_no)


@router.post(
    "/tables/{table_id}/deals/{deal_no}/try",
    status_code=201,
    response_model=TableOut,
    responses={**ERRORS, 429: {"model": ErrorOut}},
)
async def try_from(table_id: TableId, deal_no: DealNo, body: TryIn, request: Request) -> Any:
    """A new table at a decision of this browser's finished deal: the same deal (the same hidden
    pieces), seat and level, the log up to ``step`` (that many of the deal's actions) already played."""
    rt = runtime(request)
    if not await allowed(request, "tables"):
        return rate_limited(request, "too many new tables; wait a moment")
    owner = _owner_or_404(request)
    pace = rt.default_pace_ms if body.pace_ms is None else body.pace_ms

    def work() -> tuple[TableState, int | None]:
        return rt.service.try_from(table_id, owner, deal_no, body.step, pace_ms=pace), None

    reply, _ = await _respond(rt, None, work, status=201, owner=owner)
    return reply


@router.get("/history", response_model=list[HistoryItem])
async def history(request: Request) -> Any:
    """The finished deals of this browser's tables, newest first."""
    owner = owner_of(request)
    return (
        [] if owner is None else await runtime(request).offload.run(runtime(request).service.history, owner)
    )
