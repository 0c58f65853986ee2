"""The friends phase of ``cardavia bench --http``: tables where every seat is a person.

Each table is of a registered game in turn, with every seat but the host's for invited friends
(``"friends": seats - 1``: 3 or 4 people a table). Each invited person takes their seat through
``POST /api/join/{token}`` as a browser of their own (their own cookie), then every person holds the
table's event stream and acts only on what it brings: on an event that says it is their turn, they
think a moment and post an action chosen from the legal ones that event lists, at that event's seq.
Where seats decide at once, events written before a person's action (other seats' decisions that
came first) still say the person is to decide: a person who acted skips every event up to where
their action was written, as a page does, and never decides twice.
The host asks for the next deal when one is over. The reply times of the actions are the figures;
every acknowledged action is looked up in the log afterwards (:func:`.tally.lost`).

The tables are set up first (created and every seat taken, a few at a time, timed apart), then every
person starts at once and the clock runs: the figures are those of people playing, not of hundreds of
people arriving in the same second.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from cardavia.bench.client import Connection, cookie_of
from cardavia.bench.tally import Tally
from cardavia.games.registry import game_ids, get_game

STALL_S = 30.0  # a person who hears nothing from the table this long counts an error
SETUP_CONNECTIONS = 20  # tables set up at once


@dataclass(frozen=True)
class Seat:
    """One person at a table: the seat their cookie holds and the table as they first saw it."""

    seat: int
    cookie: str
    table: dict[str, Any]


async def open_table(conn: Connection, game: str, tally: Tally, name: str) -> list[Seat] | None:
    """A table of ``game`` with every seat taken by a person: the host's and each invited one's
    (None, with the error counted, if the server refused a step)."""
    friends = get_game(game).num_seats - 1
    started = time.perf_counter()
    status, headers, body = await conn.request(
        "POST", "/api/tables", {"game": game, "level": "easy", "friends": friends, "pace_ms": 0}
    )
    tally.creates.append(time.perf_counter() - started)
    tally.requests += 1
    if status != 201:
        tally.error(f"create {status}")
        return None
    created = json.loads(body)
    seats = [Seat(0, cookie_of(headers), created)]
    for invite in created["invites"]:
        token = invite["url"].rsplit("/join/", 1)[1]
        # a browser without a cookie: the join gives it one
        started = time.perf_counter()
        status, headers, body = await conn.request(
            "POST", f"/api/join/{token}", {"name": f"{name} {invite['seat']}"}
        )
        tally.joins.append(time.perf_counter() - started)
        tally.requests += 1
        if status != 200:
            tally.error(f"join {status}")
            return None
        seats.append(Seat(invite["seat"], cookie_of(headers), json.loads(body)))
    return seats


def written_at(reply: dict[str, Any], seat: int, seq: int) -> int:
    """The seq at which the reply to ``seat``'s action chosen at ``seq`` says it was written: at
    ``seq``, or later where seats decide at once and others' actions were written first. Events up
    to it are from before the action: a person who acted does not act on them again (each still
    says the seat is to decide)."""
    mine = [e["seq"] for e in reply.get("last", []) if e["seat"] == seat and e["seq"] >= seq]
    return min(mine, default=seq)


async def _next_event(events: AsyncIterator[dict[str, Any]], timeout: float) -> dict[str, Any]:
    return await asyncio.wait_for(anext(events), timeout)


async def person(
    port: int,
    table_id: str,
    me: Seat,
    stop_at: float,
    tally: Tally,
    think: tuple[float, float],
    rng: random.Random,
) -> None:
    """One person at ``table_id`` until ``stop_at``: acts on their turns as the event stream tells
    them (the host also deals the next deal)."""
    loop = asyncio.get_running_loop()
    conn = Connection("127.0.0.1", port)
    stream = Connection("127.0.0.1", port)
    done_at = -1  # where this person's last action was written: events up to it are old news
    try:
        events = stream.events(f"/api/tables/{table_id}/events?seq={me.table['seq']}", me.cookie)
        while loop.time() < stop_at:
            try:
                event = await _next_event(events, min(STALL_S, max(0.1, stop_at - loop.time())))
            except TimeoutError:
                if loop.time() < stop_at:
                    tally.error("no event")
                return
            seq = event["seq"]
            if seq <= done_at:
                continue
            if event["status"] == "human":
                await asyncio.sleep(rng.uniform(*think))
                if loop.time() >= stop_at:
                    return
                action = rng.choice(event["view"]["legal"])
                started = time.perf_counter()
                status, _, body = await conn.request(
                    "POST", f"/api/tables/{table_id}/actions", {"seq": seq, "action": action}, me.cookie
                )
                tally.latencies.append(time.perf_counter() - started)
                tally.requests += 1
                done_at = seq
                if status == 200:
                    tally.acked.append((table_id, seq, me.seat, action))
                    done_at = written_at(json.loads(body), me.seat, seq)
                else:
                    tally.error(f"action {status}")
            elif event["status"] == "over" and me.seat == 0:
                status, _, _ = await conn.request(
                    "POST", f"/api/tables/{table_id}/next-deal", {"seq": seq}, me.cookie
                )
                tally.requests += 1
                if status == 200:
                    tally.deals += 1
                else:
                    tally.error(f"next-deal {status}")
                done_at = seq
    except (OSError, ConnectionError, asyncio.IncompleteReadError, ValueError, KeyError) as exc:
        tally.error(f"{type(exc).__name__}: {str(exc)[:60]}")
    finally:
        conn.close()
        stream.close()


async def _set_up(port: int, tables: int, tally: Tally) -> list[list[Seat]]:
    """``tables`` tables (of every game in turn) with every seat taken, ``SETUP_CONNECTIONS`` at a time."""
    games = game_ids()
    queue = list(range(tables))
    ready: list[list[Seat]] = []

    async def worker() -> None:
        conn = Connection("127.0.0.1", port)
        try:
            while queue:
                n = queue.pop(0)
                seats = await open_table(conn, games[n % len(games)], tally, f"Player {n}")
                if seats is not None:
                    ready.append(seats)
        except (OSError, ConnectionError, asyncio.IncompleteReadError, ValueError, KeyError) as exc:
            tally.error(f"{type(exc).__name__}: {str(exc)[:60]}")
        finally:
            conn.close()

    await asyncio.gather(*(worker() for _ in range(min(tables, SETUP_CONNECTIONS))))
    return ready


async def friends_phase(
    port: int, tables: int, seconds: float, think: tuple[float, float]
) -> tuple[Tally, float, int]:
    """``tables`` tables of people set up, then playing for ``seconds``: (tally, elapsed seconds of
    play, people)."""
    tally = Tally()
    ready = await _set_up(port, tables, tally)
    loop = asyncio.get_running_loop()
    started = loop.time()
    stop_at = started + seconds
    await asyncio.gather(
        *(
            person(port, seats[0].table["id"], s, stop_at, tally, think, random.Random(n * 10 + s.seat))
            for n, seats in enumerate(ready)
            for s in seats
        )
    )
    return tally, loop.time() - started, sum(len(seats) for seats in ready)
