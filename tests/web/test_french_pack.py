"""The shared French-suited pack's pictures: every card drawn once, valid SVG without style, suits
told apart by shape as well as colour, both colours readable on the card, and no id shared with
another pack's sprite (the catalogue page holds every game's sprite in one document)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from cardavia.games.packs.french import CODES, RED_SUITS, SUITS
from cardavia.games.registry import entries
from cardavia.web.game_parts import web_of
from cardavia.web.packs.french import (
    CARD_CODES,
    INK,
    PAPER,
    PIP_PATHS,
    RED,
    SYMBOL,
    card_symbol,
    codes_in_order,
    pip_outline,
)

SVG = "http://www.w3.org/2000/svg"


def _parse(code: str) -> ET.Element:
    return ET.fromstring(f'<svg xmlns="{SVG}">{card_symbol(code)}</svg>')


def _luminance(colour: str) -> float:
    def channel(hex2: str) -> float:
        c = int(hex2, 16) / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(colour[i : i + 2]) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_every_card_of_the_pack_once() -> None:
    assert len(CARD_CODES) == len(set(CARD_CODES)) == 32
    assert set(CARD_CODES) == set(CODES)
    # spades, hearts, clubs, diamonds (the colours alternate), ace high to seven in each
    assert CARD_CODES[:8] == ("As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s")
    assert [c[1] for c in CARD_CODES[::8]] == ["s", "h", "c", "d"]


def test_a_game_may_show_its_own_rank_order() -> None:
    jack_nine = codes_in_order("J9ATKQ87")
    assert jack_nine[:8] == ("Js", "9s", "As", "Ts", "Ks", "Qs", "8s", "7s")
    assert set(jack_nine) == set(CODES)
    for bad in ("J9ATKQ8", "J9ATKQ88", "J9ATKQ86"):
        with pytest.raises(ValueError):
            codes_in_order(bad)


@pytest.mark.parametrize("code", (*CARD_CODES, "back"))
def test_one_valid_symbol_per_code_without_style(code: str) -> None:
    root = _parse(code)
    symbols = root.findall(f"{{{SVG}}}symbol")
    assert len(symbols) == 1
    assert symbols[0].get("id") == f"{SYMBOL}-{code}"
    assert symbols[0].get("viewBox") == "0 0 60 84"  # 5:7, a real card's shape
    for element in root.iter():
        # the CSP forbids style attributes; no <style> element or script either
        assert "style" not in element.attrib, (code, element.tag)
        assert element.tag not in (f"{{{SVG}}}style", f"{{{SVG}}}script"), code
        assert "id" not in element.attrib or element is symbols[0], (code, element.attrib)


def test_a_pip_turned_round_is_the_same_outline_about_its_centre() -> None:
    upright, turned = pip_outline("s", 30, 42, 20), pip_outline("s", 30, 42, 20, flip=True)
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", upright)]
    flipped = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", turned)]
    # the stem's H command has one number (an x); every other number alternates x, y
    assert len(numbers) == len(flipped)
    assert all(
        abs(a + b - (60 if i % 2 == 0 else 84)) < 0.11
        for i, (a, b) in enumerate(zip(numbers[:8], flipped[:8], strict=True))
    )


def test_ids_are_unique_across_the_sprite() -> None:
    ids = re.findall(r'id="([^"]+)"', "".join(card_symbol(code) for code in (*CARD_CODES, "back")))
    assert len(ids) == len(set(ids)) == 33


def test_an_unknown_code_has_no_picture() -> None:
    for bad in ("1c", "Tx", "10h", "", "JH"):
        with pytest.raises(ValueError):
            card_symbol(bad)


def test_no_id_shared_with_another_games_sprite() -> None:
    ours = {f"{SYMBOL}-{code}" for code in (*CARD_CODES, "back")}
    for entry in entries():
        web = web_of(entry.id)
        if web.pieces.draw is card_symbol:
            continue  # a game on this pack: the same pictures
        theirs = set(re.findall(r'<symbol id="([^"]+)"', web.sprite()))
        assert not ours & theirs, entry.id


@pytest.mark.parametrize("code", CARD_CODES)
def test_suit_by_shape_and_colour(code: str) -> None:
    svg = card_symbol(code)
    rank, suit = code[0], code[1]
    colour = RED if suit in RED_SUITS else INK
    others = [s for s in SUITS if s != suit]
    # the pip under the index is its suit's shape, in its colour, and no other suit's shape is drawn
    assert re.search(
        rf'<path d="[^"]*{re.escape(pip_outline(suit, 9.5, 29, 11))}[^"]*" fill="{colour}"/>', svg
    )
    assert not any(pip_outline(s, 9.5, 29, 11) in svg for s in others)
    # the corner index, twice (upright and turned): the ten reads 10, never the record's T
    label = "10" if rank == "T" else rank
    assert svg.count(f">{label}</text>") == 2
    assert ">T</text>" not in svg


def test_suits_differ_in_shape_and_both_colours_read_on_the_paper() -> None:
    assert len(set(PIP_PATHS.values())) == 4
    assert len({pip_outline(suit, 30, 42, 20) for suit in SUITS}) == 4
    assert _contrast(INK, PAPER) >= 7
    assert _contrast(RED, PAPER) >= 4.5  # WCAG AA for the index text


def test_court_cards_differ_by_figure_not_only_by_letter() -> None:
    for suit in SUITS:
        figures = {
            re.sub(r">[KQJ]</text>", "></text>", card_symbol(rank + suit).split(">", 1)[1]) for rank in "KQJ"
        }
        assert len(figures) == 3, suit  # a crown and beard, a crown with pearls and hair, a cap
