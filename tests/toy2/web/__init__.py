"""Two Colours on the site: ``WEB``, its own tradition, templates, script and style."""

from __future__ import annotations

from pathlib import Path

from cardavia.web.content import GamePage, Msg, Plural, Tradition
from cardavia.web.game_parts import GameWeb, Pieces
from toy2.engine import CODES, GAME_ID

HERE = Path(__file__).parent
FILL = {"r": "#b3261e", "b": "#1d4f91"}  # both 7:1 and more on the piece's paper


def draw(code: str) -> str:
    """A square with the piece's number in its colour (a plain back for ``back``)."""
    text = '<text x="20" y="27" font-size="20" text-anchor="middle" fill="{}">{}</text>'
    label = "" if code == "back" else text.format(FILL[code[0]], code[1])
    return (
        f'<symbol id="toy2-{code}" viewBox="0 0 40 40">'
        f'<rect x="1" y="1" width="38" height="38" rx="4" fill="#fbf8ef" stroke="#141414"/>{label}</symbol>'
    )


# its squares: the sprite's symbol, every code, how one is drawn, the picture's caption, the names' context
PIECES = Pieces(
    "toy2",
    CODES,
    draw,
    Msg("toy2 caption of the picture of every piece", "One to four, in red and in blue"),
    "toy2 piece name",
)

WEB = GameWeb(
    home=HERE,
    tradition=Tradition(
        slug="toy-two-colours",
        name=Msg("toy2 tradition name", "Coloured squares"),
        origin=Plural("toy2 origin line", "Test suite · %(num)s piece", "Test suite · %(num)s pieces"),
        pieces_count=len(CODES),
        description_line=Msg("toy2 one-line description", "Eight squares in two colours, for two players"),
        wikipedia={"en": "https://en.wikipedia.org/wiki/Trick-taking_game"},
        description_template=f"content/{GAME_ID}/description.html",
    ),
    page=GamePage(
        game=GAME_ID,
        game_name=Msg("toy2 game name", "Two Colours"),
        tagline=Msg("toy2 tagline", "Follow the colour led and win two rounds of three."),
        meta=Msg("toy2 meta line", "2 players · you vs one AI · one deal"),
        summary_template=f"content/{GAME_ID}/summary.html",
        full_rules_template=f"content/{GAME_ID}/full.html",
        seat_places=("top",),  # the other seat sits across
    ),
    pieces=PIECES,
    samples=("r4", "b1"),
    texts={
        "across": Msg("toy2 seat name", "Across"),
        "explain": Msg("toy2 table: what to do", "Follow the colour led if you can, then Play."),
        "result_title": Msg("toy2 heading of a finished deal's result", "Result"),
        "seat_points": Msg(
            "toy2 result: %(name)s is a seat, %(points)s its signed points", "%(name)s: %(points)s"
        ),
        "played": Msg("toy2 log: %(name)s is a seat, %(piece)s a piece", "%(name)s played %(piece)s."),
    },
    code_params=("piece",),
    word_params=("colour",),  # a colour named in words: red, blue
)
