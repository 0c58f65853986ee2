"""Tricks: the spec's worked examples, turn order, following, early death and every illegal play."""

from __future__ import annotations

import pytest
from tien_gow_helpers import deal_of, down, up

from cardavia.games.errors import IllegalAction
from cardavia.games.tien_gow import TienGowDeal, make_play
from cardavia.games.tien_gow.options import Options


def refused(deal: TienGowDeal, play: object, code: str) -> IllegalAction:
    """Apply an illegal play: it raises ``code`` and leaves the deal exactly as it was."""
    before = (deal.to_record(), deal.view(0).to_json(), deal.view(1).to_json(), deal.to_act())
    with pytest.raises(IllegalAction) as err:
        deal.apply(play)  # type: ignore[arg-type]
    assert err.value.code == code, err.value.message
    assert (deal.to_record(), deal.view(0).to_json(), deal.view(1).to_json(), deal.to_act()) == before
    assert play not in deal.legal_actions()
    return err.value


def test_lead_2_2_plum_up_3_3_must_go_down_heaven_up_wins() -> None:
    deal = deal_of(["2-2", "5-5", "3-3", "6-6"], banker=0)
    deal.apply(up(0, "2-2"))
    deal.apply(up(1, "5-5"))
    err = refused(deal, up(2, "3-3"), "cannot-beat-lower")
    assert err.message == "3-3 cannot beat Plum 5-5: it ranks lower"
    assert err.params == {"tiles": ["3-3"], "high": ["5-5"]}
    deal.apply(down(2, "3-3"))
    deal.apply(up(3, "6-6"))
    assert deal.columns == (0, 0, 0, 1)
    assert deal.to_act() == 3  # the winner leads the next trick
    last = deal.view(0).tricks[-1]
    assert (last.leader, last.winner, last.size) == (0, 3, 1)


def test_lead_4_5_tie_and_other_type_go_down_leader_wins() -> None:
    deal = deal_of(["4-5", "3-6", "6-6", "2-6"], banker=0)
    deal.apply(up(0, "4-5"))
    refused(deal, up(1, "3-6"), "cannot-beat-equal")
    deal.apply(down(1, "3-6"))
    refused(deal, up(2, "6-6"), "cannot-beat-type")
    deal.apply(down(2, "6-6"))
    refused(deal, up(3, "2-6"), "cannot-beat-lower")
    deal.apply(down(3, "2-6"))
    assert deal.columns == (1, 0, 0, 0) and deal.to_act() == 0


def test_lead_man_pair_earth_pair_wins() -> None:
    deal = deal_of(["4-4 4-4", "6-6 4-5", "1-3 1-3", "1-1 1-1"], banker=0)
    deal.apply(up(0, "4-4 4-4"))
    refused(deal, up(1, "6-6 4-5"), "cannot-beat-type")  # a mixed pair is another type
    deal.apply(down(1, "6-6 4-5"))
    refused(deal, up(2, "1-3 1-3"), "cannot-beat-lower")
    deal.apply(down(2, "1-3 1-3"))
    deal.apply(up(3, "1-1 1-1"))
    assert deal.columns == (0, 0, 0, 2)


def test_lead_man_seven_then_earth_eight_then_heaven_nine_wins() -> None:
    deal = deal_of(["4-4 3-4", "4-4 2-5", "1-1 2-6", "6-6 3-6"], banker=0)
    deal.apply(up(0, "4-4 3-4"))
    refused(deal, up(1, "4-4 2-5"), "cannot-beat-equal")
    deal.apply(down(1, "4-4 2-5"))
    deal.apply(up(2, "1-1 2-6"))
    deal.apply(up(3, "6-6 3-6"))
    assert deal.columns == (0, 0, 0, 2)


