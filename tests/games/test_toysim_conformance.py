"""The conformance suite accepts a game whose seats decide at once, registered nowhere but here
(tests/toysim/): its deals walked through any acting seat, its views' ``acting`` agreeing with
``acting_seats``, and every other check unchanged."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conformance import CHECKS

from cardavia.games.protocol import acting_seats
from cardavia.games.registry import game_ids, get_game, registered
from cardavia.web.entries import check_entry
from toysim import ENTRY


@pytest.fixture(scope="module", autouse=True)
def toysim_registered() -> Iterator[None]:
    with registered(ENTRY):
        yield


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_a_game_deciding_at_once_passes_every_conformance_check(check: str) -> None:
    assert ENTRY.id in game_ids()
    looked = sum(CHECKS[check](ENTRY.id, seed) for seed in range(20))
    if check not in {"forced", "record-replays", "outcome"}:
        assert looked > 0


def test_its_entry_is_whole_and_every_seat_acts_at_once() -> None:
    check_entry(ENTRY, catalogs=False)  # a test game has no catalogs
    game = get_game(ENTRY.id)
    deal = game.new_deal(4)
    assert acting_seats(game, deal) == (0, 1, 2)
    deal.apply(deal.view(1).legal[0])
    assert acting_seats(game, deal) == (0, 2) and deal.to_act() == 0
