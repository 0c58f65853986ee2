"""What each Cherki level plays: legal actions only, reasons a player understands, the normal
level's discards and defence."""

from __future__ import annotations

import random
from typing import Any

import pytest
from ckbot_helpers import position

from cardavia.bots.base import LEVELS
from cardavia.bots.cherki import BOTS
from cardavia.bots.cherki.hard import HardBot
from cardavia.bots.cherki.messages import HINTS
from cardavia.bots.random_bot import RANDOM_REASON_ID
from cardavia.bots.registry import suggest
from cardavia.games.cherki import kind_of_code, new_deal

NORMAL = BOTS["normal"]


def _bot(level: str) -> Any:
    return HardBot(max_rounds=4) if level == "hard" else BOTS[level]


@pytest.mark.parametrize("level", LEVELS)
def test_every_decision_is_legal_and_explained(level: str) -> None:
    """Whole deals with the level in every seat: each action is legal, each reason has its template."""
    bot = _bot(level)
    deals = 1 if level == "hard" else 4
    for seed in range(deals):
        deal = new_deal(seed)
        rng = random.Random(seed)
        while (seat := deal.to_act()) is not None:
            view = deal.view(seat)
            decision = bot.decide(view, rng)
            assert decision.action in view.legal
            if decision.reason.id != RANDOM_REASON_ID:
                assert decision.reason.id in HINTS
                assert decision.reason.text
            deal.apply(decision.action)
        assert deal.result() is not None


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_ready_hand_discards_the_odd_card_and_calls(level: str) -> None:
    # 9c 9s 9m 7s 7s 7m 5c 5m is ready (wait 5): the 2c picked up is the card to throw
    hand = ["9c", "9s", "9m", "7s", "7s", "7m", "5c", "5m", "2c"]
    deal = position(hand, picked="2c")
    decision = _bot(level).decide(deal.view(0), random.Random(1))
    assert decision.action.do == "discard"
    assert decision.action.card == "2c"
    # hard calls at the start of its next turn instead, so its right-hand neighbour discards once
    # more without knowing the hand is ready
    assert decision.action.call == (level != "hard")
    # and its reason says what it does: the hand stays ready, no call yet
    if level == "hard":
        assert decision.reason.id == "discard-keep-ready"
    else:
        assert decision.reason.id.startswith("discard-call")


def test_hard_calls_a_ready_hand_at_the_start_of_its_turn() -> None:
    hand = ["9c", "9s", "9m", "7s", "7s", "7m", "5c", "5m"]
    deal = position(hand, pile=[("2c", 0, None), ("4s", 2, None)])
    decision = _bot("hard").decide(deal.view(0), random.Random(1))
    assert decision.action.do == "call"


def test_normal_keeps_the_ready_hand_with_the_most_live_wait() -> None:
    # Three triples: any discard leaves a ready hand waiting on the kind discarded. Four 9s and two
    # 7s lie dead in the pile, so 7 is the wait with the most cards still to come (12 - 3 - 2 = 7).
    hand = ["9c", "9s", "9m", "7c", "7s", "7m", "5c", "5s", "5m"]
    pile = [("9c", 1, None), ("9s", 2, None), ("9m", 1, None), ("9c", 2, None), ("7c", 1, None)]
    pile += [
        ("7s", 2, None),
        ("5c", 1, None),
        ("5s", 2, None),
        ("5m", 1, None),
        ("5c", 2, None),
        ("1c", 2, None),
    ]
    deal = position(hand, pile=pile, picked="7m")
    decision = NORMAL.decide(deal.view(0), random.Random(1))
    assert decision.action.card is not None
    assert kind_of_code(decision.action.card) == kind_of_code("7c")
    assert decision.action.call
    assert decision.reason.id == "discard-call"
    assert decision.reason.params == {"card": decision.action.card, "kind": "7", "live": 7}


def test_normal_calls_at_the_start_of_the_turn_on_a_live_wait() -> None:
    deal = position(["9c", "9s", "9m", "7s", "7s", "7m", "5c", "5m"], pile=[("5s", 1, None), ("3c", 2, None)])
    decision = NORMAL.decide(deal.view(0), random.Random(1))
    assert decision.action.do == "call"
    # twelve 5s: two in hand, one dead in the pile
    assert decision.reason.params == {"kind": "5", "live": 9}
    assert "9 cards still unseen" in decision.reason.text  # the count by its plural phrase


