"""What the site says about Indonesian dominoes and their game, Gaple.

The tradition is the Indonesian way with the double-six set: the small yellow *kartu domino* of the
warung and the home, and the block game played with them. It is a tradition of its own, not the
Chinese dominoes': the tiles, their names and their games differ. The short texts live here as
:class:`Msg`; the long ones are the templates in ``templates/`` (``content/gaple/…`` to the pages).
"""

from __future__ import annotations

from cardavia.web.content import GamePage, Msg, Plural, Tradition

# Indonesian Wikipedia's article on dominoes is the one Indonesians read on Gaple ("kadang disebut
# gaple atau gapleh"); English has the general article on the set. The others fall back to English.
WIKIPEDIA: dict[str, str] = {
    "en": "https://en.wikipedia.org/wiki/Dominoes",
    "id": "https://id.wikipedia.org/wiki/Domino",
}

TRADITION = Tradition(
    slug="indonesian-dominoes",
    name=Msg(
        "tradition name: the double-six dominoes as Indonesia plays them, the small yellow cards called "
        "kartu domino, for Gaple; name them as their players in your language do",
        "Indonesian dominoes",
    ),
    origin=Plural(
        "tradition origin line: islands where it is most played · country · number of tiles in the set",
        "Java · Sumatra · Indonesia · %(num)s tile",
        "Java · Sumatra · Indonesia · %(num)s tiles",
    ),
    pieces_count=28,
    description_line=Msg(
        "tradition one-line description of the Indonesian domino set, shown in the catalogue",
        "The 28 double-six dominoes, as the small yellow cards with red pips of every Indonesian "
        "warung, for Gaple",
    ),
    wikipedia=WIKIPEDIA,
    description_template="content/gaple/description.html",
    home_languages=("id",),  # the site's one Indonesian tradition: offered first to Indonesian readers
)

PAGE = GamePage(
    game="gaple",
    game_name=Msg("game name (Indonesian block dominoes; also gaplek, gapleh)", "Gaple"),
    tagline=Msg(
        "Gaple tagline in the Play section: how the game is won, in one sentence",
        "Match the pips at either end of one line of tiles, pass when you are stuck, and be the first "
        "to empty your hand: the winner takes the pips left in the other hands, first to 201.",
    ),
    meta=Msg(
        "Gaple rules meta line: number of players · opponents · length of a match; points only, no money",
        "4 players · you vs three AI · a match to 201, for points",
    ),
    summary_template="content/gaple/summary.html",
    full_rules_template="content/gaple/full.html",
    # play goes clockwise: the next seat sits on the viewer's left, then across, then on the right
    seat_places=("left", "top", "right"),
)

PIECES_CAPTION = Msg(
    "caption of the picture of all 28 tiles on the Indonesian dominoes page",
    "The 28 tiles, from balak kosong (0-0) to balak enam (6-6): each pair of pips from blank to "
    "six once, seven of them doubles",
)

__all__ = ["PAGE", "PIECES_CAPTION", "TRADITION", "WIKIPEDIA"]
