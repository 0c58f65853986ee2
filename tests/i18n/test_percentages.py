"""A percentage is written by the language's number format (CLDR, through Babel), never by a sentence:
Malay, Indonesian and Hindi write 95%, Norwegian 95 % with a no-break space. The review's interval
level reaches the replay page already formatted and fills its sentence in every language.
"""

from __future__ import annotations

import re

import pytest
from babel.numbers import format_percent

from cardavia.bots.stats import CONFIDENCE
from cardavia.i18n.catalogs import po_files, read_catalog, translations
from cardavia.i18n.languages import LANGUAGES, Language
from cardavia.web.pages import traditions
from cardavia.web.table_data import confidence_level, replay_data
from cardavia.web.ui_text import REPLAY

# a number followed by a percent sign written into a translation ("95 %%", "95%%")
WRITTEN_PERCENT = re.compile(r"\d\s?%%|\d\s?%(?![(%])")


@pytest.mark.parametrize(("code", "expected"), [("ms", "95%"), ("id", "95%"), ("hi", "95%"), ("en", "95%")])
def test_languages_that_write_no_space_before_the_percent_sign(code: str, expected: str) -> None:
    assert confidence_level(code) == expected


def test_norwegian_writes_its_own_cldr_form() -> None:
    assert confidence_level("nb") == format_percent(CONFIDENCE, locale="nb") == "95\u00a0%"


@pytest.mark.parametrize("lang", LANGUAGES, ids=lambda lang: lang.code)
def test_the_review_interval_sentence_takes_the_level_from_the_number_format(lang: Language) -> None:
    message = REPLAY["decision_loss"]
    assert "%(confidence)s" in message.text  # type: ignore[union-attr]
    text = translations(lang.code).pgettext(message.context, message.text)  # type: ignore[union-attr]
    level = confidence_level(lang.code)
    shown = text % {"label": "Mistake", "points": "3.2", "low": "1.1", "high": "5.3", "confidence": level}
    assert level in shown
    assert not re.search(r"%\(\w+\)s", shown)
    assert shown.count("95") == 1, shown  # the level once, from the number format, not from the sentence


def test_the_replay_page_hands_the_level_to_its_script() -> None:
    offered = traditions()[0]
    path = offered.path(offered.first.game)
    assert replay_data("nb", offered.first, path, "t1", 1)["confidence"] == "95\u00a0%"
    assert replay_data("hi", offered.first, path, "t1", 1)["confidence"] == "95%"


TRANSLATED = [lang for lang in LANGUAGES if lang.code != "en"]


@pytest.mark.parametrize("lang", TRANSLATED, ids=lambda lang: lang.code)
def test_no_translation_writes_a_percentage_itself(lang: Language) -> None:
    written = []
    for path in po_files(lang.code):
        for entry in read_catalog(path):
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            written += [f"{path.name}: {s!r}" for s in strings if s and WRITTEN_PERCENT.search(s)]
    assert not written, written
