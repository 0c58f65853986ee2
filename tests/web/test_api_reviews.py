"""Reviews through the API: queued off the request path, progress, stored once, and resumed after a crash.

Every game whose profile offers a review is reviewed (exactly where it says its analyst is exact);
every game whose profile offers none is checked for its clean refusal instead."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from api_test_support import api_client, play_deal, wait_for_human
from test_api_friends import Browser, play_together, shared_table

from cardavia.bots.registry import analyst_for
from cardavia.games.profile import Review
from cardavia.games.registry import game_ids, get_game
from cardavia.service.reviews import ReviewService, run_job
from cardavia.service.tables import TableService
from cardavia.store.db import open_store
from game_cases import games

JSON = dict[str, Any]


REVIEWED = games(lambda p: p.review is not Review.NONE)


def first_deal_over(table: JSON) -> bool:
    """Whether the table's first deal is over (a drawn deal is dealt again as the next one)."""
    return any(d["deal_no"] == 1 for d in table["deals"])


@pytest.mark.parametrize("game", REVIEWED, indirect=True)
def test_a_review_is_queued_run_and_stored(tmp_path: Path, game: str) -> None:
    with api_client(tmp_path) as client:
        app = client.app
        app.state.cardavia.reviews.max_samples = 6  # type: ignore[attr-defined]
        tid = client.post("/api/tables", json={"game": game, "level": "easy"}).json()["id"]
        # the first deal played out (a drawn deal is dealt again as the next one)
        play_deal(client, tid, random.Random(1), until=first_deal_over)
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
        assert review["game"] == game and review["seat"] == 0
        assert review.get("exact", False) is (get_game(game).profile.review is Review.EXACT)
        # each decision is seat 0's action at its index of the record, as the engine reads it
        engine = get_game(game)
        _, actions = engine.deal_from_record(client.get(f"/api/tables/{tid}/deals/1/record").json())
        for d in review["decisions"]:
            assert engine.action_to_json(actions[d["index"]]) == d["chosen"]
            assert d["best"].get("seat", 0) == d["chosen"].get("seat", 0) == 0  # where actions name it
            assert {"id", "text", "params"} <= set(d["reason"])
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
    from cardavia.store.errors import StoreUnavailable

    raise StoreUnavailable("unreachable", "connection refused")


def _review_done(get: Any, path: str) -> JSON:
    deadline = time.monotonic() + 120
    while (reply := get(path).json())["status"] != "done":
        assert reply["status"] in ("queued", "running"), reply
        assert time.monotonic() < deadline, reply
        time.sleep(0.05)
    return reply


@pytest.mark.parametrize("game", games(lambda p: p.review is Review.NONE), indirect=True)
def test_a_game_without_a_review_is_refused_one_with_a_reason(tmp_path: Path, game: str) -> None:
    with api_client(tmp_path) as client:
        tid = client.post("/api/tables", json={"game": game, "level": "easy"}).json()["id"]
        play_deal(client, tid, random.Random(1), until=first_deal_over)
        path = f"/api/tables/{tid}/deals/1/review"
        for method in ("POST", "GET"):
            refused = client.request(method, path)
            assert refused.status_code == 404, refused.text
            assert refused.json()["error"] == {
                "code": "no-review",
                "message": refused.json()["error"]["message"],
                "params": {"game": game},
            }
        # the deal itself is there: its steps, its record
        assert client.get(f"/api/tables/{tid}/deals/1/steps").status_code == 200
        assert client.get(f"/api/tables/{tid}/deals/1/record").status_code == 200


@pytest.mark.parametrize("game", REVIEWED, indirect=True)
def test_an_invited_guest_reviews_their_own_seat_and_no_other(tmp_path: Path, game: str) -> None:
    with api_client(tmp_path) as client:
        client.app.state.cardavia.reviews.max_samples = 4  # type: ignore[attr-defined]
        tid, (host, guest), _ = shared_table(client, game, 2)
        play_together([host, guest], tid, random.Random(5), lambda _seat, _table: None)
        path = f"/api/tables/{tid}/deals/1/review"
        stranger = Browser(client)
        assert stranger.get(path).status_code == 404 and stranger.post(path).status_code == 404
        # the guest's review is of their seat (the game's first invited seat), queued and served
        # for them alone
        assert guest.post(path).status_code == 202
        mine = _review_done(guest.get, path)
        assert mine["review"]["seat"] == guest.seat
        # each decision is the guest's own action at its index of the record, as the engine reads it
        engine = get_game(game)
        _, actions = engine.deal_from_record(guest.get(f"/api/tables/{tid}/deals/1/record").json())
        assert mine["review"]["decisions"]
        for d in mine["review"]["decisions"]:
            assert engine.action_to_json(actions[d["index"]]) == d["chosen"]
            assert d["chosen"].get("seat", guest.seat) == guest.seat
        # the host has not asked: the guest's review is not theirs
        assert host.get(path).json() == {"status": "none", "done": 0, "total": 0}
        assert host.post(path).status_code == 202
        theirs = _review_done(host.get, path)
        assert theirs["review"]["seat"] == 0
        # each person still reads their own review, never the other seat's
        assert guest.get(path).json() == mine
        assert host.get(path).json() == theirs
        assert stranger.get(path).status_code == 404


