"""Bad input: schemathesis over the OpenAPI finds no 5xx; hypothesis-made illegal actions of every
registered game are answered 422 with a reason and change nothing."""

from __future__ import annotations

import time
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
from cardavia.games.registry import game_ids, get_game
from cardavia.web.api.deps import SECRET_COOKIE
from json_mutations import json_values, mutations, samples

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


def _stable(client: TestClient, table_id: str) -> dict[str, Any]:
    """The table once the server has nothing left to do on its own (where seats decide at once, the
    bots set while seat 0 may act too): what a refused action must leave exactly as it was."""
    service = client.app.state.cardavia.service  # type: ignore[attr-defined]
    for _ in range(5000):
        table = wait_for_human(client, table_id)
        if service.state(table_id).pending() is None:
            return table
        time.sleep(0.002)
    raise AssertionError("the server never stopped acting")


@pytest.fixture(scope="module")
def game_tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, str]]]:
    """A client, and a table of every registered game at seat 0's decision (by game)."""
    with api_client(Path(tmp_path_factory.mktemp("games"))) as client:
        tables = {}
        for game_id in game_ids():
            created = client.post("/api/tables", json={"game": game_id, "level": "easy"})
            assert created.status_code == 201, created.text
            tables[game_id] = _stable(client, created.json()["id"])["id"]
        yield client, tables


def actions_of(game_id: str) -> st.SearchStrategy[Any]:
    """What a client may send as ``game_id``'s action: one of its real actions with any field (at
    any depth) replaced or added (:mod:`json_mutations`), or an object of its keys holding anything."""
    _record, samples_, words = samples(game_id)
    keys = sorted({key for obj in samples_ for key in obj} | {"x"})
    return st.one_of(
        st.sampled_from(samples_).flatmap(lambda sample: mutations(sample, words)),
        st.dictionaries(st.sampled_from(keys), json_values(words), max_size=4),
    )


def _is_legal(game_id: str, action: Any, legal: list[dict[str, Any]]) -> bool:
    """Whether the engine reads ``action`` as one of seat 0's legal actions, in any spelling it accepts
    (``"seat": 0``, or ``"6-5"`` for ``"5-6"``): those are applied, so they are no test of bad input."""
    game = get_game(game_id)
    try:
        parsed = game.action_from_json(action, 0)
    except GameError:
        return False
    return game.action_to_json(parsed) in legal


@pytest.mark.parametrize("game_id", game_ids())
def test_illegal_actions_leave_the_log_untouched(
    game_tables: tuple[TestClient, dict[str, str]], game_id: str
) -> None:
    client, tables = game_tables
    table_id = tables[game_id]

    @given(
        action=actions_of(game_id),
        body_extra=st.dictionaries(st.sampled_from(["x", "seq2"]), json_values(), max_size=1),
    )
    @FAST
    def check(action: Any, body_extra: dict[str, Any]) -> None:
        before = client.get(f"/api/tables/{table_id}").json()
        if _is_legal(game_id, action, before["view"]["legal"]) and not body_extra:
            return  # a legal action is not bad input
        body = {"seq": before["seq"], "action": action, **body_extra}
        reply = client.post(f"/api/tables/{table_id}/actions", json=body)
        assert reply.status_code == 422, reply.text
        error = reply.json()["error"]
        assert error["code"] and isinstance(error["message"], str)
        assert client.get(f"/api/tables/{table_id}").json() == before

    check()
