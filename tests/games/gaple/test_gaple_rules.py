"""Every rule of spec/gaple.md, one test (or a few) each: who opens, the line, the pass and the discard,
the end of the deal, points and the match, the redeal, the stock, what a seat sees, forced actions."""

from __future__ import annotations

import json
from typing import Any

import pytest
from gaple_helpers import ACTIONS_A, HANDS_A, action, actions, record, record_a, record_b
from test_gaple_examples import HANDS_13

from cardavia.games.errors import IllegalAction, RecordError
from cardavia.games.gaple import GAME, LEFT, RIGHT, Action, GapleDeal, GaplePartners, Options, new_deal
from cardavia.games.packs.double_six import BY_CODE, CODES, TOTAL_PIPS
from cardavia.games.protocol import teams_of
from cardavia.games.seats import invite_order


def t(code: str) -> int:
    return BY_CODE[code].index


def deal_of(rec: dict[str, Any], upto: int | None = None) -> GapleDeal:
    """The deal of a record with its first ``upto`` actions applied (all of them by default)."""
    deal, acts = GAME.deal_from_record(rec)
    for a in acts[:upto]:
        deal.apply(a)
    return deal


def refusal(deal: GapleDeal, obj: dict[str, Any]) -> str:
    before = json.dumps([deal.to_record(), [deal.view(s).to_json() for s in range(4)]])
    with pytest.raises(IllegalAction) as error:
        deal.apply(GAME.action_from_json(obj, obj["seat"]))
    assert json.dumps([deal.to_record(), [deal.view(s).to_json() for s in range(4)]]) == before
    return error.value.code


# -- who opens ----------------------------------------------------------------------------------


def test_a_matchs_first_deal_opens_with_0_0_by_its_holder_alone() -> None:
    deal = deal_of(record_a([]))
    assert deal.to_act() == 2 and deal.legal_actions() == [Action(2, "play", t("0-0"))]
    assert deal.forced_action() == Action(2, "play", t("0-0"))  # no choice: the rules play it
    for seed in range(30):
        fresh = new_deal(seed)
        if fresh.is_over():
            continue
        assert fresh.first and t("0-0") in fresh.hands[fresh.to_act() or 0]


def test_the_opening_tile_lies_low_pip_left_and_its_end_is_ignored() -> None:
    rec = record_b([], first=False, leader=0)
    deal = deal_of(rec)
    deal.apply(GAME.action_from_json({"seat": 0, "do": "play", "tile": "6-6", "end": "left"}, 0))
    assert deal.ends == (6, 6) and deal.to_record()["actions"] == [{"seat": 0, "do": "play", "tile": "6-6"}]
    deal = deal_of(record_b([], first=False, leader=0, options={"lead": "any"}))
    deal.apply(GAME.action_from_json({"seat": 0, "do": "play", "tile": "4-0", "end": "right"}, 0))
    assert deal.ends == (0, 4) and deal.view(1).to_json()["line"] == [{"tile": "0-4", "pips": [0, 4]}]


def test_opening_with_6_6_gives_its_holder_the_first_deal() -> None:
    holder = next(s for s, h in enumerate(HANDS_A) if "6-6" in h.split())
    deal = deal_of(record(HANDS_A, [], leader=holder, options={"opening": "6-6"}))
    assert deal.legal_actions() == [Action(holder, "play", t("6-6"))]
    with pytest.raises(RecordError):  # in a first deal the leader is the opening tile's holder
        GAME.deal_from_record(record(HANDS_A, [], leader=2, options={"opening": "6-6"}))


def test_a_later_deal_opens_with_a_double_of_the_winner() -> None:
    deal = deal_of(record_b([], first=False, leader=3))  # S3 holds 0-0
    assert deal.to_act() == 3 and [a.tile for a in deal.legal_actions()] == [t("0-0")]
    assert deal.view(0).without_doubles == ()


