"""How a player makes a Twenty-Nine action on its table page (the browser tests' keyboard kit)."""

from __future__ import annotations

from typing import Any

GAME = "twenty-nine"


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """Hold a bid up to 20, open at the lowest bid, else pass; ask for the trump and declare the
    pair whenever allowed (to go through those controls); decline doubles; else the first card."""
    legal = view["legal"]
    by_do = {a["do"]: a for a in reversed(legal)}  # the first of each kind
    if view["phase"] == "auction":
        if view["hold"] is not None and view["hold"] <= 20:
            return {"do": "bid", "value": view["hold"]}
        if "pass" not in by_do:
            return by_do["bid"]
        return by_do["pass"]
    for do in ("trump", "pair", "reveal"):
        if do in by_do:
            return by_do[do]
    return by_do.get("play") or by_do["pass"]


def plan(view: dict[str, Any], action: dict[str, Any]) -> tuple[list[str], str]:
    """A card: it, then Play; a bid: Hold or Bid; a trump: its suit's button; else the action's."""
    do = action["do"]
    if do == "play":
        return [action["card"]], "#act-play"
    if do == "bid":
        return [], "#act-hold" if action["value"] == view["hold"] else "#act-bid"
    if do == "trump":
        return [], f"#act-trump-{action['suit']}"
    return [], {"reveal": "#act-ask"}.get(do, f"#act-{do}")
