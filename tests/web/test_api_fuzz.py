"""Bad input: schemathesis over the OpenAPI finds no 5xx; hypothesis-made illegal actions change nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from api_test_support import api_client, wait_for_human
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode

from cardavia.games.errors import GameError
from cardavia.games.registry import get_game
from cardavia.web.api import SECRET_COOKIE

TIEN_GOW = get_game("tien-gow")

FAST = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)


@pytest.fixture(scope="module")
def table_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str, str]]:
    with api_client(Path(tmp_path_factory.mktemp("fuzz")), create_burst=10_000) as client:
        created = client.post("/api/tables", json={"game": "tien-gow", "level": "easy"})
        secret = created.cookies[SECRET_COOKIE]
        table = wait_for_human(client, created.json()["id"])
        yield client, table["id"], secret


OPERATIONS = [
    ("POST", "/api/tables"),
    ("GET", "/api/tables/{table_id}"),
    ("POST", "/api/tables/{table_id}/actions"),
    ("POST", "/api/tables/{table_id}/next-deal"),
    ("POST", "/api/tables/{table_id}/settings"),
    ("GET", "/api/tables/{table_id}/hint"),
    ("GET", "/api/tables/{table_id}/deals/{deal_no}/record"),
    ("GET", "/api/tables/{table_id}/deals/{deal_no}/steps"),
    ("GET", "/api/tables/{table_id}/deals/{deal_no}/hands"),
    ("POST", "/api/tables/{table_id}/deals/{deal_no}/review"),
    ("GET", "/api/tables/{table_id}/deals/{deal_no}/review"),
    ("POST", "/api/tables/{table_id}/deals/{deal_no}/try"),
    ("GET", "/api/history"),
    ("POST", "/api/tables/{table_id}/invites/{seat}"),
    ("POST", "/api/tables/{table_id}/start"),
    ("POST", "/api/tables/{table_id}/seats/{seat}/ai"),
    ("POST", "/api/join/{token}"),
    ("POST", "/api/tables/{table_id}/say"),
    ("POST", "/api/tables/{table_id}/rematch"),
]


def test_the_schema_lists_every_operation(table_client: tuple[TestClient, str, str]) -> None:
    schema = schemathesis.openapi.from_asgi("/openapi.json", table_client[0].app)
    listed = {(r.ok().method.upper(), r.ok().path) for r in schema.get_all_operations()}
    assert listed == set(OPERATIONS)


@pytest.mark.parametrize(
    ("method", "path", "mode"),
    [
        (method, path, mode)
        for method, path in OPERATIONS
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
        if path != "/api/history" or mode is GenerationMode.POSITIVE  # no input to make invalid
    ],
)
def test_no_input_makes_a_server_error(
    table_client: tuple[TestClient, str, str], method: str, path: str, mode: GenerationMode
) -> None:
    client, table_id, secret = table_client
    schema = schemathesis.openapi.from_asgi("/openapi.json", client.app)
    operation = schema[path][method]

    @given(case=operation.as_strategy(generation_mode=mode))
    @FAST
    def check(case: Any) -> None:
        params = case.path_parameters or {}
        if "table_id" in params and len(repr(case.body)) % 2 == 0:  # half the cases aim at a real table
            params["table_id"] = table_id
        response = case.call(cookies={SECRET_COOKIE: secret})
        assert response.status_code < 500, (case.method, case.formatted_path, response.text)
        if response.headers.get("content-type") == "application/json" and response.status_code >= 400:
            assert "error" in response.json()

    check()


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.text(max_size=8)
    | st.sampled_from(["1-1", "6-6", "2-4", "up", "down", "5c", "OT", "draw", "discard", "take", "call"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
ACTIONS = st.one_of(
    st.dictionaries(
        st.sampled_from(["tiles", "face", "seat", "do", "card", "call", "x"]), JSON_VALUES, max_size=4
    ),
    st.fixed_dictionaries(
        {
            "tiles": st.lists(
                st.sampled_from(["1-1", "6-6", "2-4", "5-6", "1-3", "3-3", "4-4", "2-2"]), max_size=5
            ),
            "face": st.sampled_from(["up", "down", "sideways"]),
        }
    ),
)


def _is_legal(action: dict[str, Any], legal: list[dict[str, Any]]) -> bool:
    """Whether the engine reads ``action`` as one of seat 0's legal actions, in any spelling it accepts
    (``"seat": 0`` or ``"6-5"`` for ``"5-6"``): those are applied, so they are no test of bad input."""
    try:
        parsed = TIEN_GOW.action_from_json(action, 0)
    except GameError:
        return False
    return TIEN_GOW.action_to_json(parsed) in legal


@given(action=ACTIONS, body_extra=st.dictionaries(st.sampled_from(["x", "seq2"]), JSON_VALUES, max_size=1))
@FAST
def test_illegal_actions_leave_the_log_untouched(
    table_client: tuple[TestClient, str, str], action: dict[str, Any], body_extra: dict[str, Any]
) -> None:
    client, table_id, _secret = table_client
    before = client.get(f"/api/tables/{table_id}").json()
    if _is_legal(action, before["view"]["legal"]) and not body_extra:
        return  # a legal action is not bad input
    body = {"seq": before["seq"], "action": action, **body_extra}
    reply = client.post(f"/api/tables/{table_id}/actions", json=body)
    assert reply.status_code == 422, reply.text
    error = reply.json()["error"]
    assert error["code"] and isinstance(error["message"], str)
    assert client.get(f"/api/tables/{table_id}").json() == before
