"""The French-suited 32-card pack (7 to ace in clubs, diamonds, hearts and spades), shared by games.

Only what every game on this pack agrees on lives here: the cards, their codes and English names.
A card's code is its rank then its suit: ranks ``7 8 9 T J Q K A`` (``T`` is the ten), suits
``c d h s`` (``"Jh"``, ``"Tc"``); input may write the ten as ``10`` (``"10h"``). Which rank beats
which, and what a card counts, is each game's own business (the jack–nine games rank J 9 A T K Q 8 7).

Cards are numbered 0-31, suit by suit in ``SUITS`` order and within a suit in ``RANKS`` order, so
``index // 8`` is the suit and ``index % 8`` the rank; engines work on these small ints and codes
are what leaves them.
"""

from __future__ import annotations

from dataclasses import dataclass

RANKS: tuple[str, ...] = ("7", "8", "9", "T", "J", "Q", "K", "A")  # natural order, low to high
SUITS: tuple[str, ...] = ("c", "d", "h", "s")
RANK_NAMES: dict[str, str] = {
    "7": "Seven",
    "8": "Eight",
    "9": "Nine",
    "T": "Ten",
    "J": "Jack",
    "Q": "Queen",
    "K": "King",
    "A": "Ace",
}
SUIT_NAMES: dict[str, str] = {"c": "Clubs", "d": "Diamonds", "h": "Hearts", "s": "Spades"}
SUIT_SYMBOLS: dict[str, str] = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RED_SUITS: frozenset[str] = frozenset({"d", "h"})
PACK_SIZE = len(RANKS) * len(SUITS)  # 32


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the pack: its number (0-31), code, rank, suit and English name."""

    index: int
    code: str  # "Jh"
    rank: str  # "J"
    suit: str  # "h"
    name: str  # "Jack of Hearts"

    @property
    def suit_index(self) -> int:
        return self.index // len(RANKS)

    @property
    def rank_index(self) -> int:
        return self.index % len(RANKS)

    @property
    def red(self) -> bool:
        return self.suit in RED_SUITS


PACK: tuple[Card, ...] = tuple(
    Card(len(RANKS) * s + r, rank + suit, rank, suit, f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}")
    for s, suit in enumerate(SUITS)
    for r, rank in enumerate(RANKS)
)
CODES: tuple[str, ...] = tuple(c.code for c in PACK)
BY_CODE: dict[str, Card] = {c.code: c for c in PACK}
_INPUT: dict[str, Card] = {**BY_CODE, **{"10" + s: BY_CODE["T" + s] for s in SUITS}}


def card_of(code: object) -> Card | None:
    """The card a code names (``"Th"`` or ``"10h"``), or None if it names none."""
    return _INPUT.get(code) if isinstance(code, str) else None


def card_name(code: str) -> str:
    """The English name of a card code (``"Jh"`` -> ``"Jack of Hearts"``)."""
    return BY_CODE[code].name
