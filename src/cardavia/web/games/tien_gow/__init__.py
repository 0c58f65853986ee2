"""Tien Gow on the site: the Chinese dominoes tradition page, its rules, its table and tile pictures."""

from __future__ import annotations

from pathlib import Path

from cardavia.web.content import Msg
from cardavia.web.game_parts import GameWeb
from cardavia.web.games.tien_gow.texts import TEXTS
from cardavia.web.games.tien_gow.tradition import PAGE, TRADITION
from cardavia.web.packs.dominoes import TILE_CODES, tile_symbol

HERE = Path(__file__).parent

WEB = GameWeb(
    tradition=TRADITION,
    page=PAGE,
    templates=HERE / "templates",
    static=HERE / "static",
    script="tien-gow.js",
    style="tien-gow.css",
    symbol="tile",
    codes=TILE_CODES,
    draw=tile_symbol,
    samples=("6-6", "1-1", "4-4", "4-5", "2-4", "1-2"),
    pieces_caption=Msg(
        "caption of the picture of all tile kinds on the Chinese dominoes page",
        "The 21 kinds of tile: the eleven civil tiles from Heaven down, then the ten military tiles",
    ),
    piece_context="tile name",
    pack="dominoes",
    controls="content/tien-gow/table/controls.html",
    texts=TEXTS,
    seats=("you", "east", "north", "west"),
    code_params=("tiles", "a", "b"),
    named_params=("high", "civil", "tile", "kept"),
    name_params=("partner",),
    # a seat, a trick's number, an option and its value, what a malformed record got wrong
    word_params=("to_act", "seat", "owed_by", "number", "what", "option", "value"),
)

__all__ = ["WEB"]
