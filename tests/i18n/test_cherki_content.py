"""The Cherki domain is complete in every language: page texts, card names, engine errors, hints.

Expected messages are read from their sources (the templates, the content module, the engine's
faces and ``MESSAGES``, the bots' ``HINTS``), so a text added there without a translation fails
here. The glossary is checked against the card names, which are where a player meets its terms.
"""

from __future__ import annotations

import dataclasses
import json
import re
import string
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from jinja2 import Environment

from cardavia.bots.cherki.messages import COUNTS, HINTS
from cardavia.games.cherki.cards import FACES
from cardavia.games.cherki.messages import EXPLAIN, MESSAGES
from cardavia.i18n.catalogs import LOCALE_DIR, read_catalog
from cardavia.i18n.languages import LANGUAGES, Language
from cardavia.web.content import Msg, Plural
from cardavia.web.games.cherki import WEB
from cardavia.web.games.cherki.tradition import PAGE, TRADITION
from cardavia.web.render import render

SRC = Path(__file__).resolve().parents[2] / "src" / "cardavia"
CHERKI_TEMPLATES = sorted(WEB.templates.glob("*.html"))
GLOSSARY = SRC / "i18n" / "glossary" / "cherki.json"
TRANSLATED = [lang for lang in LANGUAGES if lang.code != "en"]
LANG_IDS = [lang.code for lang in TRANSLATED]

Key = tuple[str, str]  # (msgctxt, msgid)


def template_messages() -> set[Key]:
    env = Environment(extensions=["jinja2.ext.i18n"])
    found: set[Key] = set()
    for path in CHERKI_TEMPLATES:
        for _line, func, message in env.extract_translations(path.read_text(encoding="utf-8")):
            assert func == "pgettext", f"{path.name}: {func}{message!r} has no translator context"
            found.add((message[0], message[1]))
    return found


def content_messages() -> set[Key]:
    found: set[Key] = set()
    for part in (TRADITION, PAGE):
        for field in dataclasses.fields(part):
            value = getattr(part, field.name)
            if isinstance(value, Msg):
                found.add((value.context, value.text))
            elif isinstance(value, Plural):
                found.add((value.context, value.singular))
    return found


def expected() -> dict[Key, str]:
    """Every message of the domain, with what it is (for failure messages)."""
    keys: dict[Key, str] = {}
    keys.update(dict.fromkeys(content_messages(), "content module"))
    keys.update(dict.fromkeys(template_messages(), "template"))
    keys.update({("card name", face.name): "card name" for face in FACES})
    keys.update({("error", text): f"error {code}" for code, text in MESSAGES.items()})
    keys.update({("hint", text): f"hint {hid}" for hid, text in HINTS.items()})
    keys.update({(c.context, c.singular): f"count {key}" for key, c in COUNTS.items()})
    keys.update({("payment reason", text): f"payment reason {rid}" for rid, text in EXPLAIN.items()})
    return keys


@cache
def catalog(folder: str) -> Catalog:
    return read_catalog(LOCALE_DIR / folder / "LC_MESSAGES" / "cherki.po")


def placeholders(text: str) -> set[str]:
    percent = set(re.findall(r"%\((\w+)\)s", text))
    braces = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    return percent | braces


def test_sources_have_messages() -> None:
    # Guards the extraction itself: the templates and module were read, not silently skipped.
    assert {"description.html", "summary.html", "full.html"} <= {p.name for p in CHERKI_TEMPLATES}
    keys = expected()
    assert len(content_messages()) == 6
    assert sum(1 for what in keys.values() if what == "card name") == 30
    assert ("Cherki rules summary: section heading, the goal of the game", "Objective") in keys


@pytest.mark.parametrize("lang", TRANSLATED, ids=LANG_IDS)
def test_catalog_is_complete(lang: Language) -> None:
    cat = catalog(lang.folder)
    missing, empty, fuzzy, bad_placeholders = [], [], [], []
    for (context, msgid), what in expected().items():
        message = cat.get(msgid, context=context)
        if message is None:
            missing.append(f"{what}: [{context}] {msgid}")
            continue
        if message.fuzzy:
            fuzzy.append(msgid)
        text = message.string
        if not text or (isinstance(text, tuple) and not all(text)):
            empty.append(msgid)
            continue
        # a card's English code beside its name ({card} next to {card_name}) may be left out
        may_omit = {"card"} if "{card_name}" in msgid else {"code"} if "English code" in context else set()
        for form in text if isinstance(text, tuple) else (text,):
            if not placeholders(msgid) - may_omit <= placeholders(form) <= placeholders(msgid):
                bad_placeholders.append(f"{msgid!r} -> {form!r}")
    assert not missing, "\n".join(missing)
    assert not empty, empty
    assert not fuzzy, fuzzy
    assert not bad_placeholders, "\n".join(bad_placeholders)