def test_lead_earth_triple_heaven_triple_wins() -> None:
    deal = deal_of(["1-1 1-1 3-5", "4-4 3-4 2-5", "6-6 6-6 3-6", "1-3 1-3 2-3"], banker=0)
    deal.apply(up(0, "1-1 1-1 3-5"))
    refused(deal, up(1, "4-4 3-4 2-5"), "cannot-beat-type")  # 1C+2M against 2C+1M
    deal.apply(down(1, "4-4 3-4 2-5"))
    deal.apply(up(2, "6-6 6-6 3-6"))
    refused(deal, up(3, "1-3 1-3 2-3"), "cannot-beat-lower")
    deal.apply(down(3, "1-3 1-3 2-3"))
    assert deal.columns == (0, 0, 3, 0) and deal.to_act() == 2


def test_play_goes_counter_clockwise_from_the_banker() -> None:
    deal = deal_of(["", "", "", ""], banker=2)
    assert deal.to_act() == 2
    order = []
    for _ in range(4):
        seat = deal.to_act()
        assert seat is not None
        order.append(seat)
        deal.apply(deal.legal_actions()[0])
    assert order == [2, 3, 0, 1]


def test_clockwise_option_reverses_the_order() -> None:
    deal = deal_of(["", "", "", ""], banker=2, options=Options(turn_order="clockwise"))
    order = []
    for _ in range(4):
        seat = deal.to_act()
        assert seat is not None
        order.append(seat)
        deal.apply(deal.legal_actions()[-1])
    assert order == [2, 1, 0, 3]


def test_not_your_turn_and_wrong_counts() -> None:
    deal = deal_of(["6-6 1-1", "5-5 3-3", "", ""], banker=0)
    err = refused(deal, up(1, "5-5"), "not-your-turn")
    assert err.params == {"seat": 1, "to_act": 0}
    refused(deal, make_play(0, [], True), "no-tiles")
    deal.apply(up(0, "6-6"))
    err = refused(deal, down(1, "5-5 3-3"), "wrong-count")
    assert err.message == "play as many tiles as the leader: 1 tile, not 2 tiles"


def test_tiles_not_in_hand() -> None:
    deal = deal_of(["6-6 1-1", "6-6", "", ""], banker=0)
    err = refused(deal, up(0, "4-4"), "not-in-hand")
    assert err.message == "Man 4-4 is not in your hand" and err.params == {"tile": "4-4"}
    refused(deal, up(0, "6-6 6-6"), "too-many-copies")
    refused(deal, up(0, "1-3 1-3"), "not-in-hand")
    refused(deal, up(0, "1-2 1-2"), "too-many-copies")  # it holds the only 1-2


def test_the_leader_plays_a_group_face_up() -> None:
    deal = deal_of(["6-6 4-5 5-5 4-6 2-4 1-2 3-3 3-5", "", "", ""], banker=0)
    refused(deal, down(0, "6-6"), "lead-face-down")
    err = refused(deal, up(0, "5-5 4-6"), "not-a-group-kinds")
    assert err.message == "that is not a group: 5-5 and 4-6 are different kinds"
    err = refused(deal, up(0, "6-6 3-5"), "not-a-group-partner")
    assert err.message == "that is not a group: Heaven 6-6 goes only with a nine"
    refused(deal, up(0, "3-3 2-4"), "not-a-group-no-partner")
    refused(deal, up(0, "4-5 2-4"), "not-a-group-kinds")
    refused(deal, up(0, "6-6 4-5 5-5 4-6 2-4"), "lead-too-many")
    deal.apply(up(0, "2-4 1-2"))  # the Supreme


def test_after_a_supreme_lead_everyone_plays_face_down() -> None:
    deal = deal_of(["2-4 1-2", "4-5 3-6", "6-6 6-6", ""], banker=0)
    deal.apply(up(0, "2-4 1-2"))
    assert all(not p.face_up for p in deal.legal_actions())
    refused(deal, up(1, "4-5 3-6"), "cannot-beat-supreme")
    deal.apply(down(1, "4-5 3-6"))
    refused(deal, up(2, "6-6 6-6"), "cannot-beat-supreme")


