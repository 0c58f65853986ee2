"""What a reader of another language sees and hears is written as that reader writes it.

- No raw Cherki card code (5c, WF: English initials) on a page, in an accessible name, a log line,
  a hint or an error of a language other than English; English keeps "5c 5 of Coins" (DESIGN.md).
- Every placeholder that carries a count is in a plural message: the site's own texts (the table's,
  the replay and review page's, the templates'), and the engines' errors and payment reasons and the
  bots' hints, whose counts are filled in from plural phrases (``COUNTS``, ``EXPLAIN_COUNTS``).
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterator, Mapping
from html.parser import HTMLParser
from typing import Any

import pytest
from extract_messages import template_messages
from fastapi import FastAPI
from fastapi.testclient import TestClient

from cardavia.bots.registry import get_bot
from cardavia.games.cherki.cards import FACES
from cardavia.games.counts import Count
from cardavia.games.registry import get_game
from cardavia.i18n.languages import LANGUAGES
from cardavia.web import pages
from cardavia.web.content import Msg, Plural
from cardavia.web.game_parts import games as web_parts
from cardavia.web.game_parts import web_of
from cardavia.web.games.cherki import WEB as CHERKI
from cardavia.web.table_data import (
    count_templates,
    error_templates,
    explain_templates,
    hint_templates,
    page_data,
)
from cardavia.web.ui_text import COMMON, REPLAY
from game_cases import games

TRANSLATED = [lang.code for lang in LANGUAGES if lang.code != "en"]
CARD_CODES = sorted(face.code for face in FACES)
# a card code standing alone: "5c", "WF" (not inside a word, an id or a URL fragment)
CARD_CODE = re.compile(r"(?<![\w#/-])(?:[1-9][csm]|WF|RF|OT)(?![\w-])")


def fill(template: str, **params: str) -> str:
    return re.sub(r"%\((\w+)\)s", lambda m: params.get(m.group(1), m.group(0)), template)


class Shown(HTMLParser):
    """The text a reader sees and the names a screen reader says (scripts and sprites left out)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "symbol"):
            self.hidden += 1
        self.parts += [v for k, v in attrs if k in ("aria-label", "title", "alt", "placeholder") and v]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "symbol") and self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden and data.strip():
            self.parts.append(data.strip())


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = FastAPI()
    app.include_router(pages.router)
    pages.mount_static(app)
    with TestClient(app) as test_client:
        yield test_client


@pytest.mark.parametrize("lang", TRANSLATED)
def test_cherki_pages_show_no_card_code(client: TestClient, lang: str) -> None:
    slug = CHERKI.slug
    for path in ("/", f"/traditions/{slug}", f"/traditions/{slug}/rules", f"/traditions/{slug}/table"):
        reply = client.get(f"{path}?lang={lang}")
        assert reply.status_code == 200
        shown = Shown()
        shown.feed(reply.text)
        found = [p for p in shown.parts if CARD_CODE.search(p)]
        assert not found, f"{path} [{lang}] shows card codes: {found[:5]}"
    # the rules pages do draw cards, each named (so the check above looked at real labels)
    assert 'role="img" aria-label="' in client.get(f"/traditions/{slug}/rules?lang={lang}").text


def test_english_names_a_card_without_its_code_too() -> None:
    # a screen reader spelled "5c 5 of Coins": the drawing shows the card, its name says it
    data = page_data("en", CHERKI, "/traditions/cherki")
    assert fill(data["text"]["piece_label"], code="5c", name=data["pieces"]["5c"]) == "5 of Coins"
    assert fill(data["text"]["piece_label"], code="WF", name=data["pieces"]["WF"]) == "White Flower"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_table_names_cards_without_their_code(lang: str) -> None:
    # What table.js builds from the page data: accessible names (pieceLabel), cards in log lines
    # (pieceText), a scored card with its points, and the errors' and hints' templates, whose
    # {card} is the raw code and {card_name} the translated name.
    data = page_data(lang, CHERKI, "/traditions/cherki")
    text = data["text"]
    for code in CARD_CODES:
        name = data["pieces"][code]
        label = fill(text["piece_label"], code=code, name=name)
        inline = fill(text["piece_text"], code=code, name=name)
        scored = [fill(form, card=label, num="3") for form in text["card_points"].values()]
        logged = [fill(text[key], card=inline, name="X") for key in ("took", "discarded", "took_you")]
        for shown in (label, inline, *scored, *logged):
            assert name in shown
            assert not CARD_CODE.search(shown), f"{lang}: {shown!r}"
    for kind, templates in (("error", data["errors"]), ("hint", data["hints"])):
        for key, template in templates.items():
            assert "{card}" not in template, f"{lang} {kind} {key} shows the raw code: {template!r}"


# ---------------------------------------------------------------------------------------------
# counts


