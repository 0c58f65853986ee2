"""The site's languages and the choice of one for a request.

The order of preference: ``?lang=`` in the URL (links that carry a language), then the cookie the
language selector sets, then the browser's ``Accept-Language`` (with aliases for the codes browsers
really send), then English.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Language:
    """One language of the site.

    ``code`` is the BCP 47 tag used in URLs, cookies, ``<html lang>`` and ``Content-Language``;
    ``folder`` the Babel locale id naming its catalog folder; ``native`` its name in itself.
    """

    code: str
    folder: str
    native: str


LANGUAGES: tuple[Language, ...] = (
    Language("en", "en", "English"),
    Language("ms", "ms", "Bahasa Melayu"),
    Language("id", "id", "Bahasa Indonesia"),
    Language("nb", "nb", "Norsk bokmål"),
    Language("hi", "hi", "हिन्दी"),
    Language("zh-Hans", "zh_Hans", "简体中文"),
    Language("zh-Hant", "zh_Hant", "繁體中文"),
)
DEFAULT = "en"
COOKIE = "lang"

_BY_CODE = {lang.code.lower(): lang for lang in LANGUAGES}

# Codes browsers send that name one of our languages under another tag (lower case, "_" read as "-").
ALIASES: dict[str, str] = {
    "no": "nb",
    "nn": "nb",
    "nb-no": "nb",
    "no-no": "nb",
    "in": "id",
    "id-id": "id",
    "ms-my": "ms",
    "ms-sg": "ms",
    "ms-bn": "ms",
    "hi-in": "hi",
    "zh": "zh-Hans",
    "zh-cn": "zh-Hans",
    "zh-sg": "zh-Hans",
    "zh-my": "zh-Hans",
    "zh-hans-cn": "zh-Hans",
    "zh-hans-sg": "zh-Hans",
    "zh-tw": "zh-Hant",
    "zh-hk": "zh-Hant",
    "zh-mo": "zh-Hant",
    "zh-hant-tw": "zh-Hant",
    "zh-hant-hk": "zh-Hant",
}


def by_code(code: str | None) -> Language | None:
    """The language a tag names (our own codes, any case, ``_`` or ``-``, or an alias), else None."""
    if not code:
        return None
    tag = code.strip().replace("_", "-").lower()
    if tag in _BY_CODE:
        return _BY_CODE[tag]
    if tag in ALIASES:
        return _BY_CODE[ALIASES[tag].lower()]
    return None


def parse_accept_language(header: str | None) -> list[str]:
    """The tags of an ``Accept-Language`` header, most preferred first (``q=0`` dropped)."""
    if not header:
        return []
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        pieces = part.strip().split(";")
        tag = pieces[0].strip()
        if not tag or tag == "*":
            continue
        quality = 1.0
        for param in pieces[1:]:
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0:
            ranked.append((-quality, index, tag))
    return [tag for _, _, tag in sorted(ranked)]


def _from_tag(tag: str) -> Language | None:
    """A browser tag to one of ours: the whole tag, then shorter prefixes (``nb-NO`` -> ``nb``).

    Chinese needs care: a bare script-less region decides the script (``zh-TW`` is Traditional), so
    the whole tag and the alias table are tried before any prefix.
    """
    parts = tag.replace("_", "-").split("-")
    for end in range(len(parts), 0, -1):
        found = by_code("-".join(parts[:end]))
        if found is not None:
            return found
    return None


def negotiate(query: str | None = None, cookie: str | None = None, accept_language: str | None = None) -> str:
    """The code of the language to serve: ``?lang=``, else the cookie, else Accept-Language, else en."""
    for explicit in (query, cookie):
        found = by_code(explicit)
        if found is not None:
            return found.code
    for tag in parse_accept_language(accept_language):
        found = _from_tag(tag)
        if found is not None:
            return found.code
    return DEFAULT
