"""Gaple records through ``cardavia replay``: the spec's JSON and exit codes, malformed records (one line,
never a traceback), unfinished records, the plain-text description, actions' JSON, and records that
round-trip."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gaple_helpers import ACTIONS_A, actions, gaple_registered, record_a, record_b, replay

from cardavia.cli import main, replay_help
from cardavia.games.errors import RecordError
from cardavia.games.gaple import GAME, Action, Options, new_deal
from cardavia.games.packs.double_six import BY_CODE


@pytest.fixture(autouse=True)
def registered_for_these_tests() -> Iterator[None]:
    with gaple_registered():
        yield


def run(
    record: object, tmp_path: Path, capsys: pytest.CaptureFixture[str], *flags: str
) -> tuple[int, str, str]:
    path = tmp_path / "deal.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    code = main(["replay", str(path), *flags])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_finished_record_prints_the_specs_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(record_a(), tmp_path, capsys, "--json")
    assert code == 0 and err == ""
    result = json.loads(out)
    assert list(result)[:13] == [
        "finished", "annulled", "end", "winner", "ends", "hands", "dead", "counts", "points", "scores",
        "next_leader", "match_over", "match_winner",
    ]  # fmt: skip
    assert result["hands"] == [["0-4"], ["1-1", "2-2"], [], ["0-2", "5-5"]]
    assert result["blocker"] is None and result["target"] == 201  # more fields are allowed


def test_an_unfinished_record_prints_the_seat_to_act(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(record_a(actions(ACTIONS_A)[:19]), tmp_path, capsys, "--json")
    assert code == 0 and json.loads(out) == {"to_act": 1, "ends": [4, 5], "finished": False}
    code, out, _ = run(record_a(actions(ACTIONS_A)[:19]), tmp_path, capsys)
    assert out.strip() == "Unfinished deal: seat 1 to play, the ends show 4 and 5."


def test_plain_text_tells_the_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(record_a(), tmp_path, capsys)
    assert code == 0
    assert out.splitlines() == [
        "Seat 2 went out; the line's ends show 4 and 2.",
        "Counts: seat 0 4, seat 1 6, seat 2 0, seat 3 12.",
        "Seat 2 wins: seat 2 score 22.",
        "Match to 201: seat 0 0, seat 1 0, seat 2 22, seat 3 0.",
        "Seat 2 has the right to open the next deal.",
    ]


def test_an_illegal_action_exits_2_naming_its_index_and_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    acts = actions(ACTIONS_A)
    acts[2] = {"seat": 0, "do": "pass"}
    code, out, err = run(record_a(acts), tmp_path, capsys, "--json")
    assert code == 2 and out == ""
    assert err.strip() == (
        "cardavia replay: illegal action 2 (must-play): you hold a tile that fits the line: you must play"
    )


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"game": "gaplek"}, "unknown game 'gaplek'"),
        ({"first": "yes"}, '"first" must be true or false'),
        ({"leader": 4}, '"leader" must be a seat 0-3'),
        ({"leader": 1}, '"leader" must be the seat holding 0-0 in a first deal'),
        ({"hands": [["0-0"]] * 4}, "the hands must be 4 of 7"),
        ({"scores": [1, 0, 0, 0]}, '"scores" are all 0 in a match\'s first deal'),
        ({"first": False, "scores": [201, 0, 0, 0]}, '"scores" must be 4 whole numbers from 0 to 200'),
        ({"stock": ["0-0", "1-1", "2-2", "3-3"]}, "and no stock"),
        ({"options": {"spinner": True}}, "unknown rule option spinner"),
        ({"options": {"target": 0}}, "rule option target cannot be 0"),
        ({"options": {"teams": 1}}, "rule option teams cannot be 1"),
        ({"actions": [{"seat": 2, "do": "play", "tile": "0-7"}]}, "action 0: unknown tile '0-7'"),
        ({"actions": [{"seat": 2, "do": "play", "tile": "0-0", "end": "up"}]}, 'action 0: a play\'s "end"'),
        (
            {"actions": [{"seat": 2, "do": "draw"}]},
            'action 0: an action\'s "do" is "play", "pass" or "discard"',
        ),
        ({"actions": [{"do": "pass"}]}, 'action 0: an action needs its "seat"'),
        ({"actions": ["pass"]}, "action 0: an action is a JSON object"),
        ({"dealer": 2}, "unknown key 'dealer'"),
    ],
)
def test_a_malformed_record_exits_2_with_a_one_line_reason(
    change: dict[str, Any], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run({**record_a(), **change}, tmp_path, capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert err.startswith("cardavia replay: not a deal record: ") and says in err, err


@pytest.mark.parametrize("missing", ["first", "leader", "hands", "actions"])
def test_a_record_missing_a_field_says_which(
    missing: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run({k: v for k, v in record_a().items() if k != missing}, tmp_path, capsys)
    assert code == 2 and f'the record needs "{missing}"' in err


def test_hands_of_the_wrong_tiles_say_which_tile_is_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec = record_a()
    rec["hands"][0][0] = "6-6"
    code, _, err = run(rec, tmp_path, capsys)
    assert code == 2 and "the 28 tiles once each (6-6 twice)" in err


def test_garbage_is_refused_in_a_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for text in (
        "[1, 2]",
        "{",
        json.dumps({**record_a(), "hands": "all"}),
        json.dumps({**record_a(), "actions": {}}),
    ):
        code, out, err = run(text, tmp_path, capsys)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_unknown_keys_of_an_action_are_ignored_and_either_pip_order_is_read() -> None:
    acts = actions(ACTIONS_A)
    acts[1] = {**acts[1], "tile": "6-0", "comment": "into the right end"}
    assert replay(record_a(acts)) == replay(record_a())
    _, parsed = GAME.deal_from_record(record_a(acts))
    assert parsed[1] == Action(3, "play", BY_CODE["0-6"].index, "right")


def test_a_record_round_trips_writing_only_what_differs() -> None:
    plain = new_deal(11).to_record()
    assert set(plain) == {"game", "first", "leader", "hands", "actions"}
    deal = GAME.new_deal(11, options={"hand_size": 6, "teams": True}, dealer=2, carry={"scores": [10, 3]})
    while not deal.is_over():
        deal.apply(deal.legal_actions()[0])
    rec = json.loads(json.dumps(deal.to_record()))
    assert rec["options"] == {"teams": True, "hand_size": 6} and rec["scores"] == [10, 3]
    assert rec["first"] is False and rec["leader"] == 2 and len(rec["stock"]) == 4
    again, acts = GAME.deal_from_record(rec)
    for a in acts:
        again.apply(a)
    assert again.to_record() == rec and again.result() == deal.result()
    assert again.options == Options(teams=True, hand_size=6)


def test_an_action_from_the_api_must_agree_with_the_acting_seat() -> None:
    with pytest.raises(RecordError) as error:
        GAME.action_from_json({"seat": 1, "do": "pass"}, 0)
    assert error.value.code == "bad-action" and "acting seat 0" in error.value.message
    assert GAME.action_from_json({"do": "pass"}, 3) == Action(3, "pass")


def test_replay_help_shows_the_record_example() -> None:
    text = replay_help()
    assert '"game": "gaple"' in text and "redeal_doubles (5, 6, false)" in text


def test_a_later_deal_record_replays_its_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = record_b(first=False, leader=3, scores=[150, 100, 90, 30])
    code, out, _ = run(rec, tmp_path, capsys, "--json")
    result = json.loads(out)
    assert code == 0 and result["scores"] == [150, 206, 90, 30] and result["match_winner"] == 1
