"""Hand tests on kind counts, against the spec's worked examples and a brute-force split."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest

from cardavia.games.cherki import (
    KIND_CODES,
    hand_points,
    is_complete,
    kind_counts,
    ready_discards,
    ready_wait,
    settlement,
)

HONOUR_KINDS = (9, 10, 11)


@pytest.mark.parametrize(
    ("hand", "wait"),
    [
        ("9c 9s 9m 7s 7s 7m 5c 5m", "5"),
        ("9c 9s 9m 7s 7s 7m 5c 4m", None),
        ("WF WF RF 2c 2s 2m 4c 4c", None),  # WF WF RF is no triple
        ("1c 1s 1m WF WF WF RF RF", "RF"),
        ("5c 5c 5s 5s 5m 7c 7s 7m", "5"),  # five 5s = triple + pair
        ("6c 6s 6m 6m 3c 3s 3m 2c", None),
    ],
)
def test_spec_ready_examples(hand: str, wait: str | None) -> None:
    found = ready_wait(kind_counts(hand.split()))
    assert (None if found is None else KIND_CODES[found]) == wait


@pytest.mark.parametrize(
    ("nine", "x", "deltas"),
    [
        ("9c 9s 9m 7s 7s 7m 5c 5m 5s", 63, [126, -63, -63]),
        ("1c 1s 1m WF WF WF RF RF RF", 9, [18, -9, -9]),
    ],
)
def test_spec_scoring_examples(nine: str, x: int, deltas: list[int]) -> None:
    cards = nine.split()
    assert is_complete(kind_counts(cards))
    assert hand_points(cards) == x
    assert settlement(0, x) == deltas
    assert sum(settlement(2, x)) == 0


def test_red_stamps_score_nothing_extra() -> None:
    assert hand_points(["9s", "RF", "OT"]) == hand_points(["9c", "WF", "WF"]) == 11


# ----- brute force ------------------------------------------------------------------------------


def _minus(counts: tuple[int, ...], kind: int, n: int) -> tuple[int, ...]:
    return (*counts[:kind], counts[kind] - n, *counts[kind + 1 :])


@cache
def _all_triples(counts: tuple[int, ...]) -> bool:
    """Whether the cards split into triples of one kind, by trying every grouping."""
    for kind, c in enumerate(counts):
        if c:
            return c >= 3 and _all_triples(_minus(counts, kind, 3))
    return True


@cache
def _pair_kinds(counts: tuple[int, ...]) -> frozenset[int]:
    """Every kind that can be the pair in a split into triples and one pair, by trying them all."""
    for kind, c in enumerate(counts):
        if c:
            found: set[int] = set()
            if c >= 3:
                found |= _pair_kinds(_minus(counts, kind, 3))
            if c >= 2 and _all_triples(_minus(counts, kind, 2)):
                found.add(kind)
            return frozenset(found)
    return frozenset()


def _vectors(total: int, kinds: int = 12) -> Iterator[tuple[int, ...]]:
    """Every 12-kind count vector of ``total`` cards: at most 4 of an honour, 12 of a value."""

    def rec(prefix: tuple[int, ...], left: int) -> Iterator[tuple[int, ...]]:
        k = len(prefix)
        if k == kinds - 1:
            if left <= (4 if k in HONOUR_KINDS else 12):
                yield (*prefix, left)
            return
        for c in range(min(left, 4 if k in HONOUR_KINDS else 12) + 1):
            yield from rec((*prefix, c), left - c)

    return rec((), total)


def test_ready_matches_brute_force_on_every_8_card_combination() -> None:
    seen = 0
    ready = 0
    for counts in _vectors(8):
        seen += 1
        pairs = _pair_kinds(counts)
        assert len(pairs) <= 1, counts  # the wait, when there is one, is unique
        expected = next(iter(pairs)) if pairs else None
        assert ready_wait(counts) == expected, counts
        ready += expected is not None
    assert seen == 74490  # C(19, 11) minus the 3 * C(14, 11) with five or more of one honour
    assert ready > 0


def test_complete_and_ready_discards_match_brute_force_on_every_9_card_combination() -> None:
    seen = 0
    for counts in _vectors(9):
        seen += 1
        assert is_complete(counts) == _all_triples(counts), counts
        expected = {}
        for kind, c in enumerate(counts):
            if c:
                pairs = _pair_kinds(_minus(counts, kind, 1))
                if pairs:
                    expected[kind] = next(iter(pairs))
        assert ready_discards(counts) == expected, counts
    assert seen > 150_000


def test_payments_explained_show_x_as_the_sum_of_the_spec_examples() -> None:
    """The spec's two winning hands: each opponent pays x, shown as the sum of the nine cards' points."""
    from cardavia.games.cherki.hands import payment_lines, settlement
    from cardavia.games.cherki.messages import EXPLAIN
    from cardavia.games.payments import deltas_of

    examples = [
        ("9c 9s 9m 7s 7s 7m 5c 5m 5s", 63, "9 + 9 + 9 + 7 + 7 + 7 + 5 + 5 + 5"),
        ("1c 1s 1m WF WF WF RF RF RF", 9, "1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1"),
    ]
    for cards, x, terms in examples:
        lines = payment_lines(1, cards.split())
        assert [(ln["payer"], ln["payee"], ln["amount"]) for ln in lines] == [(0, 1, x), (2, 1, x)]
        assert deltas_of(lines, 3) == settlement(1, x) == [-x, 2 * x, -x]
        (reason,) = lines[0]["factors"]
        assert reason["params"]["terms"] == terms
        assert (
            EXPLAIN[reason["id"]]
            .format(value=reason["value"], **reason["params"])
            .startswith(f"x = {terms} = {x}")
        )
