"""The site's own origin: the cross-site check compares scheme, host and port, and invite links are
built on the configured public URL (or relative to the site), never on the request's ``Host``."""

from __future__ import annotations

from pathlib import Path

import pytest
from api_test_support import api_client
from fastapi.testclient import TestClient

from cardavia.cli import main
from cardavia.web.origins import PUBLIC_URL_ENV, BadPublicUrl, checked_public_url, origin_of, public_url_from

CREATE = {"game": "cherki", "level": "easy"}


def created_with(client: TestClient, origin: str) -> int:
    return client.post("/api/tables", json=CREATE, headers={"Origin": origin}).status_code


def test_an_origin_is_its_scheme_host_and_port() -> None:
    assert origin_of("http://Example.org") == ("http", "example.org", 80)
    assert origin_of("https://example.org:443") == ("https", "example.org", 443)
    assert origin_of("http://[::1]:8000") == ("http", "::1", 8000)
    for none in ("null", "", "ftp://example.org", "http://", "http://h:99999", "http://h:x", "http://u@h"):
        assert origin_of(none) is None, none


def test_the_scheme_and_the_port_of_the_origin_count(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:  # the app is at http://testserver
        assert created_with(client, "https://testserver") == 403
        assert created_with(client, "http://testserver:8080") == 403
        assert created_with(client, "http://testserver.evil.example") == 403
        refused = client.post("/api/tables", json=CREATE, headers={"Origin": "https://testserver"})
        assert refused.json()["error"]["code"] == "cross-origin"
        assert created_with(client, "http://testserver") == 201
        assert created_with(client, "http://testserver:80") == 201  # the scheme's own port, written out
        assert client.get("/api/history").json() == [], "a refused write made a table"


def test_an_https_site_refuses_its_http_origin(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        secure = TestClient(client.app, base_url="https://testserver")
        assert created_with(secure, "http://testserver") == 403
        assert created_with(secure, "https://testserver") == 201
        assert created_with(secure, "https://testserver:8443") == 403


def test_the_public_url_is_the_sites_origin_too(tmp_path: Path) -> None:
    # behind a proxy that passes neither the scheme nor the host on, the public URL is the site
    with api_client(tmp_path, public_url="https://cards.example/") as client:
        assert created_with(client, "https://cards.example") == 201
        assert created_with(client, "http://cards.example") == 403
        assert created_with(client, "https://cards.example:8443") == 403
        assert created_with(client, "http://testserver") == 201


def invite_urls(client: TestClient, host: str | None = None) -> list[str]:
    headers = {} if host is None else {"Host": host}
    created = client.post("/api/tables", json={"game": "tien-gow", "friends": 2}, headers=headers)
    assert created.status_code == 201, created.text
    renewed = client.post(f"/api/tables/{created.json()['id']}/invites/1", headers=headers)
    assert renewed.status_code == 201, renewed.text
    return [i["url"] for i in created.json()["invites"]] + [renewed.json()["url"]]


def test_invite_links_are_built_on_the_public_url_whatever_the_host_header(tmp_path: Path) -> None:
    with api_client(tmp_path, public_url="https://cards.example/play/") as client:
        for host in (None, "evil.example", "evil.example:8443"):
            urls = invite_urls(client, host)
            assert len(urls) == 3
            for url in urls:
                assert url.startswith("https://cards.example/play/join/"), url
                assert "evil" not in url


def test_without_a_public_url_invite_links_are_relative_to_the_site(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        for host in (None, "evil.example"):
            for url in invite_urls(client, host):
                assert url.startswith("/join/") and "evil" not in url and "testserver" not in url
        client.cookies.clear()  # a friend's browser
        assert client.post(f"/api{url}", json={"name": "Ann"}).status_code == 200  # a working link


def test_a_public_url_must_name_an_http_site(monkeypatch: pytest.MonkeyPatch) -> None:
    assert checked_public_url(" https://cards.example/ ") == "https://cards.example"
    assert checked_public_url("http://127.0.0.1:8000/cards") == "http://127.0.0.1:8000/cards"
    for bad in (
        "cards.example",
        "ftp://cards.example",
        "https://",
        "https://c.example/?a=1",
        "https://c.example/#x",
    ):
        with pytest.raises(BadPublicUrl):
            checked_public_url(bad)
    monkeypatch.delenv(PUBLIC_URL_ENV, raising=False)
    assert public_url_from(None) is None
    monkeypatch.setenv(PUBLIC_URL_ENV, "https://from-env.example")
    assert public_url_from(None) == "https://from-env.example"
    assert public_url_from("https://flag.example") == "https://flag.example"  # the flag wins


def test_serve_refuses_a_bad_public_url_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(PUBLIC_URL_ENV, "not a url")
    assert main(["serve", "--database", "sqlite:///:memory:"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "public URL" in err
