"""The pack as Twenty-Nine ranks and counts it: J 9 A T K Q 8 7 in every suit, 3 2 1 1 0 0 0 0 points.

Cards are the shared French pack's numbers (``cardavia.games.packs.french``): ``card // 8`` is the
suit (0-3 for ``c d h s``), ``card % 8`` the rank in natural order. The tables below turn a card
number into what this game needs without a lookup by code.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardavia.games.errors import RecordError
from cardavia.games.packs.french import CODES, PACK, PACK_SIZE, RANKS, SUITS, card_of

ORDER: str = "J9ATKQ87"  # high to low, every suit
RANK_POINTS: dict[str, int] = {"J": 3, "9": 2, "A": 1, "T": 1, "K": 0, "Q": 0, "8": 0, "7": 0}
TOTAL_POINTS = 28

# per card number: its suit, its strength within the suit (7 = jack ... 0 = seven) and its points
SUIT_OF: tuple[int, ...] = tuple(c.suit_index for c in PACK)
STRENGTH: tuple[int, ...] = tuple(len(ORDER) - 1 - ORDER.index(c.rank) for c in PACK)
POINTS: tuple[int, ...] = tuple(RANK_POINTS[c.rank] for c in PACK)
KING: tuple[int, ...] = tuple(len(RANKS) * s + RANKS.index("K") for s in range(len(SUITS)))
QUEEN: tuple[int, ...] = tuple(len(RANKS) * s + RANKS.index("Q") for s in range(len(SUITS)))

assert sum(POINTS) == TOTAL_POINTS and PACK_SIZE == 32


def card_index(code: object) -> int:
    """The card number of a code (``"Jh"``, ``"10h"``); ``RecordError`` (``unknown-card``) otherwise."""
    found = card_of(code)
    if found is None:
        raise RecordError(
            "unknown-card",
            f"unknown card {code!r}: a card is a rank 7 8 9 T J Q K A and a suit c d h s, like Jh or Tc",
            {"card": str(code)},
        )
    return found.index


def suit_index(suit: object) -> int | None:
    """The suit number of ``"c"``, ``"d"``, ``"h"`` or ``"s"``, else None."""
    return SUITS.index(suit) if isinstance(suit, str) and suit in SUITS else None


def codes(cards: Iterable[int]) -> list[str]:
    """Card numbers as codes, in the order given."""
    return [CODES[c] for c in cards]


def hand_order(cards: Iterable[int]) -> list[int]:
    """Cards sorted for display: by suit, then high to low in this game's order."""
    return sorted(cards, key=lambda c: (SUIT_OF[c], -STRENGTH[c]))
