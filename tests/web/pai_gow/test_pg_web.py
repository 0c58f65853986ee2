"""Pai Gow on the site: it joins the Chinese-dominoes tradition beside the game that declares it,
with its rules (the sixteen pairs drawn), its table's controls and texts, and a view the table can
show without working out a rule (each split's hands named by the engine, the reveal's reasons)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from api_test_support import api_client, wait_for_human
from fastapi.testclient import TestClient

from cardavia.games.registry import GameEntry, game_ids, registered
from cardavia.web import pages
from cardavia.web.games.pai_gow import WEB
from cardavia.web.games.pai_gow.texts import TEXTS

ENTRY = GameEntry("pai-gow", "cardavia.games.pai_gow", "cardavia.bots.pai_gow", "cardavia.web.games.pai_gow")
SLUG = "chinese-dominoes"
BASE = f"/traditions/{SLUG}/pai-gow"
STATIC = Path(WEB.static)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with ExitStack() as stack:
        if "pai-gow" not in game_ids():  # registered in the registry once the game is whole
            stack.enter_context(registered(ENTRY))
        yield stack.enter_context(api_client(tmp_path_factory.mktemp("pg"), pages=True))


def _data(html: str) -> dict[str, Any]:
    found = re.search(r'id="table-data">(.*?)</script>', html, re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found[1])
    return data


def test_it_joins_the_chinese_dominoes_after_the_game_that_declares_it(client: TestClient) -> None:
    offered = next(t for t in pages.traditions() if t.tradition.slug == SLUG)
    assert offered.games[-1].game == "pai-gow" and offered.first.game != "pai-gow"
    html = client.get(f"/traditions/{SLUG}", params={"lang": "en"}).text
    assert '<h3 id="play-pai-gow-heading">Pai Gow</h3>' in html and "Split four tiles into two hands" in html
    assert f'action="{BASE}/table"' in html and f'href="{BASE}/rules"' in html
    assert "Rules of Pai Gow</h2>" in html and "Setting your hands" in html
    catalogue = client.get("/", params={"lang": "en"}).text
    assert f'href="{BASE}/table">Play Pai Gow</a>' in catalogue


def test_its_rules_draw_the_sixteen_pairs_and_say_each_rule(client: TestClient) -> None:
    html = client.get(f"{BASE}/rules", params={"lang": "en"}).text
    table = html[
        html.index('class="tile-ranks pair-ranks"') : html.index("</table>", html.index("pair-ranks"))
    ]
    rows = re.findall(r"<tr>\s*<td>(\d+)</td>\s*<td>(.*?)</td>", table, re.S)
    assert [int(rank) for rank, _ in rows] == list(range(1, 17))
    # each pair as two tile pictures, each named by its code and its name
    assert all(
        len(re.findall(r'<svg class="piece tile" role="img" aria-label="\d-\d ', cell)) == 2
        for _, cell in rows
    )
    assert 'aria-label="2-4 Big Six"' in rows[0][1] and 'aria-label="1-2 Little Three"' in rows[0][1]
    for said in (
        "Wong",
        "Gong",
        "counts 3 or 6",
        "A copy, two equal hands, goes to the banker",
        "Zero-zero",
        "passes to the player on the banker",
        "points only, never for money",
    ):
        assert said in html, said


def test_its_table_page_has_its_controls_script_and_texts(client: TestClient) -> None:
    html = client.get(f"{BASE}/table", params={"lang": "en"}).text
    assert 'id="act-set"' in html and 'id="act-auto"' in html and 'id="act-hint"' in html
    assert ">Set</button>" in html and ">Set for me</button>" in html
    assert 'class="table-body game-pai-gow"' in html
    data = _data(html)
    assert (data["game"], data["path"]) == ("pai-gow", BASE)
    assert data["text"]["hand_pair"] == "%(name)s pair" and data["text"]["deciding"] == "deciding…"
    assert data["pieces"]["6-6"] == "Heaven"
    # every text the script asks for is in the page data, and every text of the game is asked for
    script = (STATIC / WEB.script).read_text(encoding="utf-8")
    asked = set(re.findall(r'\bts?\("([a-z_]+)"', script))
    assert asked - set(data["text"]) == set()
    built = ("_you", "hand_pair_", "result_")  # a seat's own form; names the script puts together
    # read by table.js: seat names, a tile's name, the deal's number, the deal's end
    shared = {"east", "north", "west", "piece_label", "piece_text", "deal_no", "over_summary", "deal_won"}
    unused = [
        k for k in TEXTS if f'"{k}"' not in script and k not in shared and not any(b in k for b in built)
    ]
    assert unused == []


def test_a_deal_through_the_api_names_every_split_and_every_reason(client: TestClient) -> None:
    table = client.post("/api/tables", json={"game": "pai-gow", "level": "normal"}).json()
    table = wait_for_human(client, table["id"])
    view = table["view"]
    assert table["status"] == "human" and len(view["legal"]) == len(view["choices"]) >= 2
    for legal, choice in zip(view["legal"], view["choices"], strict=True):
        assert sorted(legal["hand"]) in (sorted(choice["high"]["tiles"]), sorted(choice["low"]["tiles"]))
    # Set for me: the hint is Normal's set, one of the legal ones
    hint = client.get(f"/api/tables/{table['id']}/hint").json()
    assert sorted(hint["action"]["hand"]) in [sorted(legal["hand"]) for legal in view["legal"]]
    reply = client.post(
        f"/api/tables/{table['id']}/actions", json={"seq": table["seq"], "action": hint["action"]}
    )
    assert reply.status_code == 200, reply.text
    done = wait_for_human(client, table["id"])
    assert done["status"] == "over"
    shown = done["view"]
    assert shown["own"] is not None and len(shown["showings"]) == 4
    reasons = {"beat", "beaten", "beat-tile", "beaten-tile", "copy", "zero-zero"}
    for show in shown["showings"]:
        banker = show["seat"] == shown["banker"]
        assert (show["result"] is None) == banker
        assert all((show[side]["why"] is None) == banker for side in ("high", "low"))
        assert banker or {show["high"]["why"], show["low"]["why"]} <= reasons
    assert done["deals"][-1]["result"]["banker"] == shown["banker"]
    assert sum(done["deals"][-1]["returns"]) == 0
