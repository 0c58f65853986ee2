"""Tables: create, act, bots' turns, next deal, who may act. A table is its action log."""

from cardavia.service.errors import NotFound, Stale, TableError
from cardavia.service.state import TableState
from cardavia.service.tables import TableService

__all__ = ["NotFound", "Stale", "TableError", "TableService", "TableState"]
