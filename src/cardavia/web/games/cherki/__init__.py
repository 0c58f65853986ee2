"""Cherki on the site: its tradition page, its rules, its table and card pictures."""

from __future__ import annotations

from pathlib import Path

from cardavia.web.content import Msg
from cardavia.web.game_parts import GameWeb
from cardavia.web.games.cherki.pieces import CARD_CODES, card_symbol
from cardavia.web.games.cherki.texts import TEXTS
from cardavia.web.games.cherki.tradition import PAGE, TRADITION

HERE = Path(__file__).parent

WEB = GameWeb(
    tradition=TRADITION,
    page=PAGE,
    templates=HERE / "templates",
    static=HERE / "static",
    script="cherki.js",
    style="cherki.css",
    symbol="card",
    codes=CARD_CODES,
    draw=card_symbol,
    samples=("1c", "5s", "9s", "7m", "WF", "RF", "OT"),
    pieces_caption=Msg(
        "caption of the picture of all card faces on the Cherki page",
        "The 30 faces of a Cherki pack: Coins, Strings and Myriads from 1 to 9, "
        "then White Flower, Red Flower and Old Thousand",
    ),
    piece_context="card name",
    controls="content/cherki/table/controls.html",
    texts=TEXTS,
    seats=("you", "west", "east"),
    named_params=("cards", "kind", "kept"),
    piece_params=("card",),
    # a seat, what it may do, a kind of card named in words, the points joined by " + ", an amount
    word_params=("to_act", "do", "kind_name", "terms", "value"),
)

__all__ = ["WEB"]
