"""The French-suited 32-card pack drawn for the web: our own SVG, one ``<symbol>`` per card and a back.

Any game on the shared pack (``cardavia.games.packs.french``) uses these pictures: its ``GameWeb``
takes ``pieces(codes, caption)``, the cards in ``codes_in_order`` of its own rank order (or
``CARD_CODES``) under its caption. The symbols are ``#french-card-Jh``, not
``#card-…``: the catalogue page holds every game's sprite in one document, where another pack's
``#card-7c`` … ``#card-9s`` already are; ``french-card`` is also the class site.css sizes these by.

Drawn for a phone first: the corner index (rank over suit) is a third of the card's width, large
enough to read when cards overlap in a hand and only their left edge shows, and it is repeated
upside down in the opposite corner. Number cards carry the usual pip patterns, the ace one large
pip, and the king, queen and jack a simple double-ended figure told apart by the headgear (a
pointed crown and a beard, a crown with round tips and long hair, a cap with a feather) as well as
by the letter. Suits differ by shape, never by colour alone: the spade has a stem and a pointed top,
the heart none; the club is three lobes, the diamond a lozenge. Red and black are the pack's two
traditional colours (games of this family keep score with a red and a black six), both dark enough
on the paper to read (contrast 5:1 and more). Only presentation attributes: the CSP forbids
``style=``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from cardavia.games.packs.french import CODES, RANKS, RED_SUITS, SUITS
from cardavia.web.content import Msg
from cardavia.web.game_parts import Pieces

SYMBOL = "french-card"  # the sprite's id prefix and the pictures' class
DISPLAY_SUITS: tuple[str, ...] = ("s", "h", "c", "d")  # spades, hearts, clubs, diamonds: colours alternate
DISPLAY_RANKS: str = "AKQJT987"  # the usual order, high to low; a game may show its own


def codes_in_order(ranks: str = DISPLAY_RANKS, suits: tuple[str, ...] = DISPLAY_SUITS) -> tuple[str, ...]:
    """Every card's code, suit by suit (``suits``), each suit in the order of ``ranks`` (all eight
    rank letters, e.g. a jack–nine game's ``"J9ATKQ87"``)."""
    if sorted(ranks) != sorted(RANKS) or sorted(suits) != sorted(SUITS):
        raise ValueError(f"not an order of the pack's ranks and suits: {ranks!r}, {suits!r}")
    return tuple(rank + suit for suit in suits for rank in ranks)


# Every card of the pack, suit by suit (spades, hearts, clubs, diamonds), ace high to seven.
CARD_CODES: tuple[str, ...] = codes_in_order()
assert sorted(CARD_CODES) == sorted(CODES)

WIDTH, HEIGHT = 60, 84  # 5:7, the shape of a real card
PAPER, INK, RED = "#fdfbf6", "#1b1b1b", "#c21a2c"  # INK and RED on PAPER: 16.9:1 and 6.0:1
GOLD, LINE, FRAME = "#e3a92a", "#8a8374", "#f4ead3"  # the court cards' gold, lines and panel
BACK, BACK_LINE = "#23406e", "#c9d6ea"
FONT = "DejaVu Sans, Noto Sans, Arial, Helvetica, sans-serif"

# The four pips on a 100 x 100 box centred on (50, 50).
PIP_PATHS: dict[str, str] = {
    "s": (
        "M50 3C36 22 6 38 6 60C6 75 17 84 30 84C38 84 44 80 47 74C46 84 42 91 33 97H67"
        "C58 91 54 84 53 74C56 80 62 84 70 84C83 84 94 75 94 60C94 38 64 22 50 3Z"
    ),
    "h": (
        "M50 92C26 72 4 55 4 31C4 15 15 5 29 5C39 5 46 11 50 20C54 11 61 5 71 5C85 5 96 15 96 31"
        "C96 55 74 72 50 92Z"
    ),
    "c": (
        "M50 4C38 4 29 13 29 25C29 31 31 36 35 40C32 38 28 37 25 37C13 37 4 46 4 58"
        "C4 70 13 79 25 79C35 79 42 73 46 65C46 79 42 89 33 97H67C58 89 54 79 54 65"
        "C58 73 65 79 75 79C87 79 96 70 96 58C96 46 87 37 75 37C72 37 68 38 65 40"
        "C69 36 71 31 71 25C71 13 62 4 50 4Z"
    ),
    "d": "M50 2L88 50L50 98L12 50Z",
}


def suit_colour(suit: str) -> str:
    return RED if suit in RED_SUITS else INK


_TOKEN = re.compile(r"[A-Za-z]|-?\d+(?:\.\d+)?")


