"""The 28 Western double-six dominoes drawn as SVG: ivory tiles with black pips, a bar across the middle.

Each tile stands upright, its low half on top (``3-5``: three above, five below), as a player holds
it; a game lays it on its side in the line by turning the symbol (``transform`` on ``<use>``, a
presentation attribute, so the page's CSP allows it). The pips of each half sit as on a die, so a
half is read by its pattern at a glance as well as by its count; no pip's meaning lies in colour, and
a blank half is left empty.

A set has its own look (:class:`Look`): the ivory tile with black pips of Western sets, or the small
yellow card with red pips of the Indonesian *kartu domino*; a game draws the set its players know,
the same tiles, codes and names either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from cardavia.games.packs.double_six import CODES
from cardavia.web.content import Msg
from cardavia.web.game_parts import Pieces

SYMBOL = "double-six"  # the sprite's symbols are ``#double-six-3-5`` and ``#double-six-back``
# The translator context of the tiles' names: one context for every game on this set, so that a
# tile has one name on every page (its catalog is ``pack-double-six.po``).
PIECE_CONTEXT = "double-six domino tile name"
TILE_CODES: tuple[str, ...] = CODES  # 0-0, 0-1 … 0-6, 1-1 … 6-6: the set's own order

WIDTH, HEIGHT = 50, 100
HALF = HEIGHT // 2


@dataclass(frozen=True)
class Look:
    """The colours of one kind of set: its face, edge, pips and middle bar, and its back. A pip is
    told by its place and count, never by its colour, so any look reads the same."""

    body: str
    edge: str
    pip: str
    bar: str
    back: str
    back_mark: str


IVORY = Look(
    body="#fbf6e9", edge="#5b4a36", pip="#1d1a17", bar="#8c7a62", back="#2f5d8a", back_mark="#d9e4ef"
)
# the kartu domino of Indonesian warung: a small yellow card, red pips, a red back (the red is dark
# enough to stand out from the yellow by more than 3:1, as a drawing's parts must)
KARTU = Look(
    body="#f6cf45", edge="#6b4e12", pip="#a3120c", bar="#8a5a10", back="#9c1b14", back_mark="#f6cf45"
)
PIP = IVORY.pip  # the Western set's pips (the pack's default look)

# Pip centres within a half (x, y in 0..50 x 0..50), as on a die: a two and a three run corner to
# corner, a six is two columns of three.
_L, _C, _R = 13.0, 25.0, 37.0
_T, _M, _B = 13.0, 25.0, 37.0
LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((_C, _M),),
    2: ((_R, _T), (_L, _B)),
    3: ((_R, _T), (_C, _M), (_L, _B)),
    4: ((_L, _T), (_R, _T), (_L, _B), (_R, _B)),
    5: ((_L, _T), (_R, _T), (_C, _M), (_L, _B), (_R, _B)),
    6: ((_L, _T), (_R, _T), (_L, _M), (_R, _M), (_L, _B), (_R, _B)),
}
PIP_RADIUS = 5.6  # large enough to count at a phone's 38 px wide tile


def _body(fill: str, look: Look) -> str:
    return (
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="7" fill="{fill}" '
        f'stroke="{look.edge}" stroke-width="2"/>'
    )


def _half(pips: int, top: float, look: Look) -> str:
    return "".join(
        f'<circle cx="{x:g}" cy="{top + y:g}" r="{PIP_RADIUS:g}" fill="{look.pip}"/>'
        for x, y in LAYOUTS[pips]
    )


def tile_symbol(code: str, look: Look = IVORY) -> str:
    """The ``<symbol id="double-six-CODE">`` of one tile (low half on top), or of the back for "back"."""
    if code == "back":
        # a back shows nothing of the tile: a plain face with a ring, the same for every tile
        mark = (
            f'<circle cx="{WIDTH / 2:g}" cy="{HALF}" r="13" fill="none" stroke="{look.back_mark}" '
            'stroke-width="3"/>'
        )
        body = _body(look.back, look)
        return f'<symbol id="{SYMBOL}-back" viewBox="0 0 {WIDTH} {HEIGHT}">{body}{mark}</symbol>'
    low, high = (int(part) for part in code.split("-"))
    bar = f'<line x1="7" y1="{HALF}" x2="{WIDTH - 7}" y2="{HALF}" stroke="{look.bar}" stroke-width="2.5"/>'
    parts = [_body(look.body, look), bar, _half(low, 0, look), _half(high, HALF, look)]
    return f'<symbol id="{SYMBOL}-{code}" viewBox="0 0 {WIDTH} {HEIGHT}">{"".join(parts)}</symbol>'


def pieces(caption: Msg, look: Look = IVORY) -> Pieces:
    """The pack as a game on it shows it: every tile in the set's order, in the look its players
    know, under the game's own caption; named as in every game on the pack."""
    return Pieces(
        symbol=SYMBOL,
        codes=TILE_CODES,
        draw=partial(tile_symbol, look=look),
        caption=caption,
        context=PIECE_CONTEXT,
        pack="double_six",
    )


__all__ = [
    "IVORY",
    "KARTU",
    "PIECE_CONTEXT",
    "SYMBOL",
    "TILE_CODES",
    "Look",
    "pieces",
    "tile_symbol",
]
