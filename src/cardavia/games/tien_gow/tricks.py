"""A trick's rules, written once: who may follow face up, and what the end of a trick pays.

The engine (:class:`~cardavia.games.tien_gow.deal.TienGowDeal`, its fused ``random_playout``) and
the bots' lean simulator (``cardavia.bots.tien_gow.sim``) both call these on count-encoded masks
(see :mod:`tiles`), so the follow rule, early death, the immediate payments and the Little Three
catch have one implementation each.
"""

from __future__ import annotations

from cardavia.games.tien_gow.groups import BEATERS, BIG_SIX_BIT, LITTLE_THREE_BIT
from cardavia.games.tien_gow.options import Options
from cardavia.games.tien_gow.scoring import immediate_deltas, immediate_payment

NO_PAYMENTS = (0, 0, 0, 0)


def early_death(size: int, final: bool, column: int) -> bool:
    """Whether a follower with ``column`` tiles won so far must play face down: on a final single."""
    return size == 1 and final and not column


def up_follows(hand: int, high: int, size: int, final: bool, column: int) -> tuple[int, ...]:
    """The groups of ``hand`` a follower may play face up over the high group ``high``, lowest first:
    the groups that beat it and that it holds, none on early death."""
    if size == 1 and final and not column:  # early_death(), inlined: this runs at every follow
        return ()
    return tuple([g for g in BEATERS[high] if not g & ~hand])


def close_trick(
    columns: list[int],
    immediate: list[int],
    winner: int,
    size: int,
    high: int,
    final: bool,
    banker: int,
    options: Options,
) -> tuple[int, ...]:
    """Score a finished trick in place: ``winner`` stacks ``size`` tiles in its column and collects
    the immediate payment its group earns (not on the final trick unless the options say so).
    Returns each seat's payment for this trick."""
    columns[winner] += size
    amount = immediate_payment(high)
    if not amount or (final and not options.bonus_on_final_trick):
        return NO_PAYMENTS
    deltas = immediate_deltas(winner, amount, banker)
    for seat in range(4):
        immediate[seat] += deltas[seat]
    return tuple(deltas)


def caught_leader(size: int, lead: int, high: int, leader: int) -> int | None:
    """The seat caught by the Little Three catch on the final trick (a lone Little Three led and
    taken by Big Six), or None."""
    if size == 1 and lead == LITTLE_THREE_BIT and high == BIG_SIX_BIT:
        return leader
    return None
