"""A table of invited people served by two processes on one PostgreSQL: the same action sent twice
(once to each process), a different action at the same moment and an action on another person's
turn all race; every acknowledged action is in the log exactly once, the rest are 409 or 422, and
nothing is half-applied (the log has no gap and both processes show every person the same table)."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_process import Server, running_server

from cardavia.games.registry import get_game
from cardavia.store.db import open_store
from cardavia.store.records import LoggedAction
from game_cases import games, toys_of

JSON = dict[str, Any]
ROUNDS = 16  # racing rounds per table


class Person:
    """One browser (its own cookie) that can reach either process."""

    def __init__(self, seat: int, cookies: httpx.Cookies, servers: tuple[Server, Server]) -> None:
        self.seat = seat
        self.clients = [httpx.Client(base_url=s.url, cookies=cookies, timeout=20) for s in servers]

    def get(self, url: str, via: int) -> JSON:
        reply = self.clients[via].get(url)
        assert reply.status_code == 200, reply.text
        table: JSON = reply.json()
        return table

    def post(self, url: str, body: JSON, via: int) -> httpx.Response:
        return self.clients[via].post(url, json=body)

    def close(self) -> None:
        for c in self.clients:
            c.close()


def seat_people(game: str, servers: tuple[Server, Server], humans: int = 3) -> tuple[str, list[Person]]:
    """A table of ``game`` for up to ``humans`` people: the host creates it through one process,
    each invited person takes their seat through the other."""
    humans = min(humans, get_game(game).num_seats)
    with httpx.Client(base_url=servers[0].url, timeout=20) as host:
        created = host.post("/api/tables", json={"game": game, "level": "easy", "friends": humans - 1})
        assert created.status_code == 201, created.text
        people = [Person(0, host.cookies, servers)]
    for invite in created.json()["invites"]:
        token = invite["url"].rsplit("/join/", 1)[1]
        with httpx.Client(base_url=servers[1].url, timeout=20) as guest:
            joined = guest.post(f"/api/join/{token}", json={"name": f"Guest {invite['seat']}"})
            assert joined.status_code == 200, joined.text
            people.append(Person(invite["seat"], guest.cookies, servers))
    return created.json()["id"], people


def whole_log(database: str, table_id: str) -> list[LoggedAction]:
    """The table's log as the database holds it, checked to have no gap and no seq twice."""
    store = open_store(database, migrate=False)
    try:
        entries = store.actions(table_id)
    finally:
        store.dispose()
    assert [e.seq for e in entries] == list(range(len(entries)))  # no gap, no double seq
    return entries


def at_once(calls: list[tuple[Person, str, JSON, int]]) -> list[int]:
    """Send every (person, url, body, process) at the same moment; their statuses, in order."""
    barrier = threading.Barrier(len(calls))
    codes = [0] * len(calls)

    def send(i: int) -> None:
        person, url, body, via = calls[i]
        barrier.wait()
        codes[i] = person.post(url, body, via).status_code

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return codes


def settled(people: list[Person], url: str, rng: random.Random) -> list[JSON]:
    """Every person's table once the server has no turn of its own to play (a called hand's forced
    actions, a redeal), each read through either process."""
    deadline = time.monotonic() + 60
    while True:
        tables = [p.get(url, rng.randrange(2)) for p in people]
        if all(t["status"] != "bots" for t in tables) and len({t["seq"] for t in tables}) == 1:
            return tables
        assert time.monotonic() < deadline, [t["status"] for t in tables]
        time.sleep(0.005)


def same_table_through_both(person: Person, url: str) -> int:
    """The seq at which both processes showed ``person`` the same table (the server's own turns may
    move it on between two reads: read again until both reads fall at one seq)."""
    for _ in range(200):
        seen = [person.get(url, via) for via in (0, 1)]
        if seen[0]["seq"] == seen[1]["seq"]:
            assert seen[0]["view"] == seen[1]["view"] and seen[0]["status"] == seen[1]["status"]
            return int(seen[0]["seq"])
        time.sleep(0.005)
    raise AssertionError("the two processes never showed one seq")


