"""``/metrics`` is the operator's: it answers the addresses they allow (loopback unless told otherwise)
and refuses a visitor; and a bot's decision time is counted only as coarsely as the moves' floor hides
it, so even the operator's figures do not tell the pieces a decision was made from."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from api_test_support import api_client, wait_for_human
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from server_process import running_server

from cardavia.metrics import BOT_BUCKETS, bot_decision, scrape
from cardavia.service.driver import DEFAULT_MIN_STEP_MS, MIN_STEP_MS
from cardavia.web.operators import BadNetworks, allowed, networks

VISITOR = ("203.0.113.7", 40000)  # an address of the documentation's range: anyone on the internet


@contextmanager
def client_from(app_client: TestClient, peer: tuple[str, int]) -> Iterator[TestClient]:
    """Another client of the same running app, whose requests come from ``peer``."""
    other = TestClient(app_client.app, client=peer)
    yield other


def bot_samples(text: str, game: str) -> dict[str, float]:
    """The bot decision histogram's samples for ``game``, by name and ``le``."""
    out: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        if family.name == "cardavia_bot_decision_seconds":
            for s in family.samples:
                if s.labels.get("game") == game:
                    key = s.name + (f"{{le={s.labels['le']}}}" if "le" in s.labels else "")
                    out[key] = out.get(key, 0.0) + s.value
    return out


def test_a_visitor_is_refused_and_loopback_gets_the_metrics(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        table = client.post("/api/tables", json={"game": "cherki", "level": "easy"}).json()
        wait_for_human(client, table["id"])  # the bots decided: their histogram has counts
        mine = client.get("/metrics")
        assert mine.status_code == 200 and "cardavia_bot_decision_seconds_count" in mine.text
        with client_from(client, VISITOR) as visitor:
            refused = visitor.get("/metrics")
            assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden"
            assert "cardavia_" not in refused.text
            assert visitor.get("/healthz").status_code == 200  # the rest is the site's as before
        with client_from(client, ("::ffff:127.0.0.1", 40000)) as dual_stack:
            assert dual_stack.get("/metrics").status_code == 200  # loopback on an IPv6 socket


def test_the_operator_chooses_the_addresses(tmp_path: Path) -> None:
    with api_client(tmp_path, metrics_from="10.0.0.0/8, fd00::/8") as client:
        assert client.get("/metrics").status_code == 403  # loopback is not among them now
        for peer in ("10.1.2.3", "fd00::5"):
            with client_from(client, (peer, 40000)) as scraper:
                assert scraper.get("/metrics").status_code == 200, peer
        with client_from(client, VISITOR) as visitor:
            assert visitor.get("/metrics").status_code == 403
    (tmp_path / "none").mkdir()
    with api_client(tmp_path / "none", metrics_from="none") as client:
        assert client.get("/metrics").status_code == 403


def test_the_addresses_are_read_strictly() -> None:
    assert allowed("127.0.0.1", networks("127.0.0.0/8,::1")) and allowed("::1", networks("127.0.0.0/8,::1"))
    assert not allowed("testclient", networks("127.0.0.0/8")) and not allowed(None, networks("127.0.0.0/8"))
    assert networks("none") == ()
    for bad in ("localhost", "10.0.0.1/8", "", "10.0.0.0/33", "127.0.0.1;rm"):
        with pytest.raises(BadNetworks):
            networks(bad)


def test_a_bots_decision_is_counted_no_finer_than_the_floor() -> None:
    """A decision of 1 ms (one legal card) and one of 150 ms (four or more) look the same: one count
    in the first bucket, and the sum grows by that bucket's bound for each, not by their times."""
    assert BOT_BUCKETS[0] * 1000 >= max(DEFAULT_MIN_STEP_MS, *MIN_STEP_MS.values())
    before = bot_samples(scrape().decode(), "floor-test")
    bot_decision("floor-test", "hard", 0.0013)
    bot_decision("floor-test", "hard", 0.150)
    middle = bot_samples(scrape().decode(), "floor-test")
    bot_decision("floor-test", "hard", 0.0013 * 7)
    after = bot_samples(scrape().decode(), "floor-test")
    sum_ = "cardavia_bot_decision_seconds_sum"
    assert middle[sum_] - before.get(sum_, 0.0) == 2 * BOT_BUCKETS[0]
    assert after[sum_] - middle[sum_] == BOT_BUCKETS[0]
    first = f"cardavia_bot_decision_seconds_bucket{{le={BOT_BUCKETS[0]}}}"
    assert middle[first] - before.get(first, 0.0) == 2
    # a slow decision (an overloaded machine) counts at its bucket's bound, past the last in minutes
    bot_decision("floor-test", "hard", 0.7)
    bot_decision("floor-test", "hard", 61.0)
    last = bot_samples(scrape().decode(), "floor-test")
    assert last[sum_] - after[sum_] == 1.0 + 120.0


@pytest.mark.slow
def test_a_visitor_through_a_proxy_is_refused_by_a_real_server(tmp_path: Path) -> None:
    """``cardavia serve`` behind nginx: the proxy (on loopback) forwards the visitor's address, and
    the server compares that one, not the proxy's."""
    with running_server(f"sqlite:///{tmp_path / 'm.db'}", tmp_path / "server.log") as server:
        assert httpx.get(f"{server.url}/metrics", timeout=10).status_code == 200
        forwarded = httpx.get(f"{server.url}/metrics", headers={"X-Forwarded-For": VISITOR[0]}, timeout=10)
        assert forwarded.status_code == 403
    bad = subprocess.run(
        [sys.executable, "-m", "cardavia", "serve", "--port", "1", "--metrics-from", "everyone"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "everyone" in bad.stderr, bad.stderr
