"""The spec's worked examples (Deal A and the table of cases 1-12), each as a test, through ``cardavia
replay``'s engine (the record as a file holds it)."""

from __future__ import annotations

from typing import Any

from twenty_nine_helpers import ACTIONS_A, HANDS_A, action, record_a, replay, swapped, with_auction

from cardavia.games.twenty_nine import GAME, TwentyNineDeal


def deal_after(actions: list[tuple[int, str]], hands: list[str] | None = None) -> TwentyNineDeal:
    """The deal of Deal A's hands (or ``hands``) after ``actions``, each applied (all must be legal)."""
    deal, parsed = GAME.deal_from_record(record_a(actions, hands))
    for a in parsed:
        deal.apply(a)
    return deal


def legal_json(deal: TwentyNineDeal) -> list[dict[str, Any]]:
    return [a.to_json() for a in deal.legal_actions()]


def test_1_deal_a() -> None:
    result = replay(record_a())
    assert result == {
        "finished": True,
        "annulled": False,
        "bidder": 2,
        "bid": 19,
        "multiplier": 2,
        "trump": "s",
        "reveal": {"seat": 0, "trick": 2},
        "pair": {"seat": 2, "effect": -4},
        "target": 15,
        "points": [17, 11],
        "made": True,
        "game_points": [2, 0],
        "next_dealer": 0,
        "tricks": [
            {"leader": 0, "winner": 0, "points": 3},
            {"leader": 0, "winner": 2, "points": 5},
            {"leader": 2, "winner": 3, "points": 4},
            {"leader": 3, "winner": 2, "points": 3},
            {"leader": 2, "winner": 1, "points": 5},
            {"leader": 1, "winner": 2, "points": 0},
            {"leader": 2, "winner": 3, "points": 2},
            {"leader": 3, "winner": 2, "points": 6},
        ],
    }


def test_deal_a_auction_step_by_step() -> None:
    """The spec's auction: 0 opens 16, 1 raises, 0 holds, 1 passes, 2 challenges, 0 passes so 2
    defends at 18, 3 raises to 19, 2 holds, 3 passes: S2 bids 19."""
    deal = deal_after(ACTIONS_A[:5])
    assert (deal.defender, deal.challenger, deal.bid, deal.to_act()) == (0, 2, 18, 0)
    deal = deal_after(ACTIONS_A[:6])
    assert (deal.defender, deal.challenger, deal.bid, deal.to_act()) == (2, 3, 18, 3)
    deal = deal_after(ACTIONS_A[:9])
    assert (deal.bidder, deal.bid, deal.phase, deal.to_act()) == (2, 19, "trump", 2)
    assert sum(1 for _, b in deal.calls if b is None) == 3


def test_2_deal_a_without_the_pair() -> None:
    result = replay(record_a([a for i, a in enumerate(ACTIONS_A) if i != 29]))
    assert isinstance(result, dict)
    assert (result["target"], result["made"], result["game_points"]) == (19, False, [-2, 0])
    assert result["pair"] is None and result["points"] == [17, 11]


def test_3_opening_and_bid_range() -> None:
    assert replay(record_a([(0, "pass")])) == (0, "must-open")
    assert replay(record_a([(0, "16"), (1, "16")])) == (1, "bid-range")
    assert replay(record_a([(0, "16"), (1, "17"), (0, "16")])) == (2, "bid-range")
    legal = legal_json(deal_after(ACTIONS_A[:2]))
    assert legal == [action(0, str(v)) for v in range(17, 29)] + [action(0, "pass")]


def test_4_bidder_may_not_lead_the_hidden_trump() -> None:
    assert replay(record_a([*ACTIONS_A[:21], (2, "9s")])) == (21, "trump-lead")
    assert action(2, "9s") not in legal_json(deal_after(ACTIONS_A[:21]))


def test_5_a_trump_played_before_the_ask_wins_the_trick() -> None:
    deal = deal_after(ACTIONS_A[:26])
    leader, winner, points, plays = deal.tricks[2]
    assert (leader, winner, points) == (2, 3, 4)
    assert [s for s, _ in plays] == [2, 3, 0, 1]
    assert deal.reveal == (0, 2)  # asked at trick 2, after S3's Ts: that Ts still counts as a trump


def test_6_a_hidden_trump_has_no_power() -> None:
    deal = deal_after([*ACTIONS_A[:23], (0, "Kd"), (1, "Jh")])
    assert deal.tricks[2][:3] == (2, 1, 4)
    assert deal.reveal is None and deal.view(1).trump is None


def test_7_the_asker_must_trump() -> None:
    assert replay(record_a([*ACTIONS_A[:24], (0, "Kd")])) == (24, "must-trump")
    assert legal_json(deal_after(ACTIONS_A[:24])) == [action(0, "7s")]


def test_8_asking_and_the_pair_when_not_allowed() -> None:
    assert replay(record_a([*ACTIONS_A[:18], (1, "reveal")])) == (18, "cannot-ask")
    assert replay(record_a([*ACTIONS_A[:21], (2, "pair")])) == (21, "cannot-pair")


def test_9_doubling_and_redoubling() -> None:
    assert replay(record_a([*ACTIONS_A[:10], (1, "double")])) == (10, "not-your-turn")
    redoubled = [*ACTIONS_A[:10], (3, "pass"), (1, "double"), (2, "redouble"), *ACTIONS_A[13:]]
    result = replay(record_a(redoubled))
    assert isinstance(result, dict)
    assert (result["multiplier"], result["game_points"]) == (4, [4, 0])


HANDS_10 = swapped(HANDS_A, ("Qh", "Ks"), ("Kh", "Qs"))


def test_10_opponents_pair() -> None:
    deal = deal_after(ACTIONS_A[:28], HANDS_10)
    assert action(1, "pair") in legal_json(deal)
    deal.apply(GAME.action_from_json({"do": "pair"}, 1))
    assert deal.target == 23 and deal.pair == (1, 4)
    assert deal.view(3).target == 23


def test_11_the_pair_target_capped_and_the_bidders_floor() -> None:
    auction_26 = [(0, "16"), (1, "17"), (0, "17"), (1, "pass"), (2, "18"), (0, "pass"), (3, "19")]
    auction_26 += [(2, "26"), (3, "pass")]
    deal = deal_after(with_auction(auction_26)[:28], HANDS_10)
    assert deal.bid == 26
    deal.apply(GAME.action_from_json({"do": "pair"}, 1))
    assert deal.target == 28
    auction_18 = [(0, "16"), (1, "17"), (0, "17"), (1, "pass"), (2, "18"), (0, "pass"), (3, "pass")]
    actions_18 = with_auction(auction_18)
    assert actions_18[27] == (2, "pair")
    assert replay(record_a(actions_18)) == (27, "cannot-pair")


HANDS_12 = swapped(HANDS_A, ("Jc", "Kc"), ("Ac", "Qd"), ("7d", "8h"), ("8d", "7s"))


def test_12_eldest_without_a_point_card_annuls_the_deal() -> None:
    assert HANDS_12[0].split()[:4] == ["Kc", "Qd", "8h", "7s"]
    assert replay(record_a([], HANDS_12)) == {
        "finished": True,
        "annulled": True,
        "reason": "eldest-pointless",
        "game_points": [0, 0],
        "next_dealer": 3,
    }
    assert replay(record_a([(0, "16")], HANDS_12)) == (0, "deal-over")
    assert replay(record_a([(1, "pass")], HANDS_12)) == (0, "deal-over")
