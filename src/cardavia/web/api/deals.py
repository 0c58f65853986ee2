"""A browser's finished deals: its history, each deal's record, steps and hands, its review, and a
new table tried from one of its decisions."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from cardavia.service.state import TableState
from cardavia.web.api.deps import LIMIT_NEW_TABLES, MaybeOwner, Owner, Rt
from cardavia.web.api.models import (
    ERRORS,
    RATE_LIMITED,
    DealNo,
    HistoryItem,
    StepOut,
    TableId,
    TableOut,
    TryIn,
)
from cardavia.web.api.replies import respond

router = APIRouter(prefix="/api", tags=["tables"])


@router.get("/tables/{table_id}/deals/{deal_no}/record", responses=ERRORS)
async def deal_record(table_id: TableId, deal_no: DealNo, rt: Rt, owner: Owner) -> Any:
    """A finished deal as a record ``cardavia replay`` accepts (a download)."""
    record = await rt.offload.run(rt.service.deal_record, table_id, owner, deal_no)
    name = f"cardavia-{table_id}-deal-{deal_no}.json"
    return JSONResponse(record, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/tables/{table_id}/deals/{deal_no}/steps", response_model=list[StepOut], responses=ERRORS)
async def deal_steps(table_id: TableId, deal_no: DealNo, rt: Rt, owner: Owner) -> Any:
    """A finished deal step by step, as the seat this browser holds saw it."""
    return JSONResponse(await rt.offload.run(rt.service.deal_steps, table_id, owner, deal_no))


@router.get("/tables/{table_id}/deals/{deal_no}/hands", responses=ERRORS)
async def deal_hands(table_id: TableId, deal_no: DealNo, rt: Rt, owner: Owner) -> Any:
    """Every seat's hand at each step of a finished deal (the replay's "show every hand")."""
    return await rt.offload.run(rt.service.deal_hands, table_id, owner, deal_no)


@router.post("/tables/{table_id}/deals/{deal_no}/review", status_code=202, responses=ERRORS)
async def start_review(table_id: TableId, deal_no: DealNo, rt: Rt, owner: Owner) -> Any:
    """Queue the review of a finished deal of this browser's table (idempotent): its job's state."""
    job = await rt.offload.run(rt.reviews.request, table_id, owner, deal_no)
    return JSONResponse(job, status_code=202)


@router.get("/tables/{table_id}/deals/{deal_no}/review", responses=ERRORS)
async def get_review(table_id: TableId, deal_no: DealNo, rt: Rt, owner: Owner) -> Any:
    """The review's state: ``none``, ``queued``, ``running`` (progress), ``done`` (with it), ``failed``."""
    return await rt.offload.run(rt.reviews.status, table_id, owner, deal_no)


@router.post(
    "/tables/{table_id}/deals/{deal_no}/try",
    status_code=201,
    response_model=TableOut,
    responses={**ERRORS, **RATE_LIMITED},
    dependencies=[LIMIT_NEW_TABLES],
)
async def try_from(table_id: TableId, deal_no: DealNo, body: TryIn, rt: Rt, owner: Owner) -> Any:
    """A new table at a decision of this browser's finished deal: the same deal (the same hidden
    pieces), seat and level, the log up to ``step`` (that many of the deal's actions) already played."""
    pace = rt.default_pace_ms if body.pace_ms is None else body.pace_ms

    def work() -> tuple[TableState, int | None]:
        return rt.service.try_from(table_id, owner, deal_no, body.step, pace_ms=pace), None

    return await respond(rt, None, work, status=201, owner=owner)


@router.get("/history", response_model=list[HistoryItem])
async def history(rt: Rt, owner: MaybeOwner) -> Any:
    """The finished deals of this browser's tables, newest first."""
    return [] if owner is None else await rt.offload.run(rt.service.history, owner)
