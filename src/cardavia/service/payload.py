"""The one JSON shape a browser receives for a table (docs/api.md ``TableOut``), built from the view of
the seat the browser holds (seat 0 for the host)."""

from __future__ import annotations

import time
from collections.abc import Collection, Mapping
from typing import Any

from cardavia.games.protocol import Deal, Game, Outcome, acting_seats
from cardavia.service.state import HUMAN, TableState, host_seat
from cardavia.store.records import AUTO_LEFT

JSON = dict[str, Any]
VIEWER = 0


def outcome_json(outcome: Outcome) -> JSON:
    """What a page shows of a finished deal, as the engine says it: each seat's ``returns``,
    whether it was ``drawn``, and its ``winner`` (None when drawn). No page reads a game's result."""
    return {"returns": list(outcome.returns), "drawn": outcome.drawn, "winner": outcome.winner}


def view_json(state: TableState, viewer: int = VIEWER) -> JSON:
    """``viewer``'s view; its legal actions only while it is really that seat's choice to make;
    ``acting``, the seats that may act now (several at once in some games), in every game's view."""
    view = state.deal.view(viewer)
    out = with_acting(view.to_json(), state.game, state.deal)
    status = state.status_for(viewer)
    out["legal"] = [state.game.action_to_json(a) for a in view.legal] if status == HUMAN else []
    return out


def with_acting(view: Mapping[str, Any], game: Game[Any, Any], deal: Deal[Any, Any]) -> JSON:
    """A view's JSON with ``acting`` (``protocol.OPTIONAL_VIEW_KEYS``): the seats that may act now,
    as :func:`acting_seats` says, written by the service so that no game needs to."""
    out = dict(view)
    out["acting"] = list(acting_seats(game, deal))
    return out


def people_json(state: TableState, here: Collection[int] | None = None) -> list[JSON]:
    """Who sits where, for everyone at the table: "host", "person" (with the name they chose, and
    ``"away": true`` while the AI plays for them: it made their last decision, their time having
    run out or they having left (``"away_reason"``: ``"time"`` or ``"left"``), or the host handed
    their seat to it, ``"ai_plays": true``, until they are back), "open" (an invited seat not yet
    taken) or "ai" (the host's own seat too, once the host left). ``here``: the seats whose person
    is at the table now; given, each host and person at a shared table says ``"here": true |
    false``. Never an owner's key hash."""
    people = state.record.people
    persons = {s for s, p in enumerate(people) if p is not None and p.get("owner") is not None}
    away: dict[int, str] = {}
    # a person is away while their latest move in the log is the AI's (the log is read from the end),
    # because their time ran out or because they had left
    unseen = set(persons)
    for entry in reversed(state.log):
        if not unseen:
            break
        if entry.seat in unseen:
            unseen.discard(entry.seat)
            if entry.auto:
                away[entry.seat] = "left" if entry.auto == AUTO_LEFT else "time"
    out: list[JSON] = []
    owner_seat = host_seat(state.record)
    for seat in range(state.num_seats):
        person = people[seat] if seat < len(people) else None
        if seat == owner_seat:
            host: JSON = {"seat": seat, "kind": "host"}
            if state.record.host_name:
                host["name"] = state.record.host_name
            if here is not None and state.shared:
                host["here"] = seat in here
            out.append(host)
        elif person is None:
            out.append({"seat": seat, "kind": "ai"})
        elif person.get("owner") is None:
            out.append({"seat": seat, "kind": "open"})
        else:
            item: JSON = {"seat": seat, "kind": "person", "name": str(person.get("name", ""))}
            if seat in away or state.handed(seat):
                item["away"] = True
                item["away_reason"] = "left" if state.handed(seat) else away[seat]
            if state.handed(seat):
                item["ai_plays"] = True
            if here is not None:
                item["here"] = seat in here
            out.append(item)
    return out


def table_out(
    state: TableState,
    since: int | None = None,
    viewer: int = VIEWER,
    here: Collection[int] | None = None,
    now: float | None = None,
) -> JSON:
    """The table envelope as ``viewer`` sees it; ``last`` lists the actions logged from ``since`` on
    (public form for that seat); ``here``: who is at the table now (see :func:`people_json`);
    ``turn_left_ms``: at ``now`` (default: this moment), the time the person to decide has left
    under the table's turn limit (None without a limit or a person to decide): the page counts
    down from it, so a reload shows the same clock."""
    record = state.record
    left = state.turn_left_s(time.time() if now is None else now, viewer)
    origin = record.origin or {}
    return {
        "id": record.id,
        "game": record.game,
        "level": record.level,
        "seq": state.seq,
        "deal_no": state.deal_no,
        "deal_start": state.deal_start,
        "pace_ms": record.pace_ms,
        "status": state.status_for(viewer),
        "seat": viewer,
        "people": people_json(state, here),
        "turn_limit_s": record.turn_limit_s,
        "turn_left_ms": None if left is None else int(left * 1000),
        # where a tried table came from (never its first deal's seed, which would show every piece)
        "origin": {k: origin[k] for k in ("table", "deal_no", "step") if k in origin} or None,
        "ends": state.ends,
        # the table the same people play on after this one (*Play again together*), once made
        "next_table": origin.get("next"),
        "view": view_json(state, viewer),
        "totals": list(state.totals),
        "last": state.since(state.seq if since is None else since, viewer),
        # each seat's returns and whether it was drawn, as the engine says: no page reads a result
        "deals": [
            {"deal_no": d.deal_no, "result": d.result, **outcome_json(d.outcome)} for d in state.finished
        ],
        "series": series_json(state),
    }


def series_json(state: TableState) -> JSON | None:
    """The score of the table's deals taken together, as the game's ``series`` says it from their
    results (a match to a target, say), where its profile says it keeps one; else None."""
    if not state.game.profile.series:
        return None
    out: JSON = state.game.series([d.result for d in state.finished])  # type: ignore[attr-defined]
    return out
