"""Real server processes: kill -9 in the middle of the bots' turns, two processes racing on one
PostgreSQL table, and the live event stream (across processes through LISTEN/NOTIFY)."""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from leak_oracle import Knowledge
from server_process import Server, running_server, start_server

from cardavia.service import TableService
from cardavia.service.driver import settle
from cardavia.store.db import Store, open_store

JSON = dict[str, Any]
OWNER = "1" * 64


def wait_for_human(client: httpx.Client, url: str, timeout: float = 60.0) -> JSON:
    deadline = time.monotonic() + timeout
    while True:
        table: JSON = client.get(url).json()
        if table["status"] != "bots":
            return table
        assert time.monotonic() < deadline, f"stuck at seq {table['seq']}"
        time.sleep(0.01)


def uninterrupted_replay(store: Store, table_id: str, scratch: Path) -> list[tuple[int, JSON]]:
    """The same seed and the same human choices, played in one go on a fresh database."""
    head = store.head(table_id)
    assert head is not None
    record, _ = head
    log = store.actions(table_id)
    fresh = open_store(f"sqlite:///{scratch}")
    service = TableService(fresh)
    state = service.create(game=record.game, level=record.level, owner=OWNER, pace_ms=0, seed=record.seed)
    settle(service, state.record.id)
    for entry in log:
        state = service.state(state.record.id)
        if entry.seq == state.seq and state.status() == "human":
            service.act(state.record.id, OWNER, entry.seq, entry.action)
        elif entry.seq == state.seq and state.status() == "over":
            service.next_deal(state.record.id, OWNER, entry.seq)
        settle(service, state.record.id)
    replayed = [(e.seat, e.action) for e in fresh.actions(state.record.id)]
    fresh.dispose()
    return replayed


@pytest.mark.slow
def test_kill_9_in_the_bots_turns_then_the_table_finishes_as_if_nothing_happened(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'crash.db'}"
    log = tmp_path / "server.log"
    rng = random.Random(3)
    # Log lengths at which a kill left the bots with more to do. A kill that lands on the action that
    # ends the deal (a bot's winning draw) interrupts nothing, so it does not count; play goes on into
    # further deals until three kills really were in the middle of the bots' turns.
    mid_turn: list[int] = []
    kills = 0
    server: Server = start_server(database, log, pace_ms=60)
    try:
        client = httpx.Client(base_url=server.url, timeout=10)
        table = client.post("/api/tables", json={"game": "cherki", "level": "easy", "pace_ms": 60}).json()
        table_id = table["id"]
        url = f"/api/tables/{table_id}"
        table = wait_for_human(client, url)
        while len(mid_turn) < 3 or table["status"] != "over":
            assert kills < 30, "no kill fell in the middle of the bots' turns"
            before = table["seq"]
            if table["status"] == "over":
                reply = client.post(f"{url}/next-deal", json={"seq": before})
            else:
                action = rng.choice(table["view"]["legal"])
                reply = client.post(f"{url}/actions", json={"seq": before, "action": action})
            assert reply.status_code == 200, reply.text
            if len(mid_turn) < 3 and reply.json()["status"] == "bots":
                # kill the server right after the first bot action, in the middle of the bots' turns
                check = open_store(database, migrate=False)
                deadline = time.monotonic() + 10
                while check.count_actions(table_id) < before + 2 and time.monotonic() < deadline:
                    time.sleep(0.003)
                server.kill()
                kills += 1
                length = check.count_actions(table_id)
                check.dispose()
                assert length >= before + 2  # the human's action and a bot's were logged before the kill
                server = start_server(database, log, pace_ms=60)
                client.close()
                client = httpx.Client(base_url=server.url, timeout=10, cookies=client.cookies)
                table = wait_for_human(client, url)
                if table["seq"] > length:
                    check = open_store(database, migrate=False)
                    # the restarted server carried on the bots' turns from the log
                    assert check.actions(table_id)[length].seat > 0
                    check.dispose()
                    mid_turn.append(length)
                continue
            table = wait_for_human(client, url)
        client.close()
    finally:
        server.stop()
    store = open_store(database, migrate=False)
    crashed = [(e.seat, e.action) for e in store.actions(table_id)]
    assert crashed == uninterrupted_replay(store, table_id, tmp_path / "replay.db")
    store.dispose()


