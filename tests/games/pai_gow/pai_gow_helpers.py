"""Helpers of the Pai Gow engine tests: hands from text, records of whole deals, random records.

Pai Gow is not in the registry yet (the platform cannot yet run a game where every seat acts at
once): a test module that replays records through the shared code imports ``registered_for_tests``
and names it in its ``pytestmark``, registering the game for that module only, as the toy's tests do.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardavia.games.pai_gow import DEFAULT_OPTIONS, GAME, Options, PaiGowDeal, key_of, tile
from cardavia.games.pai_gow.hands import HandKey
from cardavia.games.registry import GameEntry, game_ids, registered
from cardavia.games.replay import replay_record

ENTRY = GameEntry("pai-gow", "cardavia.games.pai_gow", "cardavia.bots.pai_gow", "cardavia.web.games.pai_gow")


@pytest.fixture(scope="module")
def registered_for_tests() -> Iterator[None]:
    if ENTRY.id in game_ids():  # registered for real: nothing to do
        yield
        return
    with registered(ENTRY):
        yield


def key(hand: str, options: Options = DEFAULT_OPTIONS) -> HandKey:
    """The key of a hand written "6-6+4-5"."""
    a, b = (tile(c) for c in hand.split("+"))
    return key_of(a, b, options)


def deal_record(
    banker: int, seats: dict[int, tuple[str, str]], options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A finished record from each seat's two hands as the spec writes them ("6-6+4-5", "5-6+5-5"),
    each seat naming its first hand, in seat order."""
    hands = [s[0].split("+") + s[1].split("+") for _, s in sorted(seats.items())]
    record: dict[str, Any] = {
        "game": "pai-gow",
        "banker": banker,
        "hands": hands,
        "sets": [{"seat": seat, "hand": seats[seat][0].split("+")} for seat in range(4)],
    }
    if options:
        record["options"] = options
    return record


def net_of(record: dict[str, Any]) -> list[int]:
    return list(replay_record(record).result["net"])


def random_options(rng: random.Random) -> dict[str, Any]:
    """Each option at its other value with probability 1/4 (the record writes only those)."""
    out: dict[str, Any] = {}
    if rng.random() < 0.25:
        out["gee_joon_single_rank"] = "tien-gow"
    for name in ("wong_gong", "gee_joon_wild", "copies_to_banker", "zero_zero_to_banker"):
        if rng.random() < 0.25:
            out[name] = False
    return out


def random_deal(seed: int) -> PaiGowDeal:
    """A deal of ``seed`` with random options, every seat set at random, in a random order."""
    rng = random.Random(f"pai-gow-test:{seed}")
    deal = GAME.new_deal(seed, options=random_options(rng))
    order = list(range(4))
    rng.shuffle(order)
    for seat in order:
        deal.apply(rng.choice(deal.legal_actions_of(seat)))
    return deal
