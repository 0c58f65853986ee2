"""The deal, turn by turn: every rule of spec/cherki.md on stacked and seeded decks."""

from __future__ import annotations

from collections import Counter

import pytest
from cherki_helpers import ALL_CODES, draw_and_drop, fingerprint, hand_codes, stacked

from cardavia.games.cherki import (
    FACE_CODES,
    GAME,
    Action,
    CherkiDeal,
    call,
    deal_from_deck,
    discard,
    draw,
    new_deal,
    take,
)
from cardavia.games.errors import IllegalAction

READY_5 = ["9c", "9s", "9m", "7s", "7s", "7m", "5c", "5m"]  # wait 5, x with a 5 is 63
READY_RF = ["1c", "1s", "1m", "WF", "WF", "WF", "RF", "RF"]  # wait RF, x with RF is 9


def refuse(deal: CherkiDeal, action: Action, code: str) -> IllegalAction:
    """Apply an illegal action: it raises with ``code`` and leaves the deal exactly as it was."""
    before = fingerprint(deal)
    legal_before = list(deal.legal_actions())
    with pytest.raises(IllegalAction) as info:
        deal.apply(action)
    assert info.value.code == code, info.value.message
    assert fingerprint(deal) == before
    assert list(deal.legal_actions()) == legal_before
    return info.value


# ----- the deal ---------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_two_cards_at_a_time_clockwise_from_the_dealers_left(dealer: int) -> None:
    deck = [FACE_CODES[f] for f in new_deal(7).deck or ()]
    deal = deal_from_deck(dealer, deck)
    first, second = (dealer + 1) % 3, (dealer + 2) % 3
    picks = {
        first: [0, 1, 6, 7, 12, 13, 18, 19],
        second: [2, 3, 8, 9, 14, 15, 20, 21],
        dealer: [4, 5, 10, 11, 16, 17, 22, 23],
    }
    for seat, idx in picks.items():
        assert hand_codes(deal, seat) == sorted(deck[i] for i in idx)
    assert deal.to_act() == first  # the dealer's left starts
    assert len(deal.stock) == 96
    deal.apply(draw(first))
    assert FACE_CODES[deal.picked] == deck[24]  # the stock is drawn from d24 on


