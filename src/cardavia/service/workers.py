"""Worker processes of the server (the bots' and the reviews'): spawned, and dead with the server."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` spawned processes, each ending when this server process ends."""
    return ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_watch_parent,
        initargs=(os.getpid(),),
    )


def kill_workers(pool: ProcessPoolExecutor) -> None:
    """End every process of ``pool`` now (SIGKILL), whatever it is running: for work that is
    given back and done again elsewhere, never waited for at shutdown."""
    processes = getattr(pool, "_processes", None) or {}  # the executor keeps no public list
    for process in list(processes.values()):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            process.kill()


def _watch_parent(parent: int) -> None:
    """Pool initializer: end this worker when the server process ``parent`` is gone (even by kill -9,
    which runs no clean-up), instead of lingering as an orphan.

    Linux delivers SIGKILL at the parent's death (``PR_SET_PDEATHSIG``); the server's PID is passed
    in rather than read here, because a server killed while this worker was still starting has
    already left it to PID 1, and a watcher thread covers systems without ``prctl``.
    """
    import os
    import signal
    import sys
    import threading
    import time

    if sys.platform.startswith("linux"):
        import contextlib
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            pr_set_pdeathsig = 1
            ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the server died before the signal was asked for
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="cardavia-parent-watch", daemon=True).start()
