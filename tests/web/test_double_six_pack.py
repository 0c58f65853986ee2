"""The Western double-six pack's pictures (cardavia.web.packs.double_six): one symbol per tile and a back,
pips laid as on a die, nothing that the page's CSP would refuse, nothing told by colour alone."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from cardavia.games.packs.double_six import CODES, TILES
from cardavia.web.packs.double_six import HALF, LAYOUTS, PIP, SYMBOL, TILE_CODES, WIDTH, tile_symbol

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
