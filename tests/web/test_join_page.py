"""The invite link's page: it shows *Take this seat* without using the link up; a link that is not
open is the site's 404 page; the token stays out of the log."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from api_test_support import api_client


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
        assert client.get(f"/join/{token}").status_code == 404
        assert client.get("/join/nothing-here").status_code == 404
        friends = client.get("/traditions/cherki?lang=en").text
        assert 'id="friends-form"' in friends
        assert (
            friends.count('<option value="1">') == 1 and '<option value="3">' not in friends
        )  # 2 friends at most
    # the server's own log lines (the test client's request lines are the test's, not the server's)
    server_lines = [r.getMessage() for r in caplog.records if not r.name.startswith(("httpx", "httpcore"))]
    assert not any(token in line for line in server_lines)
