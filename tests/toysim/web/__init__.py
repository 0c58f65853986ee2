"""Secret Card on the site: the toy's templates (its Play button), a script and style of its own."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from cardavia.web.content import Msg
from cardavia.web.game_parts import GameWeb
from toy.web import WEB as TOY
from toy.web import draw as toy_draw
from toysim.engine import GAME_ID

HERE = Path(__file__).parent


def draw(code: str) -> str:
    """The toy's square, under this game's symbol."""
    return toy_draw(code).replace('id="toy-', 'id="toysim-', 1)


WEB = GameWeb(
    tradition=dataclasses.replace(
        TOY.tradition,
        slug="toy-secret-card",
        description_template=f"content/{GAME_ID}/description.html",
    ),
    page=dataclasses.replace(
        TOY.page,
        game=GAME_ID,
        game_name=Msg("toy-sim game name", "Secret Card"),
        summary_template=f"content/{GAME_ID}/summary.html",
        full_rules_template=f"content/{GAME_ID}/full.html",
    ),
    templates=TOY.templates,
    static=HERE / "static",
    script="toysim.js",
    style="toysim.css",
    pieces=dataclasses.replace(TOY.pieces, symbol="toysim", draw=draw),
    samples=TOY.samples,
    controls=f"content/{GAME_ID}/table/controls.html",
    code_params=TOY.code_params,
    word_params=("seat",),  # the seat that has chosen already
    texts={
        "left": Msg("toy seat name", "Left"),
        "right": Msg("toy seat name", "Right"),
        "chose": Msg("toy-sim log: %(name)s is a seat", "%(name)s has chosen."),
        "you_chose": Msg("toy-sim log: %(piece)s is a piece", "You chose %(piece)s."),
        "has_chosen": Msg("toy-sim badge on a seat that has chosen", "Has chosen"),
        "explain": Msg("toy-sim table: what to do", "Choose a piece in secret, then Play."),
        "result_title": Msg("toy-sim heading of a finished deal's result", "Result"),
        "won": Msg("toy-sim result: %(name)s is a seat", "%(name)s chose the highest piece alone."),
    },
)
