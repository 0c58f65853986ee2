"""Helpers shared by the Cherki tests: stacked decks, state fingerprints, scripted play."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from cardavia.games.cherki import (
    FACE_CODES,
    Action,
    CherkiDeal,
    deal_from_deck,
    kind_counts,
    ready_wait,
    stack_deck,
)

ALL_CODES = [code for code in FACE_CODES for _ in range(4)]


def stacked(
    dealer: int,
    hands: dict[int, Sequence[str]],
    stock_top: Sequence[str] = (),
    stock_bottom: Sequence[str] = (),
    *,
    fill_seed: int = 0,
) -> CherkiDeal:
    """A deal whose given hands and stock ends are fixed; the other cards are filled from what is
    left, shuffled with ``fill_seed`` until no unspecified hand is ready (so it never calls by
    accident)."""
    left = Counter(ALL_CODES)
    for cards in [*hands.values(), stock_top, stock_bottom]:
        left.subtract(cards)
    assert all(n >= 0 for n in left.values()), "more than 4 of a face"
    rest = sorted(left.elements())
    rng = random.Random(fill_seed)
    while True:
        rng.shuffle(rest)
        pool = list(rest)
        full: list[list[str]] = []
        for seat in range(3):
            if seat in hands:
                full.append(list(hands[seat]))
            else:
                full.append([pool.pop() for _ in range(8)])
        if all(seat in hands or ready_wait(kind_counts(full[seat])) is None for seat in range(3)):
            break
    stock = [*stock_top, *pool, *stock_bottom]
    assert len(stock) == 96
    return deal_from_deck(dealer, stack_deck(dealer, full, stock))


def fingerprint(deal: CherkiDeal) -> tuple[object, ...]:
    """Everything a deal's state is made of (to check that a refused action changed nothing)."""
    return (
        deal.dealer,
        deal.deck,
        [list(h) for h in deal.hands],
        [list(k) for k in deal.kinds],
        list(deal.residues),
        list(deal.stock),
        list(deal.pile),
        list(deal.pile_seat),
        list(deal.pile_taken),
        list(deal.called),
        list(deal.waits),
        list(deal.calls),
        deal.to_move,
        deal.phase,
        deal.picked,
        deal.picked_by_take,
        deal.turn,
        deal.bounces,
        deal.take_run,
        deal.winner,
        deal.win_face,
        list(deal.log),
        # derived state the engine keeps up to date instead of recomputing
        [list(c) for c in deal._face_counts],
        [list(h) for h in deal._held],
        [list(h) for h in deal._held_actions],
    )


def draw_and_drop(deal: CherkiDeal) -> None:
    """The seat to act draws (or is forced to act) and, if the deal goes on, discards what it drew."""
    seat = deal.to_act()
    assert seat is not None
    legal = deal.legal_actions()
    pick = next(a for a in legal if a.do == "draw") if not deal.called[seat] else legal[0]
    deal.apply(pick)
    if deal.is_over():
        return
    drawn = FACE_CODES[deal.picked]
    deal.apply(Action(seat, "discard", drawn, False))


def hand_codes(deal: CherkiDeal, seat: int) -> list[str]:
    return sorted(FACE_CODES[f] for f in deal.hands[seat])
