"""Money: immediate Supreme and quartet payments, and the final settlement with its factors and catch."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardavia.games.payments import deltas_of, factor, line
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
    return deltas_of(immediate_lines(winner, amount, banker, trick=0), 4)


def immediate_lines(winner: int, amount: int, banker: int, trick: int) -> list[dict[str, Any]]:
    """The payments of an immediate bonus: one line per payer, with its reasons (``payments.line``).

    ``trick`` is the trick's number (1 for the first), named in the reason.
    """
    reason = "supreme" if amount == SUPREME_PAYMENT else "quartet"
    out = []
    for p in range(4):
        if p != winner:
            factors = [factor(reason, amount, number=trick)]
            if banker in (p, winner):
                factors.append(factor("banker", 2))
            out.append(line("immediate", p, winner, factors))
    return out


def final_factor(winning_group: int, options: Options = DEFAULT_OPTIONS) -> int:
    """``m_last``: 2 (or the quartet option) for a final trick won by a quartet, the Supreme or 1-2."""
    if winning_group in QUARTET_MASKS:
        return options.final_quartet_factor
    if winning_group in (SUPREME_MASK, LITTLE_THREE_BIT):
        return 2
    return 1


FINAL_REASONS = {SUPREME_MASK: "final-supreme", LITTLE_THREE_BIT: "final-little-three"}


def settlement_lines(
    winner: int,
    columns: Sequence[int],
    banker: int,
    winning_group: int,
    catch_leader: int | None = None,
    options: Options = DEFAULT_OPTIONS,
) -> list[dict[str, Any]]:
    """The final settlement as payment lines, each with the factors that make its amount.

    A surplus (an opponent with more than four columns) is a line from the winner to that opponent.
    """
    m_last = final_factor(winning_group, options)
    m_sweep = 2 if columns[winner] == 8 else 1
    last_reason = FINAL_REASONS.get(winning_group, "final-quartet")
    out = []
    for p in range(4):
        if p == winner:
            continue
        base = 5 if columns[p] == 0 else 4 - columns[p]
        if base == 0:
            continue
        bank = 2 if banker in (winner, p) else 1
        if base < 0 and p == banker and not options.banker_doubles_surplus:
            bank = 1
        last = m_last if base > 0 or options.last_factor_on_surplus else 1
        if columns[p] == 0:
            factors = [factor("no-column", base)]
        elif base > 0:
            factors = [factor("columns", base, columns=columns[p])]
        else:
            factors = [factor("surplus", -base, columns=columns[p])]
        if bank > 1:
            factors.append(factor("banker", bank))
        if last > 1:
            factors.append(factor(last_reason, last))
        if m_sweep > 1:
            factors.append(factor("sweep", m_sweep))
        payer, payee = (p, winner) if base > 0 else (winner, p)
        if catch_leader is not None and p != catch_leader and base > 0:
            payer = catch_leader
            factors.append(factor("catch", options.catch_factor, seat=catch_leader, owed_by=p))
        out.append(line("settlement", payer, payee, factors))
    return out
