"""Reviews of finished deals, off the request path: a job queue in the database and a loop that runs it.

A request only queues a job (the deal's record and the seat the browser holds at that table: the
host's, or an invited person's own) and answers at once; any process's :class:`ReviewRunner` claims
queued jobs through the database and runs several at once, each in a process of its own (as many as
the machine has cores, by default), writing progress after every decision. A job whose process died
(its heartbeat stops) is claimed again by the next runner, and a server that is stopping ends its
running reviews at once and gives their jobs back to the queue, so reviews survive a restart (and
never hold one up) and work with several server processes. A done review is stored and served from
the database from then on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import cache
from typing import Any

from cardavia.games.profile import Review
from cardavia.games.registry import get_game
from cardavia.service.errors import NoReview
from cardavia.service.offload import Offload
from cardavia.service.seeds import derive
from cardavia.service.tables import TableService
from cardavia.service.workers import kill_workers, worker_pool
from cardavia.store.db import Store
from cardavia.store.errors import StoreUnavailable
from cardavia.store.reviews import ReviewJob, ReviewStore

log = logging.getLogger(__name__)

JSON = dict[str, Any]
STALE_AFTER_S = 120.0  # a running job with no progress for this long was left by a dead process
POLL_S = 2.0


def review_slots() -> int:
    """How many reviews one server runs at once by default: one per core it may use (a review is
    pure computation; the processes run at the pace the machine allows, beside the bots' own)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def review_seed(table_seed: int, deal_no: int) -> int:
    """The review's sampling seed: fixed by the table and the deal, so a rerun gives the same review."""
    return derive(table_seed, "review", deal_no)


def hint_seed(table_seed: int, deal_no: int, index: int) -> int:
    """The seed of the Hint at the decision of record index ``index`` of deal ``deal_no``: the one
    the review of that deal analyses the decision with, so the Hint is the review's best there."""
    from cardavia.bots.review import decision_seed

    return decision_seed(review_seed(table_seed, deal_no), index)


def outdated(job: ReviewJob) -> bool:
    """Whether a done job's review was made by an earlier version of its game's analyst: its figures
    may no longer hold, so it is offered and done again."""
    from cardavia.bots.registry import analyst_for

    if job.status != "done" or job.result is None:
        return False
    current: int = analyst_for(job.result["game"]).version
    return int(job.result.get("version", 0)) != current


def reviewable(game: str) -> None:
    """Raise :class:`NoReview` (a 404 ``no-review``) for a game whose profile offers no review."""
    if get_game(game).profile.review is Review.NONE:
        raise NoReview(game)


def job_json(job: ReviewJob | None) -> JSON:
    """The API's answer for a job: ``status`` (``none`` if never asked, or if the stored review is
    outdated), progress, the review when done."""
    if job is None or outdated(job):
        return {"status": "none", "done": 0, "total": 0}
    out: JSON = {"status": job.status, "done": job.done, "total": job.total}
    if job.status == "done" and job.result is not None:
        out["review"] = job.result
    return out


class ReviewService:
    """Queue and read reviews of a browser's own decisions in its tables' finished deals: each person
    at a table (its host or an invited guest) reviews the seat they hold, and no other."""

    def __init__(
        self,
        tables: TableService,
        *,
        clock: Callable[[], float] = time.time,
        max_samples: int | None = None,
    ) -> None:
        self.tables = tables
        self.max_samples = max_samples  # a cap on each decision's samples (tests: quick reviews)
        self.jobs = ReviewStore(tables.store)
        self.clock = clock
        self.on_queued: Callable[[], None] | None = None

    def request(self, table_id: str, owner: str, deal_no: int) -> JSON:
        """Queue the review of the owner's seat in deal ``deal_no`` (idempotent); ``NotFound`` for a
        table the owner holds no seat at, ``deal-not-finished``, :class:`NoReview` for a game
        that offers no review."""
        record = self.tables.deal_record(table_id, owner, deal_no)  # checks the owner and the deal
        state = self.tables.state(table_id, owner)
        reviewable(state.record.game)
        seat = self.tables.viewer(state, owner)
        record = {**record, "review_seed": review_seed(state.record.seed, deal_no)}
        if self.max_samples is not None:
            record["review_max_samples"] = self.max_samples
        job = self.jobs.enqueue(table_id, deal_no, seat, record, self.clock(), redo=outdated)
        if job.status == "queued" and self.on_queued is not None:
            self.on_queued()
        return job_json(job)

    def status(self, table_id: str, owner: str, deal_no: int) -> JSON:
        """The state of the job reviewing the owner's own seat; ``NotFound`` for a table the owner
        holds no seat at, :class:`NoReview` for a game that offers no review."""
        self.tables.deal_record(table_id, owner, deal_no)
        state = self.tables.state(table_id, owner)
        reviewable(state.record.game)
        seat = self.tables.viewer(state, owner)
        return job_json(self.jobs.get(table_id, deal_no, seat))


def run_job(
    jobs: ReviewStore,
    job: ReviewJob,
    claim: str,
    clock: Callable[[], float] = time.time,
    stop: threading.Event | None = None,
) -> bool:
    """Review the job's record for its seat, writing progress; True if the review was stored.
    ``stop``: once set, the review ends at its next decision, writing nothing more."""
    from cardavia.bots.review import review_record

    record = dict(job.record)
    seed = int(record.pop("review_seed", 0))
    cap = record.pop("review_max_samples", None)

    def progress(done: int, total: int) -> None:
        if stop is not None and stop.is_set():
            raise _ClaimLost()
        if not jobs.progress(job.table_id, job.deal_no, claim, done, total, clock(), seat=job.seat):
            raise _ClaimLost()

    try:
        review = review_record(record, job.seat, seed=seed, progress=progress, max_samples=cap)
    except _ClaimLost:
        return False
    except Exception:
        log.exception("review of %s deal %s failed", job.table_id, job.deal_no)
        jobs.fail(job.table_id, job.deal_no, claim, clock(), seat=job.seat)
        return False
    return jobs.finish(job.table_id, job.deal_no, claim, review.to_json(full=True), clock(), seat=job.seat)


class _ClaimLost(Exception):
    """Another process took this job over: stop without writing."""


@cache
def _worker_store(url: str) -> ReviewStore:
    return ReviewStore(Store(url))


def _run_in_worker(url: str, job: ReviewJob, claim: str) -> bool:
    return run_job(_worker_store(url), job, claim)


class ReviewRunner:
    """The job loops of one process: claim queued reviews and run up to ``workers`` at once.

    ``workers=0`` runs one at a time in a thread of this process (tests); else each in a process of
    a pool of ``workers`` (None: :func:`review_slots`), so a review never slows the bots' turns or
    a request. :meth:`close` does not wait for a running review: it ends it and gives its job back
    to the queue, where the next runner (this server restarted, or another) takes it at once.
    """

    def __init__(
        self,
        service: ReviewService,
        *,
        offload: Offload,
        workers: int | None = None,
        poll_s: float = POLL_S,
    ) -> None:
        self.service = service
        self.offload = offload  # the store's threads (the app's, shared with the bots' driver)
        self.workers = review_slots() if workers is None else workers
        self.poll_s = poll_s
        self._pool: ProcessPoolExecutor | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._wake: asyncio.Event | None = None
        self._closed = False
        self._stop = threading.Event()  # ends the reviews run in this process's threads
        self._running: dict[str, ReviewJob] = {}  # claim -> the job it runs
        self.claim_prefix = secrets.token_hex(6)

    def wake(self) -> None:
        if self._wake is not None:
            self._wake.set()

    async def start(self) -> None:
        """Start the loops in the running event loop (an app may be started again, in another loop)."""
        self._closed = False
        self._stop = threading.Event()
        self._wake = wake = asyncio.Event()
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._loop(wake)) for _ in range(max(1, self.workers))]
        self.service.on_queued = self.wake

    async def _loop(self, wake: asyncio.Event) -> None:
        while not self._closed and wake is self._wake:
            # cleared before the claim, not after it: a job queued while the claim was on its way
            # (its wake would have been cleared with it) is then claimed at once, not a poll later
            wake.clear()
            try:
                ran = await self.run_one()
            except asyncio.CancelledError:
                raise
            except StoreUnavailable as exc:  # the job stays where it is; asked again at the next poll
                log.warning("review job loop: %s", exc)
                ran = False
            except Exception:
                log.exception("review job loop")
                ran = False
            if ran:
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), self.poll_s)

    async def run_one(self) -> bool:
        """Claim and run one job; False if none was waiting."""
        jobs = self.service.jobs
        claim = f"{self.claim_prefix}-{secrets.token_hex(4)}"
        loop = asyncio.get_running_loop()
        # the claim is a store call like any other: on the store's bounded threads
        job = await self.offload.run(jobs.claim_next, claim, self.service.clock(), STALE_AFTER_S)
        if job is None:
            return False
        if len(self._running) < self.workers - 1:
            self.wake()  # another loop may take the next job meanwhile
        self._running[claim] = job
        try:
            if self.workers <= 0:
                stop = self._stop
                await loop.run_in_executor(None, run_job, jobs, job, claim, self.service.clock, stop)
                return True
            url = self.service.tables.store.url
            try:
                await loop.run_in_executor(self._executor(), _run_in_worker, url, job, claim)
            except BrokenProcessPool:
                if not self._closed:
                    log.warning("review process died; the job will be claimed again")
                    self._pool = None
        finally:
            self._running.pop(claim, None)
        return True

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool(self.workers)
        return self._pool

    async def close(self) -> None:
        """Stop at once: the loops end, running reviews are ended (their processes killed) and their
        jobs queued again for the next runner."""
        self._closed = True
        self._stop.set()
        running = dict(self._running)
        tasks, self._tasks = self._tasks, []
        pool, self._pool = self._pool, None
        if pool is not None:
            kill_workers(pool)
        loop = asyncio.get_running_loop()
        for task in tasks:
            if not task.done():
                task.cancel()
        mine = [t for t in tasks if t.get_loop() is loop]
        if mine:
            await asyncio.gather(*mine, return_exceptions=True)
        jobs, now = self.service.jobs, self.service.clock()
        for claim, job in running.items():
            try:
                await loop.run_in_executor(None, jobs.requeue, job, claim, now)
            except StoreUnavailable:
                log.warning("could not queue review %s again; it is claimed again when stale", claim)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
