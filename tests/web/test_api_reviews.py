"""Reviews through the API: queued off the request path, progress, stored once, and resumed after a crash."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from api_test_support import api_client, play_deal
from test_api_friends import Browser, play_together, shared_table

from cardavia.bots.registry import NoReview, analyst_for
from cardavia.bots.review import ExactAnalyst
from cardavia.games.registry import game_ids
from cardavia.service.reviews import ReviewService, run_job
from cardavia.service.tables import TableService
from cardavia.store.db import open_store

JSON = dict[str, Any]


def test_a_review_is_queued_run_and_stored(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        app = client.app
        app.state.cardavia.reviews.max_samples = 6  # type: ignore[attr-defined]
        tid = client.post("/api/tables", json={"game": "tien-gow", "level": "easy"}).json()["id"]
        play_deal(client, tid, random.Random(1))
        path = f"/api/tables/{tid}/deals/1/review"
        assert client.get(path).json() == {"status": "none", "done": 0, "total": 0}
        first = client.post(path)
        assert first.status_code == 202 and first.json()["status"] in ("queued", "running", "done")
        deadline = time.monotonic() + 120
        while (reply := client.get(path).json())["status"] != "done":
            assert reply["status"] in ("queued", "running") and reply["done"] <= max(reply["total"], 0) + 0
            assert time.monotonic() < deadline, reply
            time.sleep(0.05)
        review = reply["review"]
        assert reply["done"] == reply["total"] == review["summary"]["decisions"] or reply["total"] >= 1
        assert review["game"] == "tien-gow" and review["seat"] == 0
        record = client.get(f"/api/tables/{tid}/deals/1/record").json()
        for d in review["decisions"]:
            assert record["plays"][d["index"]] == d["chosen"] and d["chosen"]["seat"] == 0
            assert d["best"]["seat"] == 0 and {"id", "text", "params"} <= set(d["reason"])
        # asking again changes nothing: the stored review is served
        again = client.post(path)
        assert again.status_code == 202 and again.json() == reply


def test_a_job_left_by_a_dead_process_is_claimed_again(tmp_path: Path) -> None:
    with api_client(tmp_path) as client:
        tid = client.post("/api/tables", json={"game": "cherki", "level": "easy"}).json()["id"]
        play_deal(client, tid, random.Random(2))
    # the server is gone (its job loop with it): queue and claim by hand on the same database
    store = open_store(f"sqlite:///{tmp_path / 'api.db'}")
    try:
        tables = TableService(store)
        service = ReviewService(tables, clock=lambda: 1000.0, max_samples=4)
        owner = tables.state(tid).record.owner
        assert service.request(tid, owner, 1)["status"] == "queued"
        assert service.request(tid, owner, 1)["status"] == "queued"  # queued once
        jobs = service.jobs
        dead = jobs.claim_next("dead", 1000.0, 120.0)
        assert dead is not None and dead.status == "running"
        # nobody else may take it while its heartbeat is fresh ...
        assert jobs.claim_next("other", 1050.0, 120.0) is None
        # ... but once it is stale the next process does, and the dead one can no longer write
        alive = jobs.claim_next("alive", 1200.0, 120.0)
        assert alive is not None and alive.claim == "alive"
        assert not jobs.progress(tid, 1, "dead", 1, 2, 1201.0)
        assert run_job(jobs, alive, "alive", clock=lambda: 1300.0)
        assert not run_job(jobs, dead, "dead", clock=lambda: 1300.0)  # a lost claim writes nothing
        done = jobs.get(tid, 1)
        assert done is not None and done.status == "done" and done.result is not None
        assert done.result["summary"]["decisions"] == len(done.result["decisions"])
        assert service.status(tid, owner, 1)["review"] == done.result
    finally:
        store.dispose()


def test_a_review_stored_by_an_earlier_analyst_is_offered_and_done_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with api_client(tmp_path) as client:
        tid = client.post("/api/tables", json={"game": "cherki", "level": "easy"}).json()["id"]
        play_deal(client, tid, random.Random(4))
    store = open_store(f"sqlite:///{tmp_path / 'api.db'}")
    analyst = analyst_for("cherki")
    try:
        tables = TableService(store)
        service = ReviewService(tables, clock=lambda: 1000.0, max_samples=4)
        owner = tables.state(tid).record.owner
        jobs = service.jobs
        with monkeypatch.context() as earlier:
            earlier.setattr(analyst, "version", analyst.version - 1)
            service.request(tid, owner, 1)
            job = jobs.claim_next("a", 1000.0, 120.0)
            assert job is not None and run_job(jobs, job, "a", clock=lambda: 1001.0)
            stored = service.status(tid, owner, 1)
            assert stored["status"] == "done" and stored["review"]["version"] == analyst.version
            assert service.request(tid, owner, 1) == stored  # a current review is served, not redone
        # the analyst has changed since: the stored review is offered again, and done again
        assert service.status(tid, owner, 1) == {"status": "none", "done": 0, "total": 0}
        assert service.request(tid, owner, 1)["status"] == "queued"
        again = jobs.claim_next("b", 1003.0, 120.0)
        assert again is not None and run_job(jobs, again, "b", clock=lambda: 1004.0)
        current = service.status(tid, owner, 1)
        assert current["status"] == "done" and current["review"]["version"] == analyst.version
        assert service.request(tid, owner, 1) == current
    finally:
        store.dispose()


def test_review_and_hands_endpoints_call_the_store_off_the_event_loop_and_answer_503_when_it_fails(
    tmp_path: Path,
) -> None:
    import threading

    import pytest
    from sqlalchemy.exc import OperationalError

    with api_client(tmp_path) as client:
        rt = client.app.state.cardavia  # type: ignore[attr-defined]
        tid = client.post("/api/tables", json={"game": "cherki", "level": "easy"}).json()["id"]
        play_deal(client, tid, random.Random(3))
        base = f"/api/tables/{tid}/deals/1"
        jobs = rt.reviews.jobs
        threads: list[str] = []
        real_get = jobs.get

        def spy(*args: object, **kwargs: object) -> object:
            threads.append(threading.current_thread().name)
            return real_get(*args, **kwargs)

        class LockedEngine:
            """An engine whose every connection fails with the driver's error for a locked database."""

            def _fail(self) -> object:
                raise OperationalError("SELECT 1", {}, Exception("database is locked"))

            connect = begin = _fail
            dialect = jobs.engine.dialect

            def dispose(self) -> None:
                pass

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(jobs, "get", spy)
            assert client.get(f"{base}/review").status_code == 200
            assert threads and all(name.startswith("cardavia-db") for name in threads), threads
        with pytest.MonkeyPatch.context() as patch:
            # the ReviewStore's own calls: guarded like the tables' store
            patch.setattr(jobs, "engine", LockedEngine())
            for method in ("GET", "POST"):
                reply = client.request(method, f"{base}/review")
                assert reply.status_code == 503, reply.text
                assert reply.json()["error"]["code"] == "unavailable"
                assert int(reply.headers["retry-after"]) > 0
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(rt.service.store, "head", _store_down)
            reply = client.get(f"{base}/hands")
            assert reply.status_code == 503 and reply.json()["error"]["code"] == "unavailable"
        assert client.get(f"{base}/hands").status_code == 200