def test_a_winner_without_a_double_passes_the_right_to_the_next_seat_that_has_one() -> None:
    hands = [
        "0-1 0-2 0-3 0-4 0-5 0-6 1-2",  # no double
        "1-3 1-4 1-5 1-6 2-3 2-4 2-5",  # no double
        "0-0 1-1 2-6 3-4 3-5 3-6 4-5",
        "2-2 3-3 4-4 5-5 6-6 4-6 5-6",
    ]
    deal = deal_of(record(hands, [], first=False, leader=0, options={"redeal_doubles": False}))
    assert deal.opener == 2 and deal.to_act() == 2 and deal.view(3).without_doubles == (0, 1)
    assert [CODES[a.tile or 0] for a in deal.legal_actions()] == ["0-0", "1-1"]
    # with teams the winner's partner comes next, before the opponent after the winner
    no_redeal = {"teams": True, "redeal_doubles": False}
    teams = deal_of(record(hands, [], first=False, leader=1, options=no_redeal))
    assert teams.opener == 3 and teams.view(0).without_doubles == (1,)


def test_the_right_to_open_goes_partner_then_the_opponent_after_the_winner() -> None:
    hands = [
        "0-1 0-2 0-3 0-4 0-5 0-6 1-2",
        "0-0 1-1 2-6 3-4 3-5 3-6 4-5",
        "1-3 1-4 1-5 1-6 2-3 2-4 2-5",
        "2-2 3-3 4-4 5-5 6-6 4-6 5-6",
    ]
    deal = deal_of(record(hands, [], first=False, leader=0, options={"teams": True, "redeal_doubles": False}))
    assert deal.opener == 1  # partner 2 has none: the opponent after the winner, seat 1, before seat 3


# -- the line -------------------------------------------------------------------------------------


def test_a_tile_goes_to_the_end_it_matches_and_its_other_half_becomes_the_end() -> None:
    deal = deal_of(record_a(), 2)  # 0-0, then 0-6 at the right: (0, 6)
    assert deal.ends == (0, 6)
    deal.apply(Action(0, "play", t("0-3")))  # fits the left end only: no end needed
    assert deal.ends == (3, 6) and deal.log[-1] == Action(0, "play", t("0-3"), LEFT)
    assert [p.to_json()["pips"] for p in deal.view(0).line] == [[3, 0], [0, 0], [0, 6]]


def test_a_tile_that_fits_both_ends_goes_where_its_player_says_and_needs_saying() -> None:
    deal = deal_of(record_a(), 1)  # 0-0 alone: both ends show 0
    assert refusal(deal, {"seat": 3, "do": "play", "tile": "0-6"}) == "end-needed"
    assert [a.end for a in deal.legal_actions() if a.tile == t("0-6")] == [LEFT, RIGHT]
    assert refusal(deal, {"seat": 3, "do": "play", "tile": "6-6", "end": "left"}) == "no-match"


def test_a_tile_named_at_the_end_it_does_not_match_is_refused() -> None:
    deal = deal_of(record_a(), 2)  # ends (0, 6)
    assert refusal(deal, {"seat": 0, "do": "play", "tile": "0-3", "end": "right"}) == "no-match"
    assert refusal(deal, {"seat": 0, "do": "play", "tile": "4-4"}) == "no-match"
    assert refusal(deal, {"seat": 0, "do": "play", "tile": "5-5"}) == "not-in-hand"
    deal.apply(GAME.action_from_json({"seat": 0, "do": "play", "tile": "3-0", "end": "left"}, 0))
    assert deal.ends == (3, 6)


def test_doubles_are_laid_in_line_like_any_tile() -> None:
    deal = deal_of(record_a(), 14)  # after S3 6-6 at the right: the line ends with 6-6 in line
    assert deal.view(0).line[-1].to_json() == {"tile": "6-6", "pips": [6, 6]}


# -- pass and discard -----------------------------------------------------------------------------


def test_a_seat_with_no_tile_that_fits_passes_and_the_pass_is_forced_and_recorded() -> None:
    deal = deal_of(record_a(), 19)
    assert deal.to_act() == 1 and deal.legal_actions() == [Action(1, "pass")]
    assert deal.forced_action() == Action(1, "pass")
    deal.apply(Action(1, "pass"))
    assert deal.to_record()["actions"][-1] == {"seat": 1, "do": "pass"}
    assert deal.view(3).lacks[1] == (4, 5)  # it passed with 4 and 5 at the ends


def test_a_seat_holding_a_tile_that_fits_must_play() -> None:
    deal = deal_of(record_a(), 2)
    assert refusal(deal, {"seat": 0, "do": "pass"}) == "must-play"
    discarding = deal_of(record_a(options={"stuck": "discard"}), 2)
    assert refusal(discarding, {"seat": 0, "do": "discard", "tile": "4-4"}) == "must-play"
    assert refusal(discarding, {"seat": 0, "do": "pass"}) == "bad-action"
    assert refusal(deal, {"seat": 0, "do": "discard", "tile": "4-4"}) == "bad-action"


