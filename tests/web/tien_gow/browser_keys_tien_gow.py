"""How a player makes a Tien Gow action on its table page (the browser tests' keyboard kit)."""

from __future__ import annotations

from typing import Any

GAME = "tien-gow"


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """A face-up play where there is one (it goes through the Play button), else a face-down one."""
    ups = [a for a in view["legal"] if a["face"] == "up"]
    return (ups or view["legal"])[0]


def plan(view: dict[str, Any], action: dict[str, Any]) -> tuple[list[str], str]:
    """The tiles to choose in the hand, then the control: Play face up, or Face down."""
    return action["tiles"], "#act-play" if action["face"] == "up" else "#act-down"
