"""Payments explained: each payment between two seats as a line with the reasons that make its amount.

A game's engine builds the lines where it settles a deal and ships them in the finished view as
``{"explain": {"lines": [...]}}``; the page shows each line in the player's language from the game's
``EXPLAIN`` templates (its ``messages`` module), so it never works out a payment itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Line = dict[str, Any]


def factor(reason: str, value: int, **params: Any) -> dict[str, Any]:
    """One reason of a payment: its template id (the game's ``EXPLAIN``), its number and parameters.

    The line's amount is the product of its factors' values.
    """
    return {"id": reason, "value": value, "params": params}


def line(kind: str, payer: int, payee: int, factors: list[dict[str, Any]]) -> Line:
    """One payment: ``payer`` pays ``payee`` the product of the factors' values."""
    amount = 1
    for f in factors:
        amount *= f["value"]
    return {"kind": kind, "payer": payer, "payee": payee, "amount": amount, "factors": factors}


def deltas_of(lines: Sequence[Line], num_seats: int) -> list[int]:
    """Each seat's money change from payment lines (they always sum to zero)."""
    out = [0] * num_seats
    for ln in lines:
        out[ln["payer"]] -= ln["amount"]
        out[ln["payee"]] += ln["amount"]
    return out


def signed(amount: int) -> str:
    """An amount as the replay text writes it: ``+3``, ``-2``, and ``0`` unsigned."""
    return f"{amount:+d}" if amount else "0"
