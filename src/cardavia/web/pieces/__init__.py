"""Our own drawings of the pieces, as SVG ``<symbol>`` sprites the pages and the table reuse.

Each piece is one symbol (``#tile-6-6``, ``#card-5c``, ``#tile-back``, ``#card-back``); a page
includes the sprite once and draws a piece with ``<svg><use href="#tile-6-6"/></svg>``. Colours are
presentation attributes, never ``style=``, so the strict CSP holds. Red is never the only cue: a red
pip is a ring with a dark eye, a red stamp is a square seal with a white cross.
"""

from __future__ import annotations

from cardavia.web.pieces.cards import CARD_CODES, card_symbol
from cardavia.web.pieces.tiles import TILE_CODES, tile_symbol

__all__ = ["CARD_CODES", "TILE_CODES", "card_symbol", "sprite", "tile_symbol"]


def sprite(game: str) -> str:
    """A hidden ``<svg>`` holding every symbol of ``game`` ("tien-gow" or "cherki")."""
    if game == "tien-gow":
        symbols = [tile_symbol(code) for code in (*TILE_CODES, "back")]
    elif game == "cherki":
        symbols = [card_symbol(code) for code in (*CARD_CODES, "back")]
    else:
        raise ValueError(f"unknown game {game!r}")
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="sprite" aria-hidden="true" focusable="false">'
        + "".join(symbols)
        + "</svg>"
    )
