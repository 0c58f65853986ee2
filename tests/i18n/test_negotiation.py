"""Choosing the page's language: ?lang=, then the selector's cookie, then Accept-Language, then English."""

from __future__ import annotations

import pytest

from cardavia.i18n.languages import LANGUAGES, by_code, negotiate, parse_accept_language


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("no", "nb"),
        ("no-NO,no;q=0.9", "nb"),
        ("nb-NO", "nb"),
        ("nn", "nb"),
        ("in", "id"),
        ("in-ID", "id"),
        ("id-ID,id;q=0.9,en;q=0.8", "id"),
        ("ms-MY", "ms"),
        ("hi-IN,hi;q=0.9", "hi"),
        ("zh-CN", "zh-Hans"),
        ("zh-SG", "zh-Hans"),
        ("zh-TW", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh-Hant-TW", "zh-Hant"),
        ("zh-Hans", "zh-Hans"),
        ("zh_TW", "zh-Hant"),
        ("fr-FR,fr;q=0.9", "en"),
        ("de, hi;q=0.5", "hi"),
        ("en-GB", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_accept_language_with_aliases(header: str | None, expected: str) -> None:
    assert negotiate(accept_language=header) == expected


def test_quality_orders_the_tags_not_their_position() -> None:
    assert negotiate(accept_language="en;q=0.2, zh-TW;q=0.9, ms;q=0.5") == "zh-Hant"
    assert parse_accept_language("en;q=0.2, zh-TW;q=0.9, ms;q=0.5, fr;q=0") == ["zh-TW", "ms", "en"]


def test_cookie_beats_accept_language_and_query_beats_cookie() -> None:
    assert negotiate(cookie="nb", accept_language="hi") == "nb"
    assert negotiate(query="zh-Hant", cookie="nb", accept_language="hi") == "zh-Hant"


def test_unknown_cookie_or_query_falls_through() -> None:
    assert negotiate(query="xx", cookie="klingon", accept_language="ms") == "ms"
    assert negotiate(query="", cookie="", accept_language=None) == "en"


def test_every_language_is_reachable_by_its_own_code_in_any_case() -> None:
    for lang in LANGUAGES:
        assert negotiate(query=lang.code.lower()) == lang.code
        assert negotiate(cookie=lang.code.upper()) == lang.code
        assert by_code(lang.folder) == lang


def test_languages_are_named_in_themselves() -> None:
    names = {lang.code: lang.native for lang in LANGUAGES}
    assert names == {
        "en": "English",
        "ms": "Bahasa Melayu",
        "id": "Bahasa Indonesia",
        "nb": "Norsk bokmål",
        "hi": "हिन्दी",
        "zh-Hans": "简体中文",
        "zh-Hant": "繁體中文",
    }