def test_a_followers_supreme_is_a_face_down_discard() -> None:
    deal = deal_of(["1-4 2-3", "2-4 1-2", "", ""], banker=0)
    deal.apply(up(0, "1-4 2-3"))
    refused(deal, up(1, "2-4 1-2"), "supreme-follows-down")
    assert down(1, "2-4 1-2") in deal.legal_actions()


def test_a_follower_may_go_face_down_even_when_it_could_beat() -> None:
    deal = deal_of(["1-5", "6-6", "", ""], banker=0)
    deal.apply(up(0, "1-5"))
    legal = deal.legal_actions()
    assert up(1, "6-6") in legal and down(1, "6-6") in legal
    deal.apply(down(1, "6-6"))
    assert deal.view(2).trick[-1].face_up is False


def test_follow_enumeration_counts() -> None:
    # the spec hand follows a single Board: Heaven and Goose up, or any of its 7 kinds down
    deal = deal_of(["2-2", "6-6 6-6 4-5 3-6 1-3 2-3 2-4 1-2", "", ""], banker=0)
    deal.apply(up(0, "2-2"))
    legal = deal.legal_actions()
    assert [p for p in legal if p.face_up] == [up(1, "1-3"), up(1, "6-6")]
    assert len(legal) == 2 + 7
    # 2, 3 and 4 tiles face down: multisets of 7 kinds with Heaven twice
    for size, lead, count in [(2, "2-2 2-2", 22), (3, "1-1 1-1 3-5", 41), (4, "1-1 1-1 3-5 2-6", 50)]:
        deal = deal_of([lead, "6-6 6-6 4-5 3-6 1-3 2-3 2-4 1-2", "", ""], banker=0)
        deal.apply(up(0, lead))
        legal = deal.legal_actions()
        ups = [p for p in legal if p.face_up]
        assert len(legal) - len(ups) == count, size
        assert len({(p.tiles, p.face_up) for p in legal}) == len(legal)
    # over an Earth pair the spec hand can only raise with its Heaven pair
    deal = deal_of(["1-1 1-1", "6-6 6-6 4-5 3-6 1-3 2-3 2-4 1-2", "", ""], banker=0)
    deal.apply(up(0, "1-1 1-1"))
    assert [p for p in deal.legal_actions() if p.face_up] == [up(1, "6-6 6-6")]


def _to_final_single(p0_last: str, p1: str) -> TienGowDeal:
    """Seat 0 leads its Heaven quartet and Earth triple, everyone else discards; then 1 tile each."""
    deal = deal_of(["6-6 6-6 4-5 3-6 1-1 1-1 3-5 " + p0_last, p1, "", ""], banker=0)
    deal.apply(up(0, "6-6 6-6 4-5 3-6"))
    for _ in range(3):
        deal.apply(deal.legal_actions()[-1])
    deal.apply(up(0, "1-1 1-1 3-5"))
    for _ in range(3):
        seat = deal.to_act()
        keep = {1: p1.split()[0]}.get(seat or 0)
        deal.apply(next(p for p in deal.legal_actions() if keep is None or keep not in p.codes))
    assert deal.hand_sizes == (1, 1, 1, 1)
    return deal


def test_early_death_a_follower_without_a_column_must_go_down_on_a_final_single() -> None:
    deal = _to_final_single("1-5", "5-5")
    deal.apply(up(0, "1-5"))
    assert deal.columns[1] == 0
    assert list(deal.legal_actions()) == [down(1, "5-5")]
    err = refused(deal, up(1, "5-5"), "early-death")
    assert "final single trick" in err.message
    deal.apply(down(1, "5-5"))
    while not deal.is_over():
        deal.apply(deal.legal_actions()[0])
    result = deal.result()
    assert result is not None and result["winner"] == 0 and result["columns"] == [8, 0, 0, 0]


