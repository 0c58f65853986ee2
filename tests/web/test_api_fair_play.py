"""No tried deal reveals a live one: a table started from a finished deal (*Play this move
differently*) plays that deal from the trying person's own seat and deals on from a seed of its own,
so nothing it ever answers shows a piece of a deal another table is still playing.

Where a hand is one of many (a thousand or more, as the game's pieces and hand size give), no
answer may show a hand the live deal holds; where hands are few (a small set, dealt in threes), a
hand may match by chance, and no answer may show the live deal as dealt, every seat's hand."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from api_test_support import api_client, decisions, play_deal, wait_for_human
from fastapi.testclient import TestClient
from test_api_friends import Browser, play_together, shared_table

from cardavia.games.registry import game_ids, get_game
from game_cases import games

JSON = dict[str, Any]


def live_hands(client: TestClient, table_id: str) -> list[list[str]]:
    """Every seat's hand in the table's deal in progress, as the server holds them (never sent)."""
    state = client.app.state.cardavia.service.state(table_id)  # type: ignore[attr-defined]
    assert not state.deal.is_over()
    return [sorted(state.deal.view(s).to_json()["hand"]) for s in range(state.num_seats)]


def live_deal(client: TestClient, table_id: str) -> list[list[str]]:
    """Every seat's hand as the table's deal in progress was dealt (never sent)."""
    state = client.app.state.cardavia.service.state(table_id)  # type: ignore[attr-defined]
    dealt, _ = state.game.deal_from_record(state.deal.to_record())
    return [sorted(dealt.view(s).to_json()["hand"]) for s in range(state.num_seats)]


def hands_are_many(game: str) -> bool:
    """Whether a dealt hand is one of a thousand or more: the multisets of the pieces (each of its
    copies) of a dealt hand's size, counted from the engine's pieces."""
    engine = get_game(game)
    size = len(engine.new_deal(0).view(0).to_json()["hand"])
    ways = [1]  # ways[k]: the hands of k pieces of the pieces counted so far
    for piece in engine.pieces:
        ways = [
            sum(ways[k - c] for c in range(piece.copies + 1) if 0 <= k - c < len(ways))
            for k in range(len(ways) + piece.copies)
        ]
    return ways[size] >= 1000


def deals_shown(answer: object, seats: int) -> list[list[list[str]]]:
    """Every list of ``seats`` lists of strings anywhere in an answer (every seat's hand at a step
    of ``/hands``), each hand sorted."""
    if isinstance(answer, dict):
        return [found for value in answer.values() for found in deals_shown(value, seats)]
    if not isinstance(answer, list):
        return []
    if len(answer) == seats and all(
        isinstance(h, list) and all(isinstance(c, str) for c in h) for h in answer
    ):
        return [[sorted(hand) for hand in answer]]
    return [found for item in answer for found in deals_shown(item, seats)]


def shows_the_live_deal(answer: object, secret: list[list[str]], dealt: list[list[str]], many: bool) -> bool:
    """Whether ``answer`` shows a hand of the live deal (``secret``: as held now), or, where hands
    are few, the live deal as ``dealt``."""
    if many:
        return any(hand in secret for hand in code_lists(answer))
    return dealt in deals_shown(answer, len(dealt))


def code_lists(answer: object) -> list[list[str]]:
    """Every list of strings anywhere in an answer (hands in views, steps and records), sorted."""
    if isinstance(answer, dict):
        return [found for value in answer.values() for found in code_lists(value)]
    if isinstance(answer, list):
        if answer and all(isinstance(item, str) for item in answer):
            return [sorted(answer)]
        return [found for item in answer for found in code_lists(item)]
    return []


def answers_of_a_tried_table(ask: Any, table: JSON, rng: random.Random) -> list[object]:
    """Everything a tried table answers its person: the deal played out, its steps, hands and record,
    the next deal dealt and played out, and those again."""
    tid = table["id"]
    seen: list[object] = [table]

    def finish(first: JSON) -> JSON:
        current = first
        for _ in range(10_000):
            current = ask("get", f"/api/tables/{tid}")
            seen.append(current)
            if current["status"] == "human":
                moved = ask(
                    "post",
                    f"/api/tables/{tid}/actions",
                    {"seq": current["seq"], "action": rng.choice(current["view"]["legal"])},
                )
                seen.append(moved)
            elif current["status"] == "over":
                return current
        raise AssertionError("the tried table never finished its deal")

    over = finish(table)
    for deal in over["deals"]:
        for part in ("steps", "hands", "record"):
            seen.append(ask("get", f"/api/tables/{tid}/deals/{deal['deal_no']}/{part}"))
    dealt = ask("post", f"/api/tables/{tid}/next-deal", {"seq": over["seq"]})
    seen.append(dealt)
    over = finish(dealt)
    for deal in over["deals"]:
        for part in ("steps", "hands", "record"):
            seen.append(ask("get", f"/api/tables/{tid}/deals/{deal['deal_no']}/{part}"))
    return seen


def played_on(steps: list[int]) -> set[int]:
    """The decisions whose tried tables are also played out and dealt on (the first, one in the
    middle and the last: playing on from every one would take minutes, and each table deals on from
    its own seed whatever the step)."""
    return {steps[0], steps[len(steps) // 2], steps[-1]} if steps else set()


@pytest.mark.slow
@pytest.mark.parametrize("game", games(), indirect=True)
def test_trying_every_decision_shows_nothing_of_the_live_deal(tmp_path: Path, game: str) -> None:
    with api_client(tmp_path, create_burst=1000) as client:  # a table per decision tried
        tid = client.post("/api/tables", json={"game": game, "level": "easy"}).json()["id"]
        over = play_deal(client, tid, random.Random(3))
        finished = over["deals"][-1]["deal_no"]
        steps = client.get(f"/api/tables/{tid}/deals/{finished}/steps").json()
        record = client.get(f"/api/tables/{tid}/deals/{finished}/record").json()
        dealt = client.post(f"/api/tables/{tid}/next-deal", json={"seq": over["seq"]})
        assert dealt.status_code == 200, dealt.text
        wait_for_human(client, tid)
        secret, live, many = live_hands(client, tid), live_deal(client, tid), hands_are_many(game)

        def ask(method: str, url: str, body: JSON | None = None) -> Any:
            reply = client.get(url) if method == "get" else client.post(url, json=body or {})
            assert reply.status_code < 300, (url, reply.text)
            return reply.json()

        tried = 0
        mine = decisions(steps, record, 0)
        for step in mine:
            reply = client.post(f"/api/tables/{tid}/deals/{finished}/try", json={"step": step})
            if reply.status_code == 400 and reply.json()["error"]["code"] == "not-a-decision":
                continue  # a single legal move there, once the engine's forced moves are counted
            assert reply.status_code == 201, reply.text
            table = reply.json()
            assert table["origin"] == {"table": tid, "deal_no": finished, "step": step}
            assert not shows_the_live_deal(table, secret, live, many)
            if step in played_on(mine):
                answers = answers_of_a_tried_table(ask, table, random.Random(step))
                for answer in answers:
                    assert not shows_the_live_deal(answer, secret, live, many), (step, answer)
                # what is compared is there: hands, or where hands are few whole deals (``/hands``)
                assert any(code_lists(a) if many else deals_shown(a, len(live)) for a in answers)
            tried += 1
        # every decision of seat 0's that is one (two where the deal has them, a single one where
        # seat 0 decides once a deal: a set of all its tiles at once)
        assert tried >= min(2, len(mine)) and mine
        assert live_hands(client, tid) == secret  # the live table is untouched


@pytest.mark.slow
@pytest.mark.parametrize("game", games(), indirect=True)
def test_a_guest_tries_their_own_decision_from_their_own_seat(tmp_path: Path, game: str) -> None:
    with api_client(tmp_path, create_burst=1000) as client:  # a table per decision tried
        tid, (host, guest), _ = shared_table(client, game, 2)
        over = play_together([host, guest], tid, random.Random(4), lambda *_: None)
        finished = over["deals"][-1]["deal_no"]
        steps = guest.get(f"/api/tables/{tid}/deals/{finished}/steps").json()
        record = guest.get(f"/api/tables/{tid}/deals/{finished}/record").json()
        dealt = host.post(f"/api/tables/{tid}/next-deal", {"seq": over["seq"]})
        assert dealt.status_code == 200, dealt.text
        while host.get(f"/api/tables/{tid}").json()["status"] == "bots":
            time.sleep(0.002)  # until a person is to play: the live deal then waits for them
        secret, live, many = live_hands(client, tid), live_deal(client, tid), hands_are_many(game)

        def ask(method: str, url: str, body: JSON | None = None) -> Any:
            reply = guest.get(url) if method == "get" else guest.post(url, body)
            assert reply.status_code < 300, (url, reply.text)
            return reply.json()

        seat = guest.seat  # the game's first invited seat
        assert seat is not None
        mine = decisions(steps, record, seat)
        assert mine
        for step in mine:
            reply = guest.post(f"/api/tables/{tid}/deals/{finished}/try", {"step": step})
            if reply.status_code == 400 and reply.json()["error"]["code"] == "not-a-decision":
                continue
            assert reply.status_code == 201, reply.text
            table = reply.json()
            # the guest's own seat and pieces, at their turn, the AI everywhere else
            assert table["seat"] == seat and table["status"] == "human"
            assert table["view"]["hand"] == steps[step]["view"]["hand"]
            assert [p["kind"] for p in table["people"]] == [
                "host" if p["seat"] == seat else "ai" for p in table["people"]
            ]
            # the host has no seat at the guest's table
            assert host.get(f"/api/tables/{table['id']}").status_code == 404
            assert not shows_the_live_deal(table, secret, live, many)
            if step == mine[-1]:  # played out and dealt on (the test above does so from three steps)
                for answer in answers_of_a_tried_table(ask, table, random.Random(step)):
                    assert not shows_the_live_deal(answer, secret, live, many), (step, answer)
        # the guest's history shows their own seat's result
        rows = [r for r in guest.get("/api/history").json() if r["table"] == tid]
        assert rows and all(r["seat"] == seat for r in rows)
        assert live_hands(client, tid) == secret


def test_the_browser_holds_the_seat_it_tried_from_and_no_other(tmp_path: Path) -> None:
    with api_client(tmp_path, create_burst=1000) as client:  # a table per decision tried
        stranger = Browser(client)
        tid = client.post("/api/tables", json={"game": game_ids()[0], "level": "easy"}).json()["id"]
        over = play_deal(client, tid, random.Random(8))
        deal_no = over["deals"][-1]["deal_no"]
        steps = client.get(f"/api/tables/{tid}/deals/{deal_no}/steps").json()
        step = decisions(steps, client.get(f"/api/tables/{tid}/deals/{deal_no}/record").json(), 0)[-1]
        reply = client.post(f"/api/tables/{tid}/deals/{deal_no}/try", json={"step": step})
        assert reply.status_code == 201, reply.text
        table = reply.json()
        assert table["seat"] == 0 and table["people"][0]["kind"] == "host"
        assert "deal_seed" not in str(table) and "seed" not in table["origin"]
        # another browser (its own cookie; it clears the shared client's jar) holds no seat there
        assert stranger.post(f"/api/tables/{tid}/deals/{deal_no}/try", {"step": step}).status_code == 404
