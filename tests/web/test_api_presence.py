"""A person who left a shared table, through the API: who is here, the host handing a left person's
seat to the AI at once (and only then, and only the host), the seat back when they return, the AI's
moves for them said to be for someone who left, and the pace the host's alone. The service's clock
is a fake one: nothing waits for real seconds. Then the same presence across two processes."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from api_test_support import api_client
from server_process import running_server
from test_api_friends import Browser, shared_table

from cardavia.service.tables.presence import LEFT_AFTER_S
from cardavia.store.db import open_store

JSON = dict[str, Any]


class Clock:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


def until(check: Any, what: str, timeout: float = 60.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def host_plays_until_anns_turn(host: Browser, ann: Browser, tid: str) -> JSON:
    """The host plays its turns (the AI its own) until Ann is to decide."""

    def step() -> JSON | None:
        mine = host.get(f"/api/tables/{tid}").json()
        if mine["status"] == "human":
            host.post(f"/api/tables/{tid}/actions", {"seq": mine["seq"], "action": mine["view"]["legal"][0]})
            return None
        if mine["status"] == "over":
            host.post(f"/api/tables/{tid}/next-deal", {"seq": mine["seq"]})
            return None
        theirs = ann.get(f"/api/tables/{tid}").json()
        return theirs if theirs["status"] == "human" else None

    return until(step, "Ann's turn never came")


def test_the_host_hands_a_left_persons_seat_to_the_ai_and_they_take_it_back(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        rt = client.app.state.cardavia  # type: ignore[attr-defined]
        clock = Clock()
        rt.service.clock = clock
        tid, (host, ann), created = shared_table(client, "cherki", 2)
        assert all("here" not in p for p in created["people"])  # nobody invited sits there yet
        turn = host_plays_until_anns_turn(host, ann, tid)
        assert [p.get("here") for p in turn["people"]] == [True, True, None]
        url = f"/api/tables/{tid}/seats/1/ai"
        here = host.post(url)
        assert here.status_code == 409 and here.json()["error"]["code"] == "person-here"
        # Ann closes her browser; the host stays (each of the host's requests is a sign of them)
        clock.now += LEFT_AFTER_S + 1
        table = host.get(f"/api/tables/{tid}").json()
        assert [p.get("here") for p in table["people"]][:2] == [True, False]
        assert ann.post(url).status_code == 404  # only the host; a guest cannot hand herself either
        assert Browser(client).post(url).status_code == 404
        given = host.post(url)
        assert given.status_code == 200, given.text
        person = given.json()["people"][1]
        assert person["ai_plays"] is True and person["away"] is True and person["here"] is False
        assert host.post(url).json()["people"][1] == person  # idempotent
        # the AI plays her decision at once, logged for everyone as the AI's for someone who left
        mine = until(
            lambda: [
                e for e in host.get(f"/api/tables/{tid}?since={turn['seq']}").json()["last"] if e["seat"] == 1
            ],
            "the AI never played for Ann",
        )
        assert mine[0]["auto"] is True and mine[0]["auto_reason"] == "left"
        # Ann opens the table again: her seat is hers, and she is here
        back = ann.get(f"/api/tables/{tid}").json()
        assert "ai_plays" not in back["people"][1] and back["people"][1]["here"] is True
        assert "ai_plays" not in host.get(f"/api/tables/{tid}").json()["people"][1]


def test_only_the_host_sets_the_pace(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        tid, (host, ann), _ = shared_table(client, "tien-gow", 2)
        refused = ann.post(f"/api/tables/{tid}/settings", {"pace_ms": 3000})
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "host-only"
        assert Browser(client).post(f"/api/tables/{tid}/settings", {"pace_ms": 3000}).status_code == 404
        assert host.get(f"/api/tables/{tid}").json()["pace_ms"] == 0  # unchanged
        assert host.post(f"/api/tables/{tid}/settings", {"pace_ms": 1500}).json()["pace_ms"] == 1500
        paths = client.get("/openapi.json").json()["paths"]
        assert "403" in paths["/api/tables/{table_id}/settings"]["post"]["responses"]
        assert "409" in paths["/api/tables/{table_id}/seats/{seat}/ai"]["post"]["responses"]


@pytest.mark.postgres
@pytest.mark.slow
def test_presence_is_shared_by_two_processes(tmp_path: Path, postgres_url: str) -> None:
    """Ann sits through one process; the host asks the other: it knows she is here, and, once her
    last sign is old, that she has left; her return through the first process gives her seat back."""
    log = tmp_path / "servers.log"
    with running_server(postgres_url, log) as one, running_server(postgres_url, log) as two:
        host = httpx.Client(base_url=one.url, timeout=20)
        ann = httpx.Client(base_url=two.url, timeout=20)
        try:
            created = host.post("/api/tables", json={"game": "tien-gow", "level": "easy", "friends": 1})
            assert created.status_code == 201, created.text
            tid = created.json()["id"]
            token = created.json()["invites"][0]["url"].rsplit("/join/", 1)[1]
            assert ann.post(f"/api/join/{token}", json={"name": "Ann"}).status_code == 200
            url = f"/api/tables/{tid}/seats/1/ai"
            here = host.post(url)
            assert here.status_code == 409 and here.json()["error"]["code"] == "person-here"
            store = open_store(postgres_url)
            try:
                store.touch(tid, 1, time.time() - LEFT_AFTER_S - 5)  # her last sign, long ago
            finally:
                store.dispose()
            given = host.post(url)
            assert given.status_code == 200, given.text
            assert given.json()["people"][1]["ai_plays"] is True
            back = ann.get(f"/api/tables/{tid}")
            assert back.status_code == 200 and "ai_plays" not in back.json()["people"][1]
            assert "ai_plays" not in host.get(f"/api/tables/{tid}").json()["people"][1]
        finally:
            host.close()
            ann.close()
