"""The Tien Gow catalogs: every message of the game's pages, tiles, errors and hints, in every language.

Messages are collected from their sources (the templates, the content module, the engine's tile
names and error templates, the bots' hint templates), so a message added anywhere without its
translations fails here. The tile names must be the glossary's renderings, and the rendered pages
of a translated language must not carry an English sentence of ours.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from jinja2.ext import babel_extract

from cardavia.bots.tien_gow.messages import COUNTS as HINT_COUNTS
from cardavia.bots.tien_gow.messages import HINTS
from cardavia.games.tien_gow.messages import COUNTS as ERROR_COUNTS
from cardavia.games.tien_gow.messages import EXPLAIN, EXPLAIN_COUNTS, MESSAGES
from cardavia.games.tien_gow.tiles import TILES
from cardavia.i18n.catalogs import LOCALE_DIR
from cardavia.i18n.languages import LANGUAGES, Language
from cardavia.web.games.tien_gow import WEB
from cardavia.web.games.tien_gow.tradition import PAGE, TRADITION
from cardavia.web.render import render

GLOSSARY = Path(__file__).parents[2] / "src" / "cardavia" / "i18n" / "glossary" / "tien-gow.json"
TEMPLATES = ("description.html", "summary.html", "full.html")  # the tiles macro is the shared pack's
PAGES = ("description.html", "summary.html", "full.html")
TRANSLATED = [lang for lang in LANGUAGES if lang.code != "en"]
KEYWORDS = ("pgettext", "npgettext")  # Jinja reads the context from the call itself

Key = tuple[str, str]  # (msgctxt, msgid)


def _template_messages() -> dict[Key, str | None]:
    found: dict[Key, str | None] = {}
    for name in TEMPLATES:
        with (WEB.templates / name).open("rb") as handle:
            for _, func, message, _ in babel_extract(handle, KEYWORDS, [], {}):
                assert isinstance(message, tuple), f"{name}: {message!r} has no translator context"
                context, msgid = str(message[0]), str(message[1])
                found[(context, msgid)] = str(message[2]) if func == "npgettext" else None
    return found


@cache
def expected() -> dict[Key, str | None]:
    """Every message of the domain, mapped to its plural msgid (None for a singular message)."""
    messages = _template_messages()
    for part, field in [(TRADITION, f) for f in ("name", "description_line")] + [
        (PAGE, f) for f in ("game_name", "tagline", "meta")
    ]:
        msg = getattr(part, field)
        messages[(msg.context, msg.text)] = None
    origin = TRADITION.origin
    messages[(origin.context, origin.singular)] = origin.plural
    for count in (*ERROR_COUNTS.values(), *HINT_COUNTS.values(), *EXPLAIN_COUNTS.values()):
        messages[(count.context, count.singular)] = count.plural
    for template in MESSAGES.values():
        messages[("error", template)] = None
    for template in HINTS.values():
        messages[("hint", template)] = None
    for template in EXPLAIN.values():
        messages[("payment reason", template)] = None
    return messages


@cache
def catalog(folder: str, stem: str = "tien-gow") -> Catalog:
    """A language's catalog of Tien Gow (``stem``: another, its tiles' ``WEB.pieces_catalog``)."""
    with (LOCALE_DIR / folder / "LC_MESSAGES" / f"{stem}.po").open("rb") as handle:
        return read_po(handle, locale=folder)


def placeholders(text: str) -> list[str]:
    return sorted(set(re.findall(r"%\((\w+)\)s", text)) | set(re.findall(r"\{(\w+)\}", text)))


def test_sources_are_found() -> None:
    """The collection itself sees every kind of message (a broken extractor would pass everything)."""
    contexts = {ctx for ctx, _ in expected()}
    assert {"error", "hint"} <= contexts
    assert (
        "Tien Gow rules: heading of section 4 (scoring = counting the money, not music)",
        "Scoring and end",
    ) in (expected())
    assert len([k for k in expected() if k[0].startswith("Tien Gow full rules")]) > 50


@pytest.mark.parametrize("lang", TRANSLATED, ids=lambda lang: lang.code)
def test_catalog_is_complete(lang: Language) -> None:
    cat = catalog(lang.folder)
    plural_count = get_plural(lang.folder).num_plurals
    assert cat.num_plurals == plural_count
    entries = {(m.context or "", m.id if isinstance(m.id, str) else m.id[0]): m for m in cat if m.id}
    problems = []
    for key, plural in expected().items():
        m = entries.get(key)
        if m is None:
            problems.append(f"missing {key}")
            continue
        if m.fuzzy:
            problems.append(f"fuzzy {key}")
        strings = (
            [str(s or "") for s in m.string] if isinstance(m.string, (list, tuple)) else [m.string or ""]
        )
        if plural is not None and len(strings) != plural_count:
            problems.append(f"{len(strings)} plural forms, want {plural_count}: {key}")
        if not all(s and s.strip() for s in strings):
            problems.append(f"empty {key}")
        for s in strings:
            if placeholders(s) != placeholders(key[1]):
                problems.append(f"placeholders {placeholders(s)} != {placeholders(key[1])}: {key}")
    for key, m in entries.items():
        if not m.context:
            problems.append(f"no msgctxt: {key}")
        if key not in expected():
            problems.append(f"stale (no longer in any source): {key}")
    assert not problems, "\n".join(problems)


def _glossary() -> dict[str, dict[str, str]]:
    data: dict[str, dict[str, str]] = json.loads(GLOSSARY.read_text(encoding="utf-8"))
    return data


def test_glossary_covers_every_language() -> None:
    for term, renderings in _glossary().items():
        assert renderings.get("note"), f"{term} has no note for translators"
        for lang in TRANSLATED:
            assert renderings.get(lang.code, "").strip(), f"{term} has no {lang.code} rendering"


@pytest.mark.parametrize("lang", TRANSLATED, ids=lambda lang: lang.code)
def test_tile_names_are_the_glossary_renderings(lang: Language) -> None:
    glossary = _glossary()
    cat = catalog(lang.folder, WEB.pieces_catalog)  # the tiles' names: the dominoes pack's catalog
    for tile in TILES:
        assert tile.name in glossary, f"the glossary has no term for the tile name {tile.name!r}"
        entry = cat.get(tile.name, context="tile name")
        assert entry is not None
        assert entry.string == glossary[tile.name][lang.code], tile.code
    # Distinct tiles keep distinct names (Big Six and Big Head Six above all).
    names = {entry.string for t in TILES if (entry := cat.get(t.name, context="tile name")) is not None}
    assert len(names) == len({t.name for t in TILES})


# Machine-translation errors of the seed captures that must never come back (spec/site.md).
FORBIDDEN = {
    "ms": ["Dua Tiga", "satu bahagian", "kesepakatan", "pertukaran", "penghormatan", "Jadual", "jubin"],
    "id": ["kesepakatan", "pertukaran", "penghormatan", "ubin"],
    "nb": ["Musikk", "fliser"],
    "hi": ["सौदा", "धड़क", "स्वर्ग"],
}
ENGLISH_TERMS = ["Supreme", "Goose", "Heaven", "Big Six", "Little Three", "trick", "deal"]


@pytest.mark.parametrize("lang", TRANSLATED, ids=lambda lang: lang.code)
def test_no_known_mistranslation(lang: Language) -> None:
    for m in catalog(lang.folder):
        if not m.id:
            continue
        text = m.string if isinstance(m.string, str) else " ".join(m.string or ())
        for bad in FORBIDDEN.get(lang.code, []):
            found = bad in text if not bad.isascii() else re.search(rf"\b{re.escape(bad)}\b", text)
            assert not found, f"{bad!r} in {text!r}"
        for word in ENGLISH_TERMS:
            assert not re.search(rf"\b{word}\b", text), f"English {word!r} left in {text!r}"


@pytest.mark.parametrize("lang", TRANSLATED, ids=lambda lang: lang.code)
def test_rendered_pages_carry_no_english_sentence(lang: Language) -> None:
    sentences = [msgid for (_, msgid) in _template_messages() if len(re.findall(r"[A-Za-z]{2,}", msgid)) >= 3]
    for page in PAGES:
        html = render(lang.code, f"content/tien-gow/{page}", {})
        left = [s for s in sentences if s in html]
        assert not left, f"{lang.code} {page}: {left[:3]}"


def test_english_pages_render_the_source() -> None:
    html = render("en", "content/tien-gow/full.html", {})
    assert "Worked examples: money" in html
    assert 'aria-label="6-6 Heaven"' in html
    assert html.count("<use href=") >= 80


# Terms whose rendering no language inflects, so every message naming one must carry it verbatim.
FIXED_TERMS = ("Supreme", "Heaven", "Earth", "Man", "Goose", "column", "banker", "early death")


@pytest.mark.parametrize("lang", TRANSLATED, ids=lambda lang: lang.code)
def test_messages_use_the_glossary_terms(lang: Language) -> None:
    glossary = _glossary()
    for m in catalog(lang.folder):
        if not m.id or m.context == "tile name" or not isinstance(m.string, str):
            continue
        words = re.sub(r"\{\w+\}|%\(\w+\)s", "", str(m.id))  # a placeholder's name is not a word shown
        for term in FIXED_TERMS:
            if re.search(rf"\b{re.escape(term)}s?\b", words):
                rendering = glossary[term][lang.code]
                assert rendering.lower() in m.string.lower(), f"{term} is not {rendering!r} in {m.string!r}"