def test_reasons_come_in_the_specs_order() -> None:
    """bad-action before anything of the action's own; a discard's must-play before not-in-hand; a
    play's not-in-hand before must-open, no-match before end-needed."""
    deal = deal_of(record_a(), 2)  # seat 0 holds 0-3 and 0-4, which fit
    assert refusal(deal, {"seat": 0, "do": "discard", "tile": "6-6"}) == "bad-action"
    discarding = deal_of(record_a(options={"stuck": "discard"}), 2)
    assert refusal(discarding, {"seat": 0, "do": "discard", "tile": "6-6"}) == "must-play"
    assert refusal(deal_of(record_a([])), {"seat": 2, "do": "play", "tile": "6-6"}) == "not-in-hand"
    assert refusal(deal_of(record_a(), 1), {"seat": 3, "do": "play", "tile": "2-4"}) == "no-match"
    assert refusal(deal_of(record_a(), 1), {"seat": 0, "do": "play", "tile": "0-3"}) == "not-your-turn"
    assert refusal(deal_of(record_a()), {"seat": 1, "do": "play", "tile": "1-1"}) == "deal-over"


def test_a_single_tile_that_fits_is_not_forced() -> None:
    deal = deal_of(record_a(), 21)
    assert deal.legal_actions() == [Action(3, "pass")]
    deal.apply(Action(3, "pass"))
    assert len(deal.legal_actions()) >= 1 and deal.forced_action() is None


def test_a_discard_puts_a_tile_face_down_that_others_never_see_before_the_end() -> None:
    acts = actions(ACTIONS_A)
    acts[19] = action("S1 discard 2-2")
    rec = record_a(acts[:20], options={"stuck": "discard"})
    deal = deal_of(rec)
    assert deal.dead[1] == [t("2-2")]
    assert "2-2" not in json.dumps(deal.view(0).to_json())
    assert deal.view(0).to_json()["history"][19] == {"seat": 1, "do": "discard", "ends": [4, 5]}
    assert deal.view(1).to_json()["history"][19]["tile"] == "2-2" and deal.view(1).dead == ("2-2",)
    assert deal.view(2).dead_sizes == (0, 1, 0, 0) and deal.hidden_from(0)["2-2"] == 1
    assert GAME.redact({"seat": 1, "do": "discard", "tile": "2-2"}, 1, 0) == {"seat": 1, "do": "discard"}
    assert GAME.redact({"seat": 1, "do": "discard", "tile": "2-2"}, 1, 1)["tile"] == "2-2"
    assert refusal(deal_of(rec, 19), {"seat": 1, "do": "discard", "tile": "5-5"}) == "not-in-hand"


def test_a_hand_emptied_by_discards_has_not_gone_out_and_is_skipped() -> None:
    seen = 0
    for seed in range(200):
        deal = new_deal(seed, options=Options(stuck="discard"))
        while not deal.is_over():
            deal.apply(deal.legal_actions()[-1])
            last = deal.log[-1]
            if last.do == "discard" and not deal.held[last.seat] and not deal.is_over():
                seen += 1
                emptied = last.seat
                while not deal.is_over():  # skipped for the rest of the deal
                    assert deal.to_act() != emptied
                    deal.apply(deal.legal_actions()[-1])
                result = deal.result()
                assert (result is not None and result["winner"] != emptied) or result["end"] == "blocked"
        result = deal.result()
        assert result is not None
        if not result["annulled"] and result["end"] == "out":
            assert deal.log[-1].do == "play" and not result["hands"][result["winner"]]
    assert seen > 0


# -- the end of the deal ----------------------------------------------------------------------------


def test_out_comes_before_blocked_when_the_last_tile_also_closes_the_line() -> None:
    seen = 0
    for seed in range(400):
        deal = new_deal(seed)
        while not deal.is_over():
            deal.apply(deal.legal_actions()[0])
        result = deal.result()
        assert result is not None
        if result["annulled"] or result["end"] != "out":
            continue
        left, right = result["ends"]
        closed = not any(
            left in (BY_CODE[c].low, BY_CODE[c].high) or right in (BY_CODE[c].low, BY_CODE[c].high)
            for h in result["hands"]
            for c in h
        )
        seen += closed
        assert result["counts"][result["winner"]] == 0 and result["blocker"] is None
    assert seen > 0  # out while no other hand could have played either