@pytest.mark.postgres
@pytest.mark.slow
@pytest.mark.parametrize("game", games(), indirect=True)
def test_people_racing_through_two_processes_log_each_action_once(
    tmp_path: Path, postgres_url: str, game: str
) -> None:
    rng = random.Random(14)
    log = tmp_path / "servers.log"
    acked: list[tuple[int, int, JSON]] = []  # (seq, seat, action) answered 200
    refused: list[int] = []
    resends_answered = 0
    rounds_acted = 0
    toys = toys_of(game)
    with (
        running_server(postgres_url, log, toys=toys) as one,
        running_server(postgres_url, log, toys=toys) as two,
    ):
        table_id, people = seat_people(game, (one, two))
        url = f"/api/tables/{table_id}"
        try:
            for _ in range(ROUNDS):
                tables = settled(people, url, rng)
                seq = tables[0]["seq"]
                if tables[0]["status"] == "over":  # the next deal, asked of both processes at once
                    codes = at_once([(people[0], f"{url}/next-deal", {"seq": seq}, via) for via in (0, 1)])
                    assert codes == [200, 200], codes  # dealt once, the second answered as done
                    continue
                if tables[0]["status"] == "waiting":
                    pytest.fail("every invited seat was taken, yet the table waits")
                turn = [p for p, t in zip(people, tables, strict=True) if t["status"] == "human"]
                acting = set(tables[0]["view"]["acting"])
                assert turn and {p.seat for p in turn} <= acting, [t["status"] for t in tables]
                # one of the people deciding now races (where several decide at once, the others
                # decide in later rounds, each from the table as it then is)
                me = rng.choice(turn)
                legal = tables[people.index(me)]["view"]["legal"]
                action = rng.choice(legal)
                other_choice = [a for a in legal if a != action]
                via = rng.randrange(2)
                calls = [
                    (me, f"{url}/actions", {"seq": seq, "action": action}, via),
                    (me, f"{url}/actions", {"seq": seq, "action": action}, 1 - via),  # the same, twice
                ]
                waiting = [p for p in people if p.seat not in acting]
                if waiting:  # on another's turn: what the one to act may play, sent by someone who may not
                    calls.append(
                        (
                            rng.choice(waiting),
                            f"{url}/actions",
                            {"seq": seq, "action": {k: v for k, v in action.items() if k != "seat"}},
                            rng.randrange(2),
                        )
                    )
                if other_choice:  # a different action at the same moment, through either process
                    calls.append(
                        (me, f"{url}/actions", {"seq": seq, "action": other_choice[0]}, rng.randrange(2))
                    )
                codes = at_once(calls)
                if waiting:
                    assert codes[2] in (409, 422), codes
                for (who, _, body, _), code in zip(calls, codes, strict=True):
                    if code == 200:
                        assert who is me, codes
                        acked.append((seq, me.seat, body["action"]))
                    else:
                        assert code in (409, 422), codes
                        refused.append(code)
                assert len({repr(a) for s, _, a in acked if s == seq}) == 1, codes  # one action won
                resends_answered += codes[:2] == [200, 200]
                rounds_acted += 1
                # nothing half-applied: both processes show every person the same table, a step on
                for p in people:
                    assert same_table_through_both(p, url) >= seq + 1
        finally:
            for p in people:
                p.close()

    engine = get_game(game)
    entries = whole_log(postgres_url, table_id)
    by_seq = {e.seq: e for e in entries}
    for seq, seat, action in acked:  # every acknowledged action is in the log, once, as sent
        # at the seq it was sent at, or, where seats decide at once, at a later one (the AI's sets
        # written in between: an action chosen at an older seq stands while only other seats acted)
        first = next(e for e in entries if e.seq >= seq and e.seat == seat)  # the seat's next entry
        assert first.action == engine.action_to_json(engine.action_from_json(action, seat)), (
            seq,
            seat,
            action,
        )
        assert first.seq == seq or by_seq[seq].seat != seat  # later only behind another seat's
    assert len({s for s, _, _ in acked}) == rounds_acted  # each racing round logged one action
    assert refused and resends_answered  # the races really happened, both kinds
