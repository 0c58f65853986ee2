"""Through the API, a friends' table where every seat decides at once (Pai Gow, registered here
only unless the registry lists it already; its web part the stand-in until its own exists).

Three people and the AI: each person sets whenever they like, in any order, from the table as they
first saw it; until the last seat has set, no reply (the action's, the table's from any seq, the
deal's steps, hands, record, review, the history) names a tile of another seat or shows more of its
set than that it was made; a seat that has set is refused with a reason and nothing changes; once
all have set, everything is shown as for the other games.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from api_test_support import api_client
from fastapi.testclient import TestClient
from pai_gow_stand_in import GAME_ID, web_module
from test_api_friends import Browser, shared_table

from cardavia.games.registry import GameEntry, game_ids, registered
from cardavia.service.state import TableState
from json_strings import strings

JSON = dict[str, Any]


@contextmanager
def pai_gow() -> Iterator[None]:
    if GAME_ID in game_ids():
        yield
        return
    with registered(GameEntry(GAME_ID, "cardavia.games.pai_gow", "cardavia.bots.pai_gow", web_module())):
        yield


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with pai_gow(), api_client(tmp_path, create_burst=100) as test_client:
        yield test_client


def hidden_codes(state: TableState, viewer: int) -> set[str]:
    """Every code all of whose copies are hidden from ``viewer`` (``Deal.hidden_from``)."""
    copies = {piece.code: piece.copies for piece in state.game.pieces}
    return {code for code, n in state.deal.hidden_from(viewer).items() if n >= copies[code]}


def reads(person: Browser, tid: str, seq0: int) -> list[Any]:
    """Everything a person may ask of the table and its deal while it is played."""
    out = []
    for path in (
        f"/api/tables/{tid}",
        f"/api/tables/{tid}?since=0",
        f"/api/tables/{tid}?since={seq0}",
        f"/api/tables/{tid}/deals/1/steps",
        f"/api/tables/{tid}/deals/1/hands",
        f"/api/tables/{tid}/deals/1/record",
        f"/api/tables/{tid}/deals/1/review",
        "/api/history",
    ):
        out.append(person.get(path))
    out.append(person.post(f"/api/tables/{tid}/deals/1/review"))  # refused: the deal is not over
    assert out[-1].status_code == 400, out[-1].text
    return out


def test_three_people_and_the_ai_set_in_any_order_and_see_nothing_of_the_others(client: TestClient) -> None:
    service = client.app.state.cardavia.service  # type: ignore[attr-defined]
    checked = 0
    for deal in range(3):
        tid, people, _ = shared_table(client, GAME_ID, 3)
        tables = [p.get(f"/api/tables/{tid}").json() for p in people]
        seq0 = tables[0]["seq"]
        for seat, table in enumerate(tables):
            # nobody waits on another: every person may set now, with their three splits
            assert table["status"] == "human" and len(table["view"]["legal"]) == 3, table["status"]
            assert seat in table["view"]["acting"]
        order = [0, 1, 2]
        random.Random(deal).shuffle(order)
        for n, seat in enumerate(order):
            action = random.Random(seat + 10 * deal).choice(tables[seat]["view"]["legal"])
            reply = people[seat].post(f"/api/tables/{tid}/actions", {"seq": seq0, "action": action})
            assert reply.status_code == 200, reply.text
            assert reply.json()["view"]["split"] is not None
            # sent again (a retry): answered as done, not applied twice
            again = people[seat].post(f"/api/tables/{tid}/actions", {"seq": seq0, "action": action})
            assert again.status_code == 200 and again.json()["seq"] == reply.json()["seq"]
            state = service.state(tid)
            if state.deal.is_over():
                assert n == len(order) - 1
                break
            # a set is final: another split is refused with a reason, and nothing changes
            other = next(a for a in tables[seat]["view"]["legal"] if a != action)
            refused = people[seat].post(f"/api/tables/{tid}/actions", {"seq": state.seq, "action": other})
            assert refused.status_code == 409 and refused.json()["error"]["code"] == "not-your-turn"
            bad = {"seq": state.seq, "action": {"x": 1}}
            malformed = people[seat].post(f"/api/tables/{tid}/actions", bad)
            assert malformed.status_code == 422 and malformed.json()["error"]["code"] == "bad-action"
            assert service.state(tid).seq == state.seq
            for viewer, person in enumerate(people):
                replies = [reply] if viewer == seat else []
                replies += reads(person, tid, seq0)
                forbidden = hidden_codes(service.state(tid), viewer)
                for answer in replies:
                    assert answer.status_code < 500
                    body = answer.json()
                    assert not set(strings(body)) & forbidden, (viewer, answer.url)
                    assert not any(f'"{code}"' in answer.text for code in forbidden)  # every byte
                    for entry in body.get("last", []) if isinstance(body, dict) else []:
                        if entry["seat"] >= 0 and entry["seat"] != viewer:
                            assert entry["action"] == {"seat": entry["seat"]}, entry
                    checked += 1
                steps = person.get(f"/api/tables/{tid}/deals/1/steps")
                assert steps.status_code == 400 and steps.json()["error"]["code"] == "deal-not-finished"
                assert not any(item["table"] == tid for item in person.get("/api/history").json())
        # the AI sets on its own; then the reveal shows every seat's hands, as for the other games
        for _ in range(2000):
            done = people[1].get(f"/api/tables/{tid}").json()
            if done["status"] == "over":
                break
        assert done["status"] == "over" and done["view"]["acting"] == []
        result = done["view"]["result"]
        assert len(result["hands"]) == 4 and sum(result["net"]) == 0
        steps = people[1].get(f"/api/tables/{tid}/deals/1/steps").json()
        assert sorted(s["seat"] for s in steps[1:]) == [0, 1, 2, 3]
        assert all(s["action"] == {"seat": s["seat"]} for s in steps[1:] if s["seat"] != 1)
        assert steps[-1]["view"]["result"] == result
        record = people[2].get(f"/api/tables/{tid}/deals/1/record").json()
        assert len(record["sets"]) == 4 and json.dumps(record)
    assert checked > 100


def test_the_bots_set_on_their_own_while_the_host_decides(client: TestClient) -> None:
    """At a new table the host is to set (status "human") and so are the bots: the server starts
    on theirs at once, without waiting for the page to ask for the table."""
    service = client.app.state.cardavia.service  # type: ignore[attr-defined]
    created = client.post("/api/tables", json={"game": GAME_ID, "level": "easy"})
    assert created.status_code == 201 and created.json()["status"] == "human"
    tid = created.json()["id"]
    for _ in range(5000):
        if service.state(tid).acting() == (0,):
            break
        time.sleep(0.002)
    assert service.state(tid).acting() == (0,)  # only the host is left to set
