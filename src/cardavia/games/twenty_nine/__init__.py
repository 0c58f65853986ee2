"""Twenty-Nine (29), the jack-nine partnership game of North India, Bangladesh and Nepal (spec:
twenty-nine.md, ruleset standard): a hold auction on four cards, a trump only the bidder knows,
asking for it, the King-Queen pair, doubling.

``GAME`` satisfies :class:`cardavia.games.protocol.Game`; its deals satisfy ``Deal``. Not registered
yet: its bots and pages come later. ``deal_from_view`` rebuilds a whole deal from one seat's view and a
hidden state (what a searching bot or a review plays out).
"""

from __future__ import annotations

from cardavia.games.twenty_nine.actions import Action, action_from_json
from cardavia.games.twenty_nine.cards import ORDER, POINTS, STRENGTH, SUIT_OF, card_index
from cardavia.games.twenty_nine.deal import TwentyNineDeal, new_deal, team_of, trick_winner
from cardavia.games.twenty_nine.game import GAME, TwentyNine
from cardavia.games.twenty_nine.messages import MESSAGES
from cardavia.games.twenty_nine.options import DEFAULT_OPTIONS, Options, parse_options
from cardavia.games.twenty_nine.position import deal_from_view
from cardavia.games.twenty_nine.scoring import MATCH_POINTS, match_after, match_winner
from cardavia.games.twenty_nine.view import PublicTrick, TwentyNineView

__all__ = [
    "DEFAULT_OPTIONS",
    "GAME",
    "MATCH_POINTS",
    "MESSAGES",
    "ORDER",
    "POINTS",
    "STRENGTH",
    "SUIT_OF",
    "Action",
    "Options",
    "PublicTrick",
    "TwentyNine",
    "TwentyNineDeal",
    "TwentyNineView",
    "action_from_json",
    "card_index",
    "deal_from_view",
    "match_after",
    "match_winner",
    "new_deal",
    "parse_options",
    "team_of",
    "trick_winner",
]
