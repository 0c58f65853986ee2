"""A display name shows something and stays on one line: the rule of ``cardavia.service.names``, on
worked examples and on random text (hypothesis)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardavia.service.errors import TableError
from cardavia.service.names import (
    BLANKS,
    JOINERS,
    MARKS_MAX,
    NAME_MAX,
    display_name,
    is_ignorable,
    is_mark,
    is_selector,
)

# What shows nothing: spaces of every kind, the blank-looking letters, zero-width and other
# default-ignorable code points, direction controls, controls, private use, lone marks.
INVISIBLE = (
    " \t\n\r\x0b\x0c\x85\xa0\u1680\u2000\u2001\u2007\u200a\u2028\u2029\u202f\u205f\u3000"
    "\u3164\u115f\u1160\uffa0\u2800"
    "\u200b\u200c\u200d\u200e\u200f\u202a\u202e\u2060\u2061\u2062\u2063\u2064\u2066\u2069\ufeff"
    "\u00ad\u034f\u061c\u180e\u17b4\ufe0f\ufe00\U000e0001\U000e0041\U0001d173"
    "\x00\x07\x1b\x7f\ue000\U000f0000\u0301\u0489"
)
VISIBLE_CATEGORIES = ("L", "N", "P", "S")


def clusters(name: str) -> int:
    """Characters as the rule counts them: those that are not marks, joiners, selectors or skin
    tones, and do not follow a joiner or pair a flag."""
    count = 0
    previous = ""
    flag_open = False
    for c in name:
        regional = 0x1F1E6 <= ord(c) <= 0x1F1FF
        extends = is_mark(c) or c in JOINERS or is_selector(c) or 0x1F3FB <= ord(c) <= 0x1F3FF
        if extends or previous == "\u200d" or (regional and flag_open):
            flag_open = False
        else:
            count += 1
            flag_open = regional
        previous = c
    return count


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("  Ann \t Lee\n", "Ann Lee"),
        ("Ann\u3164Lee", "Ann Lee"),  # a Hangul filler looks like a space: it is one
        ("\u2800Bo\u2800", "Bo"),
        ("\u202eAnn\u200b\x00", "Ann"),
        ("Zoe\u0308", "Zoë"),  # NFC
        ("x" + "\u0301" * 40, "x\u0301\u0301\u0301"),  # no tower of marks
        ("क़ुँवर", "क\u093c\u0941\u0901वर"),  # Devanagari: nukta, vowel sign and candrabindu stay
        ("می\u200cخواهم", "می\u200cخواهم"),  # the Persian non-joiner stays between letters
        ("👩\u200d💻 Ada", "👩\u200d💻 Ada"),
        ("a\u200d", "a"),  # a joiner joining nothing
        ("李小龍", "李小龍"),
        ("A" * 30, "A" * NAME_MAX),
        ("🇳🇴" * 30, "🇳🇴" * NAME_MAX),  # a flag is one character, not two
        ("👨\u200d👩\u200d👧" * 30, "👨\u200d👩\u200d👧" * NAME_MAX),
        ("é" * 30, "é" * NAME_MAX),
    ],
)
def test_worked_names(typed: str, shown: str) -> None:
    assert display_name(typed) == unicodedata.normalize("NFC", shown)


@pytest.mark.parametrize(
    "typed",
    [
        "",
        " ",
        "\u3164",
        "\u3164\u3164",
        "\u115f\u1160",
        "\u2800",
        "\u200b\u200d",
        "\u0301",
        "\ue000\U000e0041",
    ],
)
def test_names_that_show_nothing_are_refused(typed: str) -> None:
    with pytest.raises(TableError) as caught:
        display_name(typed)
    assert caught.value.code == "bad-name"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from(INVISIBLE), max_size=40))
def test_any_mix_of_invisible_characters_is_refused(typed: str) -> None:
    with pytest.raises(TableError) as caught:
        display_name(typed)
    assert caught.value.code == "bad-name"


@settings(max_examples=600, deadline=None)
@given(
    st.text(max_size=200) | st.text(alphabet=st.sampled_from(INVISIBLE + "aé李क्‍षें👩🏽🇳🇴\u0301"), max_size=80)
)
def test_a_name_shows_something_on_one_line_or_is_refused(typed: str) -> None:
    try:
        name = display_name(typed)
    except TableError as exc:
        assert exc.code == "bad-name"
        return
    assert name == unicodedata.normalize("NFC", name)
    assert display_name(name) == name  # the rule is a fixed point: what is shown is accepted as it is
    assert unicodedata.category(name[0])[0] in VISIBLE_CATEGORIES  # it starts with something to see
    assert unicodedata.category(name[-1])[0] in (*VISIBLE_CATEGORIES, "M") or is_selector(name[-1])
    assert "  " not in name and name == name.strip()
    for c in name:
        assert c == " " or not c.isspace(), "one line, plain spaces"
        assert c not in BLANKS
        assert c in JOINERS or is_selector(c) or not is_ignorable(c)
        assert c in JOINERS or unicodedata.category(c) not in {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
    run = 0
    for c in name:
        if is_selector(c):
            continue  # a variation selector (some are of category Mn) chooses a glyph: it stacks nothing
        run = run + 1 if is_mark(c) else 0
        assert run <= MARKS_MAX, "no stack of marks taller than the rule allows"
    assert 1 <= clusters(name) <= NAME_MAX


QUIET = st.text(alphabet=st.sampled_from(INVISIBLE), max_size=30)
# after a word, marks and variation selectors would belong to its last letter
QUIET_AFTER = st.text(
    alphabet=st.sampled_from([c for c in INVISIBLE if not is_mark(c) and not is_selector(c)]), max_size=30
)


@settings(max_examples=300, deadline=None)
@given(QUIET, st.from_regex(r"[A-Za-z0-9]{1,10}", fullmatch=True), QUIET_AFTER)
def test_a_visible_word_survives_whatever_invisible_surrounds_it(before: str, word: str, after: str) -> None:
    assert display_name(before + word + after) == word
