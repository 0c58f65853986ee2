"""One candidate action played out on one guessed deal: the ``hard`` level's and the review's measure.

The seat's action is applied to the guess (:class:`.sampler.Sampler`), the rest of its turn is played
greedily, and every seat then plays on by the fast greedy policy of :mod:`.sim` until someone wins or
the stock runs out.
"""

from __future__ import annotations

from cardavia.bots.cherki.memory import SEATS, Memory
from cardavia.bots.cherki.sim import SimDeal, greedy_discard, play_out, settle
from cardavia.games.cherki.actions import Action
from cardavia.games.cherki.cards import kind_of_code
from cardavia.games.cherki.hands import ready_wait


def _finish_turn(deal: SimDeal, me: int, hand: list[int]) -> bool:
    """After this seat picked up: greedy discard, call if ready. True if that ended the deal
    (the stock is out: a drawn deal)."""
    k = greedy_discard(hand, deal.dead)
    hand[k] -= 1
    deal.top = k
    if ready_wait(hand) is not None:
        deal.called[me] = True
    deal.seat = (me + 1) % SEATS
    return not deal.stock


def run(mem: Memory, hands: list[list[int]], stock: list[int], action: Action) -> int:
    """Net points of this seat when ``action`` is played on one sampled deal and it is played out."""
    me = mem.seat
    hands = [h[:] for h in hands]
    hands[me] = list(mem.counts)
    dead = list(mem.dead)
    top = None if mem.top is None else kind_of_code(mem.top)
    if top is not None:
        dead[top] -= 1  # the sim counts the top as dead only once it is covered
    deal = SimDeal(hands, stock[:], top, list(mem.called), dead, me)
    hand = hands[me]
    if action.do == "discard":
        assert action.card is not None
        k = kind_of_code(action.card)
        hand[k] -= 1
        if deal.top is not None:
            dead[deal.top] += 1
        deal.top = k
        deal.called[me] = action.call
        if not deal.stock:
            return 0
        deal.seat = (me + 1) % SEATS
    elif action.do == "take" and top is not None:
        hand[top] += 1
        deal.top = None
        if _finish_turn(deal, me, hand):
            return 0
    elif action.do == "draw":
        hand[deal.stock.pop()] += 1
        if top is not None:
            dead[top] += 1
        deal.top = None
        if _finish_turn(deal, me, hand):
            return 0
    else:  # a call at the start of the turn: the turn then plays itself
        deal.called[me] = True
    winner, x = play_out(deal)
    return settle(winner, x, me)
