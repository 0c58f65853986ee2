"""How a player makes a Pai Gow action on its table page (the browser tests' keyboard kit)."""

from __future__ import annotations

from typing import Any

GAME = "pai-gow"


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """The first of the three splits."""
    return dict(view["legal"][0])


def plan(view: dict[str, Any], action: dict[str, Any]) -> tuple[list[str], str]:
    """The two tiles of one hand of the split, then Set."""
    return list(action["hand"]), "#act-set"