def _store_down(*_args: object, **_kwargs: object) -> object:
    from cardavia.store.db import StoreUnavailable

    raise StoreUnavailable("unreachable", "connection refused")


def _review_done(get: Any, path: str) -> JSON:
    deadline = time.monotonic() + 120
    while (reply := get(path).json())["status"] != "done":
        assert reply["status"] in ("queued", "running"), reply
        assert time.monotonic() < deadline, reply
        time.sleep(0.05)
    return reply


@pytest.mark.parametrize("game", ["tien-gow", "cherki"])
def test_an_invited_guest_reviews_their_own_seat_and_no_other(tmp_path: Path, game: str) -> None:
    with api_client(tmp_path) as client:
        client.app.state.cardavia.reviews.max_samples = 4  # type: ignore[attr-defined]
        tid, (host, guest), _ = shared_table(client, game, 2)
        play_together([host, guest], tid, random.Random(5), lambda _seat, _table: None)
        path = f"/api/tables/{tid}/deals/1/review"
        stranger = Browser(client)
        assert stranger.get(path).status_code == 404 and stranger.post(path).status_code == 404
        # the guest's review is of seat 1, queued and served for them alone
        assert guest.post(path).status_code == 202
        mine = _review_done(guest.get, path)
        assert mine["review"]["seat"] == 1
        record = guest.get(f"/api/tables/{tid}/deals/1/record").json()
        key = "plays" if "plays" in record else "actions"
        for d in mine["review"]["decisions"]:
            assert record[key][d["index"]] == d["chosen"]
        # the host has not asked: the guest's review is not theirs
        assert host.get(path).json() == {"status": "none", "done": 0, "total": 0}
        assert host.post(path).status_code == 202
        theirs = _review_done(host.get, path)
        assert theirs["review"]["seat"] == 0
        # each person still reads their own review, never the other seat's
        assert guest.get(path).json() == mine
        assert host.get(path).json() == theirs
        assert stranger.get(path).status_code == 404


def test_an_exact_review_is_stored_with_every_choice_and_against_whom(tmp_path: Path) -> None:
    # every registered game whose analyst is exact (an ExactAnalyst): the stored review lists each
    # choice's value (a one-decision deal a seat: a set of all its tiles at once)
    exact = [g for g in game_ids() if g in _reviewed() and isinstance(analyst_for(g), ExactAnalyst)]
    if not exact:
        pytest.skip("no registered game has an exact analyst")
    with api_client(tmp_path) as client:
        tid = client.post("/api/tables", json={"game": exact[0], "level": "normal"}).json()["id"]
        play_deal(client, tid, random.Random(3))
        path = f"/api/tables/{tid}/deals/1/review"
        assert client.post(path).status_code == 202
        review = _review_done(client.get, path)["review"]
        assert review["exact"] is True and review["version"] == analyst_for(exact[0]).version
        assert review["decisions"], review
        d = review["decisions"][0]
        assert d["exact"] is True and d["ci95"] == [d["loss"], d["loss"]]
        assert {"id", "text", "params"} <= set(d["against"])
        assert 2 <= len(d["options"]) <= 3 and sum(o["chosen"] for o in d["options"]) == 1
        chosen = next(o for o in d["options"] if o["chosen"])
        best = max(o["value"] for o in d["options"])
        assert d["loss"] == pytest.approx(best - chosen["value"], abs=1e-6)
        assert (d["label"] == "best") == chosen["best"]


def _reviewed() -> set[str]:
    """The registered games whose bots give a review analyst."""
    out = set()
    for game in game_ids():
        try:
            analyst_for(game)
        except NoReview:
            continue
        out.add(game)
    return out
