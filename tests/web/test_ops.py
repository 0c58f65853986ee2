"""What an operator's tools see of one process: /healthz, /readyz (the database and its schema) and
/metrics, parsed by the Prometheus library's own parser."""

from __future__ import annotations

import time
from pathlib import Path

from api_test_support import api_client, wait_for_human
from prometheus_client.parser import text_string_to_metric_families
from prometheus_client.samples import Sample
from sqlalchemy import text

from cardavia.store.schema import packaged_head

FAMILIES = {
    "cardavia_http_requests",
    "cardavia_http_request_duration_seconds",
    "cardavia_event_streams_open",
    "cardavia_bot_decision_seconds",
    "cardavia_database_errors",
    "cardavia_tables",
    "cardavia_tables_in_play",
    "cardavia_review_queue",
}


def scrape(client: object) -> dict[str, list[Sample]]:
    reply = client.get("/metrics")  # type: ignore[attr-defined]
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("text/plain")
    return {family.name: family.samples for family in text_string_to_metric_families(reply.text)}


def value(families: dict[str, list[Sample]], sample: str, **labels: str) -> float:
    """The sample's value (0 when it is not there yet: a labelled counter never incremented)."""
    family = next((f for f in families.values() for s in f if s.name == sample), [])
    return sum(s.value for s in family if s.name == sample and labels.items() <= s.labels.items())


def test_healthz_and_readyz_answer_with_the_database_up(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        health = client.get("/healthz")
        assert health.status_code == 200 and health.json()["status"] == "ok"
        ready = client.get("/readyz")
        assert ready.status_code == 200 and ready.json()["status"] == "ready"


def test_readyz_is_503_when_the_schema_is_not_this_codes(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        store = client.app.state.cardavia.service.store  # type: ignore[attr-defined]
        with store.engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = '0001'"))
        ready = client.get("/readyz")
        assert ready.status_code == 503
        assert ready.json()["reason"] == "schema-not-current"
        with store.engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = :v"), {"v": packaged_head()})
        assert client.get("/readyz").status_code == 200


def test_metrics_parse_and_move_with_the_requests(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        before = scrape(client)
        assert before.keys() >= FAMILIES
        created = client.post("/api/tables", json={"game": "cherki", "level": "easy"})
        assert created.status_code == 201
        table = wait_for_human(client, created.json()["id"])
        assert client.get("/api/tables/no-such-table").status_code == 404
        assert client.get("/no/such/page/at/all").status_code == 404
        after = scrape(client)
    created_route = {"method": "POST", "route": "/api/tables", "status": "201"}
    assert value(after, "cardavia_http_requests_total", **created_route) == (
        value(before, "cardavia_http_requests_total", **created_route) + 1
    )
    # by route template: the table's id is no label, a path no route serves is "unmatched"
    one_table = {"route": "/api/tables/{table_id}"}
    assert value(after, "cardavia_http_requests_total", status="404", **one_table) >= 1
    assert value(after, "cardavia_http_requests_total", route="unmatched", status="404") >= 1
    labels = {s.labels.get("route") for s in after["cardavia_http_requests"]}
    assert table["id"] not in str(labels) and "no-such-table" not in str(labels)
    duration = "cardavia_http_request_duration_seconds_count"
    assert value(after, duration, method="POST", route="/api/tables") > value(
        before, duration, method="POST", route="/api/tables"
    )
    # the bots played before the person's turn: their decisions were timed
    decided = "cardavia_bot_decision_seconds_count"
    assert value(after, decided, game="cherki") > value(before, decided, game="cherki")
    assert value(after, "cardavia_tables_in_play") >= 1
    assert value(after, "cardavia_review_queue", status="queued") == 0


def test_an_open_event_stream_is_counted_until_it_closes(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        table = client.post("/api/tables", json={"game": "cherki", "level": "easy"}).json()
        wait_for_human(client, table["id"])
        open_before = value(scrape(client), "cardavia_event_streams_open")
        with client.stream("GET", f"/api/tables/{table['id']}/events", params={"seq": 0}) as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            next(stream.iter_lines())
            assert value(scrape(client), "cardavia_event_streams_open") == open_before + 1
        # the stream's end is seen by the server once it notices the client left
        for _ in range(200):
            if value(scrape(client), "cardavia_event_streams_open") == open_before:
                break
            time.sleep(0.05)
        assert value(scrape(client), "cardavia_event_streams_open") == open_before
