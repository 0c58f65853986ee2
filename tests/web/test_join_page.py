"""The invite link's page: it shows *Take this seat* without using the link up; a link that is not
open is the site's 404 page; the token stays out of the log."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from api_test_support import api_client
from fastapi.testclient import TestClient

from cardavia.games.protocol import teams_of
from cardavia.games.registry import game_ids, get_game
from cardavia.games.seats import invite_order


def test_the_join_page_offers_the_seat_and_a_dead_link_is_404(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with api_client(tmp_path, pages=True) as client:
        created = client.post("/api/tables", json={"game": "cherki", "friends": 2}).json()
        url = created["invites"][0]["url"]
        token = url.rsplit("/", 1)[1]
        client.cookies.clear()
        for lang in ("en", "zh-Hans"):
            page = client.get(f"/join/{token}?lang={lang}")
            assert page.status_code == 200 and 'id="join-form"' in page.text
            assert page.headers["cache-control"] == "no-store"
        assert "Take this seat" in client.get(f"/join/{token}?lang=en").text
        joined = client.post(f"/api/join/{token}", json={"name": "Ann"})  # looking did not use it up
        assert joined.status_code == 200 and joined.json()["seat"] == 1
        # Ann opens her link again (from the chat it came in): it leads back to her seat...
        again = client.get(f"/join/{token}?lang=en")
        assert again.status_code == 200 and 'id="join-form"' not in again.text
        assert f'data-table="{joined.json()["id"]}"' in again.text and "Back to your seat" in again.text
        # ...and nobody else's browser finds anything there
        ann = dict(client.cookies)
        client.cookies.clear()
        assert client.get(f"/join/{token}").status_code == 404
        assert client.get("/join/nothing-here").status_code == 404
        client.cookies.update(ann)
        friends = client.get("/traditions/cherki?lang=en").text
        assert 'id="friends-form"' in friends
        assert (
            friends.count('<option value="1">') == 1 and '<option value="3">' not in friends
        )  # 2 friends at most
    # the server's own log lines (the test client's request lines are the test's, not the server's)
    server_lines = [r.getMessage() for r in caplog.records if not r.name.startswith(("httpx", "httpcore"))]
    assert not any(token in line for line in server_lines)


def test_the_join_page_says_on_which_side_of_the_host_a_partnership_seat_plays(tmp_path: Path) -> None:
    # a partnership game's links: the host's partner first, then the opponents (the game's order)
    game = next(g for g in game_ids() if any(len(team) > 1 for team in teams_of(get_game(g))))
    teams = teams_of(get_game(game))
    with api_client(tmp_path, pages=True) as client:
        created = client.post("/api/tables", json={"game": game, "friends": 3}).json()
        seats = [invite["seat"] for invite in created["invites"]]
        assert seats == list(invite_order(get_game(game)))
        client.cookies.clear()
        for invite in created["invites"]:
            page = client.get(f"/join/{invite['url'].rsplit('/', 1)[1]}?lang=en").text
            partner = any(invite["seat"] in team and 0 in team for team in teams)
            assert ("as the partner of the friend who invited you" in page) == partner, invite
            assert ("you play against the friend who invited you" in page) == (not partner), invite
        assert any(
            invite["seat"] in team and 0 in team for team in teams for invite in created["invites"][:1]
        )
        # where everyone plays for themselves the page says neither
        alone = next(g for g in game_ids() if all(len(team) == 1 for team in teams_of(get_game(g))))
        other = client.post("/api/tables", json={"game": alone, "friends": 1}).json()
        client.cookies.clear()
        page = client.get(f"/join/{other['invites'][0]['url'].rsplit('/', 1)[1]}?lang=en").text
        assert "the friend who invited you" not in page


def test_a_name_that_shows_nothing_is_refused_with_its_reason_in_every_language(tmp_path: Path) -> None:
    with api_client(tmp_path, pages=True) as client:
        created = client.post("/api/tables", json={"game": "tien-gow", "friends": 1}).json()
        token = created["invites"][0]["url"].rsplit("/", 1)[1]
        client.cookies.clear()
        for blank in ("\u3164", "\u115f\u1160", "\u2800 \u2800", "\u200b\u200d\u2060", " \u3000\t", "\u0301"):
            refused = client.post(f"/api/join/{token}", json={"name": blank})
            assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad-name", blank
        zalgo = "Ann" + "\u0336" * 80 + "\u3164" * 5 + "Lee" + "x" * 40
        joined = client.post(f"/api/join/{token}", json={"name": zalgo})  # the link was still open
        assert joined.status_code == 200
        name = joined.json()["people"][1]["name"]
        assert name == "Ann\u0336\u0336\u0336 Lee" + "x" * 17  # 3 marks, one space, 24 characters
        # the join page says why in the reader's language (the form shows it on "bad-name")
        texts = set()
        other = TestClient(client.app)
        fresh = other.post("/api/tables", json={"game": "cherki", "friends": 1}).json()
        fresh_token = fresh["invites"][0]["url"].rsplit("/", 1)[1]
        for lang in ("en", "ms", "id", "nb", "hi", "zh-Hans", "zh-Hant"):
            page = client.get(f"/join/{fresh_token}?lang={lang}").text
            found = re.search(r'data-bad-name="([^"]+)"', page)
            assert found is not None, lang
            texts.add(found.group(1))
        assert len(texts) == 7 and "Your name must show at least one letter, digit or symbol." in texts


def test_the_join_page_is_rate_limited_like_the_api(tmp_path: Path) -> None:
    with api_client(tmp_path, pages=True, create_burst=3, create_per_minute=1) as client:
        created = client.post("/api/tables", json={"game": "cherki", "friends": 1}).json()
        token = created["invites"][0]["url"].rsplit("/", 1)[1]
        client.cookies.clear()
        looks = [client.get(f"/join/{token}?lang=nb").status_code for _ in range(2)]
        looks.append(client.get("/join/guessed-token").status_code)
        assert looks == [200, 200, 404]  # the burst: three looks, an unknown link's among them
        limited = client.get(f"/join/{token}?lang=nb")
        assert limited.status_code == 429 and limited.headers["retry-after"] == "60"
        assert "For mange forsøk" in limited.text and 'id="join-form"' not in limited.text
        assert client.post(f"/api/join/{token}", json={"name": "Ann"}).status_code == 429  # one bucket
        assert client.post("/api/tables", json={"game": "cherki"}).status_code == 201  # another bucket