@pytest.mark.postgres
@pytest.mark.slow
def test_two_processes_many_racing_clients_no_action_lost_or_doubled(
    tmp_path: Path, postgres_url: str
) -> None:
    log = tmp_path / "servers.log"
    with running_server(postgres_url, log) as one, running_server(postgres_url, log) as two:
        owner = httpx.Client(base_url=one.url, timeout=10)
        table = owner.post("/api/tables", json={"game": "tien-gow", "level": "easy", "pace_ms": 0}).json()
        table_id = table["id"]
        cookies = owner.cookies
        acked: list[tuple[int, JSON]] = []
        statuses: list[int] = []
        lock = threading.Lock()
        events: list[JSON] = []
        stop = threading.Event()

        def listen() -> None:  # live updates through the *other* process
            try:
                with (
                    httpx.Client(base_url=two.url, cookies=cookies, timeout=None) as c,
                    c.stream("GET", f"/api/tables/{table_id}/events") as stream,
                ):
                    for line in stream.iter_lines():
                        if line.startswith("data: "):
                            events.append(json.loads(line[6:]))
                        if stop.is_set():
                            return
            except httpx.HTTPError:
                return  # the server stopped under the stream

        def player(n: int) -> None:
            rng = random.Random(n)
            base = (one, two)[n % 2].url
            with httpx.Client(base_url=base, cookies=cookies, timeout=20) as c:
                url = f"/api/tables/{table_id}"
                for _ in range(400):
                    current = c.get(url).json()
                    if current["deal_no"] >= 3 and current["status"] == "over":
                        return
                    if current["status"] == "over":
                        reply = c.post(f"{url}/next-deal", json={"seq": current["seq"]})
                    elif current["status"] == "human":
                        action = rng.choice(current["view"]["legal"])
                        reply = c.post(f"{url}/actions", json={"seq": current["seq"], "action": action})
                        if reply.status_code == 200:
                            with lock:
                                acked.append((current["seq"], action))
                    else:
                        time.sleep(0.002)
                        continue
                    with lock:
                        statuses.append(reply.status_code)

        watcher = threading.Thread(target=listen, daemon=True)
        watcher.start()
        players = [threading.Thread(target=player, args=(n,)) for n in range(8)]
        for t in players:
            t.start()
        for t in players:
            t.join(120)
        stop.set()
        final = owner.get(f"/api/tables/{table_id}").json()
        watcher.join(5)
        owner.close()

    assert final["deal_no"] == 3 and final["status"] == "over"
    assert set(statuses) <= {200, 409}, statuses  # racing clients are told they are late, nothing else
    assert 409 in statuses  # the race really happened
    store = open_store(postgres_url, migrate=False)
    entries = store.actions(table_id)
    store.dispose()
    assert [e.seq for e in entries] == list(range(len(entries)))
    by_seq = {e.seq: e for e in entries}
    for seq, action in acked:  # every acknowledged action is in the log, at its seq
        entry = by_seq[seq]
        assert entry.seat == 0 and entry.action == {**action, "seat": 0}
    human = {e.seq for e in entries if e.seat == 0}
    assert human == {seq for seq, _ in acked}  # and nothing else of seat 0's: none doubled
    assert events and events[-1]["seq"] <= final["seq"]
    assert [e["seq"] for e in events] == sorted({e["seq"] for e in events})


@pytest.mark.slow
def test_the_event_stream_follows_the_bots_and_leaks_nothing(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'events.db'}"
    with running_server(database, tmp_path / "server.log", pace_ms=20) as server:
        client = httpx.Client(base_url=server.url, timeout=10)
        table = client.post("/api/tables", json={"game": "cherki", "level": "easy", "pace_ms": 20}).json()
        table_id, url = table["id"], f"/api/tables/{table['id']}"
        events: list[JSON] = []

        def listen() -> None:
            with (
                httpx.Client(base_url=server.url, cookies=client.cookies, timeout=None) as c,
                c.stream("GET", f"{url}/events", params={"seq": 0}) as stream,
            ):
                assert stream.headers["content-type"].startswith("text/event-stream")
                for line in stream.iter_lines():
                    if line.startswith("data: "):
                        events.append(json.loads(line[6:]))
                        if events[-1]["status"] == "over" or len(events) > 400:
                            return

        watcher = threading.Thread(target=listen, daemon=True)
        watcher.start()
        rng = random.Random(9)
        table = wait_for_human(client, url)
        for _ in range(40):
            if table["status"] != "human":
                break
            client.post(
                f"{url}/actions", json={"seq": table["seq"], "action": rng.choice(table["view"]["legal"])}
            )
            table = wait_for_human(client, url)
        # resuming from an id replays what was missed
        resumed = client.get(f"{url}", params={"since": 1}).json()
        assert [e["seq"] for e in resumed["last"]] == list(range(1, resumed["seq"]))
        client.post(f"{url}/settings", json={"pace_ms": 0})
        while table["status"] == "human":
            client.post(
                f"{url}/actions", json={"seq": table["seq"], "action": rng.choice(table["view"]["legal"])}
            )
            table = wait_for_human(client, url)
        watcher.join(30)
        client.close()
    assert events, "no event arrived"
    store = open_store(database, migrate=False)
    log = store.actions(table_id)
    head = store.head(table_id)
    store.dispose()
    assert head is not None
    knowledge = Knowledge(head[0])
    seen: list[int] = []
    for event in events:
        seen.extend(e["seq"] for e in event["last"])
        knowledge.advance(log, event["seq"])
        knowledge.check(event)
    assert seen == list(range(len(seen)))  # every action arrived through the stream, in order, once
    assert events[-1]["seq"] == len(log) and events[-1]["status"] == "over"
