"""The 28 Western double-six dominoes drawn as SVG: ivory tiles with black pips, a bar across the middle.

Each tile stands upright, its low half on top (``3-5``: three above, five below), as a player holds
it; a game lays it on its side in the line by turning the symbol (``transform`` on ``<use>``, a
presentation attribute, so the page's CSP allows it). The pips of each half sit as on a die, so a
half is read by its pattern at a glance as well as by its count; no pip's meaning lies in colour, and
a blank half is left empty.
"""

from __future__ import annotations

from cardavia.games.packs.double_six import CODES

SYMBOL = "double-six"  # the sprite's symbols are ``#double-six-3-5`` and ``#double-six-back``
# The translator context of the tiles' names: one context for every game on this set, so that a
# tile has one name on every page (its catalog is ``pack-double-six.po``).
PIECE_CONTEXT = "double-six domino tile name"
TILE_CODES: tuple[str, ...] = CODES  # 0-0, 0-1 … 0-6, 1-1 … 6-6: the set's own order

WIDTH, HEIGHT = 50, 100
HALF = HEIGHT // 2
BODY, EDGE, PIP, BAR = "#fbf6e9", "#5b4a36", "#1d1a17", "#8c7a62"
BACK, BACK_MARK = "#2f5d8a", "#d9e4ef"

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


def _body(fill: str) -> str:
    return (
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="7" fill="{fill}" '
        f'stroke="{EDGE}" stroke-width="2"/>'
    )


def _half(pips: int, top: float) -> str:
    return "".join(
        f'<circle cx="{x:g}" cy="{top + y:g}" r="{PIP_RADIUS:g}" fill="{PIP}"/>' for x, y in LAYOUTS[pips]
    )


def tile_symbol(code: str) -> str:
    """The ``<symbol id="double-six-CODE">`` of one tile (low half on top), or of the back for "back"."""
    if code == "back":
        # a back shows nothing of the tile: a plain blue face with a ring, the same for every tile
        mark = (
            f'<circle cx="{WIDTH / 2:g}" cy="{HALF}" r="13" fill="none" stroke="{BACK_MARK}" '
            'stroke-width="3"/>'
        )
        return f'<symbol id="{SYMBOL}-back" viewBox="0 0 {WIDTH} {HEIGHT}">{_body(BACK)}{mark}</symbol>'
    low, high = (int(part) for part in code.split("-"))
    bar = f'<line x1="7" y1="{HALF}" x2="{WIDTH - 7}" y2="{HALF}" stroke="{BAR}" stroke-width="2.5"/>'
    parts = [_body(BODY), bar, _half(low, 0), _half(high, HALF)]
    return f'<symbol id="{SYMBOL}-{code}" viewBox="0 0 {WIDTH} {HEIGHT}">{"".join(parts)}</symbol>'


__all__ = ["PIECE_CONTEXT", "SYMBOL", "TILE_CODES", "tile_symbol"]
