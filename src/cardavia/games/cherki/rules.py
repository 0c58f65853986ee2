"""The rules of a Cherki turn as constants and prebuilt tables, shared by the deal and its play-out.

Seats and hand size, the stall guards, the phases of a turn, the residue-code changes of a hand
(see ``hands``) and the legal-action tuples built once, so that neither ``Turns.legal_actions`` nor
the fused ``playout`` allocates an action at a pick-up.
"""

from __future__ import annotations

from cardavia.games.cherki.actions import CALL, DISCARD, DRAW, TAKE, Action
from cardavia.games.cherki.cards import KIND_OF, NUM_FACES, NUM_KINDS
from cardavia.games.cherki.hands import DISCARD_OF_CODE, POW3
from cardavia.games.seats import next_seat, seats_from

NUM_SEATS = 3
HAND_SIZE = 8
DEALT = NUM_SEATS * HAND_SIZE  # 24: the stock is d24 onwards
MAX_BOUNCES = 2  # a card taken and discarded straight back twice in a row cannot be taken again
MAX_TAKE_RUN = 9  # after nine turns in a row that took from the pile, the next player must draw

PICKUP, DISCARDING, OVER = 0, 1, 2
PHASE_NAMES: tuple[str, ...] = ("pickup", "discard", "over")
NO_CARD = -1

# residue-code change when a card of kind k joins (or leaves) a hand holding c of that kind
RC_ADD: tuple[tuple[int, ...], ...] = tuple(
    tuple(POW3[k] if c % 3 != 2 else -2 * POW3[k] for c in range(13)) for k in range(NUM_KINDS)
)
RC_REMOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(0 if c == 0 else (-POW3[k] if c % 3 != 0 else 2 * POW3[k]) for c in range(13))
    for k in range(NUM_KINDS)
)


# DISCARD[seat][face][False], for the common case
DISCARD_PLAIN: tuple[tuple[Action, ...], ...] = tuple(tuple(pair[0] for pair in row) for row in DISCARD)


# Legal-action tuples built once, so that listing the legal actions allocates nothing at a pick-up.
# PICKUP_ACTIONS[seat][ready][top]: draw, take the top discard, call if ready; index NO_CARD (-1) lands on
# the last row, "nothing may be taken".
def _pickup_rows(seat: int, ready: bool) -> tuple[tuple[Action, ...], ...]:
    tail = (CALL[seat],) if ready else ()
    rows = [(DRAW[seat], TAKE[seat][f], *tail) for f in range(NUM_FACES)]
    rows.append((DRAW[seat], *tail))
    return tuple(rows)


PICKUP_ACTIONS: tuple[tuple[tuple[tuple[Action, ...], ...], ...], ...] = tuple(
    (_pickup_rows(s, False), _pickup_rows(s, True)) for s in range(NUM_SEATS)
)
# a caller's one forced action: draw, take the top discard (its wait), discard what it drew
FORCED_DRAW: tuple[tuple[Action], ...] = tuple((DRAW[s],) for s in range(NUM_SEATS))
FORCED_TAKE: tuple[tuple[tuple[Action], ...], ...] = tuple(
    tuple((TAKE[s][f],) for f in range(NUM_FACES)) for s in range(NUM_SEATS)
)
FORCED_DISCARD: tuple[tuple[tuple[Action], ...], ...] = tuple(
    tuple((DISCARD[s][f][0],) for f in range(NUM_FACES)) for s in range(NUM_SEATS)
)

PLAY_ORDER: tuple[tuple[int, ...], ...] = tuple(tuple(seats_from(s, NUM_SEATS)) for s in range(NUM_SEATS))
NEXT_SEAT: tuple[int, ...] = tuple(next_seat(s, NUM_SEATS) for s in range(NUM_SEATS))


def discards_with_calls(seat: int, hand: list[int], code: int) -> tuple[Action, ...]:
    """The discards of a 9-card hand (residue ``code``) that may call: one per face held, in face
    order, each followed by its calling variant when the eight cards kept would be ready."""
    discards = DISCARD[seat]
    if code == 0:  # complete: any kind held can be dropped to leave a ready hand
        return tuple(a for f in sorted(set(hand)) for a in discards[f])
    pair = DISCARD_OF_CODE.get(code)
    if pair is None:  # no discard leaves a ready hand
        return tuple(map(DISCARD_PLAIN[seat].__getitem__, sorted(set(hand))))
    drop = pair[0]
    out: list[Action] = []
    for f in sorted(set(hand)):
        if KIND_OF[f] == drop:
            out += discards[f]
        else:
            out.append(discards[f][0])
    return tuple(out)