def not_counts(game: str) -> set[str]:
    """The placeholders of a game's errors, hints and payment reasons that hold no count, as the
    game declares them in its web part: its pieces (``code_params``, ``named_params``,
    ``piece_params`` with their ``_name``, ``name_params``) and its words (``word_params``: seats,
    suits, options, a bid's bounds)."""
    web = web_of(game)
    pieces = {*web.code_params, *web.named_params, *web.name_params}
    return pieces | {*web.piece_params} | {f"{key}_name" for key in web.piece_params} | {*web.word_params}


# "Deal %(num)s" numbers a deal (an ordinal label): it counts nothing
ORDINALS = {"deal_no"}
COUNT_NAMES = re.compile(r"%\((num|count|n)\)s")
# a number other than the plural message's own count (%(num)s, which COUNT_NAMES checks) written
# straight before a counted noun ("%(points)s points", "{value} columns"): a count whatever its
# placeholder is called, that nothing would choose the noun's form for
NOUNS = r"(?:points?|columns?|decisions?|moves?|tiles?|cards?|tricks?|deals?|rounds?)\b"
NUMBER_BEFORE_NOUN = re.compile(r"(?:%\((?!(?:num|count|n)\))\w+\)s|\{\w+\}) " + NOUNS)


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("game", games(), indirect=True)
def test_every_placeholder_of_an_error_or_a_hint_is_a_count_phrase_or_no_count(game: str) -> None:
    counts = count_templates(game)
    words = not_counts(game)
    kinds = (
        ("errors", error_templates(game)),
        ("hints", hint_templates(game)),
        ("explain", explain_templates(game)),
    )
    for kind, templates in kinds:
        assert templates or kind == "explain"  # a game may pay nothing by reasons
        phrases: Mapping[str, Count] = counts[kind]
        for key, template in templates.items():
            unknown = placeholders(template) - words - set(phrases)
            assert not unknown, f"{game} {kind} {key}: {sorted(unknown)} is neither a count phrase nor a name"
            assert not NUMBER_BEFORE_NOUN.search(template), f"{game} {kind} {key}: a bare count {template!r}"
        for key, phrase in phrases.items():
            assert "{" + key + "}" in phrase.singular and "{" + key + "}" in phrase.plural
            assert phrase.singular != phrase.plural, f"{game} {key}: the English plural is the singular"


def _numbers(params: Mapping[str, Any]) -> set[str]:
    return {k for k, v in params.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}


@pytest.mark.parametrize("game", games(), indirect=True)
def test_every_number_a_bot_gives_a_hint_is_a_count_phrase(game: str) -> None:
    # the hints as the bots really give them, at every level, over whole deals
    impl = get_game(game)
    phrases = count_templates(game)["hints"]
    templates = hint_templates(game)
    words = not_counts(game)
    seen: set[str] = set()

    for level in ("easy", "normal", "hard"):
        bot = get_bot(game, level)
        for seed in range(2):
            deal = impl.new_deal(seed)
            rng = random.Random(seed)
            for _step in range(40 if level == "hard" else 400):
                seat = deal.to_act()
                if seat is None:
                    break
                decision = bot.decide(deal.view(seat), rng)
                reason = decision.reason
                seen.add(reason.id)
                used = placeholders(templates[reason.id])
                # a number that is no count (a bid, a value: NOT_COUNTS, never before a noun) needs no phrase
                numeric = (_numbers(reason.params) & used) - words
                assert numeric <= set(phrases), f"{game} {level} hint {reason.id}: {numeric - set(phrases)}"
                deal.apply(decision.action)
    assert len(seen) >= min(4, len(templates))  # the bots gave several kinds of hint


def test_every_count_of_the_site_texts_is_a_plural_message() -> None:
    singles: list[str] = []
    for table in (COMMON, *(web.texts for web in web_parts()), REPLAY):
        for key, message in table.items():
            if isinstance(message, Msg) and key not in ORDINALS and COUNT_NAMES.search(message.text):
                singles.append(f"{key}: {message.text!r}")
            # a second count inside a plural message is chosen by nothing: it must not stand before a noun
            texts = [message.text] if isinstance(message, Msg) else [message.singular, message.plural]
            singles += [f"{key}: {text!r}" for text in texts if NUMBER_BEFORE_NOUN.search(text)]
    for t in pages.traditions():
        for part in (t.tradition, *(web.page for web in t.games)):
            for value in vars(part).values():
                if isinstance(value, Msg) and COUNT_NAMES.search(value.text):
                    singles.append(f"{t.tradition.slug}: {value.text!r}")
        assert isinstance(t.tradition.origin, Plural)
    for message in template_messages():
        if message.plural is None and COUNT_NAMES.search(message.msgid):
            singles.append(f"{message.where}: {message.msgid!r}")
        if message.plural is None and NUMBER_BEFORE_NOUN.search(message.msgid):
            singles.append(f"{message.where}: {message.msgid!r}")
    assert not singles, "counts in singular messages:\n" + "\n".join(singles)
