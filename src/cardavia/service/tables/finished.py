"""Finished deals: a deal replayed step by step, every seat's hands, its record, and a browser's
history across its tables. Only a finished deal is shown whole (its record reveals it all already).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardavia.games.registry import get_game
from cardavia.service.errors import TableError
from cardavia.service.payload import outcome_json, with_acting
from cardavia.service.state import DealSummary, TableState, public_action, seat_of
from cardavia.service.tables.core import JSON, TableCore
from cardavia.store.records import LoggedAction


class FinishedDeals(TableCore):
    """The finished deals of a table, and of a browser."""

    def _finished(self, table_id: str, owner: str, deal_no: int) -> tuple[TableState, DealSummary]:
        state = self.state(table_id, owner)
        summary = state.finished_deal(deal_no)
        if summary is None:
            raise TableError("deal-not-finished", "that deal is not finished", {"deal_no": deal_no})
        return state, summary

    def _replay(
        self, table_id: str, owner: str, deal_no: int
    ) -> tuple[TableState, Any, Sequence[LoggedAction]]:
        """The table, finished deal ``deal_no`` as it was dealt, and the entries to apply to it."""
        with self.lock(table_id):
            state, summary = self._finished(table_id, owner, deal_no)
            deal, entries = state.replay_deal(summary)
        return state, deal, entries

    def deal_steps(self, table_id: str, owner: str, deal_no: int) -> list[JSON]:
        """A finished deal step by step: the view of the owner's seat before the first action and
        after each one, each with the deal's ``outcome`` once it is over (:func:`outcome_json`),
        else None."""
        state, deal, entries = self._replay(table_id, owner, deal_no)
        me = self.viewer(state, owner)

        def outcome() -> JSON | None:
            over = deal.outcome()
            return None if over is None else outcome_json(over)

        steps: list[JSON] = [
            {
                "seq": None,
                "seat": None,
                "action": None,
                "view": with_acting(deal.view(me).to_json(), state.game, deal),
                "outcome": outcome(),
            }
        ]
        for entry in entries:
            deal.apply(state.game.action_from_json(entry.action, entry.seat))
            steps.append(
                {
                    "seq": entry.seq,
                    "seat": entry.seat,
                    "action": public_action(state.game, entry.seat, entry.action, me),
                    "view": with_acting(deal.view(me).to_json(), state.game, deal),
                    "outcome": outcome(),
                }
            )
        return steps

    def deal_hands(self, table_id: str, owner: str, deal_no: int) -> list[list[list[str]]]:
        """Every seat's hand before the first action and after each one, of a finished deal only (the
        record reveals them all already): ``hands[step][seat]``, steps as in :meth:`deal_steps`."""
        state, deal, entries = self._replay(table_id, owner, deal_no)
        seats = range(state.game.num_seats)

        def hands() -> list[list[str]]:
            return [list(deal.view(s).to_json()["hand"]) for s in seats]

        out = [hands()]
        for entry in entries:
            deal.apply(state.game.action_from_json(entry.action, entry.seat))
            out.append(hands())
        return out

    def deal_record(self, table_id: str, owner: str, deal_no: int) -> JSON:
        """The finished deal as a record ``cardavia replay`` accepts."""
        state, deal, entries = self._replay(table_id, owner, deal_no)
        for entry in entries:
            deal.apply(state.game.action_from_json(entry.action, entry.seat))
        return dict(deal.to_record())

    def history(self, owner: str) -> list[JSON]:
        """The finished deals of the tables where ``owner`` holds a seat, each with its result, each
        seat's returns and the seat they hold (a seat handed to the AI for good is not theirs)."""
        deals = self.store.history(owner)
        records = self.store.tables(d.table_id for d in deals)
        out: list[JSON] = []
        for d in deals:
            record = records.get(d.table_id)
            seat = None if record is None else seat_of(record, owner)
            if seat is None:
                continue
            out.append(
                {
                    "table": d.table_id,
                    "game": d.game,
                    "deal_no": d.deal_no,
                    "finished_at": d.finished_at,
                    "result": d.result,
                    "returns": list(get_game(d.game).outcome_of(d.result).returns),
                    "seat": seat,
                }
            )
        return out
