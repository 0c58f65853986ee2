"""The 32 Chinese dominoes drawn as SVG: dark, long and narrow, with white and red pips as on real sets.

Every 1 and every 4 is red; Heaven (6-6) has half its pips red. A red pip is drawn as a red ring
with a dark eye, a white pip as a plain disc, so the two differ in shape as well as colour.
"""

from __future__ import annotations

from cardavia.web.content import Msg
from cardavia.web.game_parts import Pieces

# The 21 kinds of tile, by pips (low first): 11 civil, then 10 military.
CIVIL = ("6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2", "5-6", "4-6", "1-6", "1-5")
MILITARY = ("4-5", "3-6", "3-5", "2-6", "3-4", "2-5", "2-4", "1-4", "2-3", "1-2")
TILE_CODES: tuple[str, ...] = CIVIL + MILITARY

WIDTH, HEIGHT = 48, 120
RED, WHITE, BODY, EDGE = "#d8342c", "#f3efe4", "#1f1c1b", "#4a4441"

# Pip centres within the top half (x, y in 0..48 x 0..60), as on Chinese dice: a two is two pips
# side by side at the tile's far end, a three a diagonal. The bottom half is the mirror image, and
# there is no dividing bar: the two ends are set apart by the space between them.
_L, _C, _R = 13.0, 24.0, 35.0
_T, _M, _B = 13.0, 27.0, 41.0
LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((_C, _M),),
    2: ((_L, _T), (_R, _T)),
    3: ((_L, _T), (_C, _M), (_R, _B)),
    4: ((_L, _T), (_R, _T), (_L, _B), (_R, _B)),
    5: ((_L, _T), (_R, _T), (_C, _M), (_L, _B), (_R, _B)),
    6: ((_L, _T), (_R, _T), (_L, _M), (_R, _M), (_L, _B), (_R, _B)),
}


def _pip_colours(pips: int, heaven: bool) -> list[bool]:
    """For each pip of one half, whether it is red."""
    count = len(LAYOUTS[pips])
    if pips in (1, 4):
        return [True] * count
    if heaven:
        # half of Heaven's pips: the left column of each six
        return [x == _L for x, _ in LAYOUTS[6]]
    return [False] * count


def _pip(x: float, y: float, red: bool, big: bool) -> str:
    radius = 7.5 if big else 5.2
    if red:
        eye = radius * 0.38
        return (
            f'<circle cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="{RED}"/>'
            f'<circle cx="{x:g}" cy="{y:g}" r="{eye:.2f}" fill="{BODY}"/>'
        )
    return f'<circle cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="{WHITE}"/>'


def _body() -> str:
    return (
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="6" fill="{BODY}" '
        f'stroke="{EDGE}" stroke-width="2"/>'
    )


def tile_symbol(code: str) -> str:
    """The ``<symbol id="tile-CODE">`` of one tile (high half on top), or of the back for "back"."""
    if code == "back":
        lines = "".join(
            f'<path d="M6 {y} L24 {y - 9} L42 {y} L24 {y + 9} Z" fill="none" '
            f'stroke="{EDGE}" stroke-width="2"/>'
            for y in range(16, 112, 18)
        )
        return f'<symbol id="tile-back" viewBox="0 0 {WIDTH} {HEIGHT}">{_body()}{lines}</symbol>'
    low, high = (int(part) for part in code.split("-"))
    heaven = code == "6-6"
    parts = [_body()]
    for pips, bottom in ((high, False), (low, True)):
        for (x, y), red in zip(LAYOUTS[pips], _pip_colours(pips, heaven), strict=True):
            parts.append(_pip(x, HEIGHT - y if bottom else y, red, big=pips == 1))
    return f'<symbol id="tile-{code}" viewBox="0 0 {WIDTH} {HEIGHT}">{"".join(parts)}</symbol>'


# every game played with these tiles pictures and names them alike
PIECES = Pieces(
    symbol="tile",
    codes=TILE_CODES,
    draw=tile_symbol,
    caption=Msg(
        "caption of the picture of all tile kinds on the Chinese dominoes page",
        "The 21 kinds of tile: the eleven civil tiles from Heaven down, then the ten military tiles",
    ),
    context="tile name",
    pack="dominoes",
)
