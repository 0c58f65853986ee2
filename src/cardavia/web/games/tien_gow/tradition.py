"""What the site says about Chinese dominoes and their game, Tien Gow.

The short texts live here as :class:`Msg`; the long ones (the tradition page's lead, the four rule
sections and the full rules) are the Jinja templates in this package's ``templates/``, which the
pages know as ``content/tien-gow/…``. Their translations are in each language's ``tien-gow.po``.
"""

from __future__ import annotations

from cardavia.web.content import GamePage, Msg, Plural, Tradition

# Chinese Wikipedia has one 天九 article served in either script; the other languages have no
# article on these tiles or this game (checked), so they fall back to English.
WIKIPEDIA: dict[str, str] = {
    "en": "https://en.wikipedia.org/wiki/Chinese_dominoes",
    "zh-Hans": "https://zh.wikipedia.org/zh-cn/%E5%A4%A9%E4%B9%9D",
    "zh-Hant": "https://zh.wikipedia.org/zh-hk/%E5%A4%A9%E4%B9%9D",
}

TRADITION = Tradition(
    slug="chinese-dominoes",
    name=Msg("tradition name (the set of pieces)", "Chinese dominoes"),
    origin=Plural(
        "tradition origin line: region · country · number of pieces",
        "Guangdong · China · %(num)s tile",
        "Guangdong · China · %(num)s tiles",
    ),
    pieces_count=32,
    description_line=Msg(
        "tradition one-line description in the catalogue",
        "Chinese dominoes with red and white pips, in civil and military groups, for Tien Gow and Pai Gow",
    ),
    wikipedia=WIKIPEDIA,
    description_template="content/tien-gow/description.html",
)

PAGE = GamePage(
    game="tien-gow",
    game_name=Msg("game name (Cantonese 天九, Heaven Nine)", "Tien Gow"),
    tagline=Msg(
        "Tien Gow tagline in the Play section",
        "Early tricks help, but only the last trick decides the winner. "
        "Take columns with civil and military tiles and keep a strong finish in hand.",
    ),
    meta=Msg(
        "Tien Gow rules meta line: players · opponents · length of a game",
        "4 players · you vs three AI · one deal",
    ),
    summary_template="content/tien-gow/summary.html",
    full_rules_template="content/tien-gow/full.html",
    seat_places=("right", "top", "left"),
)

__all__ = ["PAGE", "TRADITION", "WIKIPEDIA"]
