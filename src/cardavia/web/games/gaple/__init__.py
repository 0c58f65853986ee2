"""Gaple on the site: the Indonesian-dominoes tradition it declares, its rules, its table.

Its tiles are the shared double-six pack (:mod:`cardavia.web.packs.double_six`), drawn in the look
Indonesian players know, the yellow kartu domino with red pips.
"""

from __future__ import annotations

from pathlib import Path

from cardavia.web.game_parts import GameWeb
from cardavia.web.games.gaple.texts import TEXTS
from cardavia.web.games.gaple.tradition import PAGE, PIECES_CAPTION, TRADITION
from cardavia.web.packs.double_six import KARTU, pieces

WEB = GameWeb(
    home=Path(__file__).parent,
    tradition=TRADITION,
    page=PAGE,
    pieces=pieces(PIECES_CAPTION, KARTU),
    samples=("0-0", "3-5", "1-4", "2-6", "6-6"),
    texts=TEXTS,
    # clockwise from the player: the seat on the left plays next
    seats=("you", "west", "north", "east"),
    # the tiles that may open a deal (not chosen by the player): by name and code
    named_params=("tiles",),
    piece_params=("tile",),
    # a seat; the pips at an end (0 to 6, a face of a tile, not a count); what a malformed record or
    # a rule option got wrong
    word_params=("to_act", "seat", "left", "right", "pip", "what", "option", "value"),
)

__all__ = ["WEB"]
