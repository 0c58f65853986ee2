"""Security of the app: strict headers everywhere, no cross-site writes, bounded bodies, the secret cookie,
rate-limited table creation, and no secret in any log line."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from api_test_support import api_client, wait_for_human

from cardavia.web.api.deps import SECRET_COOKIE
from cardavia.web.app import CSP

EXPECTED = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


def test_the_csp_is_the_strict_one() -> None:
    directives = dict(d.strip().split(" ", 1) for d in CSP.split(";"))
    assert directives == {
        "default-src": "'self'",
        "script-src": "'self'",
        "style-src": "'self'",
        "img-src": "'self' data:",
        "connect-src": "'self'",
        "frame-ancestors": "'none'",
        "base-uri": "'none'",
        "form-action": "'self'",
    }


def test_every_answer_carries_the_security_headers(tmp_path: Path) -> None:
    with api_client(tmp_path, pages=True) as client:
        replies = [
            client.post("/api/tables", json={"game": "cherki", "level": "easy"}),
            client.get("/api/tables/t_missing"),
            client.get("/api/nowhere"),
            client.post("/api/tables", json={"game": "chess"}),
            client.post("/api/tables", json={"game": "cherki"}, headers={"Origin": "https://evil.example"}),
            client.post(
                "/api/tables",
                content=b"{" + b" " * 20_000 + b"}",
                headers={"content-type": "application/json"},
            ),
            client.get("/openapi.json"),
            client.get("/"),
        ]
        for reply in replies:
            for name, value in EXPECTED.items():
                assert reply.headers.get(name) == value, (reply.request.url, name)


def test_cross_site_writes_are_refused_and_change_nothing(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        created = client.post("/api/tables", json={"game": "tien-gow", "level": "easy"})
        table = wait_for_human(client, created.json()["id"])
        url = f"/api/tables/{table['id']}/actions"
        body = {"seq": table["seq"], "action": table["view"]["legal"][0]}
        for headers in (
            {"Origin": "https://evil.example"},
            {"Origin": "http://testserver.evil.example"},
            {"Origin": "null"},
            {"Origin": "http://testserver", "Sec-Fetch-Site": "cross-site"},
        ):
            refused = client.post(url, json=body, headers=headers)
            assert refused.status_code == 403 and refused.json()["error"]["code"] == "cross-origin"
            assert client.post("/api/tables", json={"game": "cherki"}, headers=headers).status_code == 403
        assert client.get(f"/api/tables/{table['id']}").json()["seq"] == table["seq"]
        same = client.post(
            url, json=body, headers={"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
        )
        assert same.status_code == 200
        # reads are never refused for their Origin (the cookie's SameSite keeps other sites out)
        assert (
            client.get(f"/api/tables/{table['id']}", headers={"Origin": "https://evil.example"}).status_code
            == 200
        )


def test_oversize_and_malformed_bodies_get_4xx(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        big = b'{"game": "cherki", "level": "easy", "x": "' + b"a" * 20_000 + b'"}'
        reply = client.post("/api/tables", content=big, headers={"content-type": "application/json"})
        assert reply.status_code == 413 and reply.json()["error"]["code"] == "too-large"
        for body in (b"{", b"[]", b'{"game": "cherki", "level": "easy", "extra": 1}', b'{"game": 5}'):
            reply = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
            assert reply.status_code == 422 and reply.json()["error"]["code"] == "bad-request"
        strict = client.post("/api/tables", json={"game": "cherki", "pace_ms": "700"})
        assert strict.status_code == 422  # strict types: no "700" for 700
        assert client.get("/api/history").json() == []


def test_the_secret_cookie_is_httponly_samesite_and_stays_out_of_logs(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with api_client(tmp_path) as client:
        created = client.post("/api/tables", json={"game": "cherki", "level": "easy"})
        cookie = created.headers["set-cookie"]
        parts = {p.strip().split("=")[0].lower() for p in cookie.split(";")}
        assert {"httponly", "path", "max-age"} <= parts and "samesite=lax" in cookie.lower()
        secret = created.cookies[SECRET_COOKIE]
        assert len(secret) >= 40 and secret not in created.text
        tid = created.json()["id"]
        assert secret not in tid
        wait_for_human(client, tid)
        again = client.post("/api/tables", json={"game": "tien-gow", "level": "easy"})
        assert "set-cookie" not in again.headers  # one secret per browser, reused
    assert secret not in caplog.text


def test_table_creation_is_rate_limited_per_client(tmp_path: Path) -> None:
    with api_client(tmp_path, create_burst=3, create_per_minute=1) as client:
        codes = [
            client.post("/api/tables", json={"game": "cherki", "level": "easy"}).status_code for _ in range(5)
        ]
        assert codes == [201, 201, 201, 429, 429]
        limited = client.post("/api/tables", json={"game": "cherki", "level": "easy"})
        assert limited.json()["error"]["code"] == "rate-limited"


def test_a_refusal_says_how_long_to_wait_and_joining_has_a_bucket_of_its_own(tmp_path: Path) -> None:
    with api_client(tmp_path, create_burst=1, create_per_minute=2) as client:
        assert client.post("/api/tables", json={"game": "cherki", "level": "easy"}).status_code == 201
        limited = client.post("/api/tables", json={"game": "cherki", "level": "easy"})
        assert limited.status_code == 429 and limited.headers["retry-after"] == "30"
        assert client.post("/api/join/" + "A" * 43, json={"name": "Ann"}).status_code == 404  # not limited
        again = client.post("/api/join/" + "A" * 43, json={"name": "Ann"})
        assert again.status_code == 429 and again.json()["error"]["code"] == "rate-limited"


def test_the_secret_and_the_rate_limit_are_checked_before_the_request_is_read(tmp_path: Path) -> None:
    with api_client(tmp_path, create_burst=1, create_per_minute=1) as client:
        # no secret: the 404 of a table that does not exist, whatever else the request says
        assert client.post("/api/tables/t_missing/actions", json={"seq": "x"}).status_code == 404
        assert client.get("/api/tables/" + "x" * 80).status_code == 404
        assert client.get("/api/tables/t_missing/deals/0/steps").status_code == 404
        # a limited route counts every ask: the malformed one took the bucket's only token
        assert client.post("/api/tables", json={"game": "chess"}).status_code == 422
        limited = client.post("/api/tables", json={"game": "cherki", "level": "easy"})
        assert limited.status_code == 429 and limited.headers["retry-after"] == "60"
        assert limited.json()["error"] == {
            "code": "rate-limited",
            "message": "too many new tables; wait a moment",
            "params": {},
        }
