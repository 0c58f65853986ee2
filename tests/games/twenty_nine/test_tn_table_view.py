"""What a table needs in a seat's view beside the legal actions (so that no page works a rule out):
the bid a defender would hold at, the seat that asked and must trump, the target its pair would set and
the points of the trick being played."""

from __future__ import annotations

from test_tn_examples import deal_after
from twenty_nine_helpers import ACTIONS_A


def test_hold_is_the_current_bid_for_the_defender_facing_a_raise() -> None:
    deal = deal_after(ACTIONS_A[:2])  # 0 opened 16, 1 raised to 17: 0 may hold at 17
    view = deal.view(0).to_json()
    assert view["hold"] == 17
    assert {"seat": 0, "do": "bid", "value": 17} in view["legal"]
    # the challenger raises, it never holds; a seat not to act has no hold
    assert deal_after(ACTIONS_A[:1]).view(1).to_json()["hold"] is None
    assert [deal.view(s).to_json()["hold"] for s in (1, 2, 3)] == [None, None, None]


def test_the_opening_has_no_hold() -> None:
    deal = deal_after([])
    assert deal.view(deal.eldest).to_json()["hold"] is None


def test_asker_now_is_public_until_the_asker_plays() -> None:
    deal = deal_after(ACTIONS_A[:24])  # S0 asked in trick 2
    assert [deal.view(s).to_json()["asker_now"] for s in range(4)] == [0, 0, 0, 0]
    assert deal.view(0).to_json()["legal"] == [{"seat": 0, "do": "play", "card": "7s"}]
    deal = deal_after(ACTIONS_A[:25])
    assert [deal.view(s).to_json()["asker_now"] for s in range(4)] == [None] * 4


def test_pair_target_is_given_exactly_when_the_pair_may_be_declared() -> None:
    deal = deal_after(ACTIONS_A[:29])  # S2 may declare: bid 19, its team won a trick
    view = deal.view(2).to_json()
    assert {"seat": 2, "do": "pair"} in view["legal"]
    assert view["pair_target"] == 15
    assert all(deal.view(s).to_json()["pair_target"] is None for s in (0, 1, 3))
    deal = deal_after(ACTIONS_A[:30])
    assert deal.view(2).to_json()["pair_target"] is None  # declared: once per deal


def test_trick_points_count_the_trick_being_played() -> None:
    deal = deal_after(ACTIONS_A[:15])  # Jc 8h: 3 points so far
    assert [deal.view(s).to_json()["trick_points"] for s in range(4)] == [3] * 4
    deal = deal_after(ACTIONS_A[:17])  # the trick is over: a new one is empty
    assert deal.view(0).to_json()["trick_points"] == 0
    assert deal.view(0).to_json()["tricks"][0]["points"] == 3


def test_one_friend_is_invited_as_the_partner() -> None:
    from cardavia.games.twenty_nine import GAME

    assert GAME.profile.invite_order == (2, 1, 3)  # the partner across first, then the opponents
    assert sorted(GAME.profile.invite_order) == [1, 2, 3]


def test_the_series_is_the_match_to_six() -> None:
    from cardavia.games.twenty_nine import GAME

    def made(team: int, m: int) -> dict[str, object]:
        points = [0, 0]
        points[team] = m
        return {"game_points": points}

    assert GAME.series([]) == {"scores": [0, 0], "won": None, "matches": [0, 0], "to": 6}
    annulled = {"game_points": [0, 0]}
    lost = {"game_points": [0, -2]}
    assert GAME.series([made(0, 2), annulled, lost])["scores"] == [2, -2]
    # team 0 reaches 6: the match is won and shown at its final score, then a new one starts
    won = [made(0, 4), made(0, 2)]
    assert GAME.series(won) == {"scores": [6, 0], "won": 0, "matches": [1, 0], "to": 6}
    assert GAME.series([*won, made(1, 1)]) == {"scores": [0, 1], "won": None, "matches": [1, 0], "to": 6}
    # a team at -6 loses: the other team wins the match
    assert GAME.series([made(1, -4), made(1, -2)])["won"] == 0
