"""The extractor reads every message written in the package, and refuses one it cannot read rather
than leaving it out of every catalog (an untranslated line no catalog test would see)."""

from __future__ import annotations

from pathlib import Path

import pytest
from extract_messages import python_messages


def _package(tmp_path: Path, source: str) -> Path:
    root = tmp_path / "pkg"
    root.mkdir()
    (root / "texts.py").write_text(source, encoding="utf-8")
    return root


def test_an_f_string_of_the_module_s_own_constants_is_read(tmp_path: Path) -> None:
    root = _package(
        tmp_path,
        '_SEAT = "%(name)s is a seat"\n'
        'A = Msg(f"log: a pass; {_SEAT}", "%(name)s passes.")\n'
        'B = Plural("count " + "of cards", "%(num)s card", "%(num)s cards")\n',
    )
    found = {(m.context, m.msgid, m.plural) for m in python_messages(root)}
    assert found == {
        ("log: a pass; %(name)s is a seat", "%(name)s passes.", None),
        ("count of cards", "%(num)s card", "%(num)s cards"),
    }


@pytest.mark.parametrize(
    "call",
    ['Msg(f"log; {where}", "text")', "Msg(context, 'text')", 'Msg("only a context")', 'Plural("c", "one")'],
)
def test_a_message_it_cannot_read_is_refused_with_where_it_is(tmp_path: Path, call: str) -> None:
    root = _package(tmp_path, f"X = {call}\n")
    with pytest.raises(ValueError, match=r"pkg/texts\.py:1"):
        python_messages(root)


def test_a_pieces_name_is_filed_in_its_own_catalog_or_its_packs() -> None:
    # what --add-missing does with a new game's piece names: its own <id>.po, never messages.po;
    # a piece of a pack several games share goes to the pack's catalog, shared by them all
    from extract_messages import Message, domain_of

    from cardavia.games.registry import registered
    from toy import ENTRY

    with registered(ENTRY):
        assert domain_of(Message("toy piece name", "Six", None, "anywhere")) == "toy"
    tile = Message("tile name", "Heaven", None, "content/tien-gow/_tiles.html:3")
    card = Message("card name", "Ace of Clubs", None, "content/twenty-nine/_cards.html:24")
    assert domain_of(tile) == "pack-dominoes" and domain_of(card) == "pack-french"
    assert domain_of(Message("card name", "White Flower", None, "anywhere")) == "cherki"