def pip_outline(suit: str, x: float, y: float, size: float, flip: bool = False) -> str:
    """The path data of one pip of ``size`` (its box's side) centred on (x, y), upside down if ``flip``.

    The coordinates are worked out here rather than by a ``transform`` on each pip, so that all the
    pips of one colour on a card are one ``<path>``: the sprite stays a few hundred elements, where
    a page's whole DOM should stay under about a thousand.
    """
    scale = (-1 if flip else 1) * size / 100

    def at(centre: float, value: float) -> str:
        # a tenth of a unit is a fifteenth of a pixel on a 44 px card
        return f"{round(centre + (value - 50) * scale, 1):g}"

    out = ""
    command, axis = "", 0
    for token in _TOKEN.findall(PIP_PATHS[suit]):
        if token.isalpha():
            command, axis = token, 0
            out += token
            continue
        if command == "H":
            number = at(x, float(token))
        else:
            number = at(x if axis == 0 else y, float(token))
            axis ^= 1
        out += number if out[-1].isalpha() or number.startswith("-") else " " + number
    return out


def _pips(suit: str, places: Iterable[tuple[float, float, float, bool]], fill: str) -> str:
    """One ``<path>`` drawing a pip of ``suit`` at each (x, y, size, upside down) of ``places``."""
    return f'<path d="{"".join(pip_outline(suit, *place) for place in places)}" fill="{fill}"/>'


def _turned(x: float, y: float) -> tuple[float, float]:
    """Where (x, y) goes when the card is turned round (a half turn about its centre)."""
    return WIDTH - x, HEIGHT - y


INDEX_PIP = (9.5, 29.0, 11.0)  # centre and size of the pip under the rank, top left


def _index(rank: str, suit: str) -> str:
    """The corner index, rank over suit, top left and (turned) bottom right."""
    label = "10" if rank == "T" else rank
    # "10" is squeezed to the width of one wide letter, so every index is the same size
    squeeze = ' textLength="15" lengthAdjust="spacingAndGlyphs"' if label == "10" else ""
    text = (
        f'<text x="9.5" y="20" font-size="20" font-weight="700" font-family="{FONT}" '
        f'text-anchor="middle" fill="{suit_colour(suit)}"{squeeze}'
    )
    return f'{text}>{label}</text>{text} transform="rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})">{label}</text>'


def _index_pips(suit: str) -> list[tuple[float, float, float, bool]]:
    x, y, size = INDEX_PIP
    return [(x, y, size, False), (*_turned(x, y), size, True)]


# Pip centres of the number cards, between the two indexes: columns and rows of the usual layouts.
_L, _C, _R = 23.5, 30.0, 36.5
_ROWS3 = (13.0, 42.0, 71.0)
_ROWS4 = (13.0, 32.3, 51.7, 71.0)
_SIDES3 = tuple((x, y) for y in _ROWS3 for x in (_L, _R))
_SIDES4 = tuple((x, y) for y in _ROWS4 for x in (_L, _R))
LAYOUTS: dict[str, tuple[tuple[float, float], ...]] = {
    "7": (*_SIDES3, (_C, 27.5)),
    "8": (*_SIDES3, (_C, 27.5), (_C, 56.5)),
    "9": (*_SIDES4, (_C, 42.0)),
    "T": (*_SIDES4, (_C, 22.7), (_C, 61.3)),
}
PIP_SIZE = 9.5


def _number_pips(rank: str) -> list[tuple[float, float, float, bool]]:
    # pips below the middle stand upside down, as on real cards
    return [(x, y, PIP_SIZE, y > HEIGHT / 2) for x, y in LAYOUTS[rank]]


def _headgear(rank: str) -> str:
    """The top half's headgear (the head is at (30, 22), radius 5)."""
    if rank == "K":
        # a crown of three sharp points, and a beard under the face
        return (
            f'<path d="M24.5 16.5V9.5L27.3 13L30 7.5L32.7 13L35.5 9.5V16.5Z" fill="{GOLD}" '
            f'stroke="{INK}" stroke-width=".8" stroke-linejoin="round"/>'
            f'<path d="M25.6 24.5C26.5 29 28 30.5 30 30.5C32 30.5 33.5 29 34.4 24.5'
            f'C33 26.3 31.5 26.8 30 26.8C28.5 26.8 27 26.3 25.6 24.5Z" fill="{LINE}" '
            f'stroke="{INK}" stroke-width=".6"/>'
        )
    if rank == "Q":
        # long hair beside the face, and a crown whose points end in pearls
        return (
            f'<path d="M24.2 21C24 26 23.6 29 22.5 31.5H26.5C25.8 28 25.6 25 25.8 22Z'
            f'M35.8 21C36 26 36.4 29 37.5 31.5H33.5C34.2 28 34.4 25 34.2 22Z" fill="{GOLD}" '
            f'stroke="{INK}" stroke-width=".6"/>'
            f'<path d="M25.5 17V12.5L27.7 14.6L30 11L32.3 14.6L34.5 12.5V17Z" fill="{GOLD}" '
            f'stroke="{INK}" stroke-width=".8" stroke-linejoin="round"/>'
            + "".join(
                f'<circle cx="{cx:g}" cy="{cy:g}" r="1.2" fill="{PAPER}" stroke="{INK}" stroke-width=".6"/>'
                for cx, cy in ((25.5, 11.8), (30, 10.2), (34.5, 11.8))
            )
        )
    # the jack: a flat cap worn aslant, with a feather
    return (
        f'<path d="M33.5 14C36 9 39.5 7 41 6.5C39.5 9 37.5 12 34.8 15Z" fill="{PAPER}" '
        f'stroke="{INK}" stroke-width=".7"/>'
        f'<path d="M23.8 18.2C24 14.5 27 12.5 30.5 12.6C34 12.7 36.6 14.6 36.4 17.6Z" fill="{GOLD}" '
        f'stroke="{INK}" stroke-width=".8" stroke-linejoin="round"/>'
    )


