"""Distance to ready on kind counts, and what a seat remembers from the public record."""

from __future__ import annotations

import itertools
import random

import pytest
from ckbot_helpers import count_kinds

from cardavia.bots.cherki.memory import PileCard, remember
from cardavia.bots.cherki.shape import COPIES, NUM_KINDS, distance, improving, overlap


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("9c 9s 9m 7s 7s 7m 5c 5m", 0),
        ("9c 9s 9m 7s 7s 7m 5c 4m", 1),
        ("WF WF RF 2c 2s 2m 4c 4c", 1),
        ("1c 1s 1m WF WF WF RF RF", 0),
        ("5c 5c 5s 5s 5m 7c 7s 7m", 0),
        ("6c 6s 6m 6m 3c 3s 3m 2c", 1),
        ("1c 2c 3c 4c 5c 6c 7c 8c", 5),
    ],
)
def test_distance_of_the_spec_examples(hand: str, expected: int) -> None:
    assert distance(count_kinds(hand.split())) == expected


def _brute_overlap(counts: list[int], avail: list[int]) -> int:
    best = -1
    for a, b in itertools.combinations_with_replacement(range(NUM_KINDS), 2):
        for p in range(NUM_KINDS):
            need = [0] * NUM_KINDS
            need[a] += 3
            need[b] += 3
            need[p] += 2
            final = list(need)
            final[p] += 1  # the winning card
            if any(final[k] > COPIES[k] for k in range(NUM_KINDS)):
                continue
            kept = [min(counts[k], need[k]) for k in range(NUM_KINDS)]
            if any(final[k] - kept[k] > avail[k] for k in range(NUM_KINDS)):
                continue
            best = max(best, sum(kept))
    return best


def test_overlap_matches_every_target_tried_one_by_one() -> None:
    rng = random.Random(5)
    deck = [k for k in range(NUM_KINDS) for _ in range(COPIES[k])]
    for _ in range(60):
        rng.shuffle(deck)
        counts = [0] * NUM_KINDS
        for k in deck[:8]:
            counts[k] += 1
        avail = [0] * NUM_KINDS
        for k in deck[8 : 8 + rng.randrange(4, 90)]:
            avail[k] += 1
        assert overlap(tuple(counts), tuple(avail)) == _brute_overlap(counts, avail)


def test_a_ready_hand_whose_wait_is_all_seen_is_not_ready_any_more() -> None:
    counts = count_kinds(["9c", "9s", "9m", "7s", "7s", "7m", "RF", "RF"])
    avail = [9] * NUM_KINDS
    assert distance(counts, avail) == 0
    avail[10] = 0  # both other Red Flowers are seen: the pair must be replaced, two cards
    assert distance(counts, avail) == 2


def test_improving_kinds_of_a_hand_one_from_ready() -> None:
    counts = count_kinds(["9c", "9s", "9m", "7s", "7s", "7m", "5c", "4m"])
    assert sorted(improving(counts)) == [3, 4]  # another 4 or another 5 makes it ready


def test_memory_counts_seen_cards_and_what_a_caller_cannot_wait_on() -> None:
    pile = [
        PileCard("5c", 1, 2),  # seat 2 took it: seat 2 holds a 5
        PileCard("3c", 2, None),
        PileCard("8c", 1, None),  # seat 1 calls with this discard
        PileCard("6s", 2, None),  # offered to seat 0, not taken (seat 0 is not seat 2's left)
        PileCard("4m", 0, None),  # seat 0 feeds seat 1, which does not take it: 4 is safe
        PileCard("2s", 1, None),  # seat 1 drew and threw: 2 is safe
    ]
    hand = ["1c", "1s", "9c", "9s", "9m", "WF", "WF", "WF"]
    mem = remember(0, hand, pile, calls=[(1, 3)], stock=50, top=None)
    assert mem.known[2][4] == 1
    assert mem.avail[4] == 12 - 1  # one 5 is known in seat 2's hand
    assert mem.avail[0] == 12 - 2
    assert mem.dead[2] == 1
    assert mem.called == (False, True, False)
    assert {1, 3} <= mem.safe[1]  # the kinds 2 and 4
    assert 7 not in mem.safe[1]  # its call discard proves nothing
    assert 9 in mem.safe[1]  # three White Flowers in seat 0's hand: seat 1 cannot hold a pair
