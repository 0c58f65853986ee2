"""Cherki on the site: its tradition page, its rules, its table and card pictures."""

from __future__ import annotations

from pathlib import Path

from cardavia.web.game_parts import GameWeb
from cardavia.web.games.cherki.pieces import PIECES
from cardavia.web.games.cherki.texts import TEXTS
from cardavia.web.games.cherki.tradition import PAGE, TRADITION

WEB = GameWeb(
    home=Path(__file__).parent,
    tradition=TRADITION,
    page=PAGE,
    pieces=PIECES,
    samples=("1c", "5s", "9s", "7m", "WF", "RF", "OT"),
    texts=TEXTS,
    seats=("you", "west", "east"),
    named_params=("cards", "kind", "kept"),
    piece_params=("card",),
    # a seat, what it may do, a kind of card named in words, the points joined by " + ", an amount
    word_params=("to_act", "do", "kind_name", "terms", "value"),
)

__all__ = ["WEB"]
