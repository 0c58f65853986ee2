"""Four people deciding at once (every Pai Gow seat sets in secret) through two server processes of one
PostgreSQL database: each sends their set, and the same set again through the other process, at the
same moment as the three others. Every set is answered 200 (docs/api.md: an action chosen at an
older seq stands while only other seats acted since; an identical copy is answered as done), each is
in the log once, as sent, and nothing else is."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_process import running_server
from test_api_friends_processes import Person, seat_people, settled, whole_log

from cardavia.games.registry import get_game

JSON = dict[str, Any]
GAME = "pai-gow"  # the registered game whose seats all decide at once
DEALS = 24


def at_once(calls: list[tuple[Person, str, JSON, int]]) -> list[httpx.Response]:
    """Send every (person, url, body, process) at the same moment; the replies, in order."""
    barrier = threading.Barrier(len(calls))
    replies: list[httpx.Response | None] = [None] * len(calls)

    def send(i: int) -> None:
        person, url, body, via = calls[i]
        barrier.wait()
        replies[i] = person.post(url, body, via)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert all(r is not None for r in replies)
    return [r for r in replies if r is not None]


@pytest.mark.postgres
@pytest.mark.slow
def test_four_people_setting_at_once_through_two_processes_are_all_answered_200(
    tmp_path: Path, postgres_url: str
) -> None:
    assert get_game(GAME).num_seats == 4
    rng = random.Random(31)
    sent: list[tuple[int, int, JSON]] = []  # (deal_no, seat, set)
    with (
        running_server(postgres_url, tmp_path / "servers.log") as one,
        running_server(postgres_url, tmp_path / "servers.log") as two,
    ):
        table_id, people = seat_people_all(one, two)
        url = f"/api/tables/{table_id}"
        try:
            for deal in range(1, DEALS + 1):
                tables = settled(people, url, rng)
                assert tables[0]["deal_no"] == deal and all(t["status"] == "human" for t in tables)
                seq = tables[0]["seq"]
                calls = []
                for person, table in zip(people, tables, strict=True):
                    action = rng.choice(table["view"]["legal"])
                    via = rng.randrange(2)
                    body = {"seq": seq, "action": action}
                    calls += [
                        (person, f"{url}/actions", body, via),
                        (person, f"{url}/actions", body, 1 - via),
                    ]
                    sent.append((deal, person.seat, action))
                rng.shuffle(calls)
                replies = at_once(calls)
                assert [r.status_code for r in replies] == [200] * len(calls), [
                    (r.status_code, r.text[:200]) for r in replies if r.status_code != 200
                ]
                over = settled(people, url, rng)
                assert over[0]["status"] == "over", over[0]["status"]
                if deal < DEALS:
                    dealt = people[0].post(f"{url}/next-deal", {"seq": over[0]["seq"]}, rng.randrange(2))
                    assert dealt.status_code == 200, dealt.text
        finally:
            for p in people:
                p.close()

    entries = whole_log(postgres_url, table_id)
    logged = []
    deal = 1
    for e in entries:
        if e.seat < 0:
            deal = e.action["deal"]
        else:
            logged.append((deal, e.seat, e.action))
    # every set in the log once, as sent (in whatever order the race wrote them), and nothing else
    assert sorted(logged, key=repr) == sorted(((d, s, {**a, "seat": s}) for d, s, a in sent), key=repr)


def seat_people_all(one: Any, two: Any) -> tuple[str, list[Person]]:
    """A Pai Gow table whose four seats are four people (the host and three invited), seated through
    both processes."""
    table_id, people = seat_people(GAME, (one, two), humans=4)
    assert [p.seat for p in people] == [0, 1, 2, 3]
    return table_id, people
