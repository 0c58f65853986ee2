"""How a player makes an action on this toy's table page (the browser tests' keyboard kit)."""

from __future__ import annotations

from typing import Any

from toy2.engine import GAME_ID as GAME

__all__ = ["GAME", "choose", "plan"]


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """The first legal piece."""
    return dict(view["legal"][0])


def plan(view: dict[str, Any], action: dict[str, Any]) -> tuple[list[str], str]:
    """The piece, then Play."""
    return [action["piece"]], "#act-play"
