"""The table API's bodies (docs/api.md): bounded, strict inputs; the answers' shapes as the OpenAPI
schema shows them; the error answers every route documents."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import Path, Query
from pydantic import BaseModel, ConfigDict, Field, create_model

MAX_SEQ = 10**9


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


Pace = Annotated[int, Field(ge=0, le=3000)]
Seq = Annotated[int, Field(ge=0, le=MAX_SEQ)]
TableId = Annotated[str, Path(max_length=64)]
DealNo = Annotated[int, Path(ge=1, le=MAX_SEQ)]
SeatNo = Annotated[int, Path(ge=0, le=16)]
InviteToken = Annotated[str, Path(max_length=128)]
# the last seq a client has seen: the answer carries what came after it
SinceSeq = Annotated[int | None, Query(ge=0, le=MAX_SEQ)]
PersonName = Annotated[str, Field(min_length=1, max_length=200)]


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
    host_name: PersonName | None = None


def create_table_in(game_ids: tuple[str, ...]) -> type[CreateTableIn]:
    """:class:`CreateTableIn` accepting exactly ``game_ids``: an unknown game is the 422 of any
    invalid body, and the OpenAPI schema lists the games as the field's enum."""
    games: Any = Literal.__getitem__(game_ids)
    return create_model("CreateTableIn", __base__=CreateTableIn, game=(games, ...))


class JoinIn(_In):
    name: PersonName


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


# The error answers every table route documents; a route adds those of its own (403, 409, 429).
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
HOST_ONLY: dict[int | str, dict[str, Any]] = {
    403: {"model": ErrorOut, "description": "host-only: a guest asked"}
}
RATE_LIMITED: dict[int | str, dict[str, Any]] = {429: {"model": ErrorOut}}
