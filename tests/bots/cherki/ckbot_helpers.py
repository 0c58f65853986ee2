"""Positions for the Cherki bot tests: explicit hands, pile and calls, the stock filled from the rest."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from cardavia.bots.cherki.shape import NUM_KINDS
from cardavia.games.cherki import FACE_CODES, CherkiDeal, new_deal
from cardavia.games.cherki.actions import Action
from cardavia.games.cherki.cards import kind_of_code


def rest_of_deck(used: Sequence[str]) -> list[str]:
    """Every card not in ``used`` (each face has four copies), in a fixed order."""
    left = Counter({code: 4 for code in FACE_CODES})
    left.subtract(Counter(used))
    assert all(n >= 0 for n in left.values()), "a face is used more than four times"
    return [code for code in FACE_CODES for _ in range(left[code])]


def position(
    hand: Sequence[str],
    *,
    pile: Sequence[tuple[str, int, int | None]] = (),
    others: Sequence[Sequence[str]] = ((), ()),
    called: Sequence[bool] = (False, False, False),
    calls: Sequence[tuple[int, int, int, bool]] = (),
    picked: str | None = None,
    shuffle: int | None = None,
) -> CherkiDeal:
    """Seat 0 to act with ``hand`` (9 cards and ``picked`` for the discard phase, else 8).

    ``others`` gives cards fixed in seats 1 and 2 (a caller's whole ready hand, say); the rest of
    their hands and the stock are filled from the unused cards, shuffled by ``shuffle`` if given.
    """
    fixed = [list(o) for o in others]
    used = list(hand) + [c for o in fixed for c in o] + [c for c, _, taker in pile if taker is None]
    rest = rest_of_deck(used)
    if shuffle is not None:
        random.Random(shuffle).shuffle(rest)
    hands = [list(hand)]
    for seat_cards in fixed:
        need = 8 - len(seat_cards)
        hands.append(seat_cards + rest[:need])
        rest = rest[need:]
    return CherkiDeal.from_position(
        dealer=2,
        to_act=0,
        hands=hands,
        stock=rest,
        pile=pile,
        called=called,
        calls=calls,
        phase="pickup" if picked is None else "discard",
        picked=picked,
        turn=len(pile),
    )


def play_to(seed: int, actions: int) -> CherkiDeal:
    """A fresh deal after ``actions`` random legal actions (fewer if it ends first)."""
    deal = new_deal(seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if deal.to_act() is None:
            break
        legal: Sequence[Action] = deal.legal_actions()
        deal.apply(rng.choice(list(legal)))
    return deal


def hidden_twin(deal: CherkiDeal, shuffle: int) -> CherkiDeal:
    """The same deal as the seat to act sees it, with what it cannot see dealt again.

    Cards the other seats were seen taking and still hold, and every caller's locked hand, stay
    put; all other cards of the other hands and the whole stock are shuffled among themselves.
    """
    seat = deal.to_act()
    assert seat is not None
    faces = [[FACE_CODES[f] for f in hand] for hand in deal.hands]
    keep: list[list[str]] = [[] for _ in range(3)]
    for i, face in enumerate(deal.pile):
        by, taker = deal.pile_seat[i], deal.pile_taken[i]
        code = FACE_CODES[face]
        if code in keep[by]:
            keep[by].remove(code)
        if taker >= 0:
            keep[taker].append(code)
    loose: list[str] = [FACE_CODES[f] for f in deal.stock]
    hands: list[list[str]] = []
    for s in range(3):
        if s == seat or deal.called[s]:
            hands.append(faces[s])
            continue
        rest = list(faces[s])
        for code in keep[s]:
            rest.remove(code)
        loose += rest
        hands.append(list(keep[s]))
    random.Random(shuffle).shuffle(loose)
    for s in range(3):
        need = len(faces[s]) - len(hands[s])
        hands[s] += loose[:need]
        loose = loose[need:]
    pile = [
        (FACE_CODES[f], deal.pile_seat[i], None if deal.pile_taken[i] < 0 else deal.pile_taken[i])
        for i, f in enumerate(deal.pile)
    ]
    discard_phase = deal.picked >= 0
    return CherkiDeal.from_position(
        dealer=deal.dealer,
        to_act=seat,
        hands=hands,
        stock=loose,
        pile=pile,
        called=deal.called,
        calls=deal.calls,
        phase="discard" if discard_phase else "pickup",
        picked=FACE_CODES[deal.picked] if discard_phase else None,
        picked_by_take=deal.picked_by_take,
        turn=deal.turn,
        bounces=deal.bounces,
        takes_in_row=deal.take_run,
    )


def count_kinds(codes: Iterable[str]) -> list[int]:
    """Kind counts of some cards."""
    counts = [0] * NUM_KINDS
    for code in codes:
        counts[kind_of_code(code)] += 1
    return counts
