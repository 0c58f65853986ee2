"""The South Asian jack–nine games and Twenty-Nine, their game here: what the site says about them.

The tradition is the family of card games in which the jack and the nine are the highest cards of
every suit (Twenty-Nine, Twenty-Eight, Fifty-Six, 304), not a pack of its own: its pieces are the
shared French-suited pack (``cardavia.web.packs.french``). The long texts live in this package's
``templates/`` (``content/twenty-nine/…`` to the pages); this module holds the short ones.
"""

from __future__ import annotations

from cardavia.web.content import GamePage, Msg, Plural, Tradition

# Only English Wikipedia has an article on Twenty-Nine among the site's languages (Bengali has one,
# but the site has no Bengali pages); the others fall back to it.
WIKIPEDIA: dict[str, str] = {
    "en": "https://en.wikipedia.org/wiki/Twenty-nine_(card_game)",
}

TRADITION = Tradition(
    slug="jack-nine",
    name=Msg(
        "tradition name: the South Asian family of card games (29, 28, 56, 304) in which the jack and "
        "the nine are the highest cards of every suit; name the two cards as players of your language do",
        "Jack–nine games",
    ),
    origin=Plural(
        "tradition origin line: regions · countries · number of cards in the pack",
        "North India · Bangladesh · Nepal · %(num)s card",
        "North India · Bangladesh · Nepal · %(num)s cards",
    ),
    pieces_count=32,
    description_line=Msg(
        "tradition one-line description of the jack–nine games' pack, shown in the catalogue",
        "The 32 cards from seven to ace of the ordinary pack, with the jack and the nine highest "
        "in every suit, for Twenty-Nine",
    ),
    wikipedia=WIKIPEDIA,
    description_template="content/twenty-nine/description.html",
)

PAGE = GamePage(
    game="twenty-nine",
    game_name=Msg("game name (29; Hindi players say the English name)", "Twenty-Nine"),
    tagline=Msg(
        "Twenty-Nine tagline in the Play section: how the game is won, in one sentence",
        "Bid on your first four cards, name a trump only the bidder knows, "
        "and take with your partner the card points your side has promised",
    ),
    meta=Msg(
        "Twenty-Nine rules meta line: number of players · who plays with and against you · length "
        "of the match (until a team has won or lost six game points)",
        "4 players · you and your partner vs two AI · a match to six",
    ),
    summary_template="content/twenty-nine/summary.html",
    full_rules_template="content/twenty-nine/full.html",
    # play goes counter-clockwise, so the next seat sits on the viewer's right; the partner faces
    seat_places=("right", "top", "left"),
)

PIECES_CAPTION = Msg(
    "caption of the picture of all 32 cards on the jack–nine games page",
    "The 32 cards: spades, hearts, clubs and diamonds, each from the jack down to the seven "
    "in the order of Twenty-Nine: jack, nine, ace, ten, king, queen, eight, seven",
)

__all__ = ["PAGE", "PIECES_CAPTION", "TRADITION", "WIKIPEDIA"]
