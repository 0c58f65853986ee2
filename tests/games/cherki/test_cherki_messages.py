"""Refusals: every reason code has an English template, and the rarer ones are reachable."""

from __future__ import annotations

import string

import pytest
from cherki_helpers import ALL_CODES, fingerprint

from cardavia.games.cherki import MESSAGES, Action, CherkiDeal, take
from cardavia.games.cherki.messages import illegal
from cardavia.games.errors import IllegalAction

SAMPLE = {"card": "9s", "seat": 1, "to_act": 2, "do": "'jump'"}


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_template_formats_from_params_and_names_cards_by_name_then_code(code: str) -> None:
    fields = {name for _, name, _, _ in string.Formatter().parse(MESSAGES[code]) if name}
    params = {k: SAMPLE[k] for k in fields if k in SAMPLE}
    error = illegal(code, **params)
    assert error.code == code and error.params == params
    if "card" in fields:
        assert "9 of Strings (9s)" in error.message
    assert "{" not in error.message


def test_an_unknown_action_is_refused() -> None:
    deal = CherkiDeal.from_position(
        dealer=0,
        to_act=1,
        hands=[sorted(ALL_CODES)[i : i + 8] for i in (0, 40, 80)],
        stock=[c for i, c in enumerate(sorted(ALL_CODES)) if not (i % 40 < 8)],
    )
    before = fingerprint(deal)
    with pytest.raises(IllegalAction) as info:
        deal.apply(Action(1, "jump"))
    assert info.value.code == "unknown-action" and fingerprint(deal) == before


def test_a_taken_top_discard_cannot_be_taken_again() -> None:
    pool = sorted(ALL_CODES)
    hands = [pool[0:8], pool[40:48], pool[80:88]]  # seat 2 holds the card it took (pool[80])
    rest = pool[8:40] + pool[48:80] + pool[88:]
    # the pile: a dead discard, then pool[80], discarded by seat 1 and taken by seat 2; a position
    # that asks seat 1 to pick up now has nothing on offer
    deal = CherkiDeal.from_position(
        dealer=0, to_act=1, hands=hands, stock=rest[1:], pile=[(rest[0], 0, None), (pool[80], 1, 2)]
    )
    with pytest.raises(IllegalAction) as info:
        deal.apply(take(1))
    assert info.value.code == "nothing-to-take"
    assert all(a.do != "take" for a in deal.legal_actions())
