"""Hindi: a piece's name filled into a template never stands right before a postposition.

Before की, के, का, से, में, को, पर or ने a Hindi noun takes its oblique form (परदा → परदे की, लंबा तीन →
लंबे तीन की, हुकुम का नहला → हुकुम के नहले से), which a placeholder cannot give. So wherever a Hindi
template puts a postposition right after a placeholder that shows a piece's name (a tile, a card, a
Cherki kind, a Twenty-Nine suit), every name that placeholder can show must read the same in the
oblique: no word of it may end in -ा (the masculine ending that changes, and का itself). The glossary
says so (``site.json``, "a piece's name in a placeholder (hi)"); the second native review of
2026-12-05 found "परदा की जोड़ी" and "आलूबुखारा की जोड़ी" on the Pai Gow pages.

The names a placeholder can show are read from the page data, as text.js fills them: ``{x_name}``
of a piece or word parameter, a named piece parameter (by the language's ``piece_text``), and a
game text whose translator context says its placeholder is a tile's or a card's name.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardavia.games.registry import game_ids
from cardavia.web.content import Msg
from cardavia.web.game_parts import offered_of, web_of
from cardavia.web.table_data import page_data

POSTPOSITIONS = ("की", "के", "का", "से", "में", "को", "पर", "ने")
AFTER = re.compile(r"(\{(\w+)\}|%\((\w+)\)s) (" + "|".join(POSTPOSITIONS) + r")(?=[\s।,:;)]|$)")
# a translator context that says a text's placeholder is a piece's name
NAMES_A_PIECE = re.compile(r"%\((\w+)\)s is (?:the|a|its) (?:tile|card|piece)(?:'s name)?\b")


def _inflects(name: str) -> bool:
    """Whether ``name`` would change before a postposition: a word ending in -ा (का too)."""
    return any(word.endswith("ा") for word in re.split(r"[\s-]+", name))


def _piece_texts(data: dict[str, Any]) -> set[str]:
    form = data["text"]["piece_text"]
    return {form.replace("%(name)s", name).replace("%(code)s", code) for code, name in data["pieces"].items()}


def _names(data: dict[str, Any], key: str, kind: str) -> set[str]:
    """Every name the placeholder ``{key}`` of a template of ``kind`` can show (empty: no name)."""
    keys = data["keys"]
    words = data["words"]
    base = key.removesuffix("_name")
    if key.endswith("_name") and base in keys["piece"]:
        return set(data["pieces"].values())
    if key.endswith("_name") and base in words:
        return set(words[base].values())
    if key == "kind_name":
        return set(data["pieces"].values())
    if key in keys["named"] or (kind == "hints" and key in keys["code"]):
        return _piece_texts(data)
    return set()


def _problems(game: str) -> list[str]:
    web = web_of(game)
    data = page_data("hi", web, offered_of(game).path(game))
    english = {key: m for key, m in web.texts.items() if isinstance(m, Msg)}
    found: list[str] = []
    templates: list[tuple[str, str, str]] = [
        (kind, key, text) for kind in ("errors", "hints", "explain") for key, text in data[kind].items()
    ]
    templates += [(f"text {key}", key, text) for key, text in data["text"].items() if isinstance(text, str)]
    for kind, key, text in templates:
        for match in AFTER.finditer(text):
            brace, percent = match.group(2), match.group(3)
            if brace is not None:
                names = _names(data, brace, kind)
            else:
                message = english.get(key)
                said = NAMES_A_PIECE.findall(message.context) if message else []
                names = _piece_texts(data) if percent in said else set()
            bad = sorted(name for name in names if _inflects(name))
            if bad:
                found.append(f"{game} {kind} {key}: {match.group(0)!r} in {text!r} (e.g. {bad[:3]})")
    return found


@pytest.mark.parametrize("game", game_ids())
def test_no_hindi_piece_name_stands_before_a_postposition(game: str) -> None:
    problems = _problems(game)
    assert not problems, "\n".join(problems)


def test_the_check_sees_an_inflecting_name_before_a_postposition() -> None:
    assert _inflects("परदा") and _inflects("हुकुम का नहला") and _inflects("लंबा तीन")
    assert not _inflects("आकाश") and not _inflects("पान") and not _inflects("आकाश 6-6")
    assert AFTER.search("{tile_name} की जोड़ी") and AFTER.search("%(name)s की जोड़ी")
    assert not AFTER.search("{tile_name} जोड़ी") and not AFTER.search("सीधी चाल चली: %(tiles)s।")
