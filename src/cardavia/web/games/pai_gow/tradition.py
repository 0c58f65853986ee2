"""What the site says about Pai Gow, the second game of the Chinese-dominoes tradition.

The tradition's own texts (its name, origin, the pieces, Wikipedia) are declared once, by the game
that declares it; Pai Gow joins it by its slug. The long texts (the four rule sections and the full
rules) are the templates in ``templates/``, known to the pages as ``content/pai-gow/…``.
"""

from __future__ import annotations

from cardavia.web.content import GamePage, Msg

SLUG = "chinese-dominoes"  # the tradition it joins

PAGE = GamePage(
    game="pai-gow",
    game_name=Msg("game name (Cantonese 牌九, 'tile nine')", "Pai Gow"),
    tagline=Msg(
        "Pai Gow tagline in the Play section",
        "Split four tiles into two hands and beat the banker with both. "
        "Everyone sets at once, in secret; the bank passes round the table.",
    ),
    meta=Msg(
        "Pai Gow rules meta line: players · opponents · length of a game; points only, no money",
        "4 players · you vs three AI · rounds of four deals, for points",
    ),
    summary_template="content/pai-gow/summary.html",
    full_rules_template="content/pai-gow/full.html",
    seat_places=("right", "top", "left"),
)

__all__ = ["PAGE", "SLUG"]
