"""Our SVG pieces: faithful to real ones, and never telling red from white by colour alone."""

from __future__ import annotations

import re

import pytest

from cardavia.web.game_parts import sprite
from cardavia.web.games.cherki.pieces import CARD_CODES, STAMP_SIGN, card_symbol
from cardavia.web.games.cherki.pieces import RED as CARD_RED
from cardavia.web.packs.dominoes import BODY, HEIGHT, RED, TILE_CODES, WHITE, WIDTH, tile_symbol


def _discs(svg: str, fill: str) -> list[tuple[str, str, str]]:
    return re.findall(rf'<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)" fill="{fill}"/>', svg)


def test_all_21_kinds_and_a_back() -> None:
    assert len(TILE_CODES) == len(set(TILE_CODES)) == 21
    assert len(CARD_CODES) == len(set(CARD_CODES)) == 30
    tiles = sprite("tien-gow")
    assert all(f'id="tile-{code}"' in tiles for code in (*TILE_CODES, "back"))
    cards = sprite("cherki")
    assert all(f'id="card-{code}"' in cards for code in (*CARD_CODES, "back"))
    with pytest.raises(ValueError):
        sprite("mahjong")


def test_tiles_are_dark_long_and_narrow() -> None:
    assert HEIGHT / WIDTH >= 2.4  # real tiles are about 22 x 58 mm
    for code in TILE_CODES:
        svg = tile_symbol(code)
        assert f'viewBox="0 0 {WIDTH} {HEIGHT}"' in svg
        assert f'fill="{BODY}"' in svg


@pytest.mark.parametrize("code", TILE_CODES)
def test_pips_every_one_and_four_red_half_of_heaven(code: str) -> None:
    svg = tile_symbol(code)
    low, high = (int(p) for p in code.split("-"))
    red = len(_discs(svg, RED))
    white = len(_discs(svg, WHITE))
    assert red + white == low + high
    if code == "6-6":
        assert red == white == 6
    else:
        assert red == sum(p for p in (low, high) if p in (1, 4))


@pytest.mark.parametrize("code", TILE_CODES)
def test_every_red_pip_carries_a_dark_eye(code: str) -> None:
    svg = tile_symbol(code)
    red = {(x, y) for x, y, _ in _discs(svg, RED)}
    eyes = {(x, y) for x, y, _ in _discs(svg, BODY)}
    assert red == eyes  # the mark that tells red from white without colour
    assert not eyes & {(x, y) for x, y, _ in _discs(svg, WHITE)}


@pytest.mark.parametrize("code", CARD_CODES)
def test_cards_black_on_white_with_red_stamps_drawn_as_a_seal(code: str) -> None:
    svg = card_symbol(code)
    stamped = code in ("9s", "RF", "OT")
    # a turned square with a carved border and the sign 印: a shape of its own, not a cross (a close
    # button's mark) and not colour alone
    assert ('<g class="stamp" transform="rotate(-7 20 85)">' in svg) == stamped
    assert (f">{STAMP_SIGN}</text>" in svg) == stamped
    assert "M16 81 L24 89" not in svg
    if code != "RF":
        assert (CARD_RED in svg) == stamped
