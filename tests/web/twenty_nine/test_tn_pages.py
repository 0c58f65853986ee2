"""Twenty-Nine's tradition and rules templates: the cards they name are the engine's, by the same
English names (so the rules and the table share one translation), and every text has a context."""

from __future__ import annotations

import re
from pathlib import Path

from extract_messages import template_messages

from cardavia.games.packs.french import CODES
from cardavia.games.twenty_nine import GAME
from cardavia.web.games.twenty_nine.tradition import TRADITION

TEMPLATES = (
    Path(__file__).resolve().parents[3] / "src" / "cardavia" / "web" / "games" / "twenty_nine" / "templates"
)


def test_the_rules_name_every_card_as_the_engine_does() -> None:
    text = (TEMPLATES / "_cards.html").read_text(encoding="utf-8")
    names = dict(re.findall(r'"(\w\w)": pgettext\("card name", "([^"]+)"\)', text))
    assert names == {piece.code: piece.name for piece in GAME.pieces}


def test_every_card_shown_is_a_card_of_the_pack() -> None:
    full = (TEMPLATES / "full.html").read_text(encoding="utf-8")
    shown = re.findall(r'c\.card\("(\w\w)"\)', full)
    shown += [
        code
        for group in re.findall(r"c\.hand\(\[([^\]]*)\]\)", full)
        for code in re.findall(r'"(\w\w)"', group)
    ]
    shown += re.findall(r'\(\w, "(\w\w)"\)', full)  # the tricks of the worked example
    shown += re.findall(r'\(\d, "(\w\w)", ', full)  # the table of ranks
    assert len(shown) >= 20 and set(shown) <= set(CODES)


def test_every_text_has_a_context_and_the_templates_are_the_traditions() -> None:
    found = template_messages(TEMPLATES)
    assert len(found) > 100
    assert all(message.context for message in found)
    for name in (TRADITION.description_template, TRADITION.summary_template, TRADITION.full_rules_template):
        assert (TEMPLATES / name.rsplit("/", 1)[1]).is_file()
    assert TRADITION.seat_places == ("right", "top", "left")  # the partner faces you
