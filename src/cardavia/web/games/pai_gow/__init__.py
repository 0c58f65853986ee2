"""Pai Gow on the site: its rules, its table, in the Chinese-dominoes tradition it joins.

The tiles' pictures are the shared dominoes pack's (:mod:`cardavia.web.packs.dominoes`), as for
every game played with these tiles.
"""

from __future__ import annotations

from pathlib import Path

from cardavia.web.game_parts import GameWeb
from cardavia.web.games.pai_gow.texts import TEXTS
from cardavia.web.games.pai_gow.tradition import PAGE, SLUG
from cardavia.web.packs.dominoes import PIECES

WEB = GameWeb(
    home=Path(__file__).parent,
    tradition=SLUG,
    page=PAGE,
    pieces=PIECES,
    samples=("6-6", "1-1", "4-5", "2-4", "1-2"),
    texts=TEXTS,
    seats=("you", "east", "north", "west"),
    code_params=("tiles", "high", "low"),
    piece_params=("tile",),
    # a seat, an option and its value, what a malformed record got wrong and where
    word_params=("seat", "what", "field", "option", "value"),
)

__all__ = ["WEB"]