@pytest.mark.parametrize("game", games(lambda p: p.review is Review.EXACT), indirect=True)
def test_an_exact_review_is_stored_with_every_choice_and_against_whom(tmp_path: Path, game: str) -> None:
    # a game whose profile says its analyst is exact: the stored review lists each choice's value
    with api_client(tmp_path) as client:
        tid = client.post("/api/tables", json={"game": game, "level": "normal"}).json()["id"]
        play_deal(client, tid, random.Random(3))
        path = f"/api/tables/{tid}/deals/1/review"
        assert client.post(path).status_code == 202
        review = _review_done(client.get, path)["review"]
        assert review["exact"] is True and review["version"] == analyst_for(game).version
        assert review["decisions"], review
        d = review["decisions"][0]
        assert d["exact"] is True and d["ci95"] == [d["loss"], d["loss"]]
        assert {"id", "text", "params"} <= set(d["against"])
        assert 2 <= len(d["options"]) <= 3 and sum(o["chosen"] for o in d["options"]) == 1
        chosen = next(o for o in d["options"] if o["chosen"])
        best = max(o["value"] for o in d["options"])
        assert d["loss"] == pytest.approx(best - chosen["value"], abs=1e-6)
        assert (d["label"] == "best") == chosen["best"]


# a sampled game (the Hint's seed must be the review's of that decision) and an exact one; every
# game follows the Hint through the bots' own functions in tests/bots/test_hint.py (a Cherki deal
# against random bots is long: over a minute of hints and review here)
def _first_of_each_review() -> list[str]:
    """One registered game of each kind of review (sampled, exact): the first in catalogue order."""
    kinds = {Review.SAMPLED: "", Review.EXACT: ""}
    for g in game_ids():
        kind = get_game(g).profile.review
        if kind in kinds and not kinds[kind]:
            kinds[kind] = g
    return [g for g in kinds.values() if g]


@pytest.mark.parametrize("game", _first_of_each_review())
def test_the_review_of_a_followed_hint_calls_it_best_with_the_hint_s_reason_and_figures(
    tmp_path: Path, game: str
) -> None:
    # seat 0 plays the Hint at every turn of the first deal: the review (not capped: the site's own)
    # finds each of those decisions the best, with the reason and the figures the Hint gave there
    with api_client(tmp_path) as client:
        tid = client.post("/api/tables", json={"game": game, "level": "easy"}).json()["id"]
        table = wait_for_human(client, tid)
        hints: list[JSON] = []
        while table["status"] == "human" and table["deal_no"] == 1:
            reply = client.get(f"/api/tables/{tid}/hint")
            assert reply.status_code == 200, reply.text
            hint = reply.json()
            assert hint["action"] in table["view"]["legal"]
            if len(table["view"]["legal"]) > 1:
                hints.append(hint)
            played = client.post(
                f"/api/tables/{tid}/actions", json={"seq": table["seq"], "action": hint["action"]}
            )
            assert played.status_code == 200, played.text
            table = wait_for_human(client, tid)
        path = f"/api/tables/{tid}/deals/1/review"
        assert hints, "the first deal gave seat 0 no choice"
        assert client.post(path).status_code == 202
        review = _review_done(client.get, path)["review"]
        decisions = review["decisions"]
        assert len(decisions) == len(hints)
        for d, hint in zip(decisions, hints, strict=True):
            assert d["label"] == "best" and d["chosen"] == hint["action"], (d, hint)
            assert d["reason"] == hint["reason"] and d["values"] == hint["values"]
            assert hint["values"]["versus"] in ("usual", "next", "close")
            # the move said as the review would say a better one
            assert {"id", "text", "params"} <= set(hint["move"]) and "{" not in hint["move"]["text"]
