"""A game whose seats decide at once (tests/toysim/), registered nowhere but here: its entry is
whole and every seat acts at once. (The conformance suite runs on it as on every game:
tests/games/test_conformance.py takes every toy of the tests.)"""

from __future__ import annotations

from cardavia.games.protocol import acting_seats
from cardavia.games.registry import get_game, registered
from cardavia.web.entries import check_entry
from toysim import ENTRY


def test_its_entry_is_whole_and_every_seat_acts_at_once() -> None:
    with registered(ENTRY):
        check_entry(ENTRY, catalogs=False)  # a test game has no catalogs
        game = get_game(ENTRY.id)
        deal = game.new_deal(4)
        assert acting_seats(game, deal) == (0, 1, 2)
        deal.apply(deal.view(1).legal[0])
        assert acting_seats(game, deal) == (0, 2) and deal.to_act() == 0
