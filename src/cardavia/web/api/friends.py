"""A friends' table: its invite links, taking a seat by one, starting, seats left to the AI, quick
messages and *Play again together*."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response
from fastapi.responses import JSONResponse

from cardavia.games.errors import GameError
from cardavia.service.state import TableState
from cardavia.web.api.deps import LIMIT_JOINS, NewOwner, Owner, Rt, join_url, seen_by, with_cookie
from cardavia.web.api.errors import error_body
from cardavia.web.api.models import (
    ERRORS,
    HOST_ONLY,
    ErrorOut,
    InviteOut,
    InviteToken,
    JoinIn,
    LeftOut,
    SaidOut,
    SayIn,
    SeatNo,
    TableId,
    TableOut,
)
from cardavia.web.api.replies import driven, kick_if, out, respond, sure

router = APIRouter(prefix="/api", tags=["tables"])


@router.post("/tables/{table_id}/invites/{seat}", status_code=201, response_model=InviteOut, responses=ERRORS)
async def renew_invite(table_id: TableId, seat: SeatNo, rt: Rt, owner: Owner) -> Any:
    """A new invite link for an invited seat not yet taken (host only); the seat's old link stops working."""
    token = await rt.offload.run(rt.service.invite, table_id, owner, seat)
    return JSONResponse({"seat": seat, "url": join_url(rt, token)}, status_code=201)


@router.post("/tables/{table_id}/start", response_model=TableOut, responses=ERRORS)
async def start_table(table_id: TableId, rt: Rt, owner: Owner) -> Any:
    """Start now (host only): invited seats not yet taken are played by the AI, their links revoked."""
    return await respond(rt, table_id, lambda: (rt.service.start(table_id, owner), None), owner=owner)


@router.post(
    "/tables/{table_id}/seats/{seat}/ai",
    response_model=TableOut | LeftOut,
    responses={**ERRORS, 409: {"model": ErrorOut, "description": "person-here: that person is at the table"}},
)
async def seat_to_ai(table_id: TableId, seat: SeatNo, rt: Rt, owner: Owner) -> Any:
    """The AI plays ``seat`` (host only): an invited seat not yet taken, from now on (its link stops
    working); the host's own seat, when the host leaves the table (every open seat goes to the AI
    too, and the host is answered ``{"id", "left": true}``: the seat and its pieces are no longer
    theirs to see, nor the table to deal on); or a seat a person took who has left the table: the
    AI plays their decisions at once until they are back (409 ``person-here`` while they are at
    the table). Asking again answers the same (the host who left: 404, the table is not theirs)."""
    return await respond(
        rt, table_id, lambda: (rt.service.give_to_ai(table_id, owner, seat), None), owner=owner
    )


@router.post("/join/{token}", response_model=TableOut, responses=ERRORS, dependencies=[LIMIT_JOINS])
async def join(token: InviteToken, body: JoinIn, rt: Rt, owner: NewOwner, response: Response) -> Any:
    """Take the seat an invite link offers, under ``name`` (at most 24 characters are kept): sets
    this browser's secret if it has none, and answers the table as that seat sees it. A used,
    unknown or revoked link is a 404, as is a link to a table where this browser already sits."""

    def work() -> tuple[dict[str, Any], int, bool]:
        try:
            state, seat = rt.service.claim(token, owner, body.name)
        except GameError as exc:
            return *error_body(exc), False
        with rt.service.lock(state.record.id):
            return out(rt, state, None, seat), 200, driven(state)

    taken, code, bots = await rt.offload.run(sure, rt, work)  # a failure after the seat was taken: unknown
    kick_if(rt, bots, taken.get("id"))
    reply = JSONResponse(taken, status_code=code)
    return with_cookie(reply, response) if code == 200 else reply


@router.post(
    "/tables/{table_id}/say",
    response_model=SaidOut,
    responses={
        **ERRORS,
        409: {"model": ErrorOut, "description": "not-shared: nobody else at the table"},
        429: {"model": ErrorOut, "description": "too-fast: one quick message every 2 s per seat"},
    },
)
async def say(table_id: TableId, body: SayIn, rt: Rt, owner: Owner) -> Any:
    """Send a quick message (one of a fixed set, by id: each person reads it in their own language)
    to everyone at a shared table, on their event streams; nothing is stored."""

    def send() -> int:
        seat = rt.service.say(table_id, owner, body.message)
        rt.service.store.say(table_id, seat, body.message)  # the other processes' streams
        return seat

    seat = await rt.offload.run(send)
    rt.hub.say(table_id, seat, body.message)
    return JSONResponse({"seat": seat, "message": body.message})


@router.post(
    "/tables/{table_id}/rematch",
    status_code=201,
    response_model=TableOut,
    responses={**ERRORS, **HOST_ONLY},
)
async def rematch(table_id: TableId, rt: Rt, owner: Owner) -> Any:
    """*Play again together* (the host's, once a deal is over): a new table for the same people in
    the same seats, answered as the host sees it; everyone's page follows (``next_table`` on the
    old table, announced on its event stream as a ``moved`` event). Asked again: the same table."""
    moved: list[int] = []

    def work() -> tuple[TableState, int | None]:
        state = rt.service.rematch(table_id, owner)
        seat = seen_by(state, owner)
        rt.service.store.say(table_id, seat, "moved")  # the other processes' streams
        moved.append(seat)
        return state, None

    reply = await respond(rt, None, work, status=201, owner=owner)
    if moved:
        rt.hub.say(table_id, moved[0], "moved")
    return reply