def test_the_seed_decides_the_deck_and_a_random_dealer() -> None:
    dealers = {new_deal(seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2}
    assert new_deal(5).deck == new_deal(5).deck
    assert new_deal(5).deck != new_deal(6).deck
    given = GAME.new_deal(5, dealer=2)
    assert given.dealer == 2 and given.deck == new_deal(5).deck
    assert set(Counter(given.deck).values()) == {4}


def test_first_player_must_draw() -> None:
    deal = new_deal(3, dealer=0)
    assert deal.legal_actions()[0] == draw(1)
    assert all(a.do != "take" for a in deal.legal_actions())
    refuse(deal, take(1), "first-must-draw")


def test_a_turn_is_pick_up_then_discard_back_to_eight() -> None:
    deal = new_deal(11, dealer=2)
    refuse(deal, discard(0, FACE_CODES[deal.hands[0][0]]), "pick-up-first")
    deal.apply(draw(0))
    assert len(deal.hands[0]) == 9 and deal.stock and len(deal.stock) == 95
    refuse(deal, draw(0), "already-picked-up")
    refuse(deal, take(0), "already-picked-up")
    refuse(deal, call(0), "call-mid-turn")
    drawn = FACE_CODES[deal.picked]
    assert discard(0, drawn) in deal.legal_actions()  # the card just picked up may go straight back
    deal.apply(discard(0, drawn))
    assert len(deal.hands[0]) == 8 and deal.to_act() == 1
    # the next player may take it (naming it or not), or draw
    assert take(1, drawn) in deal.legal_actions() and draw(1) in deal.legal_actions()


def test_only_the_top_discard_can_be_taken_and_what_lies_under_it_is_dead() -> None:
    deal = stacked(2, {}, stock_top=["2c", "3c", "4c"])
    deal.apply(draw(0))
    deal.apply(discard(0, "2c"))
    deal.apply(draw(1))
    deal.apply(discard(1, "3c"))
    error = refuse(deal, take(2, "2c"), "only-top-discard")
    assert error.params == {"card": "2c"}
    assert "only the top discard can be taken" in error.message
    view = deal.view(2)
    assert [(d.card, d.dead) for d in view.discards] == [("2c", True), ("3c", False)]
    deal.apply(take(2))
    assert deal.view(0).taken[2] == ("3c",)
    assert [d.taken_by for d in deal.view(0).discards] == [None, 2]


def test_not_your_turn_and_card_not_in_hand() -> None:
    deal = stacked(2, {0: ["1c", "1c", "2c", "2c", "3c", "3c", "4c", "4c"]}, stock_top=["5c"])
    error = refuse(deal, draw(1), "not-your-turn")
    assert error.params == {"seat": 1, "to_act": 0}
    deal.apply(draw(0))
    error = refuse(deal, discard(0, "9m"), "card-not-in-hand")
    assert error.params == {"card": "9m"} and "9 of Myriads (9m)" in error.message


def test_stall_guard_a_card_bounced_twice_cannot_be_taken_a_third_time() -> None:
    deal = stacked(2, {}, stock_top=["8m"])
    deal.apply(draw(0))
    deal.apply(discard(0, "8m"))
    deal.apply(take(1))
    deal.apply(discard(1, "8m"))  # straight back: once
    deal.apply(take(2))
    deal.apply(discard(2, "8m"))  # twice in a row
    assert all(a.do != "take" for a in deal.legal_actions())
    error = refuse(deal, take(0), "stall-bounce")
    assert error.params == {"card": "8m"}
    deal.apply(draw(0))


def test_stall_guard_bounce_count_restarts_when_another_card_is_discarded() -> None:
    deal = stacked(2, {}, stock_top=["8m"])
    deal.apply(draw(0))
    deal.apply(discard(0, "8m"))
    deal.apply(take(1))
    deal.apply(discard(1, "8m"))
    deal.apply(take(2))
    other = next(FACE_CODES[f] for f in deal.hands[2] if FACE_CODES[f] != "8m")
    deal.apply(discard(2, other))
    assert any(a.do == "take" for a in deal.legal_actions())


def test_stall_guard_after_nine_turns_that_took_the_next_must_draw() -> None:
    deal = new_deal(21, dealer=2)
    deal.apply(draw(0))
    deal.apply(discard(0, FACE_CODES[deal.picked]))
    for _ in range(9):
        seat = deal.to_move
        deal.apply(take(seat))
        taken = deal.picked
        # discard some other face, never calling, so the bounce guard does not interfere
        deal.apply(next(a for a in deal.legal_actions() if a.card != FACE_CODES[taken] and not a.call))
    assert deal.take_run == 9
    assert [a.do for a in deal.legal_actions()] in (["draw"], ["draw", "call"])
    refuse(deal, take(deal.to_move), "stall-takes")
    seat = deal.to_move
    deal.apply(draw(seat))
    deal.apply(discard(seat, FACE_CODES[deal.picked]))
    assert any(a.do == "take" for a in deal.legal_actions())


# ----- calling ----------------------------------------------------------------------------------


def test_call_at_the_start_of_a_turn_then_the_forced_take_of_the_wait_wins() -> None:
    deal = stacked(2, {1: READY_5}, stock_top=["5s"])
    deal.apply(draw(0))
    deal.apply(discard(0, "5s"))
    assert call(1) in deal.legal_actions()
    deal.apply(call(1))
    assert deal.called[1]
    assert list(deal.legal_actions()) == [take(1, "5s")]  # exactly the one forced action
    refuse(deal, draw(1), "called-must-take")
    refuse(deal, call(1), "already-called")
    deal.apply(take(1, "5s"))
    assert deal.is_over()
    assert deal.result() == {
        "winner": 1,
        "drawn": False,
        "x": 63,
        "deltas": [-63, 126, -63],
        "hand": ["5c", "5m", "7s", "7s", "7m", "9c", "9s", "9m", "5s"],
    }
    assert [a.to_json() for a in deal.log][-2:] == [
        {"seat": 1, "do": "call"},
        {"seat": 1, "do": "take", "card": "5s"},
    ]
    refuse(deal, draw(2), "deal-over")
    assert deal.legal_actions() == () and deal.to_act() is None


def test_call_with_a_discard_then_forced_turns_until_the_wait_is_drawn() -> None:
    hand = ["1c", "1s", "1m", "WF", "WF", "WF", "RF", "4m"]
    # seat 0 draws RF and calls with 4m; later draws 2c (forced discard), then RF (wins)
    deal = stacked(2, {0: hand}, stock_top=["RF", "3c", "3s", "2c", "3m", "4s", "RF"])
    deal.apply(draw(0))
    assert discard(0, "4m", call=True) in deal.legal_actions()
    refuse(deal, discard(0, "RF", call=True), "call-not-ready")
    deal.apply(discard(0, "4m", call=True))
    assert deal.called[0] and deal.calls == [(0, 0, 0, True)]
    locked = hand_codes(deal, 0)
    draw_and_drop(deal)
    draw_and_drop(deal)
    # seat 0's forced turn: the top discard (3s) is not its wait, so it must draw
    assert list(deal.legal_actions()) == [draw(0)]
    refuse(deal, take(0), "called-must-draw")
    deal.apply(draw(0))  # 2c
    assert list(deal.legal_actions()) == [discard(0, "2c")]
    error = refuse(deal, discard(0, "1c"), "called-discard-drawn")
    assert error.params == {"card": "2c"}
    assert "you have called: you may only discard the card you drew" in error.message
    refuse(deal, discard(0, "2c", call=True), "already-called")
    deal.apply(discard(0, "2c"))
    assert hand_codes(deal, 0) == locked  # a called hand never changes
    draw_and_drop(deal)
    draw_and_drop(deal)
    deal.apply(draw(0))  # RF: the wait, drawn on its own turn, wins at once
    result = deal.result()
    assert result is not None
    assert (result["winner"], result["x"], result["deltas"]) == (0, 9, [18, -9, -9])
    assert result["hand"] == ["1c", "1s", "1m", "WF", "WF", "WF", "RF", "RF", "RF"]


def test_no_claim_out_of_turn_a_wait_discarded_before_another_player_goes_dead() -> None:
    # seat 0 calls on 5 with its first discard; seat 1 then discards a 5, but seat 2 plays next
    hands = {0: [*READY_5[:7], "4m"], 1: ["5s", "1c", "2c", "3c", "4c", "6c", "8c", "WF"]}
    deal = stacked(2, hands, stock_top=["5c"])
    deal.apply(draw(0))
    deal.apply(discard(0, "4m", call=True))  # ready on 5 (9c 9s 9m 7s 7s 7m 5c 5c)
    deal.apply(draw(1))
    deal.apply(discard(1, "5s"))
    assert deal.to_act() == 2 and not deal.is_over()  # seat 0 cannot claim the 5s
    draw_and_drop(deal)  # seat 2 covers it: the 5s is dead
    assert deal.view(0).discards[-2].dead
    assert list(deal.legal_actions()) == [draw(0)]


def test_calling_needs_a_ready_hand() -> None:
    deal = stacked(2, {0: ["9c", "9s", "9m", "7s", "7s", "7m", "5c", "4m"]}, stock_top=["3c"])
    assert call(0) not in deal.legal_actions()
    refuse(deal, call(0), "not-ready")
    deal.apply(draw(0))
    assert all(not a.call for a in deal.legal_actions())
    refuse(deal, discard(0, "3c", call=True), "call-not-ready")


def test_a_ready_player_who_has_not_called_cannot_win_but_may_call_with_the_discard() -> None:
    deal = stacked(2, {1: READY_5}, stock_top=["5s"])
    deal.apply(draw(0))
    deal.apply(discard(0, "5s"))
    deal.apply(take(1))  # completes three triples, but seat 1 has not called
    assert not deal.is_over() and deal.phase == 1
    calls = [a for a in deal.legal_actions() if a.call]
    # complete: dropping a card of any kind held leaves a ready hand on that kind
    assert {a.card for a in calls} == {"5c", "5s", "5m", "7s", "7m", "9c", "9s", "9m"}
    deal.apply(discard(1, "9c", call=True))
    assert deal.waits[1] == 8  # kind of the 9s


def test_a_call_at_the_start_of_the_first_turn_forces_the_draw() -> None:
    deal = stacked(2, {0: READY_RF}, stock_top=["RF"])
    deal.apply(call(0))
    assert list(deal.legal_actions()) == [draw(0)]
    deal.apply(draw(0))
    assert deal.result() == {
        "winner": 0,
        "drawn": False,
        "x": 9,
        "deltas": [18, -9, -9],
        "hand": ["1c", "1s", "1m", "WF", "WF", "WF", "RF", "RF", "RF"],
    }


def test_a_stall_guard_that_forbids_taking_the_wait_makes_the_caller_draw() -> None:
    deal = stacked(2, {0: READY_5}, stock_top=["5s", "2c"])
    deal.apply(draw(0))  # 5s completes the hand; seat 0 has not called, so it cannot win
    deal.apply(discard(0, "5s", call=True))  # and calls on 5 with that very discard
    deal.apply(take(1))
    deal.apply(discard(1, "5s"))  # straight back: once
    deal.apply(take(2))
    deal.apply(discard(2, "5s"))  # twice in a row
    assert deal.bounces == 2 and FACE_CODES[deal.pile[-1]] == "5s"
    assert list(deal.legal_actions()) == [draw(0)]  # the guard wins: the caller draws
    refuse(deal, take(0), "stall-bounce")
    deal.apply(draw(0))
    assert not deal.is_over()
    assert list(deal.legal_actions()) == [discard(0, "2c")]


def _position_with_wait_on_top(takes_in_row: int) -> CherkiDeal:
    # seat 1 has called on 5; the top discard is the 5s; the other cards are spread to fill 120
    rest = sorted(ALL_CODES)
    for card in [*READY_5, "5s"]:
        rest.remove(card)
    hands = [rest[0:8], READY_5, rest[8:16]]
    return CherkiDeal.from_position(
        dealer=0,
        to_act=1,
        hands=hands,
        stock=rest[16:],
        pile=[("5s", 0, None)],
        called=(False, True, False),
        turn=5,
        takes_in_row=takes_in_row,
    )


def test_the_take_run_guard_also_binds_a_caller() -> None:
    assert list(_position_with_wait_on_top(8).legal_actions()) == [take(1, "5s")]
    deal = _position_with_wait_on_top(9)
    assert list(deal.legal_actions()) == [draw(1)]
    refuse(deal, take(1), "stall-takes")


def test_called_hand_reveal_and_views_hide_the_wait() -> None:
    deal = stacked(2, {1: READY_5}, stock_top=["2c", "5s"])
    deal.apply(draw(0))
    deal.apply(discard(0, "2c"))
    deal.apply(call(1))
    for seat in (0, 2):
        data = deal.view(seat).to_json()
        assert data["called"] == [False, True, False]
        assert data["wait"] is None and data["revealed"] is None
        assert data["calls"] == [{"seat": 1, "turn": 1, "discards_before": 1, "with_discard": False}]
    assert deal.view(1).wait == "5" and deal.view(1).forced
    deal.apply(draw(1))  # 5s wins
    for seat in range(3):
        view = deal.view(seat)
        assert view.revealed == ("5c", "5m", "7s", "7s", "7m", "9c", "9s", "9m", "5s")
        assert view.result is not None and view.result["x"] == 63


# ----- the end: stock exhaustion ----------------------------------------------------------------


def _last_card_deal(last: str) -> CherkiDeal:
    # dealer 2 holds READY_5 and calls on its first turn; seats 0 and 1 hold the other nine 5s,
    # so the only 5 left in the stock is ``last``, the 96th card, which the dealer draws
    fives = {
        0: ["5c", "5c", "5c", "5s", "5s", "1c", "2c", "3c"],
        1: ["5s", "5m", "5m", "5m", "1s", "2s", "3s", "4c"],
    }
    hands = {**fives, 2: READY_5}
    return stacked(2, hands, stock_bottom=[last])


def _play_out_by_drawing(deal: CherkiDeal) -> int:
    turns = 0
    while not deal.is_over():
        seat = deal.to_move
        if seat == 2 and not deal.called[2]:
            deal.apply(call(2))
        draw_and_drop(deal)
        turns += 1
        assert turns <= 96
    return turns


def test_the_last_stock_card_can_win() -> None:
    deal = _last_card_deal("5s")
    turns = _play_out_by_drawing(deal)
    assert turns == 96 and not deal.stock
    result = deal.result()
    assert result is not None
    assert (result["winner"], result["drawn"], result["x"]) == (2, False, 63)
    assert result["deltas"] == [-63, -63, 126]


def test_the_stock_runs_out_to_a_drawn_deal() -> None:
    fives = {
        0: ["5c", "5c", "5c", "5s", "5s", "5s", "2c", "3c"],
        1: ["5s", "5m", "5m", "5m", "1s", "2s", "3s", "4c"],
    }
    deal = stacked(2, {**fives, 2: READY_5}, stock_bottom=["2m"])
    turns = _play_out_by_drawing(deal)
    assert turns == 96 and not deal.stock and deal.called[2]
    assert deal.result() == {"winner": None, "drawn": True, "x": None, "deltas": [0, 0, 0], "hand": None}
    assert GAME.next_dealer(deal.result() or {}) is None
    for seat in range(3):
        assert deal.view(seat).revealed is None


def test_eight_cards_between_turns_and_120_cards_always() -> None:
    deal = new_deal(99)
    for _ in range(30):
        draw_and_drop(deal)
        assert [len(h) for h in deal.hands] == [8, 8, 8]
        untaken = [f for f, t in zip(deal.pile, deal.pile_taken, strict=True) if t < 0]
        every = [f for h in deal.hands for f in h] + deal.stock + untaken
        assert set(Counter(every).values()) == {4} and len(every) == 120


def test_clone_is_independent() -> None:
    deal = new_deal(4)
    copy = deal.clone()
    draw_and_drop(copy)
    assert len(deal.stock) == 96 and not deal.log and len(copy.log) == 2
    assert fingerprint(deal) == fingerprint(new_deal(4))
