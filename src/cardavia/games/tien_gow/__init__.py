"""Tien Gow (天九), Chinese dominoes: the rules engine (spec: tien-gow.md).

``GAME`` satisfies :class:`cardavia.games.protocol.Game`; its deals satisfy ``Deal``. The tile and group
helpers below are what bots and the web layer need to reason about tiles without the engine's internals.
"""

from __future__ import annotations

from cardavia.games.tien_gow.actions import Play, make_play, play_from_json
from cardavia.games.tien_gow.deal import LegalPlays, TienGowDeal, legal_follows
from cardavia.games.tien_gow.game import GAME, TienGow
from cardavia.games.tien_gow.groups import (
    Group,
    GroupType,
    can_beat,
    group_of,
    legal_leads,
)
from cardavia.games.tien_gow.messages import MESSAGES
from cardavia.games.tien_gow.options import DEFAULT_OPTIONS, Options, parse_options
from cardavia.games.tien_gow.tiles import BY_CODE, TILES, Tile, full_set, sort_tiles, tile
from cardavia.games.tien_gow.view import PublicPlay, PublicTrick, View

__all__ = [
    "BY_CODE",
    "DEFAULT_OPTIONS",
    "GAME",
    "MESSAGES",
    "TILES",
    "Group",
    "GroupType",
    "LegalPlays",
    "Options",
    "Play",
    "PublicPlay",
    "PublicTrick",
    "TienGow",
    "TienGowDeal",
    "Tile",
    "View",
    "can_beat",
    "full_set",
    "group_of",
    "legal_follows",
    "legal_leads",
    "make_play",
    "parse_options",
    "play_from_json",
    "sort_tiles",
    "tile",
]
