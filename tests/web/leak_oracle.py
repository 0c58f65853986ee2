"""What a seat (seat 0 unless told) may and may not know at a point of a table's log, computed from
the engines' own state, for any registered game.

Used by the leak tests: a payload for a seat must not name a piece all of whose copies are hidden
from that seat (``Deal.hidden_from``: another hand, a face-down tile, a stock, a set not yet
revealed); its view must be the engine's view of that seat, and each logged action in it the
engine's redaction of that action for that seat (``Game.redact``: a secret trump, a face-down
play), so that nothing a game keeps from a seat reaches it through the service.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardavia.games.profile import Hidden, Profile
from cardavia.service.payload import with_acting
from cardavia.service.state import TableState, public_action
from cardavia.store.records import LoggedAction, TableRecord
from json_strings import strings

JSON = dict[str, Any]


class Knowledge:
    """Replays a table's log and says, at its end, which piece codes are hidden from ``viewer``."""

    def __init__(self, record: TableRecord, viewer: int = 0) -> None:
        self.state = TableState(record)
        self.viewer = viewer
        self.copies = {piece.code: piece.copies for piece in self.state.game.pieces}
        self.redacted = 0  # logged actions checked that the viewer is shown less of than was played

    def advance(self, entries: Sequence[LoggedAction], seq: int) -> Knowledge:
        """Replay the log's ``entries`` (each knows its seq) up to ``seq`` actions, from where it stopped."""
        for entry in entries:
            if self.state.seq <= entry.seq < seq:
                self.state.apply_entry(entry)
        assert self.state.seq == seq
        return self

    def forbidden(self) -> set[str]:
        """The piece codes every copy of which is hidden from the viewer now, as the engine says."""
        hidden = self.state.deal.hidden_from(self.viewer)
        assert set(hidden) <= set(self.copies), set(hidden) - set(self.copies)
        return {code for code, n in hidden.items() if n >= self.copies[code]}

    def check(self, payload: JSON) -> int:
        """Assert ``payload`` (a TableOut at this point of the log) leaks nothing; the codes checked."""
        state, me = self.state, self.viewer
        assert payload["seq"] == state.seq
        current = [payload["view"]] + [e for e in payload["last"] if e["deal_no"] == state.deal_no]
        forbidden = self.forbidden()
        leaked = set(strings(current)) & forbidden
        assert not leaked, f"seat {me} was shown hidden pieces {sorted(leaked)} at seq {state.seq}"
        assert payload["view"] == {
            **with_acting(state.deal.view(me).to_json(), state.game, state.deal),
            "legal": payload["view"]["legal"],
        }
        # each action as the engine redacts it for this seat (the seat's own in full), nothing more
        for entry in payload["last"]:
            logged = state.log[entry["seq"]]
            assert entry["seat"] == logged.seat and entry["deal_no"] == logged.deal_no, entry
            assert entry["action"] == public_action(state.game, logged.seat, logged.action, me), entry
            self.redacted += entry["action"] != logged.action
        if "deals" in payload:  # finished deals: their results as the engine wrote them, nothing else
            assert [d["result"] for d in payload["deals"]] == [d.result for d in state.finished]
        return len(forbidden)


@dataclass
class Teeth:
    """What the leak checks of a test looked at, so that it can show they had teeth for what the
    game hides (its profile's ``hidden``)."""

    replies: int = 0  # replies checked
    hidden: int = 0  # piece codes hidden in full from their viewer, over the replies
    hiding: int = 0  # replies checked against at least one such piece
    redacted: int = 0  # logged actions their viewer was shown less of than was played

    def saw(self, hidden: int) -> None:
        """One reply checked, against ``hidden`` piece codes (:meth:`Knowledge.check`)."""
        self.replies += 1
        self.hidden += hidden
        self.hiding += hidden > 0

    def had_teeth(self, profile: Profile) -> None:
        """Most replies were checked against pieces hidden from their viewer where the game hides
        hands or a stock (a game whose pieces come twice hides every copy of fewer codes: the
        check counts codes hidden in full), and some actions were shown redacted where it hides
        part of the seats' actions."""
        if profile.hidden & {Hidden.HANDS, Hidden.STOCK}:
            assert self.hiding * 2 >= self.replies, self
        if Hidden.ACTIONS in profile.hidden:
            assert self.redacted > 0, self
