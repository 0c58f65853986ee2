"""The hidden trump reaches no seat but the bidder's, the partner's included, through the API: the
replies, the log entries (the event stream's payloads are the same ``table_out``), the hints, the
replay steps, until someone asks for it.

Two tables of four people are dealt the same cards (the same seed) and played with the same
actions, but the bidder names a different trump at each: until the reveal, every other seat's
reply is the same at both tables byte for byte, and so is its hint (seeded by the table's seed and
the position, from the seat's view alone). Whatever a reply held of the trump would differ.
"""

from __future__ import annotations

import json
import random
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from cardavia.games.registry import GameEntry, game_ids, registered
from cardavia.service.seeds import deal_seed
from web.api_test_support import api_client

JSON = dict[str, Any]
GAME = "twenty-nine"
ENTRY = GameEntry(
    GAME, "cardavia.games.twenty_nine", "cardavia.bots.twenty_nine", "cardavia.web.games.twenty_nine"
)
# what differs between two tables however they are played: their ids, the invite names, the clock
VARYING = ("id", "people", "turn_left_ms", "next_table", "origin")


@contextmanager
def twenty_nine() -> Iterator[None]:
    if GAME in game_ids():
        yield
        return
    with registered(ENTRY):
        yield


class Browser:
    """One person's browser: its own key as the cookie of each request."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.headers = {"cookie": f"cardavia_key={secrets.token_urlsafe(32)}"}

    def get(self, url: str) -> Any:
        reply = self.client.get(url, headers=self.headers)
        self.client.cookies.clear()
        assert reply.status_code == 200, reply.text
        return reply.json()

    def post(self, url: str, body: JSON | None = None) -> Any:
        reply = self.client.post(url, json=body or {}, headers=self.headers)
        self.client.cookies.clear()
        return reply


def four_people(client: TestClient) -> tuple[str, dict[int, Browser]]:
    """A table of four people: the host at seat 0, three friends invited (partner first)."""
    host = Browser(client)
    created = host.post("/api/tables", {"game": GAME, "level": "easy", "friends": 3})
    assert created.status_code == 201, created.text
    body = created.json()
    people = {0: host}
    for invite in body["invites"]:
        guest = Browser(client)
        token = invite["url"].rsplit("/join/", 1)[1]
        assert guest.post(f"/api/join/{token}", {"name": f"P{invite['seat']}"}).status_code == 200
        people[invite["seat"]] = guest
    return body["id"], people


def public(reply: JSON) -> str:
    return json.dumps({k: v for k, v in reply.items() if k not in VARYING}, sort_keys=True)


def seat_to_act(tid: str, people: dict[int, Browser]) -> tuple[int | None, JSON]:
    """The seat whose person is to act, once the server has made its own moves (a forced one)."""
    deadline = time.monotonic() + 30
    while True:
        table = people[0].get(f"/api/tables/{tid}")
        if table["status"] != "bots":
            return table["view"]["to_act"], table
        assert time.monotonic() < deadline, "the server did not make its move"
        time.sleep(0.002)


def test_the_trump_reaches_no_seat_but_the_bidders(tmp_path: Path) -> None:
    compared = {"replies": 0, "partner": 0, "hints": 0, "trump_steps": 0, "deals": 0}
    with twenty_nine(), api_client(tmp_path, create_burst=100) as client:
        service = client.app.state.cardavia.service  # type: ignore[attr-defined]
        seeds = [s for s in range(2000, 2100) if not _annulled(s)][:6]
        for seed in seeds:
            service.new_seed = lambda seed=seed: seed  # both tables: the same cards
            tables = [four_people(client), four_people(client)]
            rng = random.Random(seed)
            bidder = None
            trumps = ("c", "d") if seed % 2 else ("h", "s")
            while True:
                (a_id, a), (b_id, b) = tables
                seat, table_a = seat_to_act(a_id, a)
                seat_to_act(b_id, b)  # table B has made its own moves too
                view = table_a["view"]
                bidder = view["bidder"]
                if view["reveal"] is not None or view["over"]:
                    break
                # every seat but the bidder: the same reply at both tables, the log from the start
                for other in range(4):
                    if other == bidder:
                        continue
                    ra = a[other].get(f"/api/tables/{a_id}?since=0")
                    rb = b[other].get(f"/api/tables/{b_id}?since=0")
                    assert ra["view"]["trump"] is None
                    assert public(ra) == public(rb), f"seat {other} told the trump apart at seq {ra['seq']}"
                    compared["replies"] += 1
                    if bidder is not None and other == (bidder + 2) % 4:
                        compared["partner"] += 1
                if bidder is not None and view["trump_set"]:
                    own = [a[bidder].get(f"/api/tables/{a_id}"), b[bidder].get(f"/api/tables/{b_id}")]
                    assert [r["view"]["trump"] for r in own] == list(trumps)  # the bidder knows its own
                if seat is None:
                    break
                if seat != bidder:
                    hints = [a[seat].get(f"/api/tables/{a_id}/hint"), b[seat].get(f"/api/tables/{b_id}/hint")]
                    assert hints[0] == hints[1]
                    compared["hints"] += 1
                legal_a = a[seat].get(f"/api/tables/{a_id}")["view"]["legal"]
                legal_b = b[seat].get(f"/api/tables/{b_id}")["view"]["legal"]
                if view["phase"] == "trump":
                    actions = [{"do": "trump", "suit": trumps[0]}, {"do": "trump", "suit": trumps[1]}]
                else:
                    common = [x for x in legal_a if x in legal_b]
                    if not common:
                        break
                    # asking ends the comparison: ask late, so that much of the play is compared
                    asks = [x for x in common if x["do"] == "reveal"]
                    plays = [x for x in common if x["do"] != "reveal"]
                    choice = asks[0] if asks and len(view["tricks"]) >= 5 else rng.choice(plays or common)
                    actions = [choice, choice]
                for (tid, people), action in zip(tables, actions, strict=True):
                    seq = people[seat].get(f"/api/tables/{tid}")["seq"]
                    done = people[seat].post(f"/api/tables/{tid}/actions", {"seq": seq, "action": action})
                    assert done.status_code == 200, done.text
            compared["deals"] += 1
            # table A played to its end: its replay steps, seen from each other seat, show the trump
            # neither in a view before the reveal nor in the bidder's trump action
            (a_id, a), _ = tables
            _finish(a_id, a, rng)
            for other in range(4):
                if other == bidder:
                    continue
                steps = a[other].get(f"/api/tables/{a_id}/deals/1/steps")
                for step in steps:
                    step_view = step["view"]
                    if step_view["reveal"] is None and not step_view["over"]:
                        assert step_view["trump"] is None, (other, step["seq"])
                    if step["action"] and step["action"].get("do") == "trump":
                        assert "suit" not in step["action"]
                        compared["trump_steps"] += 1
    assert compared["deals"] == 6 and compared["partner"] > 50 and compared["hints"] > 20, compared
    assert compared["trump_steps"] >= 6 * 3 and compared["replies"] > 300, compared


def _annulled(seed: int) -> bool:
    from cardavia.games.twenty_nine import GAME as ENGINE

    return ENGINE.new_deal(deal_seed(seed, 1)).is_over()


def _finish(tid: str, people: dict[int, Browser], rng: random.Random) -> None:
    while True:
        seat, table = seat_to_act(tid, people)
        if table["view"]["over"] or seat is None:
            return
        mine = people[seat].get(f"/api/tables/{tid}")
        action = rng.choice(mine["view"]["legal"])
        assert (
            people[seat]
            .post(f"/api/tables/{tid}/actions", {"seq": mine["seq"], "action": action})
            .status_code
            == 200
        )
