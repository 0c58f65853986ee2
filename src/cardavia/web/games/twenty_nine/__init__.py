"""Twenty-Nine on the site: its tradition page, its rules, its table and the French-suited cards."""

from __future__ import annotations

from pathlib import Path

from cardavia.web.content import Msg
from cardavia.web.game_parts import GameWeb
from cardavia.web.games.twenty_nine.texts import TEXTS
from cardavia.web.games.twenty_nine.tradition import TRADITION
from cardavia.web.packs.french import CARD_CODES, card_symbol

HERE = Path(__file__).parent

WEB = GameWeb(
    tradition=TRADITION,
    templates=HERE / "templates",
    static=HERE / "static",
    script="twenty-nine.js",
    style="twenty-nine.css",
    symbol="card",
    codes=CARD_CODES,
    draw=card_symbol,
    samples=("Jh", "9h", "Ah", "Th", "Ks", "Qs"),
    pieces_caption=Msg(
        "caption of the picture of all 32 cards on the Twenty-Nine page",
        "The 32 cards, 7 to ace in spades, hearts, clubs and diamonds; in Twenty-Nine they rank "
        "J 9 A 10 K Q 8 7, and the jack, nine, ace and ten count 3, 2, 1 and 1 points",
    ),
    piece_context="card name",
    controls="content/twenty-nine/table/controls.html",
    texts=TEXTS,
    piece_params=("card",),
)

__all__ = ["WEB"]