def test_a_blocked_deal_ends_at_once_with_no_passes_after_the_block() -> None:
    deal = deal_of(record_b())
    result = deal.result()
    assert result is not None and result["end"] == "blocked" and result["blocker"] == 2
    assert deal.log[-1] == Action(2, "play", t("0-1"), LEFT) and deal.to_act() is None
    assert refusal(deal, {"seat": 3, "do": "pass"}) == "deal-over"


def test_every_tile_is_in_one_place_and_the_pips_add_up() -> None:
    for seed in range(60):
        options = Options(stuck="discard", hand_size=6) if seed % 2 else Options()
        deal = new_deal(seed, options=options)
        while not deal.is_over():
            line = sum(a + b for _, a, b in deal.line)
            counts = sum(BY_CODE[c].pips for s in range(4) for c in deal.view(s).hand) + sum(
                BY_CODE[CODES[x]].pips for d in deal.dead for x in d
            )
            stock = sum(BY_CODE[CODES[x]].pips for x in deal.stock[1:])
            assert line + counts + stock == TOTAL_PIPS
            deal.apply(deal.legal_actions()[-1])


# -- points and the match ---------------------------------------------------------------------------


def test_returns_sum_to_zero_the_winner_taking_each_losers_count() -> None:
    outcome = deal_of(record_a()).outcome()
    assert outcome is not None and outcome.returns == (-4, -6, 22, -12) and outcome.winner == 2
    teams = deal_of(record_a(options={"teams": True})).outcome()
    assert teams is not None and teams.returns == (18, -18, 18, -18)


def test_the_match_carries_from_deal_to_deal_to_its_target_and_a_new_one_starts() -> None:
    game = GAME.for_options({"target": 40})
    deal = game.new_deal(1)
    results = []
    for n in range(40):
        while not deal.is_over():
            deal.apply(deal.legal_actions()[0])
        result = deal.result()
        assert result is not None
        results.append(result)
        series = game.series(results)
        assert series["scores"] == result["scores"] and series["to"] == 40
        if result["match_over"]:
            assert result["next_leader"] is None and game.carry(result) is None and series["won"] is not None
            assert max(result["scores"]) >= 40
        deal = game.new_deal(100 + n, dealer=game.next_dealer(result), carry=game.carry(result))
        assert deal.first == (result["next_leader"] is None)
        assert deal.scores == (tuple(result["scores"]) if not result["match_over"] else (0, 0, 0, 0))
    assert sum(game.series(results)["matches"]) >= 3


def test_a_later_deal_needs_scores_below_the_target_and_a_first_deal_zeros() -> None:
    with pytest.raises(RecordError):
        GAME.new_deal(1, dealer=0, carry={"scores": [201, 0, 0, 0]})
    with pytest.raises(RecordError):
        GAME.new_deal(1, carry={"scores": [5, 0, 0, 0]})
    with pytest.raises(RecordError):
        GAME.new_deal(1, dealer=0, carry={"scores": [1, 2]})
    assert GAME.new_deal(1, dealer=0, carry={"scores": [200, 0, 0, 0]}).scores == (200, 0, 0, 0)


# -- the redeal --------------------------------------------------------------------------------------


def test_five_doubles_annul_the_deal_and_the_right_to_open_does_not_change() -> None:
    later = deal_of(record(HANDS_13, [], first=False, leader=3))
    result = later.result()
    assert later.is_over() and result is not None and result["annulled"] and result["next_leader"] == 3
    outcome = later.outcome()
    assert outcome is not None and outcome.drawn and outcome.returns == (0, 0, 0, 0)
    assert result["shown"] == {"seat": 1, "tiles": ["0-0", "1-1", "2-2", "3-3", "4-4"]}
    assert later.hidden_from(0)["0-1"] == 1 and "0-0" not in later.hidden_from(0)
    six = deal_of(record(HANDS_13, [], first=False, leader=3, options={"redeal_doubles": 6}))
    assert not six.is_over()


def test_six_doubles_annul_under_every_redeal_rule_but_never() -> None:
    hands = [
        "0-0 1-1 2-2 3-3 4-4 5-5 0-1",
        "0-2 0-3 0-4 0-5 0-6 1-2 1-3",
        "1-4 1-5 1-6 2-3 2-4 2-5 2-6",
        "3-4 3-5 3-6 4-5 4-6 5-6 6-6",
    ]
    for rule, annulled in ((5, True), (6, True), (False, False)):
        deal = deal_of(record(hands, [], leader=0, options={"redeal_doubles": rule}))
        assert deal.is_over() == annulled


