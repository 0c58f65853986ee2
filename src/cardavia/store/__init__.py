"""The action log in SQL: SQLite (WAL) in the user's data folder by default, PostgreSQL by URL."""

from cardavia.store.db import Store, open_store
from cardavia.store.engine import database_url_from
from cardavia.store.errors import SeqTaken
from cardavia.store.models import ActionRow, TableRow

__all__ = ["ActionRow", "SeqTaken", "Store", "TableRow", "database_url_from", "open_store"]
