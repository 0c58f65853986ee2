"""Every rule of spec/twenty-nine.md, one test (or a few) each, in the spec's order: cards, seats and
deal, the auction, trump and doubling, play, the pair, the score, options, information."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from test_tn_examples import HANDS_10, deal_after, legal_json
from twenty_nine_helpers import ACTIONS_A, HANDS_A, action, record_a, replay, with_auction

from cardavia.games.errors import IllegalAction
from cardavia.games.packs.french import CODES
from cardavia.games.twenty_nine import (
    GAME,
    MATCH_POINTS,
    ORDER,
    POINTS,
    TwentyNineDeal,
    match_after,
    match_winner,
)
from cardavia.games.twenty_nine.deal import eldest_pointless

# Two deals made for the rules below (dealer 3, so seat 0 is eldest and opens).
# MIXED: every seat holds hearts; seat 0 none of spades, seat 2 none of clubs.
MIXED = [
    "Jc 9c Ac Tc Jh 7h 8d 7d",
    "Kc Qc 8c 7c 9h Ah 9d Ad",
    "Js 9s As Ts Th Kh Td Kd",
    "Ks Qs 8s 7s Qh 8h Jd Qd",
]
# SUITED: each seat holds one whole suit.
SUITED = [
    "Jh 9h Ah Th Kh Qh 8h 7h",
    "Jc 9c Ac Tc Kc Qc 8c 7c",
    "Jd 9d Ad Td Kd Qd 8d 7d",
    "Js 9s As Ts Ks Qs 8s 7s",
]
# seat 0 opens at 16, the others pass: seat 0 bids 16 and names ``trump``; both opponents pass
OPENING = [(0, "16"), (1, "pass"), (2, "pass"), (3, "pass")]


def bid_16(trump: str, *plays: tuple[int, str]) -> list[tuple[int, str]]:
    return [*OPENING, (0, f"trump {trump}"), (1, "pass"), (3, "pass"), *plays]


def result_of(record: dict[str, Any]) -> dict[str, Any]:
    found = replay(record)
    assert isinstance(found, dict), found
    return found


# -- cards ----------------------------------------------------------------------------------------


def test_card_order_and_points() -> None:
    assert ORDER == "J9ATKQ87"
    by_rank = {CODES[c][0]: POINTS[c] for c in range(32)}
    assert by_rank == {"J": 3, "9": 2, "A": 1, "T": 1, "K": 0, "Q": 0, "8": 0, "7": 0}
    assert sum(POINTS) == 28


def test_ten_may_be_written_10_on_input() -> None:
    hands = [h.replace("T", "10") for h in HANDS_A]
    assert replay(record_a(None, hands)) == replay(record_a())
    assert GAME.action_from_json({"do": "play", "card": "10c"}, 0) == GAME.action_from_json(
        {"do": "play", "card": "Tc"}, 0
    )


# -- seats and deal -------------------------------------------------------------------------------


def test_eldest_opens_and_leads_the_first_trick_and_the_next_dealer_follows() -> None:
    for dealer in range(4):
        deal = GAME.new_deal(7, dealer=dealer)
        if deal.is_over():
            continue
        assert deal.to_act() == (dealer + 1) % 4 == deal.eldest
    result = result_of(record_a())
    assert result["tricks"][0]["leader"] == 0 and result["next_dealer"] == 0


def test_the_second_four_are_dealt_after_doubling() -> None:
    before = deal_after(ACTIONS_A[:12])
    assert before.view(0).hand == ("Jc", "Ac", "8d", "7d")
    assert before.view(0).hand_sizes == (4, 4, 4, 4)
    after = deal_after(ACTIONS_A[:13])
    assert sorted(after.view(0).hand) == sorted(HANDS_A[0].split())
    assert after.view(0).hand_sizes == (8, 8, 8, 8)


def test_four_pointless_cards_are_1820_of_35960() -> None:
    hands = list(combinations(range(32), 4))
    assert len(hands) == 35960
    assert sum(eldest_pointless(h) for h in hands) == 1820


def test_only_eldests_four_annul_the_deal() -> None:
    # seat 1 (not eldest) holds no point card in its first four: the deal goes on
    assert not TwentyNineDeal.from_hands(3, [[CODES.index(c) for c in h.split()] for h in MIXED]).is_over()
    deal = TwentyNineDeal.from_hands(0, [[CODES.index(c) for c in h.split()] for h in MIXED])
    assert deal.is_over() and deal.result() == {
        "finished": True,
        "annulled": True,
        "reason": "eldest-pointless",
        "game_points": [0, 0],
        "next_dealer": 0,
    }
    assert deal.outcome() is not None and deal.outcome().drawn  # type: ignore[union-attr]
    assert GAME.next_dealer(deal.result() or {}) == 0
    # an annulled deal shows eldest's four to everyone
    assert deal.view(3).shown == ("Kc", "Qc", "8c", "7c")


# -- auction --------------------------------------------------------------------------------------


def test_the_opener_must_bid_within_the_range() -> None:
    assert replay(record_a([(0, "15")])) == (0, "bid-range")
    assert replay(record_a([(0, "29")])) == (0, "bid-range")
    assert legal_json(deal_after([])) == [action(0, str(v)) for v in range(16, 29)]


def test_a_challenger_raises_and_a_defender_holds_or_raises() -> None:
    assert replay(record_a([(0, "16"), (1, "20"), (0, "20"), (1, "20")])) == (3, "bid-range")
    deal = deal_after([(0, "16"), (1, "17"), (0, "22")])  # a defender may also raise
    assert deal.to_act() == 1 and legal_json(deal)[0] == action(1, "23")


def test_passing_is_final_and_the_next_waiting_seat_challenges() -> None:
    deal = deal_after([(0, "16"), (1, "pass")])
    assert (deal.defender, deal.challenger, deal.to_act()) == (0, 2, 2)
    deal = deal_after([(0, "16"), (1, "17"), (0, "pass")])  # the challenger now defends its 17
    assert (deal.defender, deal.challenger, deal.bid, deal.to_act()) == (1, 2, 17, 2)
    assert legal_json(deal)[0] == action(2, "18")
    deal = deal_after([(0, "16"), (1, "17"), (0, "pass"), (2, "pass"), (3, "18"), (1, "pass")])
    assert deal.bidder == 3 and deal.bid == 18
    assert {s for s, b in deal.calls if b is None} == {0, 1, 2}


def test_eldests_opening_stands_when_everyone_passes() -> None:
    deal = deal_after(OPENING, MIXED)
    assert (deal.bidder, deal.bid, deal.phase, deal.to_act()) == (0, 16, "trump", 0)
    assert sum(b is None for _, b in deal.calls) == 3


def test_at_28_a_challenger_can_only_pass() -> None:
    deal = deal_after([(0, "16"), (1, "28")])
    assert legal_json(deal) == [action(0, "28"), action(0, "pass")] and deal.forced_action() is None
    deal = deal_after([(0, "16"), (1, "28"), (0, "28")])
    assert legal_json(deal) == [action(1, "pass")]
    assert deal.forced_action() == GAME.action_from_json({"do": "pass"}, 1)
    assert replay(record_a([(0, "16"), (1, "28"), (0, "28"), (1, "29")])) == (3, "bid-range")


def test_other_actions_in_the_auction_are_refused() -> None:
    assert replay(record_a([(0, "Jc")])) == (0, "bad-action")
    assert replay(record_a([(0, "16"), (1, "double")])) == (1, "bad-action")
    assert replay(record_a([(0, "16"), (2, "17")])) == (1, "not-your-turn")


# -- trump and doubling ---------------------------------------------------------------------------


def test_the_bidder_names_any_suit_in_secret() -> None:
    deal = deal_after(ACTIONS_A[:9])
    assert legal_json(deal) == [action(2, f"trump {s}") for s in "cdhs"]
    assert replay(record_a([*ACTIONS_A[:9], (2, "16")])) == (9, "bad-action")
    deal = deal_after(ACTIONS_A[:10])
    assert deal.view(2).trump == "s"
    for seat in (0, 1, 3):  # the partner (seat 0) included
        view = deal.view(seat)
        assert view.trump is None and view.trump_set
        assert GAME.redact(action(2, "trump s"), 2, seat) == {"seat": 2, "do": "trump"}
    assert GAME.redact(action(2, "trump s"), 2, 2) == action(2, "trump s")


def test_the_first_double_ends_the_round_then_the_bidders_side_may_redouble() -> None:
    deal = deal_after(ACTIONS_A[:10])
    assert deal.to_act() == 3 and legal_json(deal) == [action(3, "double"), action(3, "pass")]
    deal = deal_after([*ACTIONS_A[:10], (3, "pass")])
    assert deal.to_act() == 1
    deal = deal_after(ACTIONS_A[:11])  # seat 3 doubled: seat 1 is not asked; the bidder answers
    assert deal.to_act() == 2 and legal_json(deal) == [action(2, "redouble"), action(2, "pass")]
    deal = deal_after([*ACTIONS_A[:11], (2, "pass")])
    assert deal.to_act() == 0  # then the partner
    redoubled = deal_after([*ACTIONS_A[:11], (2, "pass"), (0, "redouble")])
    assert redoubled.multiplier == 4 and redoubled.phase == "play"
    assert replay(record_a([*ACTIONS_A[:11], (2, "double")])) == (11, "bad-action")
    assert replay(record_a([*ACTIONS_A[:10], (3, "redouble")])) == (10, "bad-action")


def test_no_double_leaves_the_multiplier_at_one() -> None:
    result = result_of(record_a([*ACTIONS_A[:10], (3, "pass"), (1, "pass"), *ACTIONS_A[13:]]))
    assert result["multiplier"] == 1 and result["game_points"] == [1, 0]


# -- play -----------------------------------------------------------------------------------------


def test_follow_suit_if_you_can() -> None:
    deal = deal_after(ACTIONS_A[:14])  # seat 0 led Jc; seat 1 holds no club
    assert legal_json(deal)[0] == action(1, "reveal")
    deal = deal_after(ACTIONS_A[:15])  # seat 2 holds 8c only
    assert legal_json(deal) == [action(2, "8c")]
    assert replay(record_a([*ACTIONS_A[:15], (2, "Js")])) == (15, "must-follow")
    # the refusal names the suit led, for the page to say it in the reader's words
    with pytest.raises(IllegalAction) as refused:
        deal.apply(GAME.action_from_json(action(2, "Js"), None))
    assert refused.value.code == "must-follow" and refused.value.params == {"card": "Js", "led": "c"}
    assert str(refused.value.message).startswith("you must follow suit while you can: Clubs were led")


def test_asking_makes_the_trump_public_and_the_asker_must_trump() -> None:
    start = bid_16("h", (0, "Jc"), (1, "7c"))
    deal = deal_after(start, MIXED)
    assert legal_json(deal)[0] == action(2, "reveal")
    deal = deal_after([*start, (2, "reveal")], MIXED)
    assert all(deal.view(s).trump == "h" for s in range(4))
    assert deal.reveal == (2, 0)
    assert legal_json(deal) == [action(2, "Th"), action(2, "Kh")]
    assert replay(record_a([*start, (2, "reveal"), (2, "Js")], MIXED)) == (len(start) + 1, "must-trump")
    # after the reveal no one must trump: seat 3, void in clubs, may play any card
    deal = deal_after([*start, (2, "reveal"), (2, "Th")], MIXED)
    assert len(legal_json(deal)) == 8
    deal = deal_after([*start, (2, "reveal"), (2, "Th"), (3, "8s")], MIXED)
    assert deal.tricks[0][:3] == (0, 2, 4)  # Th, a trump, beats the Jc led


def test_an_asker_without_a_trump_plays_any_card() -> None:
    deal = deal_after(bid_16("h", (0, "Jh"), (1, "reveal")), SUITED)
    assert len(legal_json(deal)) == 8


def test_asking_is_refused_when_leading_following_or_already_asked() -> None:
    start = bid_16("h")
    assert replay(record_a([*start, (0, "reveal")], MIXED)) == (len(start), "cannot-ask")
    start = bid_16("h", (0, "Jc"))
    assert replay(record_a([*start, (1, "reveal")], MIXED)) == (len(start), "cannot-ask")
    start = bid_16("h", (0, "Jc"), (1, "7c"), (2, "reveal"), (2, "Th"))
    assert replay(record_a([*start, (3, "reveal")], MIXED)) == (len(start), "cannot-ask")


def test_the_bidder_may_ask_too() -> None:
    # seat 3 wins trick 0 and leads a spade; the bidder (seat 0) holds none
    deal = deal_after(bid_16("h", (0, "8d"), (1, "Ad"), (2, "Td"), (3, "Jd"), (3, "7s")), MIXED)
    assert deal.to_act() == 0 and legal_json(deal)[0] == action(0, "reveal")


def test_the_bidder_may_not_lead_the_hidden_trump() -> None:
    deal = deal_after(bid_16("h"), MIXED)
    assert {a["card"] for a in legal_json(deal)} == {"Jc", "9c", "Ac", "Tc", "8d", "7d"}
    assert replay(record_a(bid_16("h", (0, "Jh")), MIXED)) == (7, "trump-lead")


def test_unless_it_holds_only_trumps() -> None:
    deal = deal_after(bid_16("h"), SUITED)
    assert len(legal_json(deal)) == 8


def test_unless_another_seat_has_led_a_trump() -> None:
    # seat 3 wins trick 0 and leads Qh (a trump, still hidden); seat 0 wins with Jh and may lead 7h
    plays = [(0, "8d"), (1, "Ad"), (2, "Td"), (3, "Jd"), (3, "Qh"), (0, "Jh"), (1, "Ah"), (2, "Kh")]
    deal = deal_after(bid_16("h", *plays), MIXED)
    assert deal.to_act() == 0 and deal.reveal is None
    assert action(0, "7h") in legal_json(deal)


def test_a_hidden_trump_stays_hidden_all_deal_and_is_shown_at_the_end() -> None:
    plays = [(s, f"{r}{suit}") for r in ORDER for s, suit in enumerate("hcds")]
    deal = deal_after(bid_16("h", *plays), SUITED)
    assert deal.is_over() and deal.reveal is None
    assert all(deal.view(s).trump == "h" for s in range(4))
    result = deal.result() or {}
    assert result["trump"] == "h" and result["reveal"] is None
    # all eight tricks earn nothing extra
    assert result["points"] == [28, 0] and result["game_points"] == [1, 0]


# -- the pair -------------------------------------------------------------------------------------


def test_the_pair_needs_a_trick_won_by_the_team() -> None:
    # HANDS_10: seat 1 holds Ks Qs; at 25 the trump is revealed but its team has won nothing yet
    assert replay(record_a([*ACTIONS_A[:25], (1, "pair")], HANDS_10)) == (25, "cannot-pair")


def test_the_pair_once_per_deal() -> None:
    # after its pair at 29 seat 2 still holds Ks Qs when it leads trick 4 at 31
    assert replay(record_a([*ACTIONS_A[:31], (2, "pair")])) == (31, "cannot-pair")


def test_the_pair_may_be_declared_when_leading() -> None:
    actions = [a for i, a in enumerate(ACTIONS_A) if i != 29]
    actions.insert(30, (2, "pair"))
    assert actions[31] == (2, "Ah")
    result = result_of(record_a(actions))
    assert result["pair"] == {"seat": 2, "effect": -4} and result["target"] == 15


def test_the_pair_is_refused_before_the_reveal_and_without_the_cards() -> None:
    assert replay(record_a([*ACTIONS_A[:13], (0, "pair")])) == (13, "cannot-pair")
    assert replay(record_a([*ACTIONS_A[:26], (2, "pair")])) == (26, "not-your-turn")  # seat 3 leads
    assert replay(record_a([*ACTIONS_A[:27], (0, "pair")])) == (27, "cannot-pair")  # no Ks Qs
    assert replay(record_a([*ACTIONS_A[:28], (1, "pair")])) == (28, "cannot-pair")


# -- score ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scores", "winner"),
    [((5, 0), None), ((6, 0), 0), ((7, -2), 0), ((0, 6), 1), ((-6, 0), 1), ((0, -6), 0), ((-5, 5), None)],
)
def test_the_match_is_won_at_plus_six_and_lost_at_minus_six(
    scores: tuple[int, int], winner: int | None
) -> None:
    assert MATCH_POINTS == 6
    assert match_winner(scores) == winner


def test_game_points_add_up_to_the_match() -> None:
    made = result_of(record_a())
    failed = result_of(record_a([a for i, a in enumerate(ACTIONS_A) if i != 29]))
    assert match_after((0, 0), made) == (2, 0)
    assert match_after((4, 3), made) == (6, 3) and match_winner((6, 3)) == 0
    assert match_after((-5, 1), failed) == (-7, 1) and match_winner((-7, 1)) == 1


def test_returns_move_the_game_points_between_the_teams() -> None:
    deal = deal_after(ACTIONS_A)
    outcome = deal.outcome()
    assert outcome is not None and outcome.returns == (2, -2, 2, -2) and outcome.winner == 2
    failed = deal_after([a for i, a in enumerate(ACTIONS_A) if i != 29]).outcome()
    assert failed is not None and failed.returns == (-2, 2, -2, 2) and failed.winner == 3


# -- options --------------------------------------------------------------------------------------


def test_min_bid_option() -> None:
    record = record_a([(0, "14")])
    assert replay(record) == (0, "bid-range")
    record["options"] = {"min_bid": 14}
    assert replay(record) == {"finished": False, "phase": "auction", "to_act": 1}
    record["options"] = {"min_bid": 15}
    assert replay(record) == (0, "bid-range")


def test_last_trick_point_option() -> None:
    record = record_a()
    record["options"] = {"last_trick_point": True}
    result = result_of(record)
    assert result["points"] == [18, 11] and result["tricks"][7]["points"] == 7
    auction_26 = [(0, "16"), (1, "17"), (0, "17"), (1, "pass"), (2, "18"), (0, "pass"), (3, "19")]
    auction_29 = [*auction_26, (2, "29"), (3, "pass")]
    record = record_a(with_auction(auction_29)[:28], HANDS_10)
    assert replay(record) == (7, "bid-range")
    record["options"] = {"last_trick_point": True}
    deal, actions = GAME.deal_from_record(record)
    for a in actions:
        deal.apply(a)
    deal.apply(GAME.action_from_json({"do": "pair"}, 1))
    assert deal.target == 29


def test_double_and_pair_options() -> None:
    record = record_a([*ACTIONS_A[:10], *ACTIONS_A[13:]])
    assert replay(record) == (10, "not-your-turn")
    record["options"] = {"double": False}
    result = result_of(record)
    assert result["multiplier"] == 1 and result["game_points"] == [1, 0]
    record = record_a()
    record["options"] = {"pair": False}
    assert replay(record) == (29, "cannot-pair")


def test_options_write_only_what_differs() -> None:
    deal = GAME.new_deal(3, options={"min_bid": 16, "pair": False})
    assert deal.to_record()["options"] == {"pair": False}
    assert "options" not in GAME.new_deal(3).to_record()


# -- information ----------------------------------------------------------------------------------


def test_hidden_from_counts_other_hands_and_ones_own_undealt_four() -> None:
    deal = deal_after(ACTIONS_A[:2])
    hidden = deal.hidden_from(0)
    assert sum(hidden.values()) == 28 and "9c" in hidden and "Jc" not in hidden
    deal = deal_after(ACTIONS_A[:21])  # two tricks played, seat 0 holds six cards
    hidden = deal.hidden_from(0)
    assert sum(hidden.values()) == 32 - 8 - 6 and "Jc" not in hidden and "Jh" in hidden


def test_every_action_but_the_trump_is_public() -> None:
    for seat, what in ACTIONS_A:
        obj = action(seat, what)
        for viewer in range(4):
            shown = GAME.redact(obj, seat, viewer)
            assert shown == obj or (obj["do"] == "trump" and viewer != seat)


def test_a_last_card_with_nothing_else_to_do_plays_itself() -> None:
    deal = deal_after(ACTIONS_A[:43])  # trick 7: seat 3 leads its last card, the trump revealed
    assert deal.forced_action() == GAME.action_from_json({"do": "play", "card": "Kc"}, 3)
    # with the trump still hidden a seat that cannot follow may ask: its last card is a choice
    plays = [(s, f"{r}{suit}") for r in ORDER[:7] for s, suit in enumerate("hcds")]
    deal = deal_after(bid_16("h", *plays, (0, "7h")), SUITED)
    assert deal.to_act() == 1 and legal_json(deal) == [action(1, "reveal"), action(1, "7c")]
    assert deal.forced_action() is None
    assert deal_after(bid_16("h"), SUITED).forced_action() is None
