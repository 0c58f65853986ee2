"""A stand-in for Pai Gow's web part while its own (``cardavia.web.games.pai_gow``) is not there:
the toy's templates, script and style under Pai Gow's id and tiles. Enough for the API tests of
seats deciding at once (no page is tested through it); once the real part exists, the tests use it.
"""

from __future__ import annotations

import dataclasses
import importlib.util

from cardavia.games.pai_gow import GAME
from cardavia.web.content import Msg
from cardavia.web.game_parts import GameWeb
from toy.web import WEB as TOY

GAME_ID = "pai-gow"
REAL = "cardavia.web.games.pai_gow"


def web_module() -> str:
    """The module of Pai Gow's web part: its own once written, else this stand-in."""
    return REAL if importlib.util.find_spec(REAL) is not None else __name__


def _draw(code: str) -> str:
    return f'<symbol id="pgs-{code}" viewBox="0 0 40 40"><rect width="40" height="40"/></symbol>'


CODES = tuple(piece.code for piece in GAME.pieces)
WEB = GameWeb(
    **{
        **{f.name: getattr(TOY, f.name) for f in dataclasses.fields(GameWeb)},
        "tradition": dataclasses.replace(
            TOY.tradition,
            slug="pai-gow-stand-in",
            game=GAME_ID,
            game_name=Msg("test game name", "Pai Gow"),
            description_template=f"content/{GAME_ID}/description.html",
            summary_template=f"content/{GAME_ID}/summary.html",
            full_rules_template=f"content/{GAME_ID}/full.html",
            seat_places=("right", "top", "left"),
        ),
        "controls": f"content/{GAME_ID}/table/controls.html",
        "symbol": "pgs",
        "codes": CODES,
        "draw": _draw,
        "samples": CODES[:2],
    }
)
