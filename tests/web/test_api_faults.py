"""Faults answered as JSON: a database that cannot answer is a 503 with Retry-After (and nothing is
half-applied), bad bytes and deep nesting are 422s, a 405 names what is allowed, a lone surrogate
or an odd Last-Event-ID is no 500; and the event stream's caps."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from api_test_support import api_client, wait_for_human

from cardavia.store.errors import StoreUnavailable
from cardavia.web.api.stream import last_event_id
from cardavia.web.events import EventHub, Snapshot, table_stream


def _fail(*_args: Any, **_kwargs: Any) -> Any:
    raise StoreUnavailable("unreachable", "connection refused")


def test_a_database_outage_is_a_503_json_with_retry_after_and_nothing_half_applied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with api_client(tmp_path) as client:
        table = client.post("/api/tables", json={"game": "cherki", "level": "easy"}).json()
        table = wait_for_human(client, table["id"])
        store = client.app.state.cardavia.service.store  # type: ignore[attr-defined]
        action = table["view"]["legal"][0]
        with monkeypatch.context() as patch:
            patch.setattr(store, "append", _fail)
            reply = client.post(
                f"/api/tables/{table['id']}/actions", json={"seq": table["seq"], "action": action}
            )
            assert reply.status_code == 503
            assert reply.headers["content-type"] == "application/json"
            assert int(reply.headers["retry-after"]) > 0
            assert reply.json()["error"]["code"] == "unavailable"
            patch.setattr(store, "head", _fail)
            for method, path, body in [
                ("GET", f"/api/tables/{table['id']}", None),
                ("POST", "/api/tables", {"game": "tien-gow"}),
                ("GET", f"/api/tables/{table['id']}/events", None),
            ]:
                if method == "POST":
                    patch.setattr(store, "create_table", _fail)
                reply = client.request(method, path, json=body)
                assert reply.status_code == 503, (path, reply.text)
                assert reply.json()["error"]["code"] == "unavailable"
        # the refused action left no trace: the table is where it was, and the action can be sent again
        again = client.get(f"/api/tables/{table['id']}").json()
        assert again["seq"] == table["seq"] and again["status"] == "human"
        reply = client.post(
            f"/api/tables/{table['id']}/actions", json={"seq": table["seq"], "action": action}
        )
        assert reply.status_code == 200


def test_bad_utf8_deep_nesting_405_and_lone_surrogates_answer_json_4xx(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        table = client.post("/api/tables", json={"game": "tien-gow", "level": "easy"}).json()
        table = wait_for_human(client, table["id"])
        path = f"/api/tables/{table['id']}/actions"
        headers = {"content-type": "application/json"}
        bad_utf8 = b'{"seq": 0, "action": {"tiles": ["\xff\xfe"]}}'
        deep = b'{"seq": 0, "action": ' + b"[" * 5000 + b"]" * 5000 + b"}"
        for body in (bad_utf8, deep):
            reply = client.post(path, content=body, headers=headers)
            assert reply.status_code == 422, reply.text
            assert reply.json()["error"]["code"] == "bad-request"
        # a lone UTF-16 surrogate as a tile: its error must still encode
        surrogate = b'{"seq": %d, "action": {"seat": 0, "tiles": ["\\ud800"], "face": "up"}}' % table["seq"]
        reply = client.post(path, content=surrogate, headers=headers)
        assert reply.status_code == 422, reply.text
        assert reply.json()["error"]["code"]
        json.dumps(reply.json(), ensure_ascii=False).encode("utf-8")
        # 405s say what is allowed
        reply = client.delete(f"/api/tables/{table['id']}")
        assert reply.status_code == 405
        assert set(reply.headers["allow"].split(", ")) >= {"GET"}
        assert "DELETE" not in reply.headers["allow"]
        reply = client.get("/api/tables")
        assert reply.status_code == 405 and reply.headers["allow"] == "POST"


def test_last_event_id_reads_only_ascii_digits() -> None:
    class Req:
        def __init__(self, value: str) -> None:
            self.headers = {"last-event-id": value}

    assert last_event_id(Req("42")) == 42  # type: ignore[arg-type]
    for odd in ("²", "٣", "", "-1", "1" * 12, "4 2"):
        assert last_event_id(Req(odd)) is None  # type: ignore[arg-type]


def test_streams_are_capped_per_table_and_per_owner_the_oldest_ending() -> None:
    async def run() -> None:
        hub = EventHub(per_table=2, per_owner=3)
        with hub.subscribe("t", "me") as a, hub.subscribe("t", "me") as b:
            assert not a.evicted and not b.evicted
            with hub.subscribe("t", "me") as c:
                assert a.evicted and a.is_set() and not b.evicted and not c.evicted
                with hub.subscribe("u", "me") as d, hub.subscribe("v", "me") as e:
                    # four live streams for "me" (a is already out): b, the oldest live one, goes
                    assert b.evicted and not c.evicted and not d.evicted and not e.evicted
        assert hub.streams("me") == 0

    asyncio.run(run())


def test_an_evicted_stream_ends_and_a_failed_snapshot_does_not_end_the_stream() -> None:
    async def run() -> list[str]:
        hub = EventHub(per_table=1)
        failing = {"on": False}
        seq = {"n": 3}

        def snapshot(since: int | None, mode: str) -> Snapshot:
            if failing["on"]:
                raise StoreUnavailable("unreachable")
            return Snapshot(seq["n"], False, json.dumps({"seq": seq["n"]}))

        stream = table_stream(hub, "t", None, snapshot, keepalive_s=0.05)
        got = [await anext(stream), await anext(stream)]
        failing["on"] = True
        hub.publish("t", 3)
        got.append(await anext(stream))  # the outage is said, once, and the stream stays
        failing["on"], seq["n"] = False, 4
        hub.publish("t", 4)
        got.append(await anext(stream))  # back: the whole state again
        other = table_stream(hub, "t", None, snapshot)
        await anext(other)
        await anext(other)  # a second stream on the table (cap 1): the first one ends
        with pytest.raises(StopAsyncIteration):
            while True:
                got.append(await anext(stream))
        await other.aclose()
        return got

    got = asyncio.run(run())
    assert got[0].startswith("retry:")
    assert got[1].startswith("id: 3\nevent: table")
    assert got[2].startswith("event: unavailable\n")
    assert json.loads(got[2].split("data: ", 1)[1])["error"]["code"] == "unavailable"
    assert got[3].startswith("id: 4\nevent: table")


def test_a_failed_read_after_the_action_was_written_is_a_503_unknown_and_resending_answers_done(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_api_friends import shared_table

    with api_client(tmp_path) as client:
        table_id, people, _ = shared_table(client, "cherki", 2)
        path = f"/api/tables/{table_id}"

        def turn() -> tuple[Any, dict[str, Any]] | None:
            for person in people:
                table = person.get(path).json()
                if table["status"] == "human":
                    return person, table
            return None

        deadline = time.monotonic() + 30
        while (found := turn()) is None:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        person, table = found
        seq, action = table["seq"], table["view"]["legal"][0]
        service = client.app.state.cardavia.service  # type: ignore[attr-defined]
        with monkeypatch.context() as patch:
            # the action is written; reading who is at the table for the answer then fails
            patch.setattr(service.store, "presence", _fail)
            service._presence.clear()
            reply = person.post(f"{path}/actions", {"seq": seq, "action": action})
            assert reply.status_code == 503, reply.text
            assert reply.json()["error"]["code"] == "unknown" and int(reply.headers["retry-after"]) > 0
        assert person.get(f"{path}?since={seq}").json()["last"][0]["seq"] == seq  # it was written
        again = person.post(f"{path}/actions", {"seq": seq, "action": action})
        assert again.status_code == 200, again.text  # sent again: answered as done
        assert service.store.count_actions(table_id) >= seq + 1
