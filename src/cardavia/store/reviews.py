"""Review jobs in the database: queued by a request, claimed and run by any process's job loop."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from cardavia.store.core import StoreCore, guarded
from cardavia.store.models import REVIEWS


@dataclass(frozen=True)
class ReviewJob:
    """A review job as stored (see :class:`cardavia.store.models.ReviewRow`)."""

    table_id: str
    deal_no: int
    seat: int
    status: str  # queued | running | done | failed
    done: int
    total: int
    record: dict[str, Any]
    result: dict[str, Any] | None
    claim: str | None
    heartbeat: float


def _job(r: Any) -> ReviewJob:
    return ReviewJob(
        r.table_id,
        int(r.deal_no),
        int(r.seat),
        r.status,
        int(r.done),
        int(r.total),
        json.loads(r.record),
        None if r.result is None else json.loads(r.result),
        r.claim,
        float(r.heartbeat),
    )


def _review_key(table_id: str, deal_no: int, seat: int) -> tuple[Any, ...]:
    return (REVIEWS.c.table_id == table_id, REVIEWS.c.deal_no == deal_no, REVIEWS.c.seat == seat)


def _as_read(table_id: str, deal_no: int, seat: int, status: str, heartbeat: float) -> Any:
    """An UPDATE of that job only if it still stands as it was read (else another process changed
    it meanwhile: it won)."""
    return REVIEWS.update().where(
        *_review_key(table_id, deal_no, seat), REVIEWS.c.status == status, REVIEWS.c.heartbeat == heartbeat
    )


class ReviewStore:
    """Review jobs in the database: queued by a request, claimed and run by any process's job loop.

    Every change of a claimed job names its claim, so a process that lost its claim (it was too slow
    and another took the job over) writes nothing.
    """

    def __init__(self, store: StoreCore) -> None:
        self.engine = store.engine
        # what guarded uses: the tables' store's, so that a database that cannot answer a review
        # call is StoreUnavailable (a 503), as for every other call
        self.store = store

    @guarded
    def get(self, table_id: str, deal_no: int, seat: int = 0) -> ReviewJob | None:
        """The job reviewing ``seat``'s decisions in that deal, if one was ever queued."""
        with self.engine.connect() as conn:
            row = conn.execute(select(REVIEWS).where(*_review_key(table_id, deal_no, seat))).first()
        return None if row is None else _job(row)

    @guarded
    def enqueue(
        self,
        table_id: str,
        deal_no: int,
        seat: int,
        record: dict[str, Any],
        now: float,
        redo: Callable[[ReviewJob], bool] | None = None,
    ) -> ReviewJob:
        """Queue the review of ``seat``'s decisions in a deal, unless it is queued, running or done
        already; a failed one is queued again, and so is one for which ``redo`` says so (a review
        stored by an earlier analyst). Answers the job as it now stands."""
        job = self.get(table_id, deal_no, seat)
        if job is not None and job.status != "failed" and not (redo is not None and redo(job)):
            return job
        values = {
            "status": "queued",
            "done": 0,
            "total": 0,
            "record": json.dumps(record, sort_keys=True),
            "result": None,
            "claim": None,
            "heartbeat": now,
        }
        try:
            with self.engine.begin() as conn:
                if job is None:
                    conn.execute(
                        REVIEWS.insert(),
                        {"table_id": table_id, "deal_no": deal_no, "seat": seat, "created_at": now, **values},
                    )
                else:
                    # only the job as read: another request may have queued it again meanwhile
                    conn.execute(
                        _as_read(table_id, deal_no, seat, job.status, job.heartbeat).values(**values)
                    )
        except IntegrityError:
            pass  # another request queued it first
        found = self.get(table_id, deal_no, seat)
        assert found is not None
        return found

    @guarded
    def claim_next(self, claim: str, now: float, stale_after: float) -> ReviewJob | None:
        """Claim the oldest queued job, or a running one whose heartbeat is older than
        ``stale_after`` seconds (its process died); None if there is none."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(
                    REVIEWS.c.table_id,
                    REVIEWS.c.deal_no,
                    REVIEWS.c.seat,
                    REVIEWS.c.status,
                    REVIEWS.c.heartbeat,
                )
                .where(
                    (REVIEWS.c.status == "queued")
                    | ((REVIEWS.c.status == "running") & (REVIEWS.c.heartbeat < now - stale_after))
                )
                .order_by(REVIEWS.c.created_at)
                .limit(8)
            ).all()
        for table_id, deal_no, seat, status, heartbeat in rows:
            with self.engine.begin() as conn:
                # the status and heartbeat read above must still hold: else another process won
                taken = conn.execute(
                    _as_read(table_id, deal_no, seat, status, heartbeat).values(
                        status="running", claim=claim, heartbeat=now
                    )
                ).rowcount
            if taken:
                return self.get(table_id, deal_no, seat)
        return None

    @guarded
    def progress(
        self, table_id: str, deal_no: int, claim: str, done: int, total: int, now: float, seat: int = 0
    ) -> bool:
        """Record progress (and keep the claim alive); False if the claim was lost."""
        return self._update(table_id, deal_no, seat, claim, done=done, total=total, heartbeat=now)

    @guarded
    def finish(
        self, table_id: str, deal_no: int, claim: str, result: dict[str, Any], now: float, seat: int = 0
    ) -> bool:
        return self._update(
            table_id,
            deal_no,
            seat,
            claim,
            status="done",
            result=json.dumps(result, sort_keys=True),
            heartbeat=now,
        )

    @guarded
    def requeue(self, job: ReviewJob, claim: str, now: float) -> bool:
        """Give a job claimed by ``claim`` back to the queue, from the start (its process is
        stopping): the next runner takes it at once. False if the claim was lost or it finished."""
        return self._update(
            job.table_id,
            job.deal_no,
            job.seat,
            claim,
            status="queued",
            claim=None,
            done=0,
            total=0,
            heartbeat=now,
        )

    @guarded
    def fail(self, table_id: str, deal_no: int, claim: str, now: float, seat: int = 0) -> bool:
        return self._update(table_id, deal_no, seat, claim, status="failed", heartbeat=now)

    def _update(self, table_id: str, deal_no: int, seat: int, by: str, **values: Any) -> bool:
        """Change the job ``by`` holds, while it runs; False (nothing changed) if the claim was lost."""
        with self.engine.begin() as conn:
            n = conn.execute(
                REVIEWS.update()
                .where(
                    *_review_key(table_id, deal_no, seat),
                    REVIEWS.c.claim == by,
                    REVIEWS.c.status == "running",
                )
                .values(**values)
            ).rowcount
        return bool(n)
