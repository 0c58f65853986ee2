"""The Western double-six pack's pictures (cardavia.web.packs.double_six): one symbol per tile and a back,
pips laid as on a die, nothing that the page's CSP would refuse, nothing told by colour alone."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from cardavia.games.packs.double_six import CODES, TILES
from cardavia.web.packs.double_six import (
    HALF,
    KARTU,
    LAYOUTS,
    PIP,
    SYMBOL,
    TILE_CODES,
    WIDTH,
    tile_symbol,
)

PIP_RE = re.compile(rf'<circle cx="([\d.]+)" cy="([\d.]+)" r="[\d.]+" fill="{PIP}"/>')


def test_every_tile_of_the_set_once_in_its_own_order() -> None:
    assert TILE_CODES == CODES and len(set(TILE_CODES)) == 28


@pytest.mark.parametrize("code", [*CODES, "back"])
def test_one_valid_symbol_per_code_without_style(code: str) -> None:
    svg = tile_symbol(code)
    root = ET.fromstring(svg)
    assert root.tag == "symbol" and root.get("id") == f"{SYMBOL}-{code}"
    assert root.get("viewBox") == "0 0 50 100"  # a domino is twice as long as it is wide
    assert "style" not in svg and "class=" not in svg


@pytest.mark.parametrize("tile", TILES, ids=lambda t: t.code)
def test_each_half_shows_its_pips_as_a_die_low_half_on_top(tile: object) -> None:
    svg = tile_symbol(tile.code)  # type: ignore[attr-defined]
    pips = [(float(x), float(y)) for x, y in PIP_RE.findall(svg)]
    top = [(x, y) for x, y in pips if y < HALF]
    bottom = [(x, y - HALF) for x, y in pips if y > HALF]
    assert sorted(top) == sorted(LAYOUTS[tile.low])  # type: ignore[attr-defined]
    assert sorted(bottom) == sorted(LAYOUTS[tile.high])  # type: ignore[attr-defined]


def test_a_layout_turned_half_round_is_the_same_layout() -> None:
    # the line lays a tile either way round: a half read upside down still shows its number
    for layout in LAYOUTS.values():
        assert sorted((WIDTH - x, HALF - y) for x, y in layout) == sorted(layout)


def test_the_back_shows_no_pip() -> None:
    assert not PIP_RE.search(tile_symbol("back"))


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_the_kartu_look_is_the_same_tile_in_yellow_and_red_and_its_pips_stand_out() -> None:
    for code in CODES:
        plain, kartu = tile_symbol(code), tile_symbol(code, KARTU)
        assert len(PIP_RE.findall(plain)) == plain.count(f'fill="{PIP}"')
        assert kartu.count(f'fill="{KARTU.pip}"') == len(PIP_RE.findall(plain))
    light, dark = sorted((_luminance(KARTU.body), _luminance(KARTU.pip)), reverse=True)
    assert (light + 0.05) / (dark + 0.05) >= 3  # WCAG's contrast for the parts of a drawing