@pytest.mark.parametrize("lang", TRANSLATED, ids=LANG_IDS)
def test_catalog_is_well_formed(lang: Language) -> None:
    cat = catalog(lang.folder)
    assert str(cat.locale).replace("-", "_") == lang.folder
    for message in cat:
        if not message.id:
            continue  # the header
        assert message.context, f"{message.id!r} has no msgctxt"
        assert not message.fuzzy, message.id
        if message.pluralizable:
            assert isinstance(message.string, tuple)
            assert len(message.string) == cat.num_plurals, message.id
            assert all(message.string), message.id
        else:
            assert message.string, message.id


@pytest.mark.parametrize("lang", TRANSLATED, ids=LANG_IDS)
def test_no_english_left(lang: Language) -> None:
    cat = catalog(lang.folder)
    for message in cat:
        words = re.sub(r"%\([a-z_]+\)s|\{[a-z_]+\}", "", str(message.id))
        if not message.id or not re.search("[A-Za-z]{3}", words):
            continue  # Chinese names, and a message of placeholders alone, are the same in every language
        if message.id == "Cherki" and message.string == "Cherki":
            continue  # the game's own name, kept where the language writes it so
        assert message.string != message.id, f"untranslated in {lang.code}: {message.id!r}"


@cache
def glossary() -> dict[str, dict[str, str]]:
    data: dict[str, dict[str, str]] = json.loads(GLOSSARY.read_text(encoding="utf-8"))
    return data


def test_glossary_has_every_language_and_a_note() -> None:
    for term, renderings in glossary().items():
        assert renderings.get("note"), term
        for lang in TRANSLATED:
            assert renderings.get(lang.code), f"{term}: no {lang.code} rendering"


@pytest.mark.parametrize("lang", TRANSLATED, ids=LANG_IDS)
def test_card_names_use_the_glossary(lang: Language) -> None:
    cat = catalog(lang.folder)
    terms = glossary()
    suit_term = {"c": "Coins", "s": "Strings", "m": "Myriads"}
    chinese_digits = "一二三四五六七八九"
    for face in FACES:
        name = cat.get(face.name, context="card name").string
        if face.suit is None:
            assert name == terms[face.name][lang.code], face.name
            continue
        suit = terms[suit_term[face.suit]][lang.code]
        assert suit.casefold() in name.casefold(), f"{face.name} -> {name}: not the suit {suit!r}"
        value = chinese_digits[face.value - 1] if lang.code.startswith("zh") else str(face.value)
        assert value in name, f"{face.name} -> {name}"
    names = [cat.get(face.name, context="card name").string for face in FACES]
    assert len(set(names)) == len(FACES), "two cards share a name"


@pytest.mark.parametrize("lang", TRANSLATED, ids=LANG_IDS)
def test_pages_render_translated(lang: Language) -> None:
    # Rendered through the site's own environment: every sentence of the page comes out
    # translated (no English sentence of ours is left), and the card pictures carry
    # translated names.
    english = [msgid for (context, msgid) in template_messages() if len(msgid) > 25]
    for template in ("description", "summary", "full"):
        html = render(lang.code, f"content/cherki/{template}.html", {})
        assert html.strip()
        left = [msgid for msgid in english if msgid in html]
        assert not left, f"{template} in {lang.code}: {left[:3]}"
    full = render(lang.code, "content/cherki/full.html", {})
    white_flower = catalog(lang.folder).get("White Flower", context="card name").string
    # named as the reader knows it: the English initials (WF) are left out
    assert f'aria-label="{white_flower}"' in full
    assert 'aria-label="WF ' not in full


def test_english_full_rules_draw_every_worked_example() -> None:
    full = render("en", "content/cherki/full.html", {})
    groups = [
        " ".join(re.findall(r'href="#card-(\w+)"', group))
        for group in re.findall(r'<span class="cards">(.*?)</span>', full)
    ]
    examples = [
        "9c 9s 9m 7s 7s 7m 5c 5m",
        "9c 9s 9m 7s 7s 7m 5c 4m",
        "WF WF RF 2c 2s 2m 4c 4c",
        "1c 1s 1m WF WF WF RF RF",
        "5c 5c 5s 5s 5m 7c 7s 7m",
        "6c 6s 6m 6m 3c 3s 3m 2c",
    ]
    for example in examples:
        assert example in groups, example
    assert groups.count("9c 9s 9m 7s 7s 7m 5c 5m") == 2  # a ready hand, then the won hand
    assert "x = 63: the winner receives +126 and each opponent pays −63." in full
    assert "x = 9: the winner receives +18 and each opponent pays −9." in full
