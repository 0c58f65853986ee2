"""A tradition may offer several games: a second toy game joins the toy's tradition by its slug.

The tradition's texts are declared once (by its first game); the tradition page lists every game
in its Play section and gives each its own rules; the catalogue shows the tradition once with a
button a game; a joining game's pages live under /traditions/<slug>/<game>/, the first game keeping
its short URLs (docs/adding-a-game.md, "A tradition with several games").
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardavia.games.registry import GameEntry, registered
from cardavia.web import pages, table_data
from cardavia.web.app import create_app
from cardavia.web.content import Msg, Tradition
from cardavia.web.entries import BadEntry, check_entry
from toy import ENTRY
from toy.bots import BOTS
from toy.engine import GAME
from toy.web import WEB

SLUG = "toy-high-card"
SECOND = "toy-low"


def _second(tradition: Tradition | str = SLUG) -> types.ModuleType:
    """A module holding a second toy game: the toy's parts, its own id and name, joining ``tradition``."""
    module = types.ModuleType("toy_low_parts")
    module.GAME = type("ToyLow", (type(GAME),), {"name": SECOND})()  # type: ignore[attr-defined]
    module.BOTS = dict(BOTS)  # type: ignore[attr-defined]
    page = dataclasses.replace(
        WEB.page,
        game=SECOND,
        game_name=Msg("toy game name", "Low Card"),
        tagline=Msg("toy tagline", "Keep your lowest piece for the last round."),
        summary_template=f"content/{SECOND}/summary.html",
        full_rules_template=f"content/{SECOND}/full.html",
    )
    module.WEB = dataclasses.replace(  # type: ignore[attr-defined]
        WEB, tradition=tradition, page=page, controls=f"content/{SECOND}/table/controls.html"
    )
    return module


SECOND_ENTRY = GameEntry(SECOND, "toy_low_parts", "toy_low_parts", "toy_low_parts")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    sys.modules["toy_low_parts"] = _second()
    try:
        with registered(ENTRY), registered(SECOND_ENTRY):
            app = create_app(
                f"sqlite:///{tmp_path_factory.mktemp('two') / 'two.db'}", pace_ms=0, bot_workers=0
            )
            with TestClient(app) as test_client:
                yield test_client
    finally:
        del sys.modules["toy_low_parts"]


def _data(html: str) -> dict[str, Any]:
    found = re.search(r'id="table-data">(.*?)</script>', html, re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found[1])
    return data


def test_the_tradition_is_listed_once_with_both_games(client: TestClient) -> None:
    offered = [t for t in pages.traditions() if t.tradition.slug == SLUG]
    assert len(offered) == 1 and [w.game for w in offered[0].games] == ["toy", SECOND]
    html = client.get("/", params={"lang": "en"}).text
    assert html.count(f'<h2><a href="/traditions/{SLUG}">') == 1
    assert f'href="/traditions/{SLUG}/table">Play High Card</a>' in html
    assert f'href="/traditions/{SLUG}/{SECOND}/table">Play Low Card</a>' in html


def test_the_tradition_page_offers_every_game_with_its_rules_and_table(client: TestClient) -> None:
    html = client.get(f"/traditions/{SLUG}", params={"lang": "en"}).text
    play = html[html.index('id="play-heading"') : html.index('id="friends-heading"')]
    assert '<h3 id="play-toy-heading">High Card</h3>' in play and ">Low Card</h3>" in play
    assert "Keep your lowest piece for the last round." in play  # each game's own Play line
    assert (
        f'action="/traditions/{SLUG}/table"' in play and f'action="/traditions/{SLUG}/{SECOND}/table"' in play
    )
    assert f'href="/traditions/{SLUG}/{SECOND}/rules"' in play
    # every radio note's id is unique on the page (one level choice a game)
    ids = re.findall(r'id="([^"]+)"', html)
    assert len(ids) == len(set(ids))
    # one rules section a game, each headed by its name
    assert "Rules of High Card</h2>" in html and "Rules of Low Card</h2>" in html
    # the friends' table asks which game, each option saying where its table is
    assert f'<option value="{SECOND}" data-path="/traditions/{SLUG}/{SECOND}">Low Card</option>' in html
    # the tradition's texts once, from the game that declares it
    assert html.count("A set of twelve numbered squares") == 1


def test_each_game_has_its_urls_and_the_old_ones_still_work(client: TestClient) -> None:
    first = client.get(f"/traditions/{SLUG}/table", params={"lang": "en"})
    assert first.status_code == 200 and _data(first.text)["game"] == "toy"
    assert _data(first.text)["path"] == f"/traditions/{SLUG}"
    again = client.get(f"/traditions/{SLUG}/toy/table", params={"lang": "en"})
    assert again.status_code == 200 and _data(again.text)["game"] == "toy"
    second = client.get(f"/traditions/{SLUG}/{SECOND}/table", params={"lang": "en"})
    assert second.status_code == 200
    data = _data(second.text)
    assert (data["game"], data["slug"], data["path"]) == (SECOND, SLUG, f"/traditions/{SLUG}/{SECOND}")
    assert "Low Card table" in second.text and f'href="/traditions/{SLUG}/{SECOND}/rules"' in second.text
    rules = client.get(f"/traditions/{SLUG}/{SECOND}/rules", params={"lang": "en"})
    assert rules.status_code == 200 and "Full rules of Low Card" in rules.text
    assert (
        client.get(f"/traditions/{SLUG}/rules", params={"lang": "en"}).text.count("Full rules of High Card")
        >= 1
    )
    replay = client.get(f"/traditions/{SLUG}/{SECOND}/replay/t_example/1")
    assert replay.status_code == 200 and _data(replay.text)["game"] == SECOND
    for path in (
        f"/traditions/{SLUG}/nope/rules",
        f"/traditions/{SLUG}/tien-gow/table",
        f"/traditions/nope/{SECOND}/rules",
    ):
        assert client.get(path).status_code == 404, path


def test_the_history_knows_where_each_game_lives(client: TestClient) -> None:
    games = table_data.history_data("en", pages.traditions())["games"]
    assert games["toy"]["path"] == f"/traditions/{SLUG}"
    assert games[SECOND] == {"name": "Low Card", "slug": SLUG, "path": f"/traditions/{SLUG}/{SECOND}"}


@pytest.mark.parametrize(
    ("tradition", "problem"),
    [
        ("no-such-tradition", "joins the tradition 'no-such-tradition', which no registered game declares"),
        # declaring a tradition another game declares is refused: join it by its slug
        (WEB.tradition, "is declared by 'toy' too: join it by its slug"),
    ],
)
def test_a_game_joins_only_a_tradition_declared_once(
    client: TestClient, tradition: Any, problem: str
) -> None:
    joined = sys.modules["toy_low_parts"]
    sys.modules["toy_low_parts"] = _second(tradition)
    try:
        with pytest.raises(BadEntry, match=re.escape(problem)):
            check_entry(SECOND_ENTRY, catalogs=False)
    finally:
        sys.modules["toy_low_parts"] = joined
    check_entry(SECOND_ENTRY, catalogs=False)  # as registered: whole
