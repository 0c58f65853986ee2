"""Gaple's web part, registered here if the registry does not list it yet: its entry passes the
check, its pages render, a deal is played through the API against the bots, and its catalogs hold
every message it shows and nothing else, in every language."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import AbstractContextManager, nullcontext
from typing import Any

import pytest
from api_test_support import wait_for_human
from extract_messages import all_messages, domain_of
from fastapi.testclient import TestClient

from cardavia.games.registry import GameEntry, game_ids, registered
from cardavia.i18n.catalogs import LOCALE_DIR, read_catalog
from cardavia.i18n.languages import DEFAULT, LANGUAGES
from cardavia.web.app import create_app
from cardavia.web.entries import check_entry

ENTRY = GameEntry("gaple", "cardavia.games.gaple", "cardavia.bots.gaple", "cardavia.web.games.gaple")
SLUG = "indonesian-dominoes"
WRITTEN = tuple(lang.code.replace("-", "_") for lang in LANGUAGES if lang.code != DEFAULT)  # all but English
JSON = dict[str, Any]


def gaple() -> AbstractContextManager[Any]:
    """Gaple registered for a while, unless the registry lists it already."""
    return nullcontext() if "gaple" in game_ids() else registered(ENTRY)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with gaple():
        app = create_app(
            f"sqlite:///{tmp_path_factory.mktemp('gaple') / 'gaple.db'}",
            pace_ms=0,
            bot_workers=0,
            min_step_ms=0,
        )
        seeds = iter(range(11, 10**6))
        app.state.cardavia.service.new_seed = lambda: next(seeds)  # repeatable tables
        with TestClient(app) as test_client:
            yield test_client


def test_the_entry_is_whole_catalogs_included() -> None:
    with gaple():
        check_entry(ENTRY)


@pytest.mark.parametrize("lang", WRITTEN)
def test_its_catalogs_hold_every_message_it_shows_and_nothing_else(lang: str) -> None:
    with gaple():
        wanted = {m.key: m for m in all_messages() if domain_of(m) in ("gaple", "pack-double_six")}
    assert len(wanted) > 150
    found: dict[tuple[str, str], Any] = {}
    for stem in ("gaple", "pack-double_six"):
        for entry in read_catalog(LOCALE_DIR / lang / "LC_MESSAGES" / f"{stem}.po"):
            if entry.id:
                found[(entry.context or "", entry.id if isinstance(entry.id, str) else entry.id[0])] = entry
    assert sorted(set(wanted) - set(found)) == []
    assert sorted(set(found) - set(wanted)) == []
    placeholder = re.compile(r"%\(\w+\)s|\{\w+\}")
    for key, entry in found.items():
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert all(s.strip() for s in strings) and not entry.fuzzy, key
        expected = set(placeholder.findall(key[1]))
        for s in strings:
            assert set(placeholder.findall(s)) <= expected | set(
                placeholder.findall(wanted[key].plural or "")
            ), key


def _page_data(html: str) -> JSON:
    found = re.search(r'id="table-data">(.*?)</script>', html, re.S)
    assert found is not None
    data: JSON = json.loads(found[1])
    return data


@pytest.mark.parametrize("lang", ["en", *WRITTEN])
def test_the_catalogue_tradition_rules_and_table_pages_render(client: TestClient, lang: str) -> None:
    home = client.get("/", params={"lang": lang})
    assert home.status_code == 200 and f'href="/traditions/{SLUG}"' in home.text
    for path in (f"/traditions/{SLUG}", f"/traditions/{SLUG}/rules", f"/traditions/{SLUG}/table"):
        reply = client.get(path, params={"lang": lang})
        assert reply.status_code == 200, path
        # the table's texts for its script are templates (JSON): the page's own words are filled
        text = re.sub(r"<script[^>]*>.*?</script>", "", reply.text, flags=re.S)
        assert not re.search(r"%\(\w+\)s", text), path  # no placeholder left unfilled
        assert 'id="double-six-3-5"' in text and 'id="double-six-back"' in text  # the sprite
        assert "%(" not in text and "{tile" not in text
        assert "style=" not in text
    rules = client.get(f"/traditions/{SLUG}/rules", params={"lang": lang}).text
    assert rules.count('class="gp-rules-line"') == 5  # the worked deals' lines, drawn
    if lang == "id":
        assert "Domino Indonesia" in home.text and "balak kosong" in rules and "habis" in rules
    table = client.get(f"/traditions/{SLUG}/table", params={"lang": lang}).text
    data = _page_data(table)
    assert data["game"] == "gaple" and len(data["pieces"]) == 28
    assert 'id="act-play"' in table and 'id="act-left"' in table and 'id="act-next"' in table


def _play(client: TestClient, table: JSON) -> JSON:
    """Play the human's seat to the end of the deal: the first legal action each turn."""
    for _ in range(60):
        table = wait_for_human(client, table["id"])
        if table["status"] == "over":
            return table
        action = table["view"]["legal"][0]
        reply = client.post(
            f"/api/tables/{table['id']}/actions", json={"seq": table["seq"], "action": action}
        )
        assert reply.status_code == 200, reply.text
        table = reply.json()
    raise AssertionError("the deal did not end")


def test_a_deal_against_the_bots_and_the_next_one_carries_the_match(client: TestClient) -> None:
    created = client.post("/api/tables", json={"game": "gaple", "level": "normal"})
    assert created.status_code == 201, created.text
    table = _play(client, created.json())
    result = table["view"]["result"]
    assert result["finished"] and result["end"] in ("out", "blocked") and not result["annulled"]
    assert sum(result["points"]) == sum(c for s, c in enumerate(result["counts"]) if s != result["winner"])
    # a tile that fits no end is refused with the rule's reason, the table unchanged
    nxt = client.post(f"/api/tables/{table['id']}/next-deal", json={"seq": table["seq"]})
    assert nxt.status_code == 200, nxt.text
    table = wait_for_human(client, nxt.json()["id"])
    view = table["view"]
    assert table["series"]["scores"] == result["scores"] and table["series"]["to"] == 201
    if view["ends"] is not None and view["legal"] and view["legal"][0]["do"] == "play":
        playable = {a["tile"] for a in view["legal"]}
        wrong = next((c for c in view["hand"] if c not in playable), None)
        if wrong is not None:
            reply = client.post(
                f"/api/tables/{table['id']}/actions",
                json={"seq": table["seq"], "action": {"do": "play", "tile": wrong}},
            )
            assert reply.status_code == 422 and reply.json()["error"]["code"] == "no-match"
    hint = client.get(f"/api/tables/{table['id']}/hint")
    assert hint.status_code == 200


def test_the_next_deal_starts_from_the_match_score(client: TestClient) -> None:
    created = client.post("/api/tables", json={"game": "gaple", "level": "easy"})
    table = _play(client, created.json())
    result = table["view"]["result"]
    nxt = client.post(f"/api/tables/{table['id']}/next-deal", json={"seq": table["seq"]})
    view = wait_for_human(client, nxt.json()["id"])["view"]
    assert view["scores"] == result["scores"] and not view["first"]


def test_indonesian_readers_are_offered_it_first(client: TestClient) -> None:
    with gaple():
        html = client.get("/", params={"lang": "id"}).text
        first = re.search(r'href="/traditions/([\w-]+)"', html)
        assert first is not None and first[1] == SLUG
        english = client.get("/", params={"lang": "en"}).text
        assert english.index(f'href="/traditions/{SLUG}"') > english.index('href="/traditions/')
