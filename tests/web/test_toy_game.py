"""A game registered only here (tests/toy/) is a whole game of the site: catalogue, pages, API, bots.

Nothing outside the toy's own folders changes for it (docs/adding-a-game.md): the registry is the
one list of games, and every layer (the API's game ids, the pages, the templates, the static
files, the bots) reads it when the app is built or on each request.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from api_test_support import wait_for_human
from fastapi.testclient import TestClient

from cardavia.bots.base import LEVELS
from cardavia.games.registry import game_ids, registered
from cardavia.web.app import create_app
from cardavia.web.entries import BadEntry, check_entry
from cardavia.web.game_parts import GameWeb
from toy import ENTRY
from toy.bots import BOTS
from toy.engine import CODES, GAME
from toy.web import WEB

SLUG = "toy-high-card"
JSON = dict[str, Any]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with registered(ENTRY):
        # the toy's own bots think (in this process: a worker process would not know the toy)
        app = create_app(
            f"sqlite:///{tmp_path_factory.mktemp('toy') / 'toy.db'}",
            pace_ms=0,
            bot_workers=0,
            min_step_ms=0,
        )
        seeds = iter(range(7, 10**6))
        app.state.cardavia.service.new_seed = lambda: next(seeds)  # repeatable tables
        with TestClient(app) as test_client:
            yield test_client
    assert "toy" not in game_ids()


def _page_data(html: str) -> JSON:
    found = re.search(r'id="table-data">(.*?)</script>', html, re.S)
    assert found is not None
    data: JSON = json.loads(found[1])
    return data


def test_the_catalogue_lists_the_toy(client: TestClient) -> None:
    html = client.get("/").text
    assert f'href="/traditions/{SLUG}"' in html
    assert "Toy pieces" in html and "Play High Card" in html
    assert '<use href="#toy-6"/>' in html and 'id="toy-back"' in html  # its samples and its sprite


def test_its_tradition_and_rules_pages_render(client: TestClient) -> None:
    tradition = client.get(f"/traditions/{SLUG}")
    assert tradition.status_code == 200
    assert "A set of twelve numbered squares" in tradition.text  # its description template
    assert "The six values, each twice in the set" in tradition.text  # its pieces' caption
    assert all(f'<use href="#toy-{code}"/>' in tradition.text for code in CODES)
    assert '<option value="1">1</option><option value="2">2</option></select>' in tradition.text  # 3 seats
    rules = client.get(f"/traditions/{SLUG}/rules", params={"lang": "nb"})
    assert rules.status_code == 200
    assert "A tie for the most rounds is a drawn deal" in rules.text  # its full rules template


def test_its_table_page_loads_its_own_script_style_and_controls(client: TestClient) -> None:
    html = client.get(f"/traditions/{SLUG}/table", params={"lang": "en"}).text
    assert 'id="act-play"' in html and 'id="act-next"' in html  # its controls partial
    assert 'class="table-body game-toy"' in html
    data = _page_data(html)
    assert data["game"] == "toy"
    assert data["pieces"]["6"] == "Six" and data["points"]["6"] == 6  # from the engine's pieces
    assert data["errors"]["not-in-hand"] == "You hold no {piece}."  # the engine's messages
    assert data["hints"]["cheapest-win"].startswith("{piece} is the lowest")  # the bots' messages
    assert data["text"]["played"] == "%(name)s played %(piece)s."  # its own texts beside COMMON
    assert data["text"]["your_turn"] == "Your turn"
    # what it does not say in its own words, the shared texts say (docs/adding-a-game.md)
    assert data["text"]["piece_label"] == data["text"]["piece_text"] == "%(name)s"
    assert data["text"]["deal_no"] == "Deal %(num)s" and "drawn" in data["text"]
    script = client.get(data["module"])
    assert script.status_code == 200 and script.headers["content-type"].startswith("text/javascript")
    assert "export default function createToy" in script.text
    style = re.search(r'<link rel="stylesheet" href="(/static/games/toy/toy\.[0-9a-f]{12}\.css)">', html)
    assert style is not None
    assert ".game-toy " in client.get(style[1]).text  # its rules, under its class
    replay = client.get(f"/traditions/{SLUG}/replay/t_example/1")
    assert replay.status_code == 200 and _page_data(replay.text)["piece_kind"] == "toy"


def test_the_api_accepts_its_id_and_names_it_in_the_schema(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert "toy" in schema["components"]["schemas"]["CreateTableIn"]["properties"]["game"]["enum"]
    refused = client.post("/api/tables", json={"game": "toys"})
    assert refused.status_code == 422
    assert refused.json()["error"]["params"]["errors"][0]["loc"] == ["body", "game"]


def test_a_whole_deal_against_its_bots(client: TestClient) -> None:
    created = client.post("/api/tables", json={"game": "toy", "level": "hard"})
    assert created.status_code == 201, created.text
    table_id = created.json()["id"]
    table = wait_for_human(client, table_id)
    human_turns = 0
    while table["status"] == "human" and table["deal_no"] == 1:
        view = table["view"]
        assert len(view["hand"]) == 3 - human_turns and view["to_act"] == 0
        assert set(view) >= {"hand_sizes", "played"} and "hands" not in view  # the others' pieces stay hidden
        # what the engine refuses, the API refuses, and nothing changes
        absent = next(code for code in CODES if code not in view["hand"])
        refused = client.post(
            f"/api/tables/{table_id}/actions", json={"seq": table["seq"], "action": {"piece": absent}}
        )
        assert refused.status_code == 422
        assert refused.json()["error"]["code"] == "not-in-hand"
        malformed = client.post(
            f"/api/tables/{table_id}/actions", json={"seq": table["seq"], "action": {"piece": "9"}}
        )
        assert malformed.json()["error"]["code"] == "bad-action"
        assert client.get(f"/api/tables/{table_id}").json()["seq"] == table["seq"]
        # the hint is the toy's normal bot's, with its reason
        hint = client.get(f"/api/tables/{table_id}/hint").json()
        assert hint["reason"]["id"] == "highest" and hint["action"] in view["legal"]
        played = client.post(
            f"/api/tables/{table_id}/actions", json={"seq": table["seq"], "action": view["legal"][0]}
        )
        assert played.status_code == 200, played.text
        human_turns += 1
        table = wait_for_human(client, table_id)
    assert human_turns == 3
    assert table["status"] == "over" or table["deal_no"] == 2  # a drawn deal is dealt again at once
    first = table["deals"][0]
    assert table["seq"] >= 9 and sum(first["result"]["deltas"]) == 0
    # the bots played every other seat: 9 plays in the first deal, 3 of them seat 0's
    steps = client.get(f"/api/tables/{table_id}/deals/1/steps").json()
    assert [step["seat"] for step in steps[1:]].count(0) == 3 and len(steps) == 10
    # history and the downloadable record, which the engine replays to the same result
    history = client.get("/api/history").json()
    assert any(item["table"] == table_id and item["game"] == "toy" for item in history)
    download = client.get(f"/api/tables/{table_id}/deals/1/record")
    assert download.status_code == 200 and "attachment" in download.headers["content-disposition"]
    deal, actions = GAME.deal_from_record(download.json())
    for action in actions:
        deal.apply(action)
    assert deal.result() == first["result"]
    assert client.get("/history").status_code == 200


def test_the_adding_a_game_page_lists_what_the_toy_provides() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    # every part of a game's web package is on the page, and the toy gives each one
    for part in dataclasses.fields(GameWeb):
        assert f"`{part.name}`" in page, part.name
        assert getattr(WEB, part.name) is not None
    # the engine's, the bots' and the web package's exports, as the toy has them
    for name, value in (("GAME", GAME), ("BOTS", BOTS), ("WEB", WEB)):
        assert f"`{name}`" in page and value is not None
    assert set(BOTS) == set(LEVELS) and all(f"`{level}`" in page for level in LEVELS)
    deal = GAME.new_deal(1)
    for question in ("new_deal", "outcome", "forced_action", "redact", "outcome_of"):
        assert f"`{question}`" in page and (hasattr(GAME, question) or hasattr(deal, question))
    assert "tests/toy/" in page


def test_a_game_says_which_seats_friends_are_invited_to(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def invited(friends: int) -> tuple[list[int], list[str]]:
        created = client.post("/api/tables", json={"game": "toy", "level": "easy", "friends": friends})
        assert created.status_code == 201, created.text
        body = created.json()
        return [i["seat"] for i in body["invites"]], [p["kind"] for p in body["people"]]

    # by default seats 1, 2, … in turn
    assert invited(1) == ([1], ["host", "open", "ai"])
    # a game whose profile declares its order (a partnership game: the partner first) is followed
    monkeypatch.setattr(GAME, "profile", dataclasses.replace(GAME.profile, invite_order=(2, 1)))
    assert invited(1) == ([2], ["host", "ai", "open"])
    assert invited(2)[0] == [2, 1]  # the links in that order too: the host sends the partner's first
    # an order that is not the other seats once each is the entry's mistake, said in one line
    monkeypatch.setattr(GAME, "profile", dataclasses.replace(GAME.profile, invite_order=(2, 2)))
    with pytest.raises(BadEntry, match="invite_order"):
        check_entry(ENTRY, catalogs=False)


def test_a_game_may_score_its_deals_together(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    created = client.post("/api/tables", json={"game": "toy", "level": "easy"}).json()
    assert created["series"] is None  # the toy keeps no series
    monkeypatch.setattr(GAME, "profile", dataclasses.replace(GAME.profile, series=True))
    monkeypatch.setattr(GAME, "series", lambda results: {"deals": len(results)}, raising=False)
    table = wait_for_human(client, created["id"])
    assert table["series"] == {"deals": len(table["deals"])}
    while table["status"] == "human" and not table["deals"]:
        view = table["view"]
        client.post(
            f"/api/tables/{created['id']}/actions", json={"seq": table["seq"], "action": view["legal"][0]}
        )
        table = wait_for_human(client, created["id"])
    assert table["deals"] and table["series"] == {"deals": len(table["deals"])}
