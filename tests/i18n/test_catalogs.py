"""Every message the site can show is translated in every language: present, not empty, not fuzzy,
with its placeholders intact and its plural forms by CLDR; and the glossaries cover every language.
"""

from __future__ import annotations

import json
import re
from functools import cache

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from extract_messages import (
    Message,
    all_messages,
    piece_catalogs,
    python_messages,
    template_messages,
    waiting_catalogs,
)

from cardavia.i18n.catalogs import LOCALE_DIR, po_files, read_catalog, translations
from cardavia.i18n.languages import LANGUAGES

TRANSLATED = [lang for lang in LANGUAGES if lang.code != "en"]
PLACEHOLDER = re.compile(r"%\(\w+\)s|\{\w+\}")


@cache
def catalogs(code: str) -> tuple[Catalog, ...]:
    return tuple(read_catalog(path) for path in po_files(code))


@cache
def messages() -> tuple[Message, ...]:
    return tuple(all_messages())


def _entries(code: str, message: Message) -> list[object]:
    found = []
    for catalog in catalogs(code):
        entry = catalog.get(message.msgid, context=message.context)
        if entry is not None:
            found.append(entry)
    return found


def test_the_site_has_messages_from_every_source() -> None:
    wheres = {m.where.split("/")[0].split(":")[0] for m in messages()}
    # templates, the Python Msg/Plural values, the pieces' names
    assert "templates" in wheres
    assert any(m.context == "tile name" for m in messages())
    assert any(m.context == "card name" for m in messages())
    assert any(m.context == "error" for m in messages())
    assert len(python_messages()) > 50
    assert len(template_messages()) > 30


def test_every_page_message_has_a_context() -> None:
    bare = [m for m in messages() if not m.context]
    assert not bare, f"messages without a translator context: {[(m.msgid, m.where) for m in bare]}"


def omissible(message: Message) -> set[str]:
    """Placeholders a translation may leave out: a Cherki card's English code beside its name."""
    if "{card_name}" in message.msgid:
        return {"{card}"}
    if "English code" in message.context:
        return {"%(code)s"}
    return set()


@pytest.mark.parametrize("lang", TRANSLATED, ids=lambda lang: lang.code)
def test_every_message_is_translated(lang: object) -> None:
    code = lang.code  # type: ignore[attr-defined]
    assert po_files(code), f"no catalog for {code} in {LOCALE_DIR}"
    problems: list[str] = []
    for message in messages():
        entries = _entries(code, message)
        label = f"[{message.context}] {message.msgid!r} ({message.where})"
        if not entries:
            problems.append(f"missing: {label}")
            continue
        for entry in entries:
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)  # type: ignore[attr-defined]
            if entry.fuzzy:  # type: ignore[attr-defined]
                problems.append(f"fuzzy: {label}")
            if not all(s and s.strip() for s in strings):
                problems.append(f"empty: {label}")
            expected = set(PLACEHOLDER.findall(message.msgid))
            if message.plural:
                expected |= set(PLACEHOLDER.findall(message.plural))
            for s in strings:
                got = set(PLACEHOLDER.findall(s or ""))
                # a plural form may leave out the count (Chinese "一张" style) but never invent a name;
                # a card's English code may be left out where its name stays (readers of other
                # languages do not know the English initials 5c, WF)
                needed = expected - omissible(message)
                if not got <= expected or (not message.plural and not needed <= got):
                    problems.append(f"placeholders {sorted(got)} != {sorted(expected)}: {label}")
    assert not problems, f"{len(problems)} problems in {code}:\n" + "\n".join(problems[:80])


@pytest.mark.parametrize("lang", TRANSLATED, ids=lambda lang: lang.code)
def test_no_catalog_keeps_an_entry_the_source_no_longer_has(lang: object) -> None:
    # a stale entry is shown nowhere, but a reviewer reads it and a translator may copy it (the
    # catalogs of a game built but not registered yet are checked by the test that registers it)
    code = lang.code  # type: ignore[attr-defined]
    keys = {m.key for m in messages()}
    waiting = waiting_catalogs()
    stale = []
    for path, catalog in zip(po_files(code), catalogs(code), strict=True):
        if path.stem in waiting:
            continue
        for entry in catalog:
            msgid = entry.id if isinstance(entry.id, str) else entry.id[0]
            if entry.id and (entry.context or "", msgid) not in keys:
                stale.append(f"{path.name}: [{entry.context}] {msgid!r}")
    assert not stale, stale


