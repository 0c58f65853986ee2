"""The action log in SQL: SQLite (WAL) in the user's data folder by default, PostgreSQL by URL."""

from cardavia.store.db import SeqTaken, Store, database_url_from, open_store
from cardavia.store.models import ActionRow, TableRow

__all__ = ["ActionRow", "SeqTaken", "Store", "TableRow", "database_url_from", "open_store"]
