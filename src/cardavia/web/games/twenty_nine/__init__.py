"""Twenty-Nine on the site: its tradition page, its rules, its table and the French-suited cards."""

from __future__ import annotations

from pathlib import Path

from cardavia.games.twenty_nine.cards import ORDER
from cardavia.web.game_parts import GameWeb
from cardavia.web.games.twenty_nine.texts import SUITS, TEXTS
from cardavia.web.games.twenty_nine.tradition import PAGE, PIECES_CAPTION, TRADITION
from cardavia.web.packs.french import codes_in_order, pieces

WEB = GameWeb(
    home=Path(__file__).parent,
    tradition=TRADITION,
    page=PAGE,
    pieces=pieces(codes_in_order(ORDER), PIECES_CAPTION),
    samples=("Js", "9h", "Ac", "Td", "Kh", "Qs"),
    texts=TEXTS,
    seats=("you", "opp_right", "partner", "opp_left"),
    named_params=("cards",),
    piece_params=("card",),
    # a seat; a bid's bounds and target (numbers of a scale, never before a noun); a suit named in
    # words; a value (a bid, points)
    word_params=("to_act", "low", "high", "target", "suit_name", "led_name", "value"),
    # its hints name suits by code ("led": "h"), in the words the table names them by
    word_names={"suit": SUITS, "led": SUITS},
)

__all__ = ["WEB"]
