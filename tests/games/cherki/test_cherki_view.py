"""One seat's view: its own hand and everything public, never another hand, the stock or a wait."""

from __future__ import annotations

import json
import random

import pytest
from cherki_helpers import ALL_CODES, stacked

from cardavia.games.cherki import (
    FACE_BY_CODE,
    FACE_CODES,
    GAME,
    CherkiDeal,
    CherkiView,
    deal_from_view,
    discard,
    draw,
    take,
)
from cardavia.games.errors import RecordError
from cardavia.games.protocol import View


def _position(seat1: list[str], stock: list[str], rest: list[str]) -> CherkiDeal:
    return CherkiDeal.from_position(
        dealer=2,
        to_act=0,
        hands=[rest[:8], seat1, rest[8:16]],
        stock=stock,
        pile=[(rest[16], 2, None), ("9c", 0, 1)],
        called=(False, True, False),
        calls=[(1, 1, 2, True)],
        turn=3,
    )


def test_views_do_not_depend_on_what_the_seat_cannot_see() -> None:
    # seat 1 took the 9c and called; swapping the rest of its hidden hand (and so its wait) with
    # stock cards, and reordering the stock, must change nothing seats 0 and 2 are shown
    common = ["9c", "9s", "9m"]
    only_a = ["7s", "7s", "7m", "5c", "5m"]  # wait 5
    only_b = ["2c", "2s", "2m", "4c", "4m"]  # wait 4
    pool = sorted(ALL_CODES)
    for card in common + only_a + only_b:
        pool.remove(card)
    rest, core = pool[:17], pool[17:]
    a = _position(common + only_a, only_b + core, rest)
    b = _position(common + only_b, list(reversed(core)) + only_a, rest)
    assert a.waits[1] == 4 and b.waits[1] == 3
    for seat in (0, 2):
        assert a.view(seat).to_json() == b.view(seat).to_json()
    assert a.view(1).to_json() != b.view(1).to_json()


def test_view_contents_and_protocol() -> None:
    deal = stacked(2, {0: ["1c", "1s", "2c", "2s", "3c", "3s", "4c", "4s"]}, stock_top=["6m", "7m"])
    view = deal.view(0)
    assert isinstance(view, CherkiView) and isinstance(view, View)
    assert view.legal == (draw(0),) and view.phase == "pickup" and view.to_act == 0
    assert view.hand == ("1c", "1s", "2c", "2s", "3c", "3s", "4c", "4s")
    assert deal.view(1).legal == () and len(deal.view(1).hand) == 8
    deal.apply(draw(0))
    mine = deal.view(0)
    assert mine.picked == "6m" and len(mine.hand) == 9 and mine.phase == "discard"
    theirs = deal.view(1).to_json()
    assert theirs["picked"] is None and theirs["hand_sizes"] == [9, 8, 8] and theirs["stock"] == 95
    deal.apply(discard(0, "6m"))
    deal.apply(take(1))
    public = deal.view(2).to_json()
    assert public["taken"] == [[], ["6m"], []]
    assert public["discards"] == [{"card": "6m", "seat": 0, "taken_by": 1, "dead": False}]
    assert public["top_discard"] is None
    json.dumps(public)  # plain JSON


def test_each_view_shows_its_own_hand_and_its_own_wait_only() -> None:
    deal = GAME.new_deal(31)
    rng = random.Random(2)
    while not deal.is_over():
        for seat in range(3):
            view = deal.view(seat)
            assert list(view.hand) == sorted(view.hand, key=FACE_BY_CODE.__getitem__)
            assert sorted(view.hand) == sorted(FACE_CODES[f] for f in deal.hands[seat])
            assert (view.wait is not None) == deal.called[seat]
            assert view.revealed is None
            assert (view.legal != ()) == (deal.to_act() == seat)
        legal = deal.legal_actions()
        calls = [a for a in legal if a.do == "call" or a.call]
        deal.apply(rng.choice(calls) if calls else rng.choice(legal))
    result = deal.result()
    assert result is not None
    for seat in range(3):
        revealed = deal.view(seat).revealed
        assert revealed == (None if result["drawn"] else tuple(result["hand"]))


def test_positions_are_validated() -> None:
    pool = sorted(ALL_CODES)
    hands = [pool[:8], pool[8:16], pool[16:24]]
    with pytest.raises(RecordError) as info:  # one card short
        CherkiDeal.from_position(dealer=0, to_act=1, hands=hands, stock=pool[25:])
    assert info.value.code == "bad-position"
    with pytest.raises(RecordError):  # a called hand must be ready (1m 1m 1m 1m 2c 2c 2c 2c is not)
        CherkiDeal.from_position(
            dealer=0,
            to_act=1,
            hands=hands,
            stock=pool[24:],
            called=(False, True, False),
        )
    deal = CherkiDeal.from_position(dealer=0, to_act=1, hands=hands, stock=pool[24:])
    with pytest.raises(Exception, match="no deck"):
        deal.to_record()


