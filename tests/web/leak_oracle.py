"""What a seat (seat 0 unless told) may and may not know at a point of a table's log, computed from
the engines' own state.

Used by the leak tests: a payload for a seat must not name a piece that is hidden from that seat
(another hand, a face-down tile, the stock) unless the seat also knows a piece of the same code.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from cardavia.games.cherki.cards import FACE_CODES
from cardavia.service.payload import with_acting
from cardavia.service.state import TableState
from cardavia.store.db import LoggedAction, TableRecord
from json_strings import strings

JSON = dict[str, Any]


def keyed(obj: object, key: str) -> Iterator[object]:
    """Every value stored under ``key`` anywhere in ``obj``."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == key:
                yield v
            yield from keyed(v, key)
    elif isinstance(obj, list):
        for item in obj:
            yield from keyed(item, key)


class Knowledge:
    """Replays a table's log and says, at its end, which piece codes are hidden from ``viewer``."""

    def __init__(self, record: TableRecord, viewer: int = 0) -> None:
        self.state = TableState(record)
        self.viewer = viewer
        self.own: set[str] = set()  # Cherki: every card the viewer has held in this deal
        self._note()

    def advance(self, entries: Sequence[LoggedAction], seq: int) -> Knowledge:
        """Replay the log's ``entries`` (each knows its seq) up to ``seq`` actions, from where it stopped."""
        for entry in entries:
            if not self.state.seq <= entry.seq < seq:
                continue
            deal_no = self.state.deal_no
            self.state.apply_entry(entry)
            if self.state.deal_no != deal_no:
                self.own = set()
            self._note()
        assert self.state.seq == seq
        return self

    def _note(self) -> None:
        if self.state.record.game == "cherki":
            self.own |= {FACE_CODES[f] for f in self.state.deal.hands[self.viewer]}

    def forbidden(self) -> set[str]:
        deal = self.state.deal
        me = self.viewer
        others = [s for s in range(self.state.num_seats) if s != me]
        hidden = {code for s in others for code in deal.view(s).to_json()["hand"]}
        if self.state.record.game == "tien-gow":
            record = deal.to_record()
            allowed = set(record["hands"][me])
            for play in record["plays"]:
                if play["face"] == "up":
                    allowed |= set(play["tiles"])
                elif play["seat"] != me:
                    hidden |= set(play["tiles"])
        else:
            hidden |= {FACE_CODES[f] for f in deal.stock}
            allowed = self.own | {FACE_CODES[f] for f in deal.pile}
            allowed |= set(deal.winning_hand() or ())
        return hidden - allowed

    def check(self, payload: JSON) -> int:
        """Assert ``payload`` (a TableOut at this point of the log) leaks nothing; the codes checked."""
        state, me = self.state, self.viewer
        assert payload["seq"] == state.seq
        current = [payload["view"]] + [e for e in payload["last"] if e["deal_no"] == state.deal_no]
        found = set(strings(current))
        leaked = found & self.forbidden()
        assert not leaked, f"seat {me} was shown hidden pieces {sorted(leaked)} at seq {state.seq}"
        assert payload["view"] == {
            **with_acting(state.deal.view(me).to_json(), state.deal),
            "legal": payload["view"]["legal"],
        }
        for entry in payload["last"]:
            if entry["seat"] >= 0 and entry["seat"] != me and entry["action"].get("face") == "down":
                assert "tiles" not in entry["action"], entry
        if state.record.game == "cherki":
            own_wait = state.deal.view(me).to_json()["wait"]
            assert all(w in (None, own_wait) for w in keyed(payload, "wait")), "another seat's wait shown"
            assert not list(keyed(payload, "waits")) and not list(keyed(payload, "stock_order"))
        return len(self.forbidden())
