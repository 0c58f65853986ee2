"""Errors of the table service, each with a reason code the API turns into a 4xx."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardavia.games.errors import GameError

if TYPE_CHECKING:
    from cardavia.service.state import TableState


class TableError(GameError):
    """A request the table cannot honour; ``status`` is the HTTP status the API answers with."""

    status = 400


class NotFound(TableError):
    """No such table, or not this browser's: both look the same from outside."""

    status = 404

    def __init__(self) -> None:
        super().__init__("not-found", "no such table")


class Stale(TableError):
    """The table moved on (or it is not the human's turn); carries the current state."""

    status = 409

    def __init__(self, code: str, message: str, state: TableState) -> None:
        super().__init__(code, message)
        self.state = state


class Raced(Stale):
    """A write lost the log's next seq to another writer (another process, or another request of
    this one's table): ``state`` is the log as it is now, from which the request may still stand
    (an action of seats deciding at once, an identical copy of one already written)."""

    def __init__(self, state: TableState) -> None:
        super().__init__("stale", "the table moved on", state)


class Conflict(TableError):
    """A request the table's present state refuses (it may be honoured later)."""

    status = 409


class HostOnly(TableError):
    """A change only the host of a shared table may make (the others hold a seat, so they know the
    table exists: they are told why rather than given a 404)."""

    status = 403

    def __init__(self) -> None:
        super().__init__("host-only", "only the host may change this")


class NoReview(TableError):
    """A review asked of a game that offers none (its bots package has no ``ANALYST``): nothing to
    queue now or later, so the review does not exist."""

    status = 404

    def __init__(self, game: str) -> None:
        super().__init__(
            "no-review", f"{game} has no review: its bots give no analyst of their decisions", {"game": game}
        )
