"""The table API end to end (in-process): create, act, stale, resend, illegal, next deal, history."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from api_test_support import api_client, play_deal, wait_for_human

from cardavia.games.registry import get_game
from cardavia.games.replay import replay_record
from cardavia.web.api.deps import SECRET_COOKIE
from engine_actions import not_legal_now
from game_cases import games


@pytest.mark.parametrize("game", games(), indirect=True)
def test_a_whole_deal_through_the_api(tmp_path: Path, game: str) -> None:
    with api_client(tmp_path) as client:
        created = client.post("/api/tables", json={"game": game, "level": "easy", "pace_ms": 0})
        assert created.status_code == 201
        table = created.json()
        assert table["game"] == game and table["level"] == "easy" and table["view"]["seat"] == 0
        assert table["totals"] == [0] * get_game(game).num_seats
        end = play_deal(client, table["id"], random.Random(1))
        assert end["status"] == "over" and end["view"]["legal"] == []
        finished = end["deals"][-1]
        # the totals are the deals' returns as the engine says them (a drawn deal redealt: zeros)
        assert sum(end["totals"]) == 0 and end["totals"] == finished["returns"]
        assert finished["returns"] == list(get_game(game).outcome_of(finished["result"]).returns)
        # the downloaded record replays to the same result
        download = client.get(f"/api/tables/{table['id']}/deals/{finished['deal_no']}/record")
        assert download.status_code == 200
        assert download.headers["content-disposition"].startswith("attachment;")
        outcome = replay_record(download.json())
        assert outcome.finished and outcome.result == finished["result"]
        # step by step: one view before the first action and one after each
        steps = client.get(f"/api/tables/{table['id']}/deals/{finished['deal_no']}/steps").json()
        assert steps[0]["seq"] is None and all(s["view"]["seat"] == 0 for s in steps)
        # the engine's outcome once the deal is over, as the table's deals say it: no page reads a result
        assert all(s["outcome"] is None for s in steps[:-1])
        assert steps[-1]["outcome"] == {k: finished[k] for k in ("returns", "drawn", "winner")}
        played = [s for s in steps if s["seq"] is not None]
        assert [s["seq"] for s in played] == list(range(played[0]["seq"], played[0]["seq"] + len(played)))
        # every hand, step by step (the deal is over): seat 0's is the one its view showed
        hands = client.get(f"/api/tables/{table['id']}/deals/{finished['deal_no']}/hands").json()
        assert len(hands) == len(steps) and all(len(h) == len(table["totals"]) for h in hands)
        assert [h[0] for h in hands] == [s["view"]["hand"] for s in steps]
        # history lists it for this browser only
        history = client.get("/api/history").json()
        assert {(h["table"], h["deal_no"]) for h in history} >= {(table["id"], finished["deal_no"])}
        client.cookies.clear()
        assert client.get("/api/history").json() == []


@pytest.mark.parametrize("game", games(), indirect=True)
def test_stale_resent_and_illegal_actions(tmp_path: Path, game: str) -> None:
    with api_client(tmp_path) as client:
        service = client.app.state.cardavia.service  # type: ignore[attr-defined]
        table = client.post("/api/tables", json={"game": game, "level": "easy"}).json()
        table = wait_for_human(client, table["id"])
        url = f"/api/tables/{table['id']}/actions"
        seq, action = table["seq"], table["view"]["legal"][0]
        state = service.state(table["id"])
        illegal_now = not_legal_now(state.game, state.deal, 0)  # from the engine's legal actions only
        first = client.post(url, json={"seq": seq, "action": action})
        assert first.status_code == 200 and first.json()["seq"] > seq
        after = wait_for_human(client, table["id"])
        again = client.post(url, json={"seq": seq, "action": action})
        assert again.status_code == 200 and again.json()["seq"] == after["seq"]  # not applied twice
        # another action at that seq: another legal one, else one the seat could not make then
        different = next((a for a in table["view"]["legal"] if a != action), illegal_now[0])
        other = client.post(url, json={"seq": seq, "action": different})
        assert other.status_code == 409
        body = other.json()
        assert body["error"]["code"] == "stale" and body["table"]["seq"] == after["seq"]
        if after["status"] == "over":  # a deal of one decision a seat: the next deal's is seat 0's
            assert client.post(f"/api/tables/{table['id']}/next-deal", json={"seq": after["seq"]}).is_success
            after = wait_for_human(client, table["id"])
        # illegal: a well-formed action seat 0 may not make now (another seat's pieces, another
        # phase's choice); the engine's reason comes back, nothing is logged
        state = service.state(table["id"])
        for action in not_legal_now(state.game, state.deal, 0)[:5]:
            illegal = client.post(url, json={"seq": after["seq"], "action": action})
            assert illegal.status_code == 422, (action, illegal.text)
            error = illegal.json()["error"]
            assert error["code"] and error["message"] and isinstance(error["params"], dict)
        malformed = client.post(url, json={"seq": after["seq"], "action": {"nonsense": True}})
        assert malformed.status_code == 422 and malformed.json()["error"]["code"] == "bad-action"
        # nothing of seat 0's logged (the AI's seats may have acted meanwhile, deciding at once)
        assert all(e.seat != 0 for e in service.store.actions(table["id"], after["seq"]))


@pytest.mark.parametrize("game", games(), indirect=True)
def test_next_deal_settings_and_hint(tmp_path: Path, game: str) -> None:
    with api_client(tmp_path) as client:
        table = client.post("/api/tables", json={"game": game, "level": "easy"}).json()
        tid = table["id"]
        assert client.post(f"/api/tables/{tid}/settings", json={"pace_ms": 1234}).json()["pace_ms"] == 1234
        client.post(f"/api/tables/{tid}/settings", json={"pace_ms": 0})
        table = wait_for_human(client, tid)
        hint = client.get(f"/api/tables/{tid}/hint")
        assert hint.status_code == 200 and hint.json()["action"] in table["view"]["legal"]
        assert set(hint.json()["reason"]) == {"id", "text", "params"}
        early = client.post(f"/api/tables/{tid}/next-deal", json={"seq": table["seq"]})
        assert early.status_code == 409 and early.json()["error"]["code"] == "deal-not-over"
        end = play_deal(client, tid, random.Random(2))
        assert client.get(f"/api/tables/{tid}/hint").status_code == 409
        nxt = client.post(f"/api/tables/{tid}/next-deal", json={"seq": end["seq"]})
        assert nxt.status_code == 200
        new = nxt.json()
        # the next deal's first role (a banker, a dealer) is the one the engine names from the result
        deal_no = end["deal_no"] + 1
        marker = new["last"][0]
        assert new["deal_no"] == deal_no and marker["seat"] == -1
        assert marker["action"] == {
            "deal": deal_no,
            "dealer": get_game(game).next_dealer(end["deals"][-1]["result"]),
        }
        assert new["totals"] == end["totals"]


@pytest.mark.parametrize("game", games(), indirect=True)
def test_another_browser_gets_404_everywhere(tmp_path: Path, game: str) -> None:
    with api_client(tmp_path) as client:
        created = client.post("/api/tables", json={"game": game, "level": "easy"})
        secret = created.cookies.get(SECRET_COOKIE)
        assert secret and secret not in created.text
        table = wait_for_human(client, created.json()["id"])
        tid = table["id"]
        for cookie in ({}, {SECRET_COOKIE: "guess"}, {SECRET_COOKIE: secret[:-1] + "x"}):
            client.cookies.clear()
            for name, value in cookie.items():
                client.cookies.set(name, value)
            for method, path, body in [
                ("GET", f"/api/tables/{tid}", None),
                ("GET", f"/api/tables/{tid}/hint", None),
                ("GET", f"/api/tables/{tid}/events", None),
                ("GET", f"/api/tables/{tid}/deals/1/steps", None),
                ("GET", f"/api/tables/{tid}/deals/1/record", None),
                ("GET", f"/api/tables/{tid}/deals/1/review", None),
                ("GET", f"/api/tables/{tid}/deals/1/hands", None),
                ("POST", f"/api/tables/{tid}/deals/1/review", None),
                (
                    "POST",
                    f"/api/tables/{tid}/actions",
                    {"seq": table["seq"], "action": table["view"]["legal"][0]},
                ),
                ("POST", f"/api/tables/{tid}/next-deal", {"seq": table["seq"]}),
                ("POST", f"/api/tables/{tid}/settings", {"pace_ms": 5}),
            ]:
                reply = client.request(method, path, json=body)
                assert reply.status_code == 404, (method, path, reply.text)
                assert reply.json()["error"]["code"] == "not-found"
                assert json.dumps(table["view"]["hand"]) not in reply.text
        client.cookies.clear()
        client.cookies.set(SECRET_COOKIE, secret)
        # the owner's seat and settings are untouched (the AI's seats may have acted meanwhile,
        # deciding at the same time as seat 0)
        service = client.app.state.cardavia.service  # type: ignore[attr-defined]
        assert all(e.seat != 0 for e in service.store.actions(tid, table["seq"]))
        assert client.get(f"/api/tables/{tid}").json()["pace_ms"] == table["pace_ms"]


@pytest.mark.parametrize("game", games(), indirect=True)
def test_unfinished_deals_cannot_be_downloaded(tmp_path: Path, game: str) -> None:
    with api_client(tmp_path) as client:
        tid = client.post("/api/tables", json={"game": game, "level": "easy"}).json()["id"]
        for what in ("record", "steps", "review", "hands"):
            reply = client.get(f"/api/tables/{tid}/deals/1/{what}")
            assert reply.status_code == 400 and reply.json()["error"]["code"] == "deal-not-finished"
        reply = client.post(f"/api/tables/{tid}/deals/1/review")
        assert reply.status_code == 400 and reply.json()["error"]["code"] == "deal-not-finished"
