"""Gaple (gaplek, gapleh), the block dominoes Indonesia plays with the double-six set (spec: gaple.md,
ruleset standard): four players, seven tiles each, a single line, the forced pass, out and blocked,
the winner taking the losers' pips, a match to 201. Every option of the spec (teams, discard, six
tiles with a stock, 6-6 opens, any lead, redeal, target) is a rule option of a record or a table.

``GAME`` satisfies :class:`cardavia.games.protocol.Game`; its deals satisfy ``Deal``. Not registered
yet: its pages come later.
"""

from __future__ import annotations

from cardavia.games.gaple.actions import LEFT, RIGHT, Action, action_from_json
from cardavia.games.gaple.deal import GAME_ID, GapleDeal, new_deal, right_order
from cardavia.games.gaple.game import GAME, TEAMS, Gaple, GaplePartners
from cardavia.games.gaple.messages import ILLEGAL, MESSAGES
from cardavia.games.gaple.options import DEFAULT_OPTIONS, Options, parse_options
from cardavia.games.gaple.scoring import blocked_winner, returns_of
from cardavia.games.gaple.view import GapleView, Placed, Turn

__all__ = [
    "DEFAULT_OPTIONS",
    "GAME",
    "GAME_ID",
    "ILLEGAL",
    "LEFT",
    "MESSAGES",
    "RIGHT",
    "TEAMS",
    "Action",
    "Gaple",
    "GapleDeal",
    "GaplePartners",
    "GapleView",
    "Options",
    "Placed",
    "Turn",
    "action_from_json",
    "blocked_winner",
    "new_deal",
    "parse_options",
    "returns_of",
    "right_order",
]