def _true_hidden(deal: CherkiDeal) -> tuple[list[list[str]], list[str]]:
    hands = [[FACE_CODES[f] for f in hand] for hand in deal.hands]
    stock = [FACE_CODES[f] for f in reversed(deal.stock)]  # top first
    return hands, stock


def test_a_deal_rebuilt_from_a_view_and_the_true_hidden_cards_plays_the_same() -> None:
    rng = random.Random(8)
    checked = 0
    for seed in range(12):
        deal = GAME.new_deal(seed)
        while not deal.is_over():
            if rng.random() < 0.05:
                seat = rng.randrange(3)
                hands, stock = _true_hidden(deal)
                picked = FACE_CODES[deal.picked] if deal.phase == 1 else None
                rebuilt = deal_from_view(deal.view(seat), hands, stock, picked)
                for s in range(3):
                    assert rebuilt.view(s).to_json() == deal.view(s).to_json()
                # the same choices from here lead to the same outcome
                a, b = deal.clone(), rebuilt
                choose = random.Random(seed)
                while not a.is_over():
                    action = choose.choice(a.legal_actions())
                    a.apply(action)
                    b.apply(action)
                assert a.result() == b.result()
                checked += 1
            deal.apply(rng.choice(deal.legal_actions()))
    assert checked > 50


def test_deal_from_view_refuses_a_hand_that_is_not_the_viewers() -> None:
    deal = GAME.new_deal(3)
    hands, stock = _true_hidden(deal)
    seat = deal.to_move
    other = (seat + 1) % 3
    swapped = list(hands)
    swapped[seat], swapped[other] = hands[other], hands[seat]
    with pytest.raises(RecordError):
        deal_from_view(deal.view(seat), swapped, stock)


def test_no_view_depends_on_hidden_cards_in_random_play() -> None:
    # at random moments, deal the cards a seat cannot see (the other uncalled hands, the stock)
    # afresh and rebuild the deal: that seat's view, legal actions included, must not change
    rng = random.Random(17)
    checked = moved = 0
    for seed in range(25):
        deal = GAME.new_deal(seed)
        while not deal.is_over():
            if rng.random() < 0.1:
                seat = rng.randrange(3)
                hands, stock = _true_hidden(deal)
                mover, mid_turn = deal.to_move, deal.phase == 1
                picked = FACE_CODES[deal.picked] if mid_turn else None
                others = [s for s in range(3) if s != seat and not deal.called[s]]
                pool = list(stock)
                for s in others:
                    if s == mover and picked is not None:
                        hands[s].remove(picked)  # what it picked up this turn may have been taken
                    pool += hands[s]
                rng.shuffle(pool)
                for s in others:
                    hands[s] = [pool.pop() for _ in range(8)]
                    if s == mover and picked is not None:
                        hands[s].append(picked)
                rebuilt = deal_from_view(deal.view(seat), hands, pool, picked)
                assert rebuilt.view(seat).to_json() == deal.view(seat).to_json()
                checked += 1
                moved += rebuilt.stock != deal.stock
            legal = deal.legal_actions()
            calls = [a for a in legal if a.do == "call" or a.call]
            deal.apply(rng.choice(calls) if calls and rng.random() < 0.5 else rng.choice(legal))
    assert checked > 100 and moved > 0.9 * checked  # the hidden cards did move


def test_a_won_deal_explains_its_payments_and_marks_the_ninth_card() -> None:
    """Every seat's finished view carries the lines of the result's deltas and the card that won."""
    from cardavia.games.payments import deltas_of
    from cardavia.games.registry import get_game

    won = 0
    for seed in range(60):
        deal = get_game("cherki").new_deal(seed)
        assert deal.view(0).to_json()["explain"] is None
        deal.random_playout(random.Random(seed))
        result = deal.result()
        for seat in range(3):
            explain = deal.view(seat).to_json()["explain"]
            if result["drawn"]:
                assert explain is None
                continue
            assert deltas_of(explain["lines"], 3) == result["deltas"]
            assert explain["marked"] == [result["hand"][-1]]
            assert all(
                ln["payee"] == result["winner"] and ln["amount"] == result["x"] for ln in explain["lines"]
            )
        won += not result["drawn"]
    assert won > 10
