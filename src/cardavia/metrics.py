"""The server's Prometheus metrics (``GET /metrics``), made with the ``prometheus-client`` library.

Counters and histograms live in this process; with several worker processes (``cardavia serve
--workers N``) ``serve`` sets ``PROMETHEUS_MULTIPROC_DIR`` before any worker starts, the library then
keeps every value in a file of that folder, and a scrape of any worker sums all of them. Figures
that belong to the database rather than to a process (tables by status, the review queue) are read
from it at scrape time, so they are the same whichever worker answers.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.metrics_core import GaugeMetricFamily, Metric
from prometheus_client.registry import REGISTRY, Collector

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
# seconds: from a few milliseconds (a move) to the seconds of a slow database or a hard bot
BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})

REQUESTS = Counter(
    "cardavia_http_requests",
    "HTTP requests answered, by route template and status",
    ["method", "route", "status"],
)
LATENCY = Histogram(
    "cardavia_http_request_duration_seconds",
    "Time to answer a request (an event stream: to its first byte), by route template",
    ["method", "route"],
    buckets=BUCKETS,
)
STREAMS = Gauge("cardavia_event_streams_open", "Event streams open now", multiprocess_mode="livesum")
# A bot's decision time follows the pieces it chose from (one legal card: a millisecond; four: a
# hundred), which is why its moves are held to a floor (service.driver.MIN_STEP_MS, at most 0.5 s).
# What an operator needs of it is whether the bots keep up: how many decisions outlast the floor,
# and by how much under load. So it is counted in coarse buckets whose first is the greatest floor,
# and each decision is counted at its bucket's bound (the sum, too, then tells nothing finer than
# the buckets): a decision within the floor is one count under 0.5 s, whatever it took.
BOT_BUCKETS = (0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
BOT_DECISIONS = Histogram(
    "cardavia_bot_decision_seconds",
    "Bot decisions by how long they took (asking to having it, a wait for a worker included), "
    "each counted at its bucket's upper bound: the first bucket (0.5 s) holds every decision within "
    "the moves' floor",
    ["game", "level"],
    buckets=BOT_BUCKETS,
)
DATABASE_ERRORS = Counter(
    "cardavia_database_errors",
    "Database calls that failed because the database could not answer, by reason",
    ["reason"],
)


def database_error(reason: str) -> None:
    """Count one failed database call (``StoreUnavailable``'s reason)."""
    DATABASE_ERRORS.labels(reason).inc()


def bot_decision(game: str, level: str, seconds: float) -> None:
    """Count one bot decision that took ``seconds``, at the bound of its bucket (:data:`BOT_BUCKETS`;
    past the last, in whole minutes)."""
    bound = next((b for b in BOT_BUCKETS if seconds <= b), None)
    if bound is None:
        bound = 60.0 * -(-seconds // 60.0)
    BOT_DECISIONS.labels(game, level).observe(bound)


def method_label(method: str) -> str:
    """``method``, or "other" for a method no route serves (labels must not grow without bound)."""
    return method if method in METHODS else "other"


class DatabaseFigures(Collector):
    """Gauges read from the database at each scrape by ``read``: {"tables": {status: n},
    "reviews": {status: n}} (None when the database cannot answer: the families are then left out)."""

    def __init__(self, read: Callable[[], dict[str, dict[str, int]] | None]) -> None:
        self.read = read

    def collect(self) -> Iterator[Metric]:
        figures = self.read()
        if figures is None:
            return
        tables = GaugeMetricFamily(
            "cardavia_tables", "Tables in the database, by status hint (human, bots, over)", labels=["status"]
        )
        for status, n in sorted(figures["tables"].items()):
            tables.add_metric([status], n)
        yield tables
        in_play = sum(n for status, n in figures["tables"].items() if status != "over")
        yield GaugeMetricFamily(
            "cardavia_tables_in_play", "Tables whose deal is not over (a person's or a bot's turn)", in_play
        )
        queue = GaugeMetricFamily(
            "cardavia_review_queue", "Reviews waiting or running, in every process", labels=["status"]
        )
        for status in ("queued", "running"):
            queue.add_metric([status], figures["reviews"].get(status, 0))
        yield queue


class _Forward(Collector):
    def __init__(self, source: CollectorRegistry) -> None:
        self.source = source

    def collect(self) -> Iterable[Metric]:
        return self.source.collect()


def _forget_dead_processes(folder: str) -> None:
    """Drop the live gauges of worker processes that are gone (killed: they ran no clean-up), so
    that a stream gauge does not keep counting a dead worker's streams."""
    from prometheus_client import multiprocess

    pids: set[int] = set()
    for name in os.listdir(folder):
        if name.startswith("gauge_live") and name.endswith(".db"):
            digits = name.rsplit("_", 1)[-1][: -len(".db")]
            if digits.isdigit():
                pids.add(int(digits))
    for pid in pids:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            multiprocess.mark_process_dead(pid, folder)  # type: ignore[no-untyped-call]
        except PermissionError:  # alive, someone else's
            continue


def scrape(database: Collector | None = None) -> bytes:
    """The exposition text of every metric: this process's (or, in multiprocess mode, every
    worker's) and ``database``'s."""
    registry = CollectorRegistry(auto_describe=False)
    folder = os.environ.get(MULTIPROC_ENV)
    if folder:
        from prometheus_client import multiprocess

        _forget_dead_processes(folder)
        multiprocess.MultiProcessCollector(registry, path=folder)  # type: ignore[no-untyped-call]
    else:
        registry.register(_Forward(REGISTRY))
    if database is not None:
        registry.register(database)
    return generate_latest(registry)
