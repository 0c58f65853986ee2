"""The finished deals a browser played, newest first (written by the action log as each deal ends)."""

from __future__ import annotations

import json

from sqlalchemy import select

from cardavia.store.core import StoreCore, guarded
from cardavia.store.models import DEALS, INVITES
from cardavia.store.records import FinishedDeal


class History(StoreCore):
    """The store's part that lists finished deals."""

    @guarded
    def history(self, owner: str, limit: int = 200) -> list[FinishedDeal]:
        """The deals of ``owner``'s tables, and of shared tables where they took an invited seat,
        newest first (at most ``limit``)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(DEALS.c.table_id, DEALS.c.deal_no, DEALS.c.game, DEALS.c.result, DEALS.c.finished_at)
                .where(
                    (DEALS.c.owner == owner)
                    # and the deals of shared tables where this browser took an invited seat
                    | DEALS.c.table_id.in_(select(INVITES.c.table_id).where(INVITES.c.owner == owner))
                )
                .order_by(DEALS.c.finished_at.desc())
                .limit(limit)
            )
            return [FinishedDeal(r[0], r[1], r[2], json.loads(r[3]), float(r[4])) for r in rows]
