"""The JSON a table page hands to its JavaScript: every text it may show, already translated.

That is the page's own texts (:mod:`cardavia.web.ui_text` and the game's ``GameWeb.texts``), the
pieces' names (``Game.pieces``), and the templates of the engine's error messages (``Game.messages``)
and the bots' hint reasons (``HINTS`` of the ``messages`` module beside the game's bots): the API
answers in English with a reason code and parameters, and the page re-renders them from these
translated templates.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

from babel.numbers import format_percent

from cardavia.bots.stats import CONFIDENCE
from cardavia.games.counts import Count
from cardavia.games.protocol import teams_of
from cardavia.games.registry import entry, get_game
from cardavia.i18n.catalogs import translations
from cardavia.i18n.languages import DEFAULT, by_code
from cardavia.web import assets
from cardavia.web.coach_text import COACH
from cardavia.web.content import Msg, Plural
from cardavia.web.game_parts import GameWeb, Offered
from cardavia.web.render import translate
from cardavia.web.ui_text import COMMON, REPLAY


def _plural_forms(trans: Any, context: str, singular: str, plural: str) -> dict[str, str]:
    # the browser picks the CLDR category; gettext's forms are one/other in all our languages
    return {
        "one": trans.npgettext(context, singular, plural, 1),
        "other": trans.npgettext(context, singular, plural, 2),
    }


def _texts(code: str, messages: Mapping[str, Msg | Plural]) -> dict[str, Any]:
    trans = translations(code)
    return {
        key: _plural_forms(trans, m.context, m.singular, m.plural)
        if isinstance(m, Plural)
        else trans.pgettext(m.context, m.text)
        for key, m in messages.items()
    }


def piece_names(game: str) -> dict[str, str]:
    """Each piece code of ``game`` and its English name, from the engine's own tables."""
    return {piece.code: piece.name for piece in get_game(game).pieces}


def piece_points(game: str) -> dict[str, int]:
    """What each piece counts at the end of a deal, where the game scores pieces (else empty)."""
    return {piece.code: piece.points for piece in get_game(game).pieces if piece.points is not None}


def _optional_dict(module: str, name: str) -> dict[str, Any]:
    try:
        value = getattr(importlib.import_module(module), name, {})
    except ModuleNotFoundError as exc:
        if exc.name is None or not module.startswith(exc.name):
            raise  # a module that is there but fails to import is a bug, not an absent table
        return {}
    return dict(value) if isinstance(value, Mapping) else {}


def _messages(game: str, layer: str) -> str:
    """The ``messages`` module beside ``game``'s engine (``engine``) or bots (``bots``) package."""
    return f"{getattr(entry(game), layer)}.messages"


def error_templates(game: str) -> dict[str, str]:
    """The engine's English error templates by reason code."""
    return dict(get_game(game).messages)


def hint_templates(game: str) -> dict[str, str]:
    """The bots' English hint templates by reason id."""
    return _optional_dict(_messages(game, "bots"), "HINTS")


def count_templates(game: str) -> dict[str, dict[str, Count]]:
    """The plural phrases of the counts in the engine's errors and payment reasons and the bots' hints."""
    return {
        "errors": _optional_dict(_messages(game, "engine"), "COUNTS"),
        "hints": _optional_dict(_messages(game, "bots"), "COUNTS"),
        "explain": _optional_dict(_messages(game, "engine"), "EXPLAIN_COUNTS"),
    }


def _count_forms(code: str, counts: Mapping[str, Count]) -> dict[str, dict[str, str]]:
    trans = translations(code)
    return {key: _plural_forms(trans, c.context, c.singular, c.plural) for key, c in counts.items()}


def explain_templates(game: str) -> dict[str, str]:
    """The engine's English templates of the reasons of a payment, by id."""
    return _optional_dict(_messages(game, "engine"), "EXPLAIN")


def page_data(code: str, web: GameWeb, path: str) -> dict[str, Any]:
    """Everything the table page's script needs, in the language ``code``; ``path`` is where the
    game's pages live (``/traditions/<slug>`` or ``/traditions/<slug>/<game>``)."""
    trans = translations(code)
    t = web.page
    context = web.pieces.context
    names = piece_names(t.game)
    return {
        "game": t.game,
        "slug": web.slug,
        "path": path,  # the game's table, rules and replays are under it
        # the game's own script, loaded by table.js (which names no game)
        "module": assets.url(web.asset(web.script)),  # content-hashed, as every static file
        "lang": code,
        "seats": list(web.seats),  # each seat's name's key, the viewer's first (else the script's)
        # who plays with whom (each seat alone but in a partnership game): the status line says
        # whether the player's partner or the opponents are to act
        "teams": [list(team) for team in teams_of(get_game(t.game))],
        "text": {**_texts(code, COMMON), **_texts(code, COACH), **_texts(code, web.texts)},
        "pieces": {piece: trans.pgettext(context, name) for piece, name in names.items()},
        "names": {name: trans.pgettext(context, name) for name in sorted(set(names.values()))},
        "points": piece_points(t.game),
        "errors": {key: trans.pgettext("error", text) for key, text in error_templates(t.game).items()},
        "hints": {key: trans.pgettext("hint", text) for key, text in hint_templates(t.game).items()},
        # each count placeholder of an error or a hint, by its plural phrase ("{count} columns")
        "counts": {kind: _count_forms(code, counts) for kind, counts in count_templates(t.game).items()},
        "explain": {
            key: trans.pgettext("payment reason", text) for key, text in explain_templates(t.game).items()
        },
        # which parameters hold pieces, and how each is shown: the game's own (``GameWeb``)
        "keys": {
            "code": list(web.code_params),
            "named": list(web.named_params),
            "piece": list(web.piece_params),
            "name": list(web.name_params),
        },
        # each word parameter's codes and their names ("led": {"h": "Hearts"}): ``{led_name}``
        "words": {
            key: {code: trans.pgettext(m.context, m.text) for code, m in words.items()}
            for key, words in web.word_names.items()
        },
    }


def history_data(code: str, traditions: Iterable[Offered]) -> dict[str, Any]:
    """What the history page's script needs: game names, where each game's pages live, its texts."""
    return {
        "lang": code,
        "games": {
            web.game: {
                "name": translate(code, web.page.game_name),
                "slug": t.tradition.slug,
                "path": t.path(web.game),
            }
            for t in traditions
            for web in t.games
        },
        "text": {**_texts(code, COMMON), **_texts(code, REPLAY)},
    }


def replay_data(code: str, web: GameWeb, path: str, table_id: str, deal_no: int) -> dict[str, Any]:
    """What the replay page's script needs: the table page's texts, its own, and which deal."""
    data = page_data(code, web, path)
    data["text"].update(_texts(code, REPLAY))
    # the sprite's prefix of the game's pieces ("tile", "card"); the review's interval level as the
    # language writes a percentage ("95%", Norwegian "95 %"), never written into a sentence
    return {
        **data,
        "table": table_id,
        "deal_no": deal_no,
        "piece_kind": web.pieces.symbol,
        "confidence": confidence_level(code),
    }


def confidence_level(code: str) -> str:
    """The level of the review's intervals written as a percentage in the language ``code`` (CLDR)."""
    lang = by_code(code) or by_code(DEFAULT)
    assert lang is not None
    return format_percent(CONFIDENCE, locale=lang.folder)
