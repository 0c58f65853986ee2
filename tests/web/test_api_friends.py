"""Tables with invited people through the API: each person sees only their own seat (the leak oracle
run for every person), invites work once, concurrent and out-of-turn actions, absent people."""

from __future__ import annotations

import random
import secrets
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from api_test_support import api_client
from fastapi.testclient import TestClient
from leak_oracle import Knowledge, Teeth, strings

from cardavia.games.profile import Review
from cardavia.games.registry import get_game
from cardavia.games.seats import invite_order
from cardavia.service.payload import with_acting
from game_cases import games_with

JSON = dict[str, Any]
TABLES = 3  # at least, a deal each (from its own seed)
REPLIES = 50  # at least, over the tables (more tables where a deal asks people for few decisions)
ACTIONS = 60  # the people's actions at most a table: a Cherki deal often redeals several times


class Browser:
    """One person's browser: its own secret, sent as the cookie on every request (the shared client's
    jar stays empty, so that several browsers can use one app at once)."""

    def __init__(self, client: TestClient, seat: int | None = None) -> None:
        self.client = client
        self.headers = {"cookie": f"cardavia_key={secrets.token_urlsafe(32)}"}
        self.seat = seat  # the seat this person holds at the table under test, once known

    def get(self, url: str) -> Any:
        reply = self.client.get(url, headers=self.headers)
        self.client.cookies.clear()
        return reply

    def post(self, url: str, body: JSON | None = None) -> Any:
        reply = self.client.post(url, json=body or {}, headers=self.headers)
        self.client.cookies.clear()
        return reply


def token_of(url: str) -> str:
    return url.rsplit("/join/", 1)[1]


def shared_table(client: TestClient, game: str, humans: int, **kw: Any) -> tuple[str, list[Browser], JSON]:
    """A table of ``humans`` people: the host (seat 0), then each invited person having taken their
    seat (the first seats of the game's ``invite_order``: a partner first, say), by seat; each
    ``Browser`` knows its ``seat``."""
    host = Browser(client, seat=0)
    reply = host.post("/api/tables", {"game": game, "level": "easy", "friends": humans - 1, **kw})
    assert reply.status_code == 201, reply.text
    created = reply.json()
    invited = invite_order(get_game(game))[: humans - 1]
    # the links come in the game's order of invitation (the host shows them so: a partner first)
    assert [i["seat"] for i in created["invites"]] == list(invited)
    people = [host]
    for invite in created["invites"]:
        guest = Browser(client, seat=invite["seat"])
        joined = guest.post(f"/api/join/{token_of(invite['url'])}", {"name": f"Guest {invite['seat']}"})
        assert joined.status_code == 200, joined.text
        assert joined.json()["seat"] == invite["seat"]
        people.append(guest)
    return created["id"], sorted(people, key=lambda person: person.seat or 0), created


def play_together(
    people: list[Browser], tid: str, rng: random.Random, inspect: Any, max_actions: int = 10**4
) -> JSON:
    """The people (each knowing its ``seat``) play random legal actions until the deal is over (or
    ``max_actions`` of theirs): every person whose status is "human" acts, each choosing from their
    own view's legal actions as their own reply showed them; where several seats decide at once,
    several people act, in a random order, each from the table as it was before any of them acted.
    Every reply goes to ``inspect(seat, reply)``; the first person's last table is returned."""
    table: JSON = {}
    actions = 0
    while actions < max_actions:
        deadline = time.monotonic() + 30
        while True:  # wait for the bots
            tables = {p.seat: p.get(f"/api/tables/{tid}").json() for p in people}
            for seat, t in tables.items():
                inspect(seat, t)
            table = tables[people[0].seat]
            if table["status"] != "bots" or time.monotonic() > deadline:
                break
            time.sleep(0.002)
        acting = [p for p in people if tables[p.seat]["status"] == "human"]
        if not acting:
            return table
        rng.shuffle(acting)
        for person in acting[: max_actions - actions]:
            mine = tables[person.seat]
            action = rng.choice(mine["view"]["legal"])
            reply = person.post(f"/api/tables/{tid}/actions", {"seq": mine["seq"], "action": action})
            assert reply.status_code == 200, (person.seat, reply.text)
            inspect(person.seat, reply.json())
            actions += 1
    return table