def test_a_player_without_a_column_may_win_a_final_pair() -> None:
    deal = deal_of(["6-6 6-6 4-5 3-6 1-1 1-1 1-5 1-5", "5-5 5-5", "", ""], banker=0)
    deal.apply(up(0, "6-6 6-6 4-5 3-6"))
    for _ in range(3):
        deal.apply(next(p for p in deal.legal_actions() if "5-5" not in p.codes))
    deal.apply(up(0, "1-1 1-1"))
    for _ in range(3):
        deal.apply(next(p for p in deal.legal_actions() if "5-5" not in p.codes))
    deal.apply(up(0, "1-5 1-5"))
    assert deal.columns[1] == 0
    deal.apply(up(1, "5-5 5-5"))
    deal.apply(deal.legal_actions()[-1])
    deal.apply(deal.legal_actions()[-1])
    result = deal.result()
    assert result is not None
    assert result["winner"] == result["next_banker"] == 1
    assert result["columns"] == [6, 2, 0, 0]


def test_playing_after_the_end_is_refused() -> None:
    deal = _to_final_single("1-5", "5-5")
    for _ in range(4):
        deal.apply(deal.legal_actions()[0])
    assert deal.is_over() and deal.to_act() is None and len(deal.legal_actions()) == 0
    with pytest.raises(IllegalAction) as err:
        deal.apply(up(0, "1-5"))
    assert err.value.code == "deal-over"


def _discard_keeping(deal: TienGowDeal, keep: str) -> None:
    """The seat to act puts face down tiles none of which is in ``keep``."""
    kept = set(keep.split())
    deal.apply(next(p for p in deal.legal_actions() if not p.face_up and not kept & set(p.codes)))


def test_a_player_without_a_column_may_win_a_final_triple() -> None:
    deal = deal_of(["6-6 6-6 4-5 3-6 4-4 1-3 1-3 2-3", "1-1 1-1 3-5", "", ""], banker=0)
    for lead in ["6-6 6-6 4-5 3-6", "4-4"]:
        deal.apply(up(0, lead))
        for _ in range(3):
            _discard_keeping(deal, "1-1 3-5")
    deal.apply(up(0, "1-3 1-3 2-3"))
    assert deal.columns[1] == 0
    deal.apply(up(1, "1-1 1-1 3-5"))
    deal.apply(deal.legal_actions()[-1])
    deal.apply(deal.legal_actions()[-1])
    result = deal.result()
    assert result is not None and result["winner"] == 1 and result["columns"] == [5, 3, 0, 0]
    # the banker's quartet paid at once; the winner owes the banker a doubled surplus of 1
    assert result["immediate"] == [24, -8, -8, -8]
    assert result["settlement"] == [2, 8, -5, -5]


def test_a_player_without_a_column_may_win_a_final_quartet_and_collects_for_it() -> None:
    deal = deal_of(["4-4 4-4 3-4 2-5 1-3 1-3 1-4 2-3", "6-6 6-6 4-5 3-6", "", ""], banker=0)
    deal.apply(up(0, "4-4 4-4 3-4 2-5"))
    for _ in range(3):
        _discard_keeping(deal, "6-6 4-5 3-6")
    deal.apply(up(0, "1-3 1-3 1-4 2-3"))
    assert deal.columns[1] == 0
    deal.apply(up(1, "6-6 6-6 4-5 3-6"))
    deal.apply(deal.legal_actions()[-1])
    deal.apply(deal.legal_actions()[-1])
    result = deal.result()
    assert result is not None and result["winner"] == 1 and result["columns"] == [4, 4, 0, 0]
    # both quartets paid at once (the follower's on the final trick too), the banker's share doubled
    assert [t.payments for t in deal.view(2).tricks] == [(24, -8, -8, -8), (-8, 16, -4, -4)]
    # a final trick won by a quartet doubles the settlement, not the immediate payments
    assert result["settlement"] == [0, 20, -10, -10]
    assert result["net"] == [16, 28, -22, -22]
