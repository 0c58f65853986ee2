"""The event stream's own logic: first state at once, one event per change, unpaced bursts coalesced,
nothing held back past a keepalive, the hub's per-table wake-ups, and every stream read anew when
the listener connects again."""

from __future__ import annotations

import asyncio
import json

import pytest
from fault_proxy import proxied

from cardavia.web.events import EventHub, Snapshot, table_stream
from postgres_databases import temporary_postgres_database


class FakeTable:
    def __init__(self) -> None:
        self.seq = 3
        self.settling = False

    def snapshot(self, since: int | None, mode: str) -> Snapshot:
        seq, start = self.seq, since
        wanted = mode == "always" or (seq != since and (mode == "changed" or not self.settling))
        return Snapshot(seq, self.settling, json.dumps({"seq": seq, "since": start}) if wanted else None)


def _events(chunks: list[str]) -> list[dict[str, int]]:
    return [json.loads(c.split("data: ", 1)[1]) for c in chunks if "data: " in c]


def test_the_stream_sends_changes_and_coalesces_unpaced_bursts() -> None:
    async def run() -> list[str]:
        hub, table = EventHub(), FakeTable()
        stream = table_stream(hub, "t", 1, table.snapshot, keepalive_s=0.2)
        got = [await anext(stream), await anext(stream)]  # retry, then the state at once
        assert hub.subscribers("t") == 1
        table.seq = 4
        hub.publish("t", 3)
        got.append(await anext(stream))
        table.settling = True  # the server plays on at pace 0: hold the intermediate states back
        for seq in (5, 6):
            table.seq = seq
            hub.publish("t", seq - 1)
        table.settling, table.seq = False, 7
        hub.publish("t", 6)
        got.append(await anext(stream))
        table.seq, table.settling = 8, True
        hub.publish("t", 7)
        got.append(await anext(stream))  # a held state still goes out at the keepalive
        got.append(await anext(stream))  # then, nothing new: a keepalive comment
        await stream.aclose()
        assert hub.subscribers("t") == 0 and hub.latest == {}
        return got

    chunks = asyncio.run(run())
    assert chunks[0] == "retry: 1000\n\n"
    assert _events(chunks) == [
        {"seq": 3, "since": 1},
        {"seq": 4, "since": 3},
        {"seq": 7, "since": 4},
        {"seq": 8, "since": 7},
    ]
    assert [c.split("\n")[0] for c in chunks[1:5]] == ["id: 3", "id: 4", "id: 7", "id: 8"]
    assert chunks[-1] == ": keepalive\n\n"


def test_the_hub_wakes_only_the_tables_watchers() -> None:
    async def run() -> None:
        hub = EventHub()
        with hub.subscribe("a") as a, hub.subscribe("b") as b:
            hub.publish("a", 5)
            assert a.is_set() and not b.is_set()
            assert hub.latest == {"a": 5}
            hub.publish("a", 2)  # an older notification never lowers what is known
            assert hub.latest["a"] == 5
        hub.publish("c", 1)  # nobody watches: nothing kept
        assert hub.latest == {}

    asyncio.run(run())


@pytest.mark.postgres
def test_the_listener_relays_other_processes_news_not_its_own() -> None:
    """A process published its own write when it made it: the same news coming back by NOTIFY would
    wake every stream of the table a second time for nothing."""
    import psycopg

    from cardavia.store.actions import NOTIFY_CHANNEL

    async def run() -> list[int]:
        hub = EventHub()
        woken: list[int] = []
        with temporary_postgres_database() as url:
            conninfo = url.replace("+psycopg", "")
            with hub.subscribe("t") as watch:
                hub.listen(conninfo, on_notify=lambda _table: woken.append(hub.latest["t"]), origin="me")
                async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                    for payload in ("t 3 me", "t 4 other", "t 5"):  # the last: a payload with no origin
                        await asyncio.sleep(0.3)  # the listener is listening by then
                        await conn.execute("SELECT pg_notify(%s, %s)", (NOTIFY_CHANNEL, payload))
                    for _ in range(50):
                        if len(woken) >= 2:
                            break
                        await asyncio.sleep(0.1)
                assert watch.is_set()
            await hub.close()
        return woken

    assert asyncio.run(run()) == [4, 5]


@pytest.mark.postgres
def test_every_stream_is_resynced_when_the_listener_connects_again() -> None:
    """A NOTIFY sent while the listener was away is lost: once it listens again, every stream must
    read its table anew (woken, and no copy in memory trusted), not stay on a stale copy."""
    import psycopg

    from cardavia.store.actions import NOTIFY_CHANNEL

    async def run() -> None:
        hub = EventHub()
        with temporary_postgres_database() as url, proxied(url.replace("+psycopg", "")) as (through, proxy):
            with hub.subscribe("t") as watch, hub.subscribe("u") as other:
                hub.publish("t", 3)  # the stream's copy is known current at seq 3
                hub.listen(through, origin="me")
                await asyncio.sleep(0.5)  # listening by then
                watch.clear()
                other.clear()
                proxy.cut()
                await asyncio.sleep(0.3)  # the listener has lost its connection
                async with await psycopg.AsyncConnection.connect(
                    url.replace("+psycopg", ""), autocommit=True
                ) as conn:  # another process writes: its news reaches nobody
                    await conn.execute("SELECT pg_notify(%s, %s)", (NOTIFY_CHANNEL, "t 4 other"))
                await asyncio.sleep(0.3)
                assert not watch.is_set()
                proxy.restore()
                for _ in range(300):
                    if watch.is_set() and other.is_set():
                        break
                    await asyncio.sleep(0.1)
                assert watch.is_set() and other.is_set()  # every stream, not only the news's table
                assert "t" not in hub.latest  # the copy at seq 3 is no longer trusted: it is read
            await hub.close()

    asyncio.run(run())