def _court_half(rank: str, suit: str) -> str:
    """The top half of a court card's figure; the bottom half is the same turned round."""
    colour = suit_colour(suit)
    return (
        # shoulders and robe, with a collar
        f'<path d="M19.5 42V35.5C19.5 31.5 22.5 29.2 26.5 28.6H33.5C37.5 29.2 40.5 31.5 40.5 35.5V42Z" '
        f'fill="{colour}" stroke="{INK}" stroke-width=".8"/>'
        f'<path d="M25 29.3L30 35L35 29.3" fill="none" stroke="{GOLD}" stroke-width="1.6"/>'
        # the face
        f'<circle cx="30" cy="22" r="5" fill="{PAPER}" stroke="{INK}" stroke-width=".8"/>' + _headgear(rank)
    )


ROBE_PIP = (35.5, 38.5, 5.0)  # the suit on the robe, in the paper's colour, top half


def _court(rank: str, suit: str) -> str:
    half = _court_half(rank, suit)
    x, y, size = ROBE_PIP
    return (
        f'<rect x="18.5" y="5.5" width="23" height="73" rx="2" fill="{FRAME}" stroke="{LINE}" '
        'stroke-width=".7"/>'
        f"{half}"
        f'<g transform="rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})">{half}</g>'
        f'<line x1="18.5" y1="42" x2="41.5" y2="42" stroke="{LINE}" stroke-width=".7"/>'
        + _pips(suit, [(x, y, size, False), (*_turned(x, y), size, True)], PAPER)
    )


def _frame() -> str:
    return (
        f'<rect x=".75" y=".75" width="{WIDTH - 1.5:g}" height="{HEIGHT - 1.5:g}" rx="4" '
        f'fill="{PAPER}" stroke="{INK}" stroke-width="1.5"/>'
    )


def _back() -> str:
    # a lattice of lozenges, six rows of four, drawn as one path
    lattice = " ".join(
        f"M{x} {y - 6}L{x + 6} {y}L{x} {y + 6}L{x - 6} {y}Z"
        for y in range(12, 73, 12)
        for x in range(12, 49, 12)
    )
    return (
        f'<rect x=".75" y=".75" width="{WIDTH - 1.5:g}" height="{HEIGHT - 1.5:g}" rx="4" '
        f'fill="{BACK}" stroke="{INK}" stroke-width="1.5"/>'
        f'<rect x="4" y="4" width="{WIDTH - 8}" height="{HEIGHT - 8}" rx="2" fill="none" '
        f'stroke="{BACK_LINE}" stroke-width="1"/>'
        f'<path d="{lattice}" fill="none" stroke="{BACK_LINE}" stroke-width=".8"/>'
    )


def card_symbol(code: str) -> str:
    """The ``<symbol id="french-card-CODE">`` of one card (``"Jh"``), or of the back for ``"back"``;
    ``ValueError`` for a code that is not a card of the pack."""
    if code == "back":
        body = _back()
    else:
        if code not in CODES:
            raise ValueError(f"not a card of the French-suited pack: {code!r}")
        rank, suit = code[0], code[1]
        colour = suit_colour(suit)
        if rank in "KQJ":
            body = _frame() + _court(rank, suit) + _pips(suit, _index_pips(suit), colour)
        else:
            centre = [(WIDTH / 2, HEIGHT / 2, 26.0, False)] if rank == "A" else _number_pips(rank)
            body = _frame() + _pips(suit, [*centre, *_index_pips(suit)], colour)
        body += _index(rank, suit)
    return f'<symbol id="{SYMBOL}-{code}" viewBox="0 0 {WIDTH} {HEIGHT}">{body}</symbol>'


__all__ = ["CARD_CODES", "SYMBOL", "card_symbol", "codes_in_order", "pip_outline"]


def pieces(codes: tuple[str, ...], caption: Msg) -> Pieces:
    """The pack as a game on it shows it: its cards in the game's order (``codes_in_order``), under
    its own caption; pictured and named as in every game on the pack."""
    return Pieces(
        symbol=SYMBOL, codes=codes, draw=card_symbol, caption=caption, context="card name", pack="french"
    )