# -- six tiles and a stock ----------------------------------------------------------------------------


def test_with_six_tiles_the_stock_starts_the_line_and_is_never_shown() -> None:
    deal = new_deal(3, options=Options(hand_size=6))
    up = BY_CODE[CODES[deal.stock[0]]]
    assert deal.ends == (up.low, up.high) and deal.line == [(up.index, up.low, up.high)]
    assert deal.to_act() == deal.leader and deal.opener is None
    assert all(a.end in (LEFT, RIGHT) or a.do != "play" for a in deal.legal_actions())
    assert deal.view(0).stock == 3
    while not deal.is_over():
        deal.apply(deal.legal_actions()[0])
    hidden = deal.hidden_from(0)
    assert sorted(hidden) == sorted(CODES[x] for x in deal.stock[1:])
    shown = json.dumps([deal.view(s).to_json() for s in range(4)])
    assert not any(CODES[x] in shown for x in deal.stock[1:])


# -- what a seat sees ----------------------------------------------------------------------------------


def test_a_view_shows_its_own_tiles_and_counts_of_the_others() -> None:
    deal = deal_of(record_a(), 3)
    view = deal.view(1).to_json()
    assert view["hand"] == ["0-5", "1-1", "1-2", "2-2", "2-6", "3-3", "3-4"]
    assert view["hand_sizes"] == [6, 7, 6, 6] and view["ends"] == [3, 6] and view["to_act"] == 1
    assert view["legal"] == [
        {"seat": 1, "do": "play", "tile": "2-6", "end": "right"},
        {"seat": 1, "do": "play", "tile": "3-3", "end": "left"},
        {"seat": 1, "do": "play", "tile": "3-4", "end": "left"},
    ]
    assert deal.view(0).to_json()["legal"] == []
    others = {c for s in (0, 2, 3) for c in deal.view(s).hand}
    assert not others & set(strings(view))


def strings(obj: object) -> list[str]:
    from json_strings import strings as all_strings

    return list(all_strings(obj))


def test_at_the_end_every_hand_and_dead_tile_is_shown() -> None:
    deal = deal_of(record_b())
    assert deal.hidden_from(0) == {}
    assert deal.view(0).to_json()["result"]["hands"][3] == ["1-3", "1-6", "2-4", "3-6", "4-6", "5-6"]


# -- teams and the table -------------------------------------------------------------------------------


def test_teams_are_the_options_and_partners_face_each_other() -> None:
    assert teams_of(GAME) == ((0,), (1,), (2,), (3,))
    partners = GAME.for_options({"teams": True})
    assert isinstance(partners, GaplePartners) and teams_of(partners) == ((0, 2), (1, 3))
    assert invite_order(partners) == (2, 1, 3) and invite_order(GAME) == (1, 2, 3)
    assert partners.new_deal(5).options.teams and not GAME.new_deal(5).options.teams
    assert partners.new_deal(5, options={}).options == Options()  # a record's options are its own
    assert deal_of(record_a(options={"teams": True})).view(0).to_json()["partner"] == 2


def test_describe_says_how_the_deal_ended() -> None:
    text = GAME.describe(deal_of(record_b()).result() or {})
    assert text.splitlines()[0] == "Blocked by seat 2: the line's ends show 0 and 0."
    assert "Counts: seat 0 29, seat 1 20, seat 2 30, seat 3 47." in text
    assert "Seat 1 wins: seat 1 score 106." in text and "Seat 1 has the right to open the next deal." in text
    later = deal_of(record_b(first=False, leader=3, scores=[150, 100, 90, 30])).result() or {}
    assert GAME.describe(later).splitlines()[-1] == "Seat 1 won the match."
    teams = GAME.describe(deal_of(record_b(options={"teams": True})).result() or {})
    assert "seats 0 and 2 score 67" in teams
    assert GAME.describe({"finished": False, "to_act": 2, "ends": None}).startswith("Unfinished deal: seat 2")
    annulled = GAME.describe(deal_of(record(HANDS_13, [], leader=1)).result() or {})
    assert annulled.startswith("Annulled: seat 1 holds 5 doubles (0-0, 1-1, 2-2, 3-3, 4-4)")
