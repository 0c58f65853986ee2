"""A deal where every seat sets at once: who may act, setting in any order, views, the bank, the
protocol's questions (and the shared conformance suite, with the game registered for the test)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from pai_gow_helpers import registered_for_tests  # noqa: F401  (the fixture below)

from cardavia.games.errors import IllegalAction, RecordError
from cardavia.games.pai_gow import GAME, make_set, splits_of
from cardavia.games.pai_gow.tiles import full_set
from games.conformance import CHECKS  # tests/games (the tests folder is on the path)

pytestmark = pytest.mark.usefixtures("registered_for_tests")


def test_a_deal_from_a_seed_is_a_shuffle_of_the_32_tiles_four_to_each_seat() -> None:
    deal = GAME.new_deal(7)
    dealt = Counter(t.code for s in range(4) for t in deal.hand(s))
    assert sum(dealt.values()) == 16
    assert not dealt - Counter(t.code for t in full_set())
    again = GAME.new_deal(7)
    assert [deal.hand(s) for s in range(4)] == [again.hand(s) for s in range(4)]
    assert deal.banker == again.banker
    assert [deal.hand(s) for s in range(4)] != [GAME.new_deal(8).hand(s) for s in range(4)]


def test_the_banker_is_drawn_from_the_seed_or_given_and_never_changes_the_tiles() -> None:
    assert {GAME.new_deal(seed).banker for seed in range(40)} == {0, 1, 2, 3}
    given = GAME.new_deal(7, dealer=1)
    assert given.banker == 1
    assert [given.hand(s) for s in range(4)] == [GAME.new_deal(7).hand(s) for s in range(4)]
    with pytest.raises(RecordError):
        GAME.new_deal(7, dealer=4)
    with pytest.raises(RecordError):
        GAME.new_deal(7, options={"wong_gong": "no"})


def test_the_bank_passes_counter_clockwise() -> None:
    for banker in range(4):
        deal = GAME.new_deal(3, dealer=banker)
        for seat in range(4):
            deal.apply(deal.legal_actions_of(seat)[0])
        result = deal.result()
        assert result is not None and result["next_banker"] == (banker + 1) % 4
        assert GAME.next_dealer(result) == (banker + 1) % 4


def test_every_seat_that_has_not_set_may_act_at_once_in_any_order() -> None:
    deal = GAME.new_deal(11)
    assert deal.acting() == frozenset(range(4)) and deal.to_act() == 0
    deal.apply(deal.legal_actions_of(2)[1])
    assert deal.acting() == frozenset({0, 1, 3}) and deal.to_act() == 0
    assert deal.legal_actions_of(2) == ()
    deal.apply(deal.legal_actions_of(0)[0])
    assert deal.to_act() == 1 and {a.seat for a in deal.legal_actions()} == {1}
    deal.apply(deal.legal_actions_of(3)[-1])
    assert not deal.is_over() and deal.result() is None and deal.outcome() is None
    deal.apply(deal.legal_actions_of(1)[0])
    assert deal.is_over() and deal.acting() == frozenset() and deal.to_act() is None
    assert deal.legal_actions() == ()
    assert [s["seat"] for s in deal.to_record()["sets"]] == [2, 0, 3, 1]


def test_a_set_is_final_and_an_illegal_one_changes_nothing() -> None:
    deal = GAME.new_deal(11)
    deal.apply(deal.legal_actions_of(1)[0])
    before = json.dumps(deal.to_record()), [json.dumps(deal.view(s).to_json()) for s in range(4)]
    for bad in (deal.legal_actions_of(2)[0].__class__(1, deal.hand(1)[:2]), make_set(0, "6-6 6-6 6-6")):
        with pytest.raises(IllegalAction):
            deal.apply(bad)
    assert (json.dumps(deal.to_record()), [json.dumps(deal.view(s).to_json()) for s in range(4)]) == before


def test_each_seat_lists_each_of_its_splits_once() -> None:
    alike = 0
    for seed in range(30):
        deal = GAME.new_deal(seed)
        for seat in range(4):
            sets = deal.legal_actions_of(seat)
            assert all(deal.hand(seat)[0] in s.hand for s in sets)
            splits = [deal.clone().split_for(s) for s in sets]
            # no two listed sets make the same split, and every split is listed
            assert not any(a.same_as(b) for i, a in enumerate(splits) for b in splits[:i])
            assert len(splits) == len(splits_of(deal.hand(seat))) in (2, 3)
            alike += len(sets) == 2
    assert alike > 0  # the deals met alike tiles that make two partners one split


def test_the_view_before_the_reveal_shows_only_whether_others_have_set() -> None:
    deal = GAME.new_deal(21)
    deal.apply(deal.legal_actions_of(3)[0])
    view = deal.view(0).to_json()
    assert view["set"] == [False, False, False, True] and view["split"] is None
    assert view["showings"] is None and view["result"] is None and not view["over"]
    assert view["hand"] == [t.code for t in deal.hand(0)] and len(view["legal"]) >= 2
    own = deal.view(3).to_json()
    assert own["split"] is not None and own["legal"] == []
    assert deal.hidden_from(0).total() == 28


def test_after_the_reveal_all_that_was_dealt_is_public_but_not_the_16_undealt() -> None:
    deal = GAME.new_deal(21)
    for seat in (3, 1, 0, 2):
        deal.apply(deal.legal_actions_of(seat)[0])
    view = deal.view(0).to_json()
    assert view["over"] and len(view["showings"]) == 4
    banker = deal.banker
    for seat, shown in enumerate(view["showings"]):
        assert shown["high"]["key"]["category"] in {"pair", "wong", "gong", "points"}
        assert (shown["result"] is None) == (seat == banker)
        assert (shown["high"]["vs_banker"] is None) == (seat == banker)
    hidden = deal.hidden_from(0)
    assert hidden.total() == 16
    assert hidden + Counter(t.code for s in range(4) for t in deal.hand(s)) == Counter(
        t.code for t in full_set()
    )


def test_another_seat_s_set_is_redacted_to_its_seat() -> None:
    action = {"seat": 2, "hand": ["6-6", "4-5"]}
    assert GAME.redact(action, 2, 1) == {"seat": 2}
    assert GAME.redact(action, 2, 2) == action


def test_actions_read_with_the_acting_seat() -> None:
    assert GAME.action_from_json({"hand": ["6-6", "4-5"]}, 1) == make_set(1, "6-6 4-5")
    with pytest.raises(RecordError):
        GAME.action_from_json({"seat": 2, "hand": ["6-6", "4-5"]}, 1)
    assert GAME.action_to_json(make_set(1, ["4-5", "6-6"])) == {"seat": 1, "hand": ["6-6", "4-5"]}


def test_the_outcome_is_the_net_with_a_stand_in_winner() -> None:
    outcome = GAME.outcome_of({"banker": 2, "net": [-1, 1, 0, 0]})
    assert outcome.returns == (-1, 1, 0, 0) and outcome.winner == 1 and not outcome.drawn
    tie = GAME.outcome_of({"banker": 2, "net": [1, -2, 0, 1]})
    assert tie.winner == 3  # the first of the tied from the banker on
    # every player pushing is a deal like any other (the bank passes), never a drawn one dealt again
    still = GAME.outcome_of({"banker": 1, "net": [0, 0, 0, 0]})
    assert not still.drawn and still.winner == 1 and still.returns == (0, 0, 0, 0)
    with pytest.raises(RecordError):
        GAME.outcome_of({"banker": 0, "net": [1, 0, 0, 0]})


def test_an_unfinished_deal_is_described() -> None:
    deal = GAME.new_deal(3, dealer=1)
    deal.apply(deal.legal_actions_of(0)[0])
    text = GAME.describe(GAME.progress(deal))
    assert text == (
        "Unfinished deal: banker seat 1; seat 0 has set, seat 1 has not set, "
        "seat 2 has not set, seat 3 has not set."
    )


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_pai_gow_passes_every_conformance_check(check: str) -> None:
    looked = sum(CHECKS[check]("pai-gow", seed) for seed in range(20))
    if check not in {"forced", "record-replays", "outcome"}:
        assert looked > 0


def test_the_pieces_are_the_21_kinds_named_as_tien_gow_names_them() -> None:
    assert len(GAME.pieces) == 21 and sum(p.copies for p in GAME.pieces) == 32
    names = {p.code: p.name for p in GAME.pieces}
    assert names["6-6"] == "Heaven" and names["2-4"] == "Big Six" and names["1-2"] == "Little Three"
