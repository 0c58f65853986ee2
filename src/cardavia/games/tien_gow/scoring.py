"""Money: immediate Supreme and quartet payments, and the final settlement with its factors and catch."""

from __future__ import annotations

from collections.abc import Sequence

from cardavia.games.tien_gow.groups import LITTLE_THREE_BIT, QUARTET_MASKS, SUPREME_MASK
from cardavia.games.tien_gow.options import DEFAULT_OPTIONS, Options

SUPREME_PAYMENT = 2
QUARTET_PAYMENT = 4


def immediate_payment(winning_group: int) -> int:
    """What each opponent pays the winner of a trick taken by this group (0 for most groups)."""
    if winning_group == SUPREME_MASK:
        return SUPREME_PAYMENT
    if winning_group in QUARTET_MASKS:
        return QUARTET_PAYMENT
    return 0


def immediate_deltas(winner: int, amount: int, banker: int) -> list[int]:
    """Each seat's money change when ``winner`` collects ``amount`` from each opponent.

    Doubled where the banker pays or collects.
    """
    deltas = [0, 0, 0, 0]
    for p in range(4):
        if p != winner:
            paid = amount * (2 if banker in (p, winner) else 1)
            deltas[p] -= paid
            deltas[winner] += paid
    return deltas


def final_factor(winning_group: int, options: Options = DEFAULT_OPTIONS) -> int:
    """``m_last``: 2 (or the quartet option) for a final trick won by a quartet, the Supreme or 1-2."""
    if winning_group in QUARTET_MASKS:
        return options.final_quartet_factor
    if winning_group in (SUPREME_MASK, LITTLE_THREE_BIT):
        return 2
    return 1


def settlement(
    winner: int,
    columns: Sequence[int],
    banker: int,
    winning_group: int,
    catch_leader: int | None = None,
    options: Options = DEFAULT_OPTIONS,
) -> list[int]:
    """Each seat's final settlement, after the Little Three catch.

    ``catch_leader`` is the seat that led 1-2 on a final single trick won by 2-4 (None otherwise): it
    pays the positive amounts the two other losers owe the winner, times the catch factor.
    """
    m_last = final_factor(winning_group, options)
    m_sweep = 2 if columns[winner] == 8 else 1
    out = [0, 0, 0, 0]
    for p in range(4):
        if p == winner:
            continue
        base = 5 if columns[p] == 0 else 4 - columns[p]
        bank = 2 if banker in (winner, p) else 1
        if base < 0 and p == banker and not options.banker_doubles_surplus:
            bank = 1
        last = m_last if base > 0 or options.last_factor_on_surplus else 1
        amount = base * bank * last * m_sweep
        payer = p
        if catch_leader is not None and p != catch_leader and amount > 0:
            payer = catch_leader
            amount *= options.catch_factor
        out[payer] -= amount
        out[winner] += amount
    return out
