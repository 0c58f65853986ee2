"""Random legal play to the end of a Cherki deal, fused into one loop (bots' play-outs, the bench).

``random_playout(deal, rng)`` makes exactly the choices of ``deal.apply(rng.choice(legal))``
repeated, from the same draws, reaching the same state and record; each pass of its loop repeats
the state changes of ``Turns.apply`` on local variables, several times faster. Its rules come from
the same tables (``rules``, ``hands``); a test plays several hundred deals both ways.
"""

from __future__ import annotations

import random
from bisect import insort
from itertools import cycle, islice

from cardavia.games.cherki.actions import CALL, DRAW, TAKE
from cardavia.games.cherki.cards import FACE_BY_CODE, KIND_OF
from cardavia.games.cherki.hands import DISCARD_OF_CODE, WAIT_OF_CODE
from cardavia.games.cherki.rules import (
    DISCARD_PLAIN,
    DISCARDING,
    MAX_BOUNCES,
    MAX_TAKE_RUN,
    NEXT_SEAT,
    NO_CARD,
    OVER,
    PLAY_ORDER,
    RC_ADD,
    RC_REMOVE,
    discards_with_calls,
)
from cardavia.games.cherki.turns import Turns
from cardavia.games.draws import BIT_LENGTHS, draws_by_bits


def random_playout(deal: Turns, rng: random.Random) -> None:
    """Play the deal to its end, choosing uniformly among exactly ``legal_actions()`` at each step.

    The same as ``while not deal.is_over(): deal.apply(rng.choice(tuple(deal.legal_actions())))``
    (the same draws from ``rng``, so the same final state and record), fused into one loop over
    local variables: what bots' play-outs and ``cardavia bench`` should call. A generator whose
    ``choice`` draws otherwise than ``random.Random``'s gets that generic loop itself.
    """
    if deal.phase == OVER:
        return
    if not draws_by_bits(rng):
        while deal.phase != OVER:
            deal.apply(rng.choice(tuple(deal.legal_actions())))
        return
    # rng.choice(legal) is legal[r] with r = getrandbits(len(legal).bit_length()), drawn again
    # until r < len(legal); a forced action (one legal) still draws getrandbits(1) until 0.
    # Each pass of the loop is one turn; its state changes repeat apply's (a test keeps them so).
    getrandbits = rng.getrandbits
    bits = BIT_LENGTHS
    kind_of = KIND_OF
    rc_add = RC_ADD
    rc_remove = RC_REMOVE
    wait_of = WAIT_OF_CODE
    partial = DISCARD_OF_CODE
    following = NEXT_SEAT
    hands = deal.hands
    kinds = deal.kinds
    residues = deal.residues
    stock = deal.stock
    pop = stock.pop
    pile = deal.pile
    pile_taken = deal.pile_taken
    add_pile = pile.append
    add_pile_taken = pile_taken.append
    called = deal.called
    waits = deal.waits
    calls = deal.calls
    log = deal.log.append
    seat = deal.to_move
    picked = deal.picked
    by_take = deal.picked_by_take
    turn = deal.turn
    bounces = deal.bounces
    take_run = deal.take_run
    mid_turn = deal.phase == DISCARDING
    first_seat, discards_before = seat, len(pile)
    # per seat, everything its turn touches, unpacked once a turn
    per_seat = tuple(zip(hands, kinds, deal._face_counts, deal._held, DRAW, TAKE, DISCARD_PLAIN, strict=True))
    # the discard that may be taken at the start of the coming turn, or NO_CARD
    top = (
        pile[-1]
        if pile_taken and pile_taken[-1] < 0 and bounces < MAX_BOUNCES and take_run < MAX_TAKE_RUN
        else NO_CARD
    )
    while True:
        hand, counts, fc, faces, draw_action, take_actions, discard_actions = per_seat[seat]
        caller = called[seat]
        residue = residues[seat]
        if mid_turn:
            mid_turn = False
        else:
            # ---- pick up: draw, take the top discard, or call first
            if caller:
                while getrandbits(1):
                    pass
                by_take = top >= 0 and kind_of[top] == waits[seat]
            elif residue in wait_of:  # ready: draw, (take,) call
                n = 3 if top >= 0 else 2
                k = bits[n]
                r = getrandbits(k)
                while r >= n:
                    r = getrandbits(k)
                if r == n - 1:  # call, listed last: the forced pick-up follows
                    caller = called[seat] = True
                    waits[seat] = wait_of[residue]
                    calls.append((seat, turn, len(pile), False))
                    log(CALL[seat])
                    while getrandbits(1):
                        pass
                    by_take = top >= 0 and kind_of[top] == waits[seat]
                else:
                    by_take = r == 1
            elif top >= 0:  # draw, take
                r = getrandbits(2)
                while r >= 2:
                    r = getrandbits(2)
                by_take = r == 1
            else:  # draw
                while getrandbits(1):
                    pass
                by_take = False
            if by_take:
                picked = top
                pile_taken[-1] = seat
                log(take_actions[picked])
            else:
                picked = pop()
                log(draw_action)
            hand.append(picked)
            c = fc[picked]
            fc[picked] = c + 1
            if not c:
                insort(faces, picked)
            kind = kind_of[picked]
            c = counts[kind]
            counts[kind] = c + 1
            residue += rc_add[kind][c]
            if caller and kind == waits[seat]:  # a caller picked up its wait: it wins
                residues[seat] = residue
                deal.winner = seat
                deal.win_face = picked
                deal.phase = OVER
                break
        # ---- discard
        call = False
        if caller:
            while getrandbits(1):
                pass
            face = picked
            log(discard_actions[face])
            left = fc[face] - 1
            fc[face] = left
            if not left:
                faces.remove(face)
        elif residue == 0 or residue in partial:
            options = discards_with_calls(seat, hand, residue)
            n = len(options)
            k = bits[n]
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            chosen = options[r]
            face = FACE_BY_CODE[chosen.card or ""]
            call = chosen.call
            log(chosen)
            left = fc[face] - 1
            fc[face] = left
            if not left:
                faces.remove(face)
        else:
            n = len(faces)
            k = bits[n]
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            face = faces[r]
            log(discard_actions[face])
            left = fc[face] - 1
            fc[face] = left
            if not left:
                del faces[r]
        hand.remove(face)
        kind = kind_of[face]
        c = counts[kind]
        counts[kind] = c - 1
        residue += rc_remove[kind][c]
        residues[seat] = residue
        add_pile(face)
        add_pile_taken(-1)
        if by_take:
            take_run += 1
            bounces = bounces + 1 if face == picked else 0
            top = face if bounces < MAX_BOUNCES and take_run < MAX_TAKE_RUN else NO_CARD
        else:
            take_run = bounces = 0
            top = face
        if call:
            called[seat] = True
            waits[seat] = wait_of[residue]
            calls.append((seat, turn, len(pile) - 1, True))
        if not stock:
            deal.phase = OVER  # the turn that drew the last card is finished: a drawn deal
            picked = NO_CARD
            break
        seat = following[seat]
        turn += 1
    # every turn made one discard and play went round: who made the new discards, in order
    made = len(pile) - discards_before
    deal.pile_seat += islice(cycle(PLAY_ORDER[first_seat]), made)
    deal.to_move = seat
    deal.picked = picked
    deal.picked_by_take = by_take
    deal.turn = turn
    deal.bounces = bounces
    deal.take_run = take_run
    deal._legal = None
    deal._rebuild_held_actions()  # the fused loop kept only _held up to date
