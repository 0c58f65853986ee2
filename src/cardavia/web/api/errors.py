"""Error shaping: every error of the engines and the service answered as a 4xx
``{"error": {"code", "message", "params"}}`` with its reason (never a 500); a 409 carries the table
as it is now."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from fastapi.responses import JSONResponse

from cardavia.games.errors import GameError
from cardavia.service.errors import NotFound, Stale, TableError
from cardavia.service.payload import table_out
from cardavia.service.tables import TableService
from cardavia.web.api.deps import RateLimited, seen_by


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


def _jsonable(params: dict[str, Any]) -> dict[str, Any]:
    try:
        json.dumps(params)
    except (TypeError, ValueError):
        params = {str(k): str(v) for k, v in params.items()}
    encodable: dict[str, Any] = _encodable(params)
    return encodable


def error_body(
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
            body["table"] = table_out(exc.state, since, seen_by(exc.state, owner), here)
    return body, status


def game_error_response(exc: GameError, since: int | None = None, owner: str | None = None) -> JSONResponse:
    """The answer for any error of the engines or the service (never a 500)."""
    body, status = error_body(exc, since, owner)
    headers = {"Retry-After": str(exc.retry_after_s)} if isinstance(exc, RateLimited) else None
    return JSONResponse(body, status_code=status, headers=headers)
