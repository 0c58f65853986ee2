"""What a store call raises instead of a driver's own errors."""

from __future__ import annotations


class SeqTaken(Exception):
    """Another writer already holds this (table, seq): the caller's picture of the log is stale."""


class StoreUnavailable(Exception):
    """The database cannot answer now (down, unreachable, full, read-only, locked): try again later.

    ``reason`` says which, for logs and the error's params: "unreachable", "disk-full",
    "read-only", "locked", "busy" (no free connection) or "error".
    """

    code = "unavailable"
    counted = False  # set once the metrics have counted it (cardavia_database_errors_total)

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"database unavailable ({reason}){': ' + detail if detail else ''}")
        self.reason = reason
        self.detail = detail


class OutcomeUnknown(StoreUnavailable):
    """The database failed after a write may have committed (its connection was lost once the
    statement was sent, or a read that followed the write failed): it may or may not be in the
    database. Sending the same request again is the way to know (an action already in the log is
    answered as done)."""

    code = "unknown"


class BadDatabase(Exception):
    """The database named at start-up cannot be used (a bad URL, an unknown driver, a file that
    cannot be written): the one-line reason is the message."""