@pytest.mark.parametrize(
    ("game", "humans"), games_with(lambda p: range(2, min(p.seats, 3) + 1)), indirect=["game"]
)
def test_no_person_is_shown_a_piece_hidden_from_their_seat(tmp_path: Path, game: str, humans: int) -> None:
    """Two people (the host and one friend) and three where the game has the seats."""
    checked = Teeth()
    with api_client(tmp_path, create_burst=100) as client:
        service = client.app.state.cardavia.service  # type: ignore[attr-defined]
        n = 0
        while n < TABLES or checked.replies < REPLIES:
            n += 1
            assert n <= 10 * TABLES, checked
            tid, people, created = shared_table(client, game, humans)
            assert created["status"] == "waiting" or humans == 1
            record = service.state(tid).record
            oracles = {p.seat: Knowledge(record, viewer=p.seat) for p in people}
            by_seat = {p.seat: p for p in people}
            seen: dict[int, int] = {}  # each seat's last seq checked with every action of the deal

            def inspect(
                seat: int,
                payload: JSON,
                tid: str = tid,
                oracles: dict[int | None, Knowledge] = oracles,
                by_seat: dict[int | None, Browser] = by_seat,
                seen: dict[int, int] = seen,
                record: Any = record,
            ) -> None:
                # the reply, then (once a seq) the table with every action of the deal so far as
                # this person may see it (another seat's face-down play, secret trump or set)
                replies = [payload]
                if payload["seq"] != seen.get(seat):
                    seen[seat] = payload["seq"]
                    since = f"/api/tables/{tid}?since={payload['deal_start']}"
                    replies.append(by_seat[seat].get(since).json())
                for reply in replies:
                    assert reply["seat"] == seat
                    oracle = oracles[seat]
                    if reply["seq"] < oracle.state.seq:  # an older reply: check it from a fresh replay
                        oracle = Knowledge(record, viewer=seat)
                    oracle.advance(service.store.actions(tid, oracle.state.seq), reply["seq"])
                    oracles[seat] = oracle
                    checked.saw(oracle.check(reply))

            end = play_together(people, tid, random.Random(n - 1), inspect, ACTIONS)
            checked.redacted += sum(oracle.redacted for oracle in oracles.values())
            # a stranger's browser, and each person's step-by-step review of their own seat
            stranger = Browser(client)
            for url in ("", "/hint", "/deals/1/steps"):
                assert stranger.get(f"/api/tables/{tid}{url}").status_code == 404
            assert stranger.post(f"/api/tables/{tid}/actions", {"seq": 0, "action": {}}).status_code == 404
            if not end["deals"]:
                continue
            deal_no = end["deals"][-1]["deal_no"]
            log = service.store.actions(tid)
            # each person's history lists the shared table's deals; each person may review their own
            # seat (issue 11: tests/web/test_api_reviews.py runs them), a stranger none
            for person in people:
                assert (tid, deal_no) in {
                    (d["table"], d["deal_no"]) for d in person.get("/api/history").json()
                }
            assert stranger.get("/api/history").json() == []
            for person in people[1:]:
                review = person.get(f"/api/tables/{tid}/deals/{deal_no}/review")
                if get_game(game).profile.review is Review.NONE:  # a game that offers none says so
                    assert review.status_code == 404 and review.json()["error"]["code"] == "no-review"
                else:
                    assert review.json()["status"] == "none"
            assert stranger.get(f"/api/tables/{tid}/deals/{deal_no}/review").status_code == 404
            for person in people:
                seat = person.seat
                assert seat is not None
                steps = person.get(f"/api/tables/{tid}/deals/{deal_no}/steps").json()
                review = Knowledge(record, viewer=seat).advance(log, steps[1]["seq"])
                for step in steps[1:]:
                    review.advance(log, step["seq"] + 1)
                    assert step["view"] == with_acting(
                        review.state.deal.view(seat).to_json(), review.state.game, review.state.deal
                    )
                    assert not set(strings(step)) & review.forbidden(), (seat, step["seq"])
    assert checked.replies >= REPLIES
    checked.had_teeth(get_game(game).profile)


