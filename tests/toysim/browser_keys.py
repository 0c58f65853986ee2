"""How a player makes a Secret Card action on its table page: as on the toy's (its piece, Play)."""

from __future__ import annotations

from toy.browser_keys import choose, plan
from toysim.engine import GAME_ID as GAME

__all__ = ["GAME", "choose", "plan"]
