"""A friends' table through the API, the parts that make it complete: the host's own name, the time
left of the current turn, quick messages on the event stream, and playing again together."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from api_test_support import api_client
from leak_oracle import Knowledge
from test_api_friends import Browser, play_together, shared_table

from cardavia.service.quick import QUICK_MESSAGES
from cardavia.web.events import EventHub, Snapshot, parse_say, table_stream

JSON = dict[str, Any]


def test_the_host_chooses_a_name_everyone_sees_cleaned_like_a_guests(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        tid, (host, ann), created = shared_table(
            client, "cherki", 2, host_name="  Mei \u202eLin\u0000  " + "x" * 30
        )
        # the direction override and the NUL dropped, the spaces collapsed, 24 characters kept
        expected = ("Mei Lin " + "x" * 30)[:24]
        assert created["people"][0] == {"seat": 0, "kind": "host", "name": expected}
        for person, seat in ((host, 0), (ann, 1)):
            table = person.get(f"/api/tables/{tid}").json()
            assert table["seat"] == seat
            assert table["people"][0]["name"] == expected and table["people"][0]["kind"] == "host"
            assert table["people"][1]["name"] == "Guest 1"
            assert "owner" not in json.dumps(table["people"])  # never a browser's key hash
        # the host still holds seat 0: their own seat's rule ("no people entry") is unchanged
        assert host.post(f"/api/tables/{tid}/settings", {"pace_ms": 0}).status_code == 200


@pytest.mark.parametrize(
    ("name", "status", "code"),
    [("\u200f\u0007 ", 400, "bad-name"), ("", 422, None), ("x" * 201, 422, None), (7, 422, None)],
)
def test_a_host_name_with_nothing_to_show_is_refused_with_a_reason(
    tmp_path: Path, name: Any, status: int, code: str | None
) -> None:
    with api_client(tmp_path) as client:
        host = Browser(client)
        reply = host.post("/api/tables", {"game": "cherki", "friends": 1, "host_name": name})
        assert reply.status_code == status, reply.text
        if code is not None:
            assert reply.json()["error"]["code"] == code


def test_the_turn_clock_is_the_servers_and_only_where_a_limit_is_set(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        tid, (host, ann), _ = shared_table(client, "cherki", 2, turn_limit_s=30)
        lefts = []
        for _ in range(200):  # until a person decides (the bots play at once)
            tables = [p.get(f"/api/tables/{tid}").json() for p in (host, ann)]
            if any(t["status"] == "human" for t in tables):
                break
        for table in tables:
            assert table["status"] in ("human", "people")
            # everyone sees the same clock, of the person to decide; a reload reads it again
            assert 0 <= table["turn_left_ms"] <= 30_000
            lefts.append(table["turn_left_ms"])
        again = host.get(f"/api/tables/{tid}").json()
        assert again["seq"] != tables[0]["seq"] or again["turn_left_ms"] <= lefts[0]
        # without a limit, no clock
        untimed, (h2, _), _ = shared_table(client, "cherki", 2)
        assert h2.get(f"/api/tables/{untimed}").json()["turn_left_ms"] is None


def test_quick_messages_are_checked_and_reach_the_others_streams(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        hub: EventHub = client.app.state.cardavia.hub  # type: ignore[attr-defined]
        said: list[tuple[str, int, str]] = []
        hub.say = lambda t, s, m: said.append((t, s, m))  # type: ignore[method-assign]
        tid, (host, ann), _ = shared_table(client, "cherki", 2)
        reply = ann.post(f"/api/tables/{tid}/say", {"message": "thanks"})
        assert reply.status_code == 200 and reply.json() == {"seat": 1, "message": "thanks"}
        assert said == [(tid, 1, "thanks")]
        # one every 2 s per seat: the second at once is refused, with how long to wait
        again = ann.post(f"/api/tables/{tid}/say", {"message": "oops"})
        assert again.status_code == 429 and again.json()["error"]["code"] == "too-fast"
        assert 0 < again.json()["error"]["params"]["wait_ms"] <= 2000
        assert (
            host.post(f"/api/tables/{tid}/say", {"message": "good_game"}).status_code == 200
        )  # another seat
        # only the fixed set, by id: never text
        for bad in ("Good game", "<b>hi</b>", "moved"):
            refused = host.post(f"/api/tables/{tid}/say", {"message": bad})
            assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad-message"
        for body in ({}, {"message": ""}, {"message": 3}, {"message": "thanks", "x": 1}):
            assert host.post(f"/api/tables/{tid}/say", body).status_code == 422
        # a stranger is not at the table; a table of one person has nobody to read them
        assert Browser(client).post(f"/api/tables/{tid}/say", {"message": "thanks"}).status_code == 404
        alone = Browser(client)
        own = alone.post("/api/tables", {"game": "cherki"}).json()["id"]
        lone = alone.post(f"/api/tables/{own}/say", {"message": "thanks"})
        assert lone.status_code == 409 and lone.json()["error"]["code"] == "not-shared"
        assert said == [(tid, 1, "thanks"), (tid, 0, "good_game")]


def test_a_quick_message_is_an_event_of_every_stream_of_the_table() -> None:
    async def run() -> list[str]:
        hub = EventHub()

        def snapshot(since: int | None, mode: str) -> Snapshot:
            return Snapshot(3, False, json.dumps({"seq": 3}) if mode == "always" else None)

        stream = table_stream(hub, "t", None, snapshot, keepalive_s=5)
        got = [await anext(stream), await anext(stream)]
        hub.say("t", 2, "well_played")
        hub.say("other", 1, "oops")  # another table's: not here
        got.append(await anext(stream))
        await stream.aclose()
        return got

    chunks = asyncio.run(run())
    assert chunks[-1] == 'event: say\ndata: {"seat":2,"message":"well_played"}\n\n'
    # across processes, the notification's part names the seat and the id only
    assert parse_say("say:2:well_played") == (2, "well_played")
    assert parse_say("17") is None and parse_say("say::x") is None
    assert set(QUICK_MESSAGES) == {"good_game", "well_played", "thanks", "oops", "one_moment"}


def finish_deal(people: list[Browser], tid: str) -> JSON:
    end = play_together(people, tid, random.Random(3), lambda _seat, _t: None)
    assert end["status"] == "over", end["status"]
    return end


def test_the_host_plays_again_with_the_same_people_in_the_same_seats(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        service = client.app.state.cardavia.service  # type: ignore[attr-defined]
        tid, (host, ann, bo), _ = shared_table(client, "cherki", 3, turn_limit_s=30, host_name="Mei")
        early = host.post(f"/api/tables/{tid}/rematch")
        assert early.status_code == 409 and early.json()["error"]["code"] == "deal-not-over"
        finish_deal([host, ann, bo], tid)
        guest = ann.post(f"/api/tables/{tid}/rematch")
        assert guest.status_code == 403 and guest.json()["error"]["code"] == "host-only"
        assert Browser(client).post(f"/api/tables/{tid}/rematch").status_code == 404
        made = host.post(f"/api/tables/{tid}/rematch")
        assert made.status_code == 201, made.text
        new = made.json()
        assert new["id"] != tid and new["seq"] == 0 and new["deal_no"] == 1 and new["seat"] == 0
        assert new["turn_limit_s"] == 30 and new["origin"] is None
        assert [(p["kind"], p.get("name")) for p in new["people"]] == [
            ("host", "Mei"),
            ("person", "Guest 1"),
            ("person", "Guest 2"),
        ]
        # asked again (a double click, a second process): the same table
        assert host.post(f"/api/tables/{tid}/rematch").json()["id"] == new["id"]
        # each person's page follows from the old table, and sits in their own seat at the new one
        record = service.state(new["id"]).record
        for seat, person in enumerate((host, ann, bo)):
            assert person.get(f"/api/tables/{tid}").json()["next_table"] == new["id"]
            table = person.get(f"/api/tables/{new['id']}").json()
            assert table["seat"] == seat and table["status"] != "waiting"
            Knowledge(record, viewer=seat).advance(service.store.actions(new["id"]), table["seq"]).check(
                table
            )
        assert Browser(client).get(f"/api/tables/{new['id']}").status_code == 404
        assert service.state(new["id"]).record.seed != service.state(tid).record.seed


def test_a_table_of_one_person_has_nobody_to_play_again_with(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        tid, (host,), _ = shared_table(client, "cherki", 1)
        finish_deal([host], tid)
        reply = host.post(f"/api/tables/{tid}/rematch")
        assert reply.status_code == 409 and reply.json()["error"]["code"] == "not-shared"


@pytest.mark.postgres
def test_a_quick_message_reaches_the_streams_of_another_process() -> None:
    """On PostgreSQL the message travels as a notification: the other process's hub says it on its
    streams; the process that sent it (which said it already) skips its own."""
    from cardavia.store.db import open_store
    from postgres_databases import temporary_postgres_database

    async def run() -> list[str]:
        with temporary_postgres_database() as url:
            sender, other = open_store(url), open_store(url)
            hubs = [EventHub(), EventHub()]
            for hub, store in zip(hubs, (sender, other), strict=True):
                hub.listen(url.replace("+psycopg", ""), origin=store.origin)
            with hubs[0].subscribe("t") as mine, hubs[1].subscribe("t") as theirs:
                await asyncio.sleep(0.5)  # both listeners are listening by then
                sender.say("t", 1, "one_moment")
                for _ in range(50):
                    if theirs.said:
                        break
                    await asyncio.sleep(0.1)
                got = list(theirs.said)
                assert mine.said == []
            for hub in hubs:
                await hub.close()
            sender.dispose()
            other.dispose()
        return got

    assert asyncio.run(run()) == ['{"seat":1,"message":"one_moment"}']