def test_invites_work_once_and_only_the_host_renews_them(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        host = Browser(client)
        created = host.post("/api/tables", {"game": "tien-gow", "friends": 3, "turn_limit_s": 120}).json()
        assert created["turn_limit_s"] == 120 and created["status"] == "waiting"
        assert [p["kind"] for p in created["people"]] == ["host", "open", "open", "open"]
        tid = created["id"]
        urls = {i["seat"]: i["url"] for i in created["invites"]}
        assert all(len(token_of(u)) >= 43 for u in urls.values())  # 256 bits
        ann, bob, eve = Browser(client), Browser(client), Browser(client)
        assert (
            ann.post(f"/api/join/{token_of(urls[1])}", {"name": "<img src=x onerror=alert(1)>"}).status_code
            == 200
        )
        assert bob.post(f"/api/join/{token_of(urls[1])}", {"name": "Bob"}).status_code == 404  # used
        assert bob.post("/api/join/" + "A" * 43, {"name": "Bob"}).status_code == 404  # unknown
        assert eve.post(f"/api/tables/{tid}/invites/2").status_code == 404  # a stranger
        assert ann.post(f"/api/tables/{tid}/invites/2").status_code == 404  # a guest, not the host
        assert host.post(f"/api/tables/{tid}/invites/1").status_code == 400  # taken
        renewed = host.post(f"/api/tables/{tid}/invites/2")
        assert renewed.status_code == 201 and renewed.json()["seat"] == 2
        assert bob.post(f"/api/join/{token_of(urls[2])}", {"name": "Bob"}).status_code == 404  # revoked
        assert bob.post(f"/api/join/{token_of(renewed.json()['url'])}", {"name": ""}).status_code == 422
        joined = bob.post(f"/api/join/{token_of(renewed.json()['url'])}", {"name": "Bob"})
        assert joined.status_code == 200 and joined.json()["seat"] == 2
        people = joined.json()["people"]
        name = "<img src=x onerror=alert(1)>"[:24]
        assert people[1] == {"seat": 1, "kind": "person", "name": name, "here": True}
        assert not any("owner" in p for p in people)
        assert joined.json()["status"] == "waiting"
        assert ann.post(f"/api/tables/{tid}/start").status_code == 404  # only the host starts
        started = host.post(f"/api/tables/{tid}/start").json()
        assert [p["kind"] for p in started["people"]] == ["host", "person", "person", "ai"]
        assert started["status"] != "waiting"
        assert eve.post(f"/api/join/{token_of(urls[3])}", {"name": "Eve"}).status_code == 404  # revoked
        assert client.post("/api/tables", json={"game": "cherki", "friends": 3}).status_code == 422


def send_at_once(
    barrier: threading.Barrier, codes: list[int], tid: str, seq: int, person: Browser, body: JSON
) -> None:
    barrier.wait()
    codes.append(person.post(f"/api/tables/{tid}/actions", {"seq": seq, "action": body}).status_code)


def test_simultaneous_and_repeated_actions_are_logged_once(tmp_path: Path) -> None:
    with api_client(tmp_path, create_burst=100) as client:
        service = client.app.state.cardavia.service  # type: ignore[attr-defined]
        rounds = 0
        for n in range(6):
            tid, people, _ = shared_table(client, "tien-gow", 4)
            rng = random.Random(n)
            for _ in range(12):
                deadline = time.monotonic() + 30
                while (table := people[0].get(f"/api/tables/{tid}").json())["status"] == "bots":
                    assert time.monotonic() < deadline
                    time.sleep(0.002)
                if table["status"] == "over":
                    break
                tables = [p.get(f"/api/tables/{tid}").json() for p in people]
                seat = next(s for s, t in enumerate(tables) if t["status"] == "human")
                other = (seat + 1) % 4
                seq = tables[seat]["seq"]
                action = rng.choice(tables[seat]["view"]["legal"])
                their = tables[other]["view"]["hand"][:1]
                attempts = [
                    (people[seat], action),
                    (people[seat], action),  # the same action twice, at once
                    (people[other], {"tiles": their, "face": "up"}),  # on another's turn
                ]
                codes: list[int] = []
                barrier = threading.Barrier(len(attempts))

                threads = [
                    threading.Thread(target=send_at_once, args=(barrier, codes, tid, seq, *a))
                    for a in attempts
                ]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                assert sorted(codes)[:2] == [200, 200]  # the resend is answered as done, not applied again
                assert codes.count(200) == 2 and sorted(codes)[2] in (409, 422)
                log = service.store.actions(tid)
                assert [e.seq for e in log] == list(range(len(log)))
                assert sum(1 for e in log if e.seq == seq and e.seat == seat) == 1
                rounds += 1
        assert rounds > 20


def test_an_absent_persons_turn_is_played_by_the_ai_and_handed_back(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        driver = client.app.state.cardavia.driver  # type: ignore[attr-defined]
        service = client.app.state.cardavia.service  # type: ignore[attr-defined]
        driver.turn_limit = lambda _s: 0.01  # the test's "30 s"
        tid, (host, ann), _ = shared_table(client, "cherki", 2, turn_limit_s=30)
        deadline = time.monotonic() + 60
        while not any(e.auto and e.seat == 1 for e in service.store.actions(tid)):
            assert time.monotonic() < deadline, "the AI never played for Ann"
            ann.get(f"/api/tables/{tid}")  # nobody acts; the table must not wait for ever
            time.sleep(0.01)
        driver.turn_limit = lambda _s: 3600.0  # now Ann is back, with all the time she needs
        late = 0  # turns the AI still took under the short limit, decided before it changed
        while True:
            table = ann.get(f"/api/tables/{tid}").json()
            assert time.monotonic() < deadline + 60
            if table["status"] == "human":
                reply = ann.post(
                    f"/api/tables/{tid}/actions", {"seq": table["seq"], "action": table["view"]["legal"][0]}
                )
                if reply.status_code == 200:
                    break
                assert reply.status_code == 409, reply.text
                assert service.store.actions(tid, table["seq"])[0].auto  # only the AI can have taken it
                late += 1
                assert late <= 2
            elif table["status"] == "over":
                assert host.post(f"/api/tables/{tid}/next-deal", {"seq": table["seq"]}).status_code == 200
            elif table["status"] == "people":  # the host's turn, made by the host now
                mine = host.get(f"/api/tables/{tid}").json()
                if mine["status"] == "human":
                    host.post(
                        f"/api/tables/{tid}/actions", {"seq": mine["seq"], "action": mine["view"]["legal"][0]}
                    )
            time.sleep(0.005)
        assert any(e.get("auto") for e in ann.get(f"/api/tables/{tid}?since=0").json()["last"])
        mine = service.store.actions(tid, table["seq"])[0]
        assert mine.seat == 1 and not mine.auto


def test_the_host_hands_an_open_seat_to_the_ai_and_its_link_stops_working(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        host, ann, eve = Browser(client), Browser(client), Browser(client)
        created = host.post("/api/tables", {"game": "tien-gow", "friends": 3}).json()
        tid = created["id"]
        urls = {i["seat"]: i["url"] for i in created["invites"]}
        assert ann.post(f"/api/join/{token_of(urls[1])}", {"name": "Ann"}).status_code == 200
        # only the host: a guest and a stranger get the 404 of every table endpoint
        assert ann.post(f"/api/tables/{tid}/seats/2/ai").status_code == 404
        assert eve.post(f"/api/tables/{tid}/seats/2/ai").status_code == 404
        assert client.post(f"/api/tables/{tid}/seats/2/ai").status_code == 404  # no cookie at all
        # a seat a person took stays theirs while they are here; a seat the game does not have is
        # not open either
        taken = host.post(f"/api/tables/{tid}/seats/1/ai")
        assert taken.status_code == 409 and taken.json()["error"]["code"] == "person-here"
        assert host.post(f"/api/tables/{tid}/seats/4/ai").json()["error"]["code"] == "seat-not-open"
        assert host.post(f"/api/tables/{tid}/seats/17/ai").status_code == 422
        given = host.post(f"/api/tables/{tid}/seats/2/ai")
        assert given.status_code == 200, given.text
        table = given.json()
        assert [p["kind"] for p in table["people"]] == ["host", "person", "ai", "open"]
        assert table["status"] == "waiting" and table["seat"] == 0  # seat 3 is still open
        assert eve.post(f"/api/join/{token_of(urls[2])}", {"name": "Eve"}).status_code == 404
        assert host.post(f"/api/tables/{tid}/invites/2").status_code == 400  # no new link for it
        again = host.post(f"/api/tables/{tid}/seats/2/ai")  # idempotent: the same answer, no change
        assert again.status_code == 200 and again.json()["people"] == table["people"]
        # the last open seat given: the deal starts, and the guest sees the same seats
        last = host.post(f"/api/tables/{tid}/seats/3/ai").json()
        assert [p["kind"] for p in last["people"]] == ["host", "person", "ai", "ai"]
        assert last["status"] != "waiting"
        seen = ann.get(f"/api/tables/{tid}").json()
        assert seen["people"] == last["people"] and seen["seat"] == 1
        assert "seats/{seat}/ai" in "".join(client.get("/openapi.json").json()["paths"])


def test_a_host_who_leaves_is_played_by_the_ai_and_the_open_seats_too(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        tid, (host, ann), _ = shared_table(client, "cherki", 2)
        assert ann.post(f"/api/tables/{tid}/seats/0/ai").status_code == 404  # only the host leaves
        left = host.post(f"/api/tables/{tid}/seats/0/ai")
        assert left.status_code == 200, left.text
        assert left.json() == {"id": tid, "left": True}  # nothing of the seat they left
        seen = ann.get(f"/api/tables/{tid}").json()
        assert [p["kind"] for p in seen["people"]] == ["ai", "person", "ai"]
        # Ann plays on with the AI in the host's seat; the seat, its pieces and the next deal are no
        # longer the host's: the table answers them as it answers a stranger
        table = play_together([ann], tid, random.Random(5), lambda *_: None)
        assert table["status"] == "over" and table["deals"]
        assert host.get(f"/api/tables/{tid}").status_code == 404
        assert host.post(f"/api/tables/{tid}/next-deal", {"seq": table["seq"]}).status_code == 404
        assert host.get(f"/api/tables/{tid}/deals/1/steps").status_code == 404
        assert host.post(f"/api/tables/{tid}/seats/0/ai").status_code == 404
        assert all(d["table"] != tid for d in host.get("/api/history").json())
