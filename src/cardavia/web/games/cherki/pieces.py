"""Cherki cards: long, narrow, black on white, with red stamps on 9 of Strings, Red Flower, Old Thousand.

A number card shows its value at the top and its suit's emblem below (coins with a square hole,
string sticks, the myriad sign 萬); the honours show a flower or the sign 千. The red stamp is drawn
as a seal pressed by hand: a slightly turned square with a carved border and the sign 印, so it is
told apart by its shape too, not only by its colour, and never looks like a close button.
"""

from __future__ import annotations

from cardavia.web.content import Msg
from cardavia.web.game_parts import Pieces

SUITS = ("c", "s", "m")
HONOURS = ("WF", "RF", "OT")
CARD_CODES: tuple[str, ...] = tuple(f"{v}{s}" for s in SUITS for v in range(1, 10)) + HONOURS
STAMPED = frozenset({"9s", "RF", "OT"})

WIDTH, HEIGHT = 40, 100
INK, PAPER, RED = "#141414", "#fbf8ef", "#c8281e"

# Emblem centres for 1-9 on a 3-column grid below the index.
_COLS = (10.0, 20.0, 30.0)
_ROWS = (40.0, 54.0, 68.0)


def _grid(value: int) -> list[tuple[float, float]]:
    cells = [(x, y) for y in _ROWS for x in _COLS]
    if value == 1:
        return [(20.0, 54.0)]
    if value == 2:
        return [(20.0, 44.0), (20.0, 64.0)]
    if value == 3:
        # a column down the middle, like the 2: a single row at the top left the card's body empty
        return [(20.0, y) for y in _ROWS]
    if value == 4:
        return [(13.0, 44.0), (27.0, 44.0), (13.0, 64.0), (27.0, 64.0)]
    if value == 6:
        # three rows of two, filling the same body as the 9
        return [(x, y) for y in _ROWS for x in (13.0, 27.0)]
    return cells[:value] if value != 5 else [cells[0], cells[2], cells[4], cells[6], cells[8]]


def _coin(x: float, y: float) -> str:
    return (
        # r 4.3 on a 10-unit grid: neighbouring coins stay apart instead of merging into a band
        f'<circle cx="{x:g}" cy="{y:g}" r="4.3" fill="none" stroke="{INK}" stroke-width="1.5"/>'
        f'<rect x="{x - 1.4:g}" y="{y - 1.4:g}" width="2.8" height="2.8" fill="{INK}"/>'
    )


def _string(x: float, y: float) -> str:
    return (
        f'<line x1="{x:g}" y1="{y - 6:g}" x2="{x:g}" y2="{y + 6:g}" stroke="{INK}" stroke-width="2.2"/>'
        f'<line x1="{x - 3:g}" y1="{y:g}" x2="{x + 3:g}" y2="{y:g}" stroke="{INK}" stroke-width="1.4"/>'
    )


def _text(x: float, y: float, text: str, size: float, fill: str = INK) -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="middle" fill="{fill}" '
        f'font-family="Noto Serif CJK SC, Noto Serif, serif" font-weight="700">{text}</text>'
    )


STAMP_SIGN = "印"  # "seal": the carved sign of the stamp


def _stamp() -> str:
    """The red seal: a square turned a little, as pressed by hand, its border and sign left in the
    paper's colour as carved seals print (relief in white on red)."""
    return (
        '<g class="stamp" transform="rotate(-7 20 85)">'
        f'<rect x="12.5" y="77.5" width="15" height="15" rx="1.6" fill="{RED}"/>'
        f'<rect x="14.1" y="79.1" width="11.8" height="11.8" rx=".8" fill="none" stroke="{PAPER}" '
        'stroke-width=".9"/>'
        f"{_text(20, 88.9, STAMP_SIGN, 8.6, PAPER)}"
        "</g>"
    )


def _flower(filled: bool) -> str:
    fill = RED if filled else PAPER
    petals = "".join(
        f'<circle cx="{20 + dx:g}" cy="{50 + dy:g}" r="5.5" fill="{fill}" stroke="{INK}" stroke-width="1.4"/>'
        for dx, dy in ((0, -7), (6.7, -2.2), (4.1, 5.7), (-4.1, 5.7), (-6.7, -2.2))
    )
    return petals + f'<circle cx="20" cy="50" r="3" fill="{INK}"/>'


def _frame() -> str:
    return (
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="3" fill="{PAPER}" '
        f'stroke="{INK}" stroke-width="1.5"/>'
        f'<rect x="4" y="4" width="{WIDTH - 8}" height="{HEIGHT - 8}" rx="1.5" fill="none" '
        f'stroke="{INK}" stroke-width="0.6"/>'
    )


def card_symbol(code: str) -> str:
    """The ``<symbol id="card-CODE">`` of one card face, or of the back for "back"."""
    if code == "back":
        lattice = "".join(
            f'<path d="M4 {y} L20 {y - 8} L36 {y} L20 {y + 8} Z" fill="none" '
            'stroke="#e9c9a0" stroke-width="1"/>'
            for y in range(12, 96, 12)
        )
        body = (
            f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="3" fill="#6d1f1a" '
            f'stroke="{INK}" stroke-width="1.5"/>{lattice}'
        )
        return f'<symbol id="card-back" viewBox="0 0 {WIDTH} {HEIGHT}">{body}</symbol>'
    parts = [_frame()]
    if code in HONOURS:
        label = {"WF": "白花", "RF": "紅花", "OT": "老千"}[code]
        parts.append(_text(20, 22, label, 10))
        if code == "OT":
            parts.append(_text(20, 62, "千", 26))
        else:
            parts.append(_flower(filled=code == "RF"))
    else:
        value, suit = int(code[:-1]), code[-1]
        parts.append(_text(20, 25, str(value), 18))
        if suit == "m":
            parts.append(_text(20, 62, "萬", 22))
        else:
            draw = _coin if suit == "c" else _string
            parts.extend(draw(x, y) for x, y in _grid(value))
    if code in STAMPED:
        parts.append(_stamp())
    return f'<symbol id="card-{code}" viewBox="0 0 {WIDTH} {HEIGHT}">{"".join(parts)}</symbol>'


PIECES = Pieces(
    symbol="card",
    codes=CARD_CODES,
    draw=card_symbol,
    caption=Msg(
        "caption of the picture of all card faces on the Cherki page",
        "The 30 faces of a Cherki pack: Coins, Strings and Myriads from 1 to 9, "
        "then White Flower, Red Flower and Old Thousand",
    ),
    context="card name",
)
