"""How a player makes a Cherki action on its table page (the browser tests' keyboard kit)."""

from __future__ import annotations

from typing import Any

GAME = "cherki"
CONTROLS = {"draw": "#act-draw", "take": "#act-take", "call": "#act-call"}


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """A call, a take or a draw where there is one; else a discard that calls, else the first."""
    legal = view["legal"]
    for do in ("call", "take", "draw"):
        found = [a for a in legal if a["do"] == do]
        if found:
            return found[0]
    called = [a for a in legal if a["do"] == "discard" and a.get("call")]
    return (called or legal)[0]


def plan(view: dict[str, Any], action: dict[str, Any]) -> tuple[list[str], str]:
    """A discard: its card, then Discard (or Call Cherki); else the action's own button."""
    if action["do"] == "discard":
        return [action["card"]], "#act-call" if action.get("call") else "#act-discard"
    return [], CONTROLS[action["do"]]
