"""Deal records and actions in JSON: writing, reading, checking, and the GAME object."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from tien_gow_helpers import random_finished

from cardavia.games.errors import RecordError
from cardavia.games.registry import get_game
from cardavia.games.replay import ReplayRejected, replay_record
from cardavia.games.tien_gow import GAME, Play, TienGowDeal, make_play, tile

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def record_of(seed: int) -> dict[str, Any]:
    return random_finished(seed).to_record()


def test_the_registry_serves_this_game() -> None:
    assert get_game("tien-gow") is GAME
    assert GAME.name == "tien-gow" and GAME.num_seats == 4


def test_new_deal_is_a_function_of_the_seed() -> None:
    a, b = GAME.new_deal(11), GAME.new_deal(11)
    assert a.to_record() == b.to_record()
    assert GAME.new_deal(12).to_record() != a.to_record()
    # the hands depend on the seed only; dealer= sets the banker
    c = GAME.new_deal(11, dealer=(a.banker + 1) % 4)
    assert c.to_record()["hands"] == a.to_record()["hands"] and c.banker == (a.banker + 1) % 4
    assert c.to_act() == c.banker
    bankers = {GAME.new_deal(s).banker for s in range(40)}
    assert bankers == {0, 1, 2, 3}


def test_new_deal_rejects_bad_options_and_dealers() -> None:
    with pytest.raises(RecordError) as err:
        GAME.new_deal(1, options={"no_such_rule": True})
    assert err.value.code == "unknown-option"
    with pytest.raises(RecordError) as err:
        GAME.new_deal(1, options={"catch_factor": 3})
    assert err.value.code == "bad-option"
    with pytest.raises(RecordError):
        GAME.new_deal(1, options={"bonus_on_final_trick": 1})
    with pytest.raises(RecordError):
        GAME.new_deal(1, dealer=4)


def test_action_json() -> None:
    play = GAME.action_from_json({"tiles": ["1-1", "1-1"], "face": "up"}, 2)
    assert play == Play(2, (tile("1-1"), tile("1-1")), True)
    assert GAME.action_to_json(play) == {"seat": 2, "tiles": ["1-1", "1-1"], "face": "up"}
    assert GAME.action_from_json({"seat": 3, "tiles": ["3-2", "1-4"], "face": "down"}, 3) == make_play(
        3, "1-4 2-3", False
    )


@pytest.mark.parametrize(
    "obj",
    [
        None,
        [],
        {"tiles": ["1-1"]},
        {"tiles": ["1-1"], "face": "sideways"},
        {"tiles": [], "face": "up"},
        {"tiles": "1-1", "face": "up"},
        {"tiles": ["1-9"], "face": "up"},
        {"seat": 1, "tiles": ["1-1"], "face": "up"},  # not the acting seat
        {"seat": "2", "tiles": ["1-1"], "face": "up"},
        {"tiles": ["1-1"], "face": "up", "extra": 1},
    ],
)
def test_malformed_actions(obj: object) -> None:
    with pytest.raises(RecordError):
        GAME.action_from_json(obj, 2)


def test_record_shape() -> None:
    record = record_of(3)
    assert set(record) == {"game", "banker", "hands", "plays"}
    assert record["game"] == "tien-gow"
    assert [len(h) for h in record["hands"]] == [8, 8, 8, 8]
    assert all(set(p) == {"seat", "tiles", "face"} for p in record["plays"])
    assert json.loads(json.dumps(record)) == record


def test_options_are_written_only_when_not_the_defaults() -> None:
    deal = GAME.new_deal(3, options={"turn_order": "clockwise", "catch_factor": 1})
    assert deal.to_record()["options"] == {"turn_order": "clockwise"}
    rebuilt, _ = GAME.deal_from_record(deal.to_record())
    assert rebuilt.options.turn_order == "clockwise"


def test_a_record_replays_to_the_same_outcome() -> None:
    for seed in range(5):
        finished = random_finished(seed)
        record = json.loads(json.dumps(finished.to_record()))
        deal, actions = GAME.deal_from_record(record)
        for action in actions:
            deal.apply(action)
        assert deal.result() == finished.result()
        assert deal.to_record() == record
        assert replay_record(record).result == finished.result()


def test_reversed_codes_are_accepted_in_records() -> None:
    record = record_of(4)
    record["hands"][0] = ["-".join(reversed(c.split("-"))) for c in record["hands"][0]]
    deal, actions = GAME.deal_from_record(record)
    for action in actions:
        deal.apply(action)
    assert deal.result() == random_finished(4).result()


def _broken(change: Any) -> dict[str, Any]:
    record = copy.deepcopy(record_of(5))
    change(record)
    return record


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda r: r.update(game="cherki"), "bad-record"),
        (lambda r: r.update(banker=4), "bad-seat"),
        (lambda r: r.update(banker="0"), "bad-seat"),
        (lambda r: r.pop("banker"), "bad-seat"),
        (lambda r: r.update(hands=r["hands"][:3]), "bad-hands"),
        (lambda r: r["hands"][0].pop(), "bad-hands"),
        (lambda r: r["hands"][0].__setitem__(0, "7-7"), "unknown-tile"),
        (lambda r: r["hands"][0].__setitem__(0, 66), "unknown-tile"),
        (lambda r: r["hands"][0].__setitem__(0, r["hands"][1][0]), "bad-hands"),  # a duplicate
        (lambda r: r.update(options={"house_rule": 1}), "unknown-option"),
        (lambda r: r.update(options=[]), "bad-record"),
        (lambda r: r.update(plays={}), "bad-record"),
        (lambda r: r["plays"][0].pop("seat"), "bad-action"),
        (lambda r: r["plays"][0].update(face="maybe"), "bad-action"),
        (lambda r: r.update(comment="hi"), "bad-record"),
    ],
)
def test_malformed_records_are_record_errors(change: Any, code: str) -> None:
    record = _broken(change)
    with pytest.raises(RecordError) as err:
        GAME.deal_from_record(record)
    assert err.value.code == code
    with pytest.raises(ReplayRejected) as rejected:
        replay_record(record)
    assert rejected.value.index is None


def test_an_illegal_play_is_named_by_its_index() -> None:
    record = record_of(6)
    record["plays"][1]["seat"] = (record["plays"][1]["seat"] + 1) % 4
    with pytest.raises(ReplayRejected) as rejected:
        replay_record(record)
    assert rejected.value.index == 1 and rejected.value.rule == "not-your-turn"


def test_an_unfinished_record_reports_the_state_reached() -> None:
    record = record_of(8)
    record["plays"] = record["plays"][:6]
    outcome = replay_record(record)
    assert not outcome.finished
    state = outcome.to_json()
    assert state["finished"] is False and sum(state["hand_sizes"]) == 32 - 6
    assert "hands" not in state
    assert GAME.describe(state).startswith("Unfinished deal")


def test_example_records_replay() -> None:
    expected = {
        "tien-gow-sweep.json": [80, -40, -20, -20],
        "tien-gow-catch.json": [18, -2, -8, -8],
    }
    for name, net in expected.items():
        outcome = replay_record(json.loads((EXAMPLES / name).read_text()))
        assert outcome.finished and outcome.result["net"] == net
    seeded = json.loads((EXAMPLES / "tien-gow-seed-7.json").read_text())
    assert seeded == record_of(7)


def test_next_dealer_is_the_final_trick_winner() -> None:
    result = random_finished(9).result()
    assert result is not None
    assert GAME.next_dealer(result) == result["winner"] == result["next_banker"]


def test_clone_is_independent() -> None:
    deal = GAME.new_deal(10)
    deal.apply(deal.legal_actions()[0])
    twin = deal.clone()
    assert isinstance(twin, TienGowDeal)
    before = deal.to_record()
    while not twin.is_over():
        twin.apply(twin.legal_actions()[-1])
    assert deal.to_record() == before and not deal.is_over()


def test_describe_a_finished_deal() -> None:
    result = random_finished(2).result()
    assert result is not None
    text = GAME.describe(result)
    assert f"Seat {result['winner']} won the final trick" in text
    assert text.count("Trick ") == len(result["tricks"])


def test_a_malformed_play_is_named_by_its_position() -> None:
    record = record_of(5)
    record["plays"][7] = {"seat": 9, "tiles": ["1-1"], "face": "up"}
    with pytest.raises(RecordError) as err:
        GAME.deal_from_record(record)
    assert err.value.code == "bad-seat" and err.value.params["play"] == 7
    assert err.value.message.startswith("play 7: ")
    record["plays"][7] = {"seat": 0, "tiles": ["1-1"] * 9, "face": "up"}
    with pytest.raises(RecordError) as err:
        GAME.deal_from_record(record)
    assert err.value.message == "play 7: not a Tien Gow play: a play has at most eight tiles"


def test_reversed_codes_are_accepted_in_plays() -> None:
    record = record_of(4)
    for play in record["plays"]:
        play["tiles"] = ["-".join(reversed(c.split("-"))) for c in play["tiles"]]
    assert replay_record(record).result == random_finished(4).result()


def test_a_play_after_the_end_is_named_by_its_index() -> None:
    record = record_of(5)
    end = len(record["plays"])
    record["plays"].append({"seat": 0, "tiles": ["6-6"], "face": "up"})
    with pytest.raises(ReplayRejected) as rejected:
        replay_record(record)
    assert rejected.value.index == end and rejected.value.rule == "deal-over"