@pytest.mark.parametrize("lang", TRANSLATED, ids=lambda lang: lang.code)
def test_plural_forms_follow_cldr(lang: object) -> None:
    folder = lang.folder  # type: ignore[attr-defined]
    expected = get_plural(folder)
    for catalog in catalogs(lang.code):  # type: ignore[attr-defined]
        assert catalog.num_plurals == expected.num_plurals
        assert catalog.plural_expr.replace(" ", "") == expected.plural_expr.replace(" ", "")
        for entry in catalog:
            if entry.id and isinstance(entry.id, tuple):
                assert len(entry.string) == expected.num_plurals, entry.id


def test_hindi_zero_is_singular_and_norwegian_zero_is_plural() -> None:
    assert Locale.parse("hi").plural_form(0) == "one"
    hi, nb = translations("hi"), translations("nb")
    ctx, one, many = (
        "Tien Gow: columns a seat has won (one per tile of a won trick)",
        "%(num)s column",
        "%(num)s columns",
    )
    assert hi.npgettext(ctx, one, many, 0) == hi.npgettext(ctx, one, many, 1)
    assert (
        nb.npgettext(ctx, one, many, 0) == nb.npgettext(ctx, one, many, 2) != nb.npgettext(ctx, one, many, 1)
    )


def test_translations_differ_from_english_where_they_should() -> None:
    # the seed's untranslated words must not come back
    for lang in TRANSLATED:
        trans = translations(lang.code)
        for name in ("Goose", "White Flower", "Myriads"):
            context = "card name" if name == "White Flower" else "tile name"
            if any(m.key == (context, name) for m in messages()):
                assert trans.pgettext(context, name) != name, (lang.code, name)


GLOSSARY_DIR = LOCALE_DIR.parent / "glossary"
# every glossary file, those of games not yet registered too (their words are decided before their
# catalogs are written)
GLOSSARIES = sorted(path.stem for path in GLOSSARY_DIR.glob("*.json"))


def test_the_site_and_every_registered_game_have_a_glossary() -> None:
    for name in ("site", "tien-gow", "cherki"):
        assert name in GLOSSARIES, f"missing glossary {name}.json"


@pytest.mark.parametrize("name", GLOSSARIES)
def test_glossaries_cover_every_language(name: str) -> None:
    glossary = json.loads((GLOSSARY_DIR / f"{name}.json").read_text(encoding="utf-8"))
    assert glossary
    for term, renderings in glossary.items():
        for lang in TRANSLATED:
            assert renderings.get(lang.code, "").strip(), (name, term, lang.code)
        assert renderings.get("note", "").strip(), f"{name}: {term!r} has no note saying why"


# The machine-translation errors of the seed captures (site.md), per language, that must not return.
SEED_ERRORS: dict[str, tuple[str, ...]] = {
    "ms": ("Jadual", "satu bahagian", "kesepakatan", "pertukaran", "penghormatan", "Dua Tiga", "Syurga"),
    "id": ("kesepakatan", "pertukaran", "penghormatan", "Surga"),
    "nb": ("Musikk", "fliserWikipedia"),
    "hi": ("सौदा", "धड़क"),
    "zh-Hans": (),
    "zh-Hant": (),
}
UNTRANSLATED = ("Supreme", "Goose", "Myriads", "White Flower", "Red Flower", "Old Thousand")


@pytest.mark.parametrize("lang", TRANSLATED, ids=lambda lang: lang.code)
def test_the_seed_captures_errors_do_not_come_back(lang: object) -> None:
    code = lang.code  # type: ignore[attr-defined]
    found: list[str] = []
    for catalog in catalogs(code):
        for entry in catalog:
            if not entry.id:
                continue
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            for text in strings:
                for bad in (*SEED_ERRORS[code], *UNTRANSLATED):
                    if bad.lower() in (text or "").lower():
                        found.append(f"{bad!r} in [{entry.context}] {text!r}")
    assert not found, "\n".join(found[:40])


@pytest.mark.parametrize("lang", TRANSLATED, ids=lambda lang: lang.code)
def test_a_pieces_name_is_in_its_pieces_catalog_alone(lang: object) -> None:
    # a game's pieces are named in its own catalog, a shared pack's in the pack's (Pieces.pack):
    # never in the site's messages.po, never twice (merged catalogs keep one translation, silently)
    code = lang.code  # type: ignore[attr-defined]
    wrong = []
    for key, catalog in piece_catalogs().items():
        holding = [
            path.stem
            for path, found in zip(po_files(code), catalogs(code), strict=True)
            if found.get(key[1], context=key[0]) is not None
        ]
        if holding != [catalog]:
            wrong.append(f"[{key[0]}] {key[1]!r} is in {holding}, not in {catalog}.po alone")
    assert not wrong, "\n".join(wrong)
