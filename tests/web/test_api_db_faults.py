"""Answers that say what happened when PostgreSQL fails at the worst moments (a proxy between the
app and the shared server): an action whose commit's reply was lost is a 503 ``unknown`` and,
sent again, is found applied, once; a database that holds the bytes without resetting anything
costs each request a few seconds and a 503, and leaves the store's threads free."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from api_test_support import random_think, wait_for_human
from fastapi.testclient import TestClient
from fault_proxy import Proxy, proxied

from cardavia.store.engine import STALL_S, STATEMENT_TIMEOUT_MS
from cardavia.web.app import create_app

pytestmark = pytest.mark.postgres

JSON = dict[str, Any]


@contextmanager
def _app_behind_proxy(postgres_url: str) -> Iterator[tuple[TestClient, Proxy]]:
    with proxied(postgres_url) as (url, proxy):
        app = create_app(
            url, pace_ms=0, bot_workers=0, think=random_think, pages=False, min_step_ms=0, store_threads=4
        )
        with TestClient(app) as client:
            yield client, proxy


def _until_answered(client: TestClient, path: str) -> httpx.Response:
    deadline = time.monotonic() + 30
    while True:
        reply = client.get(path)
        if reply.status_code != 503:
            return reply
        assert time.monotonic() < deadline, reply.text
        time.sleep(0.1)


def test_an_action_whose_commit_reply_is_lost_is_unknown_and_sent_again_is_applied_once(
    postgres_url: str,
) -> None:
    with _app_behind_proxy(postgres_url) as (client, proxy):
        table = client.post("/api/tables", json={"game": "tien-gow", "level": "easy"}).json()
        table = wait_for_human(client, table["id"])
        path = f"/api/tables/{table['id']}"
        seq, action = table["seq"], table["view"]["legal"][0]
        # the action is written, and the database's answer never reaches the app
        proxy.lose_reply_to(json.dumps(action, sort_keys=True, separators=(",", ":")).encode())
        reply = client.post(f"{path}/actions", json={"seq": seq, "action": action})
        assert reply.status_code == 503, reply.text
        assert reply.json()["error"]["code"] == "unknown"
        assert int(reply.headers["retry-after"]) > 0
        proxy.restore()
        # it was applied: the log holds it at seq
        logged = _until_answered(client, f"{path}?since={seq}").json()["last"]
        assert logged[0]["seq"] == seq and logged[0]["seat"] == 0
        # the page sends the same request again: answered as done, applied once
        again = client.post(f"{path}/actions", json={"seq": seq, "action": action})
        assert again.status_code == 200, again.text
        entries = _until_answered(client, f"{path}?since={seq}").json()["last"]
        assert [e["seq"] for e in entries] == list(range(seq, seq + len(entries)))
        assert entries[0] == logged[0]


def test_an_action_refused_before_any_write_is_unavailable_and_nothing_is_applied(postgres_url: str) -> None:
    with _app_behind_proxy(postgres_url) as (client, proxy):
        table = client.post("/api/tables", json={"game": "cherki", "level": "easy"}).json()
        table = wait_for_human(client, table["id"])
        path = f"/api/tables/{table['id']}"
        client.app.state.cardavia.service.forget(table["id"])  # type: ignore[attr-defined]
        proxy.cut()  # the action's first read (its table is not in memory) cannot be made
        action = table["view"]["legal"][0]
        reply = client.post(f"{path}/actions", json={"seq": table["seq"], "action": action})
        assert reply.status_code == 503 and reply.json()["error"]["code"] == "unavailable", reply.text
        proxy.restore()
        assert _until_answered(client, path).json()["seq"] == table["seq"]


def test_a_stalled_database_answers_503s_within_seconds_and_frees_the_store_threads(
    postgres_url: str,
) -> None:
    with _app_behind_proxy(postgres_url) as (client, proxy):
        table = client.post("/api/tables", json={"game": "cherki", "level": "easy"}).json()
        table = wait_for_human(client, table["id"])
        path = f"/api/tables/{table['id']}"
        rt = client.app.state.cardavia  # type: ignore[attr-defined]
        threads = rt.offload.threads
        proxy.stall()  # no byte goes through, nothing is closed
        replies: list[httpx.Response] = []
        started = time.monotonic()

        def ask() -> None:
            rt.service.forget(table["id"])  # each read must ask the database
            replies.append(client.get(path))

        # three times as many requests as there are store threads: each wave must free them
        askers = [threading.Thread(target=ask) for _ in range(3 * threads)]
        for asker in askers:
            asker.start()
        for asker in askers:
            asker.join(120)
        took = time.monotonic() - started
        assert not any(a.is_alive() for a in askers), "requests still held by the stalled database"
        assert len(replies) == 3 * threads
        assert {r.status_code for r in replies} == {503}, {r.text for r in replies}
        assert {r.json()["error"]["code"] for r in replies} == {"unavailable"}
        print(
            f"{len(replies)} reads on {threads} store threads during a stall: all 503 in {took:.1f} s "
            f"(statement timeout {STATEMENT_TIMEOUT_MS} ms, stall cut after {STALL_S} s)"
        )
        proxy.restore()
        assert _until_answered(client, path).status_code == 200
