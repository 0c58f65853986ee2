"""How a player makes a Gaple action on its table page (the browser tests' keyboard kit)."""

from __future__ import annotations

from typing import Any

GAME = "gaple"


def _ends(view: dict[str, Any], tile: str) -> list[str]:
    """Where ``tile`` may be laid now, as the legal actions say: "left", "right", or none given (the
    opening tile, or the one end it fits)."""
    return [a.get("end", "") for a in view["legal"] if a["do"] == "play" and a["tile"] == tile]


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """A tile that fits both ends where there is one (its end is chosen on the page), else the first
    legal action: a tile, a pass, a face-down discard."""
    both = [a for a in view["legal"] if a["do"] == "play" and len(_ends(view, a["tile"])) == 2]
    return dict((both or view["legal"])[0])


def plan(view: dict[str, Any], action: dict[str, Any]) -> tuple[list[str], str]:
    """The tile to choose in the hand, then the control: Play where it fits one end, Left end or
    Right end where it fits both, Face down for a discard; Pass with no tile."""
    if action["do"] == "pass":
        return [], "#act-pass"
    if action["do"] == "discard":
        return [action["tile"]], "#act-discard"
    if len(_ends(view, action["tile"])) == 2:
        return [action["tile"]], f"#act-{action['end']}"
    return [action["tile"]], "#act-play"
