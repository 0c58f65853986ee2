"""Tien Gow on the site: the Chinese dominoes tradition page, its rules, its table and tile pictures."""

from __future__ import annotations

from pathlib import Path

from cardavia.web.game_parts import GameWeb
from cardavia.web.games.tien_gow.texts import TEXTS
from cardavia.web.games.tien_gow.tradition import PAGE, TRADITION
from cardavia.web.packs.dominoes import PIECES

WEB = GameWeb(
    home=Path(__file__).parent,
    tradition=TRADITION,
    page=PAGE,
    pieces=PIECES,
    samples=("6-6", "1-1", "4-4", "4-5", "2-4", "1-2"),
    texts=TEXTS,
    seats=("you", "east", "north", "west"),
    code_params=("tiles", "a", "b"),
    named_params=("high", "civil", "tile", "kept"),
    name_params=("partner",),
    # a seat, a trick's number, an option and its value, what a malformed record got wrong
    word_params=("to_act", "seat", "owed_by", "number", "what", "option", "value"),
)

__all__ = ["WEB"]
