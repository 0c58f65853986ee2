"""The toy game on the site: ``WEB``, every part :class:`cardavia.web.game_parts.GameWeb` asks for."""

from __future__ import annotations

from pathlib import Path

from cardavia.web.content import GamePage, Msg, Plural, Tradition
from cardavia.web.game_parts import GameWeb, Pieces
from toy.engine import CODES, GAME_ID

HERE = Path(__file__).parent


def draw(code: str) -> str:
    """A square with the piece's number (a plain back for ``back``)."""
    label = "" if code == "back" else f'<text x="20" y="27" font-size="20" text-anchor="middle">{code}</text>'
    return (
        f'<symbol id="toy-{code}" viewBox="0 0 40 40">'
        f'<rect x="1" y="1" width="38" height="38" rx="4" fill="#fbf8ef" stroke="#141414"/>{label}</symbol>'
    )


TRADITION = Tradition(
    slug="toy-high-card",
    name=Msg("toy tradition name", "Toy pieces"),
    origin=Plural("toy origin line", "Test suite · %(num)s piece", "Test suite · %(num)s pieces"),
    pieces_count=12,
    description_line=Msg("toy one-line description", "Twelve numbered squares for a three-round game"),
    wikipedia={"en": "https://en.wikipedia.org/wiki/Trick-taking_game"},
    description_template="content/toy/description.html",
)

PAGE = GamePage(
    game=GAME_ID,
    game_name=Msg("toy game name", "High Card"),
    tagline=Msg("toy tagline", "Win the most rounds with the highest piece of each."),
    meta=Msg("toy meta line", "3 players · you vs two AI · one deal"),
    summary_template="content/toy/summary.html",
    full_rules_template="content/toy/full.html",
    seat_places=("left", "right"),
)

WEB = GameWeb(
    home=HERE,
    tradition=TRADITION,
    page=PAGE,
    pieces=Pieces(
        symbol="toy",
        codes=CODES,
        draw=draw,
        caption=Msg("toy caption of the picture of every piece", "The six values, each twice in the set"),
        context="toy piece name",
    ),
    samples=("1", "6"),
    texts={
        "left": Msg("toy seat name", "Left"),
        "right": Msg("toy seat name", "Right"),
        "played": Msg("toy log: %(name)s is a seat, %(piece)s a piece", "%(name)s played %(piece)s."),
        "explain": Msg("toy table: what to do", "Choose a piece, then Play: the highest wins the round."),
        "result_title": Msg("toy heading of a finished deal's result", "Result"),
        "rounds": Plural(
            "toy result: %(name)s is a seat", "%(name)s won %(num)s round.", "%(name)s won %(num)s rounds."
        ),
    },
    code_params=("piece",),  # its errors' and hints' {piece}: the piece's code
)
