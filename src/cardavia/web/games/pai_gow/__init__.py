"""Pai Gow on the site: its rules, its table, in the Chinese-dominoes tradition it joins.

The tiles' pictures are the shared dominoes pack's (:mod:`cardavia.web.packs.dominoes`), as for
every game played with these tiles.
"""

from __future__ import annotations

from pathlib import Path

from cardavia.web.content import Msg
from cardavia.web.game_parts import GameWeb
from cardavia.web.games.pai_gow.texts import TEXTS
from cardavia.web.games.pai_gow.tradition import PAGE, SLUG
from cardavia.web.packs.dominoes import TILE_CODES, tile_symbol

HERE = Path(__file__).parent

WEB = GameWeb(
    tradition=SLUG,
    page=PAGE,
    templates=HERE / "templates",
    static=HERE / "static",
    script="pai-gow.js",
    style="pai-gow.css",
    symbol="tile",
    codes=TILE_CODES,
    draw=tile_symbol,
    samples=("6-6", "1-1", "4-5", "2-4", "1-2"),
    pieces_caption=Msg(
        "caption of the picture of all tile kinds on the Chinese dominoes page",
        "The 21 kinds of tile: the eleven civil tiles from Heaven down, then the ten military tiles",
    ),
    piece_context="tile name",
    pack="dominoes",
    controls="content/pai-gow/table/controls.html",
    texts=TEXTS,
    seats=("you", "east", "north", "west"),
    code_params=("tiles", "high", "low"),
    named_params=(),
    piece_params=("tile",),
    # a seat, an option and its value, what a malformed record got wrong and where
    word_params=("seat", "what", "field", "option", "value"),
)

__all__ = ["WEB"]
