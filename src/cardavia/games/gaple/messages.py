"""English templates of the Gaple engine's refusals, by reason code (the spec's codes), and of what a
record that is not a record is told.

Placeholders: ``{to_act}`` names the player whose turn it is (a seat number in params, "seat 2" in
English here, the player's name in the browser); ``{tile}`` is a tile code; ``{tiles}`` a list of tile
codes; ``{left}`` and ``{right}`` the pips at the line's ends. The web layer translates them with
msgctxt "error" once the game is registered.
"""

from __future__ import annotations

from cardavia.games.errors import IllegalAction
from cardavia.games.options import OPTION_MESSAGES
from cardavia.games.packs.double_six import UNKNOWN_TILE

ILLEGAL: dict[str, str] = {
    "deal-over": "this deal of Gaple is over: no more tiles are played",
    "not-your-turn": "it is not your turn: {to_act} is to play",
    "bad-action": (
        "this table does not play that way: a player with no tile that fits passes, or, at a table "
        "that plays the discard rule, lays one tile face down instead"
    ),
    "not-in-hand": "{tile} is not in your hand",
    "must-open": "you open this deal, and only one of these tiles may open it: {tiles}",
    "no-match": "{tile} does not fit there: the line's ends show {left} on the left and {right} on the right",
    "end-needed": "{tile} fits both ends of the line: say which end it goes to",
    "must-play": "you hold a tile that fits the line: you must play",
}

MESSAGES: dict[str, str] = {
    **ILLEGAL,
    **OPTION_MESSAGES,  # bad-record, unknown-option, bad-option
    "unknown-tile": UNKNOWN_TILE,
}
"""Every reason code the engine gives, with its English template."""


def illegal(code: str, **params: object) -> IllegalAction:
    """The ``IllegalAction`` for ``code``: English message from ``ILLEGAL``, pieces in params as codes."""
    shown: dict[str, object] = dict(params)
    if "to_act" in params:
        shown["to_act"] = f"seat {params['to_act']}"
    tiles = params.get("tiles")
    if isinstance(tiles, list):
        shown["tiles"] = ", ".join(str(t) for t in tiles)
    return IllegalAction(code, ILLEGAL[code].format(**shown), params)
