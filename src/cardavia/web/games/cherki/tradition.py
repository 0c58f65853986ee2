"""Cherki (Ceki), the Peranakan money-card game of Melaka: what the site says about it.

The long texts live in this package's ``templates/`` (``content/cherki/…`` to the pages); this
module holds the short ones and the Wikipedia article of each language. Malay and Indonesian have
an article on the game itself ("Ceki"); the other languages link to the closest article their
edition has.
"""

from __future__ import annotations

from cardavia.web.content import GamePage, Msg, Plural, Tradition

TRADITION = Tradition(
    slug="cherki",
    name=Msg("tradition name", "Cherki"),
    origin=Plural(
        "tradition origin line: place · country · number of cards in one pack",
        "Melaka · Malaysia · %(num)s card",
        "Melaka · Malaysia · %(num)s cards",
    ),
    pieces_count=60,
    description_line=Msg(
        "tradition one-line description of the Cherki cards, shown in the catalogue",
        "Malaysian money cards in Coins, Strings and Myriads, with three honours",
    ),
    wikipedia={
        # No English article on the game itself: the money-suited card family it belongs to.
        "en": "https://en.wikipedia.org/wiki/Chinese_money-suited_cards",
        "ms": "https://ms.wikipedia.org/wiki/Ceki",
        "id": "https://id.wikipedia.org/wiki/Ceki",
        # One Chinese edition, shown in the reader's script by its variant path.
        "zh-Hans": "https://zh.wikipedia.org/zh-hans/%E7%BA%B8%E7%89%8C",
        "zh-Hant": "https://zh.wikipedia.org/zh-hant/%E7%B4%99%E7%89%8C",
    },
    description_template="content/cherki/description.html",
)

PAGE = GamePage(
    game="cherki",
    game_name=Msg("game name", "Cherki"),
    tagline=Msg(
        "Cherki tagline in the Play section: how the game is won, in one sentence",
        "Build two triples and a pair, call Cherki, then wait for the card that completes your third triple",
    ),
    meta=Msg(
        "Cherki rules meta line: number of players · opponents · length of the match",
        "3 players · you vs two AI · one deal",
    ),
    summary_template="content/cherki/summary.html",
    full_rules_template="content/cherki/full.html",
    seat_places=("left", "right"),
)
