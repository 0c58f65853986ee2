"""The engine against a reference written straight from spec/cherki.md, on random play.

The reference is deliberately naive: card codes in plain lists, sets found by splitting the hand
card by card (no kind counts, no residue codes), the stall guards read off the history of finished
turns exactly as the spec words them. At every step of many random deals the engine must offer
exactly the reference's legal actions, hold the same hands, pile and calls, and end the same way.
About 3 s.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from cardavia.games.cherki import FACE_CODES, CherkiDeal, new_deal


def kind(card: str) -> str:
    return card[0] if card[0].isdigit() else card


def points(card: str) -> int:
    return int(card[0]) if card[0].isdigit() else 1


def _splits(kinds: list[str], pairs: int) -> bool:
    """Whether sorted kinds split into triples of one kind and exactly ``pairs`` pairs of one kind."""
    if not kinds:
        return pairs == 0
    first = kinds[0]
    if kinds[:3] == [first] * 3 and _splits(kinds[3:], pairs):
        return True
    return pairs > 0 and kinds[:2] == [first] * 2 and _splits(kinds[2:], pairs - 1)


def wait_of(hand: list[str]) -> str | None:
    """The kind of the pair if the eight cards are two triples and a pair, else None."""
    kinds = sorted(kind(c) for c in hand)
    if len(hand) != 8 or not _splits(kinds, 1):
        return None
    waits = {k for k in set(kinds) if _splits(sorted([*kinds, k]), 0)}
    assert len(waits) == 1
    return waits.pop()


@dataclass
class Turn:
    took: bool
    picked: str
    discarded: str


@dataclass
class Reference:
    """A Cherki deal as the spec words it."""

    dealer: int
    deck: list[str]
    hands: list[list[str]] = field(default_factory=lambda: [[], [], []])
    stock: list[str] = field(default_factory=list)  # top first
    pile: list[list[object]] = field(default_factory=list)  # [card, discarder, taker or None]
    turns: list[Turn] = field(default_factory=list)
    waits: list[str | None] = field(default_factory=lambda: [None, None, None])
    seat: int = 0
    picked: str | None = None
    took: bool = False
    over: bool = False
    winner: int | None = None

    def __post_init__(self) -> None:
        order = [(self.dealer + 1) % 3, (self.dealer + 2) % 3, self.dealer]
        for rnd in range(4):  # two cards at a time from the dealer's left, four times
            for i, seat in enumerate(order):
                start = 6 * rnd + 2 * i
                self.hands[seat] += self.deck[start : start + 2]
        self.stock = self.deck[24:]
        self.seat = order[0]

    def top(self) -> str | None:
        if self.pile and self.pile[-1][2] is None:
            return str(self.pile[-1][0])
        return None

    def may_take(self) -> bool:
        if self.top() is None:
            return False
        last_two = self.turns[-2:]
        bounced_twice = len(last_two) == 2 and all(t.took and t.discarded == t.picked for t in last_two)
        last_nine = self.turns[-9:]
        nine_takes = len(last_nine) == 9 and all(t.took for t in last_nine)
        return not bounced_twice and not nine_takes

    def legal(self) -> set[tuple[str, str | None, bool]]:
        if self.over:
            return set()
        hand, wait = self.hands[self.seat], self.waits[self.seat]
        top = self.top()
        if self.picked is None:  # the start of the turn
            if wait is not None:  # a caller's turn plays itself
                if self.may_take() and top is not None and kind(top) == wait:
                    return {("take", top, False)}
                return {("draw", None, False)}
            out: set[tuple[str, str | None, bool]] = {("draw", None, False)}
            if self.may_take():
                out.add(("take", top, False))
            if wait_of(hand) is not None:
                out.add(("call", None, False))
            return out
        if wait is not None:
            return {("discard", self.picked, False)}
        out = set()
        for card in set(hand):
            out.add(("discard", card, False))
            rest = list(hand)
            rest.remove(card)
            if wait_of(rest) is not None:
                out.add(("discard", card, True))
        return out

    def apply(self, do: str, card: str | None, call: bool) -> None:
        assert (do, card, call) in self.legal()
        seat, hand = self.seat, self.hands[self.seat]
        if do == "call":
            self.waits[seat] = wait_of(hand)
            return
        if do in ("draw", "take"):
            if do == "draw":
                card = self.stock.pop(0)
            else:
                self.pile[-1][2] = seat
            assert card is not None
            hand.append(card)
            self.picked, self.took = card, do == "take"
            if self.waits[seat] is not None and kind(card) == self.waits[seat]:
                self.over, self.winner = True, seat
            return
        assert card is not None and self.picked is not None
        hand.remove(card)
        self.pile.append([card, seat, None])
        self.turns.append(Turn(self.took, self.picked, card))
        if call:
            self.waits[seat] = wait_of(hand)
        self.picked = None
        if not self.stock:  # the turn that drew the last card is finished
            self.over = True
        else:
            self.seat = (seat + 1) % 3

    def result(self) -> dict[str, object]:
        if self.winner is None:
            return {"winner": None, "drawn": True, "x": None, "deltas": [0, 0, 0], "hand": None}
        nine = self.hands[self.winner]
        assert len(nine) == 9 and _splits(sorted(kind(c) for c in nine), 0)
        x = sum(points(c) for c in nine)
        deltas = [2 * x if s == self.winner else -x for s in range(3)]
        return {"winner": self.winner, "drawn": False, "x": x, "deltas": deltas, "hand": sorted(nine)}


def _same_state(deal: CherkiDeal, ref: Reference) -> None:
    assert [sorted(FACE_CODES[f] for f in h) for h in deal.hands] == [sorted(h) for h in ref.hands]
    pile = [
        [FACE_CODES[f], s, None if t < 0 else t]
        for f, s, t in zip(deal.pile, deal.pile_seat, deal.pile_taken, strict=True)
    ]
    assert pile == ref.pile
    assert [FACE_CODES[f] for f in reversed(deal.stock)] == ref.stock
    assert deal.called == [w is not None for w in ref.waits]
    assert deal.is_over() == ref.over
    for seat, hand in enumerate(deal.hands):  # what the engine keeps instead of sorting hands
        assert deal._held[seat] == sorted(set(hand))
        assert deal._face_counts[seat] == [hand.count(f) for f in range(len(FACE_CODES))]


def test_the_engine_plays_by_the_reference() -> None:
    seen: Counter[str] = Counter()
    for seed in range(80):
        deal = new_deal(seed)
        ref = Reference(deal.dealer, [FACE_CODES[f] for f in deal.deck or ()])
        rng = random.Random(seed)
        bias = (0.0, 0.5, 0.95)[seed % 3]  # how keenly players call and take
        while not deal.is_over():
            _same_state(deal, ref)
            legal = deal.legal_actions()
            assert {(a.do, a.card, a.call) for a in legal} == ref.legal()
            seat = deal.to_move
            if ref.picked is None and ref.top() is not None and not ref.may_take():
                seen["stall guard"] += 1
            seen["caller's turn"] += ref.waits[seat] is not None
            keen = [a for a in legal if a.do in ("call", "take") or a.call]
            action = rng.choice(keen) if keen and rng.random() < bias else rng.choice(legal)
            deal.apply(action)
            ref.apply(action.do, action.card, action.call)
        _same_state(deal, ref)
        result = deal.result()
        assert result is not None
        assert {**result, "hand": result["hand"] and sorted(result["hand"])} == ref.result()
        seen["drawn" if result["drawn"] else "won"] += 1
    assert min(seen.values()) > 0 and len(seen) == 4, seen
