"""A server told to stop ends its event streams as a normal end, and exits 0.

uvicorn stops on SIGTERM (or SIGINT) by closing its sockets, then waiting up to its graceful timeout
for the requests in flight to end, then cancelling those left, each cancellation logged as an ERROR
with its traceback; then it raises the signal again, so a plain ``serve`` died by it (exit -15). An
event stream never ends by itself, so every routine deploy logged an ERROR per open stream. Here the
app hears the signal as soon as uvicorn does (:func:`on_stop_signal`, chained to uvicorn's handler)
and ends every stream at once, the way a stream ends when a newer one takes its place: the page
reconnects after its ``retry``, to whichever process serves then. :func:`exit_zero_on_sigterm` makes
the signal uvicorn raises again a clean exit.
"""

from __future__ import annotations

import asyncio
import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


def on_stop_signal(callback: Callable[[], None]) -> Callable[[], None]:
    """Call ``callback`` on the running loop as soon as the process is told to stop, then let the
    handler that was there (the server's) do what it does; the undo, to call at the app's end.

    Only in the main thread (where signals are delivered); elsewhere (a test's app in a thread) it
    does nothing."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    loop = asyncio.get_running_loop()
    previous: dict[int, Any] = {sig: signal.getsignal(sig) for sig in STOP_SIGNALS}

    def heard(sig: int, frame: FrameType | None) -> None:
        loop.call_soon_threadsafe(callback)  # safe from a handler: the loop runs it next
        before = previous[sig]
        if callable(before):
            before(sig, frame)
        elif before == signal.SIG_DFL:  # no server's handler: as if none of ours were there
            signal.signal(sig, signal.SIG_DFL)
            signal.raise_signal(sig)

    for sig in STOP_SIGNALS:
        signal.signal(sig, heard)

    def undo() -> None:
        for sig, before in previous.items():
            if signal.getsignal(sig) is heard:
                signal.signal(sig, before)

    return undo


def exit_zero_on_sigterm() -> None:
    """From now on SIGTERM ends the process with status 0 (``SystemExit``, so clean-ups run):
    before uvicorn takes the signal over, and when it raises it again after its graceful stop."""

    def stop(_sig: int, _frame: FrameType | None) -> None:
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
