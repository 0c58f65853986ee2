"""A table and its play: making one, reading it, acting, the next deal, its pace, the hint."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response
from fastapi.responses import JSONResponse
from starlette.background import BackgroundTask

from cardavia.games.errors import GameError
from cardavia.games.registry import game_ids
from cardavia.games.seats import invite_order
from cardavia.service.errors import Stale
from cardavia.service.payload import table_out
from cardavia.service.reviews import hint_seed
from cardavia.service.state import HUMAN, TableState
from cardavia.web.api.deps import LIMIT_NEW_TABLES, NewOwner, Owner, Rt, join_url, seen_by, with_cookie
from cardavia.web.api.errors import error_body, game_error_response
from cardavia.web.api.models import (
    ERRORS,
    HOST_ONLY,
    RATE_LIMITED,
    ActionIn,
    CreatedOut,
    CreateTableIn,
    HintOut,
    SeqIn,
    SettingsIn,
    SinceSeq,
    TableId,
    TableOut,
    create_table_in,
)
from cardavia.web.api.replies import driven, kick_if, note_seen, out, respond, sure

router = APIRouter(prefix="/api", tags=["tables"])


def tables_router() -> APIRouter:
    """``POST /api/tables``, for the games registered now (the app builds it once, when created)."""
    model = create_table_in(game_ids())

    async def create(body: Any, rt: Rt, owner: NewOwner, response: Response) -> Any:
        return await create_table(body, rt, owner, response)

    create.__doc__ = create_table.__doc__
    create.__annotations__ = {**create.__annotations__, "body": model}  # what FastAPI reads the body as
    games = APIRouter(prefix="/api", tags=["tables"])
    games.add_api_route(
        "/tables",
        create,
        methods=["POST"],
        status_code=201,
        response_model=CreatedOut,
        responses={**ERRORS, **RATE_LIMITED},
        name="create_table",
        dependencies=[LIMIT_NEW_TABLES],
    )
    return games


async def create_table(body: CreateTableIn, rt: Rt, owner: NewOwner, response: Response) -> Any:
    """A new table: the host at seat 0, seats 1 to ``friends`` for invited people (one link each in
    ``invites``), bots of ``level`` elsewhere."""
    pace = rt.default_pace_ms if body.pace_ms is None else body.pace_ms

    def work() -> tuple[dict[str, Any], int, bool]:
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
            return *error_body(exc), False
        # in the order the game invites people (a partnership game: the host's partner first)
        tokens = [
            (seat, rt.service.invite(state.record.id, owner, seat))
            for seat in invite_order(state.game)
            if state.record.people[seat] is not None
        ]
        with rt.service.lock(state.record.id):
            made = out(rt, state, None, 0)
            # the server may have moves to make while the host decides too (seats deciding at once)
            bots = state.status() == "bots"
        made["invites"] = [{"seat": seat, "url": join_url(rt, token)} for seat, token in tokens]
        return made, 201, bots

    made, code, bots = await rt.offload.run(sure, rt, work)  # a failure after the table was made: unknown
    kick_if(rt, bots, made.get("id"))
    reply = JSONResponse(made, status_code=code)
    return with_cookie(reply, response) if code == 201 else reply


@router.get("/tables/{table_id}", response_model=TableOut, responses=ERRORS)
async def get_table(table_id: TableId, rt: Rt, owner: Owner, since: SinceSeq = None) -> Any:
    def read() -> tuple[dict[str, Any], bool]:
        with rt.service.reading(table_id, owner) as state:
            viewer = seen_by(state, owner)
            if not state.shared:
                return table_out(state, since, viewer), driven(state)
            if not state.handed(viewer):
                note_seen(rt, table_id, viewer)
                return out(rt, state, since, viewer), driven(state)
        # the host had handed this person's seat to the AI: they are back
        back = rt.service.returned(table_id, owner)
        with rt.service.reading(table_id, owner) as state:
            if back is not None:
                state = back
            return out(rt, state, since, viewer), driven(state)

    body, bots = await rt.offload.run(read)
    kick_if(rt, bots, table_id)
    return JSONResponse(body)


@router.post("/tables/{table_id}/actions", response_model=TableOut, responses=ERRORS)
async def act(table_id: TableId, body: ActionIn, rt: Rt, owner: Owner) -> Any:
    """The action of the seat this browser holds, chosen at ``seq``; the others' follow on the
    event stream."""
    noted: list[int] = []  # the seat of a person at a shared table: seen, once the reply is sent

    def work() -> tuple[TableState, int | None]:
        state, since = rt.service.act(table_id, owner, body.seq, body.action)
        if state.shared:
            noted.append(seen_by(state, owner))
        return state, since

    reply = await respond(rt, table_id, work, error_since=body.seq, owner=owner)
    if noted:
        reply.background = BackgroundTask(rt.offload.run, note_seen, rt, table_id, noted[0])
    return reply


@router.post("/tables/{table_id}/next-deal", response_model=TableOut, responses=ERRORS)
async def next_deal(table_id: TableId, body: SeqIn, rt: Rt, owner: Owner) -> Any:
    def work() -> tuple[TableState, int | None]:
        return rt.service.next_deal(table_id, owner, body.seq), body.seq

    return await respond(rt, table_id, work, error_since=body.seq, owner=owner)


@router.post("/tables/{table_id}/settings", response_model=TableOut, responses={**ERRORS, **HOST_ONLY})
async def settings(table_id: TableId, body: SettingsIn, rt: Rt, owner: Owner) -> Any:
    """The table's pace, for everyone at it (the host's to set: a guest's ask is 403 ``host-only``)."""
    return await respond(
        rt, table_id, lambda: (rt.service.set_pace(table_id, owner, body.pace_ms), None), owner=owner
    )


@router.get("/tables/{table_id}/hint", response_model=HintOut, responses=ERRORS)
async def hint(table_id: TableId, rt: Rt, owner: Owner) -> Any:
    """The best move the site knows from this browser's seat's view, and why: the analysis the
    review of this deal makes of this decision (the same seed), so the two agree."""

    def load() -> tuple[TableState | None, int, Any, JSONResponse | None]:
        with rt.service.lock(table_id):
            state = rt.service.state(table_id, owner)
            seat = seen_by(state, owner)
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