def test_normal_takes_the_discard_only_when_it_helps() -> None:
    hand = ["9c", "9s", "9m", "7s", "7s", "5m", "3c", "1c"]
    helps = position(hand, pile=[("7c", 2, None)])
    useless = position(hand, pile=[("4c", 2, None)])
    took = NORMAL.decide(helps.view(0), random.Random(1))
    drew = NORMAL.decide(useless.view(0), random.Random(1))
    assert took.action.do == "take"
    assert took.reason.id == "take-closer"
    assert drew.action.do == "draw"
    assert drew.reason.id == "draw-no-help"


# 999 777 5 + 2 + 4: throwing the 2 or the 4 leaves the same shape. Two 2s and one 4 lie dead, so
# more 4s are live (10 against 9): with nobody called, normal keeps the 4.
_DEFENCE_HAND = ["9c", "9s", "9m", "7c", "7s", "7m", "5c", "2c", "4c"]
_DEFENCE_PILE = [("2s", 1, None), ("2m", 2, None), ("8c", 1, None), ("4s", 1, None)]


def test_normal_keeps_the_livelier_card_with_no_caller() -> None:
    deal = position(_DEFENCE_HAND, pile=_DEFENCE_PILE, picked="4c")
    decision = NORMAL.decide(deal.view(0), random.Random(1))
    assert decision.action.card == "2c"
    assert decision.reason.id == "discard-ways"
    assert decision.reason.params["distance"] == 1


def test_normal_defends_against_a_called_left_neighbour() -> None:
    # Seat 1 called with its discard of 8c, then drew and threw a 4s: it cannot be waiting on 4,
    # while it may well hold a pair of 2s. Normal gives up the livelier 4 rather than feed a 2.
    caller = ["1c", "1s", "1m", "3c", "3s", "3m", "6c", "6s"]
    deal = position(
        _DEFENCE_HAND,
        pile=_DEFENCE_PILE,
        others=(caller, ()),
        called=(False, True, False),
        calls=[(1, 2, 2, True)],
        picked="4c",
    )
    decision = NORMAL.decide(deal.view(0), random.Random(1))
    assert decision.action.card == "4c"
    assert decision.reason.id == "discard-safe"
    assert decision.reason.params == {"card": "4c", "kind": "4"}


def test_the_hint_calls_a_ready_hand_with_the_rule_of_thumb_s_reason() -> None:
    # the analysis's best is Normal's call here, so the Hint says it in Normal's words
    deal = position(["9c", "9s", "9m", "7s", "7s", "7m", "5c", "5m"])
    decision = suggest("cherki", deal.view(0))
    assert decision.action.do == "call"
    assert decision.reason.id == "call-now"
    assert decision.reason.text == HINTS["call-now"].format(kind_name="5", live="10 cards")


def test_easy_never_throws_a_ready_hand_away() -> None:
    # the 2c picked up is the only card to throw: whatever its whims, easy keeps the hand ready
    hand = ["9c", "9s", "9m", "7s", "7s", "7m", "5c", "5m", "2c"]
    deal = position(hand, picked="2c")
    for seed in range(200):
        decision = BOTS["easy"].decide(deal.view(0), random.Random(seed))
        assert (decision.action.do, decision.action.card, decision.action.call) == ("discard", "2c", True)


def test_easy_now_and_then_breaks_a_pair_and_says_it_was_a_hunch() -> None:
    # two pairs and loose cards, nothing ready: the sound discard is a loose card, a whim may break a pair
    hand = ["9c", "9s", "7s", "7m", "5c", "3m", "1c", "RF", "WF"]
    deal = position(hand, picked="WF")
    broken = 0
    for seed in range(300):
        decision = BOTS["easy"].decide(deal.view(0), random.Random(seed))
        kind = kind_of_code(decision.action.card or "")
        if kind in (kind_of_code("9c"), kind_of_code("7s")):
            broken += 1
            assert decision.reason.id == "discard-hunch"
        else:
            assert decision.reason.id in ("keep-sets", "discard-hunch")
    # _CARELESS is 0.2 and two of the seven kinds not in a triple are pairs: about 17 in 300
    assert 3 <= broken <= 45
