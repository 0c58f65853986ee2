"""Blocking work (every store call, and the state it loads) run off the event loop, in a bounded
pool of threads, so that a slow or locked database delays only the requests that wait on it."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

DEFAULT_THREADS = 16


class Offload:
    """A fixed number of threads for the store. Size it near the store's connection pool: more
    threads would only queue for connections, fewer would queue here."""

    def __init__(self, threads: int = DEFAULT_THREADS) -> None:
        self.threads = threads
        self._pool: ThreadPoolExecutor | None = None

    async def run(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``fn(*args, **kwargs)`` in one of the threads; its result or its exception."""
        if self._pool is None:  # made on first use (again after close: an app may start twice)
            self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix="cardavia-db")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, functools.partial(fn, *args, **kwargs))

    def close(self) -> None:
        """Stop taking work and wait for the running calls (each a short transaction)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
