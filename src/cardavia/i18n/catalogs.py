"""Loading the gettext catalogs: every ``.po`` of a language folder merged into one translator.

Read once per process with Babel (no compiled ``.mo`` files to keep in step): each ``.po`` is
parsed, compiled in memory and merged, so the site's ``messages.po`` and each game's catalog can be
written by different hands without one file to share.
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from cardavia.i18n.languages import DEFAULT, LANGUAGES, by_code

LOCALE_DIR = Path(__file__).parent / "locale"


def po_files(code: str) -> list[Path]:
    """The catalogs of one language, in a stable order."""
    lang = by_code(code)
    if lang is None or lang.code == DEFAULT:
        return []
    return sorted((LOCALE_DIR / lang.folder / "LC_MESSAGES").glob("*.po"))


def read_catalog(path: Path) -> Catalog:
    """One ``.po`` file parsed by Babel (fuzzy entries kept, so that tests can see them)."""
    with path.open("rb") as handle:
        return read_po(handle, locale=path.parent.parent.name)


def _compiled(catalog: Catalog) -> Translations:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return Translations(fp=buffer, domain="messages")


@cache
def translations(code: str) -> NullTranslations:
    """The merged translator of a language (English and unknown codes: the identity)."""
    files = po_files(code)
    if not files:
        return NullTranslations()
    merged: Translations | None = None
    for path in files:
        compiled = _compiled(read_catalog(path))
        if merged is None:
            merged = compiled
        else:
            merged.merge(compiled)
    assert merged is not None
    return merged


def preload() -> None:
    """Read every language's catalogs now (at start-up) rather than on the first request."""
    for lang in LANGUAGES:
        translations(lang.code)
