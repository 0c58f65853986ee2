"""Dealing Cherki: the shuffle, who gets which deck positions, and a deck checked or stacked by hand."""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import itemgetter

from cardavia.games.cherki.cards import COPIES, DECK_SIZE, FACE_CODES, FULL_DECK, NUM_FACES, face_index
from cardavia.games.cherki.rules import DEALT, HAND_SIZE, NUM_SEATS
from cardavia.games.draws import BIT_LENGTHS, draws_by_bits
from cardavia.games.errors import RecordError
from cardavia.games.seats import next_seat, seats_from

# the deck positions the i-th seat in dealing order gets: d0 d1 d6 d7 d12 d13 d18 d19 for the first
_DEAL_PICKS = tuple(
    itemgetter(*(6 * r + 2 * i + j for r in range(4) for j in range(2))) for i in range(NUM_SEATS)
)


def deal_order(dealer: int) -> list[int]:
    """The seats in dealing and playing order: the dealer's left first, the dealer last."""
    return seats_from(next_seat(dealer, NUM_SEATS), NUM_SEATS)


def hands_from_deck(dealer: int, deck: Sequence[int]) -> list[list[int]]:
    """Each seat's eight cards: two at a time, clockwise from the dealer's left, four rounds.

    The first seat gets d0 d1 d6 d7 d12 d13 d18 d19, the second d2 d3 d8 d9 ..., the dealer d4 d5 ...
    """
    hands: list[list[int]] = [[], [], []]
    for pick, seat in zip(_DEAL_PICKS, deal_order(dealer), strict=True):
        hands[seat] = list(pick(deck))
    return hands


def stack_deck(dealer: int, hands: Sequence[Sequence[str]], stock: Sequence[str]) -> list[str]:
    """The deck (120 codes in deal order) that deals ``hands`` (by seat, 8 each) and then ``stock``
    (96 codes, top first). The inverse of the deal; for tests, examples and determinization.
    """
    if len(hands) != NUM_SEATS or any(len(h) != HAND_SIZE for h in hands) or len(stock) != DECK_SIZE - DEALT:
        raise RecordError("bad-position", "stack_deck needs three hands of 8 cards and 96 stock cards")
    deck: list[str] = [""] * DEALT
    for i, seat in enumerate(deal_order(dealer)):
        for r in range(4):
            deck[6 * r + 2 * i] = hands[seat][2 * r]
            deck[6 * r + 2 * i + 1] = hands[seat][2 * r + 1]
    return deck + list(stock)


def shuffled_deck(rng: random.Random) -> list[int]:
    """A uniformly shuffled deck of face numbers: exactly ``rng.shuffle`` of the deck in face order."""
    deck = list(FULL_DECK)
    if not draws_by_bits(rng):
        rng.shuffle(deck)
        return deck
    # random.Random.shuffle with its per-card method call inlined: the same draws, the same deck
    getrandbits = rng.getrandbits
    bits = BIT_LENGTHS
    for i in range(DECK_SIZE - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def check_deck(deck: object) -> list[int]:
    """The face numbers of a deck given as 120 codes, each face exactly 4 times; else ``RecordError``."""
    if not isinstance(deck, list | tuple) or len(deck) != DECK_SIZE:
        raise RecordError("bad-deck", f'"deck" must be a list of {DECK_SIZE} card codes')
    faces = [face_index(code) for code in deck]
    counts = [0] * NUM_FACES
    for f in faces:
        counts[f] += 1
    for f, n in enumerate(counts):
        if n != COPIES:
            raise RecordError(
                "bad-deck",
                f"the deck has {FACE_CODES[f]} {n} times: every face is there exactly {COPIES} times",
                {"card": FACE_CODES[f], "count": n},
            )
    return faces


def check_dealer(dealer: object) -> int:
    """``dealer`` if it is a seat; else ``RecordError`` (``bad-dealer``)."""
    if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer not in range(NUM_SEATS):
        raise RecordError("bad-dealer", '"dealer" must be the seat 0, 1 or 2', {"dealer": repr(dealer)})
    return dealer
