"""What the site says about each tradition, as data: names, origin line, links, and its templates.

Every text is a :class:`Msg` (translator context + English source) or, where it holds a count, a
:class:`Plural`, translated at render time by the page's language; nothing is concatenated,
placeholders are ``%(name)s``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Msg:
    """A message to translate: ``pgettext(context, text) % params`` in the reader's language."""

    context: str
    text: str


@dataclass(frozen=True)
class Plural:
    """A message with a singular and a plural English form; ``%(num)s`` is the count."""

    context: str
    singular: str
    plural: str


@dataclass(frozen=True)
class Tradition:
    """One tradition of the catalogue: a set of pieces and where it comes from, declared once.

    ``slug`` is its URL (``/traditions/<slug>``). Its games are the registered games whose web part
    names it (:class:`cardavia.web.game_parts.GameWeb`): the one that declares it (its first game,
    whose pieces the page pictures) and any that join it by its slug. ``description_template`` (a
    template of the declaring game) holds the tradition page's lead paragraph.
    """

    slug: str
    name: Msg  # the tradition (its set of pieces)
    origin: Plural  # "Guangdong · China · %(num)s tiles"  (the Wikipedia link is added by the page)
    pieces_count: int  # 32 tiles; 60 cards in one pack
    description_line: Msg  # the one-line description of the pieces, for the catalogue
    # Wikipedia article per language code (en, ms, id, nb, hi, zh-Hans, zh-Hant); English as fallback
    wikipedia: Mapping[str, str] = field(default_factory=dict)
    description_template: str = ""
    # the languages of the people whose own tradition it is (codes, as ``wikipedia``'s): the catalogue
    # offers it first to a reader of one of them, who has it nowhere else on the site
    home_languages: tuple[str, ...] = ()


@dataclass(frozen=True)
class GamePage:
    """What the site says about one game of a tradition: its name, Play line, rules and seats.

    ``game`` is the engine id. The templates named here hold the long texts: ``summary`` (the four
    numbered rule sections, on the tradition page and beside the table) and ``full_rules`` (the
    full rules page's body).
    """

    game: str
    game_name: Msg  # its game
    tagline: Msg  # the Play section's line
    meta: Msg  # "4 players · you vs three AI · one deal"
    summary_template: str = ""
    full_rules_template: str = ""
    # where the other seats sit around the felt, seat 1 first (the viewer sits at the bottom): the
    # direction of play decides it, so each game says it
    seat_places: tuple[str, ...] = ()
