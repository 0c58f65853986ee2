"""When the server's move of a decision may be written: the moment that says nothing of its pieces.

A bot's thinking time follows the pieces it chose from, so its move is held to a floor above that
time: written ``wait`` (``max(pace, floor)``) after the decision opened, by the log's clock, a
moment fixed before the thinking starts. Under load the thinking may outlast it (an overloaded
machine: seconds for what takes milliseconds alone); the move is then written at the next multiple
of ``wait`` after the decision opened, never at the moment the thinking happened to end: when it
appears says at most how many whole waits the thinking took, which under load is the machine's
state far more than the pieces'.
"""

from __future__ import annotations

import math


def delay_to_write(opened: float, wait: float, now: float) -> float:
    """Seconds from ``now`` until the move of a decision opened at ``opened`` (the log's clock) and
    held to ``wait`` may be written: until ``opened + wait``, or, once that has passed, the next
    ``opened + k * wait``. Never more than ``wait`` (should the clock have stepped back, or the
    decision have opened on another machine whose clock runs ahead); 0 for no wait."""
    if wait <= 0:
        return 0.0
    due = opened + wait
    if now > due:
        due = opened + wait * math.ceil((now - opened) / wait)
    return max(0.0, min(wait, due - now))
