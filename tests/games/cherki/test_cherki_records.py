"""Deal records: writing, reading and validating them, and ``cardavia replay`` on Cherki records."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from cherki_helpers import ALL_CODES

from cardavia.cli import main
from cardavia.games.cherki import GAME, Action, deal_from_record
from cardavia.games.cherki.actions import CALL, DISCARD, DRAW, TAKE, TAKE_TOP
from cardavia.games.errors import RecordError
from cardavia.games.registry import get_game

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return data


def _replay(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["replay", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_registry_finds_cherki() -> None:
    assert get_game("cherki") is GAME
    assert GAME.name == "cherki" and GAME.num_seats == 3


def test_actions_round_trip_through_json() -> None:
    for seat in range(3):
        every = [DRAW[seat], TAKE_TOP[seat], CALL[seat], *TAKE[seat]]
        for pair in DISCARD[seat]:
            every += pair
        for action in every:
            data = GAME.action_to_json(action)
            assert GAME.action_from_json(data, seat) == action
            assert GAME.action_from_json({k: v for k, v in data.items() if k != "seat"}, seat) == action
    assert GAME.action_from_json({"do": "discard", "card": "5c"}, 1) == Action(1, "discard", "5c", False)
    assert GAME.action_to_json(Action(0, "discard", "5c", False)) == {
        "seat": 0,
        "do": "discard",
        "card": "5c",
        "call": False,
    }


@pytest.mark.parametrize(
    ("obj", "code"),
    [
        ({"do": "discard", "card": "5x"}, "unknown-card"),
        ({"do": "discard"}, "bad-action"),
        ({"do": "discard", "card": 5}, "unknown-card"),
        ({"do": "jump"}, "bad-action"),
        ({"do": "draw", "seat": 2}, "bad-action"),  # names another seat than the acting one
        ({"do": "draw", "card": "5c"}, "bad-action"),
        ({"do": "call", "call": True}, "bad-action"),
        ({"do": "discard", "card": "5c", "call": "yes"}, "bad-action"),
        ({"do": "draw", "extra": 1}, "bad-action"),
        (["draw"], "bad-action"),
    ],
)
def test_malformed_actions_are_record_errors(obj: object, code: str) -> None:
    with pytest.raises(RecordError) as info:
        GAME.action_from_json(obj, 0)
    assert info.value.code == code


def test_engine_records_round_trip() -> None:
    record = _load("cherki-win.json")
    deal, actions = deal_from_record(record)
    for action in actions:
        deal.apply(action)
    assert deal.to_record() == record
    result = deal.result()
    assert result is not None and (result["winner"], result["x"]) == (1, 60)
    again, again_actions = GAME.deal_from_record(deal.to_record())
    for action in again_actions:
        again.apply(action)
    assert again.result() == result


def _bad(record: dict[str, Any], code: str) -> None:
    with pytest.raises(RecordError) as info:
        deal_from_record(record)
    assert info.value.code == code


def test_records_are_validated() -> None:
    good = {"game": "cherki", "dealer": 0, "deck": sorted(ALL_CODES), "actions": []}
    deal_from_record(good)
    _bad({**good, "deck": good["deck"][:119]}, "bad-deck")
    _bad({**good, "deck": [*good["deck"][:119], "1c"]}, "bad-deck")  # five 1c, three OT
    _bad({**good, "deck": [*good["deck"][:119], "XX"]}, "unknown-card")
    _bad({**good, "deck": "1c 1c"}, "bad-deck")
    _bad({**good, "dealer": 3}, "bad-dealer")
    _bad({**good, "dealer": True}, "bad-dealer")
    _bad({**good, "actions": {"seat": 0}}, "bad-actions")
    _bad({**good, "actions": [{"do": "draw"}]}, "bad-action")  # a record's actions name their seat
    _bad({**good, "actions": [{"seat": 1, "do": "discard", "card": "0c"}]}, "unknown-card")
    _bad({**good, "options": {"stall": 3}}, "unknown-option")
    _bad({**good, "game": "tien-gow"}, "wrong-game")
    deal_from_record({**good, "options": {}})


def test_new_deal_checks_options_and_dealer() -> None:
    with pytest.raises(RecordError):
        GAME.new_deal(1, options={"anything": True})
    with pytest.raises(RecordError):
        GAME.new_deal(1, dealer=5)


# ----- cardavia replay --------------------------------------------------------------------------


def test_replay_scores_a_won_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _replay(capsys, str(EXAMPLES / "cherki-win.json"), "--json")
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result["winner"] == 1 and result["x"] == 60 and result["deltas"] == [-60, 120, -60]
    assert sum(result["deltas"]) == 0 and len(result["hand"]) == 9
    code, out, _ = _replay(capsys, str(EXAMPLES / "cherki-win.json"))
    assert code == 0 and out.startswith("Seat 1 wins with") and "x = 60" in out


def test_replay_of_a_drawn_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _replay(capsys, str(EXAMPLES / "cherki-drawn.json"), "--json")
    assert code == 0
    assert json.loads(out) == {"winner": None, "drawn": True, "x": None, "deltas": [0, 0, 0], "hand": None}
    code, out, _ = _replay(capsys, str(EXAMPLES / "cherki-drawn.json"))
    assert out.startswith("Drawn deal")


def test_replay_of_an_unfinished_record(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _replay(capsys, str(EXAMPLES / "cherki-unfinished.json"), "--json")
    assert code == 0
    state = json.loads(out)
    assert state["finished"] is False and state["actions"] == 12 and state["called"] == [False, True, False]
    code, out, _ = _replay(capsys, str(EXAMPLES / "cherki-unfinished.json"))
    assert code == 0 and out.startswith("Unfinished after 12 actions")


def test_replay_names_the_first_illegal_action_and_its_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _replay(capsys, str(EXAMPLES / "cherki-illegal.json"), "--json")
    assert code == 2 and out == ""
    assert "illegal action 15 (called-discard-drawn)" in err
    assert "you may only discard the card you drew" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        '{"game": "cherki", "dealer": 0, "deck": ["1c"], "actions": []}',
        '{"game": "cherki", "dealer": 0, "deck": ' + json.dumps([*sorted(ALL_CODES)[:-1], "ZZ"]) + "}",
        '{"game": "cherki", "dealer": 0, "deck": '
        + json.dumps(sorted(ALL_CODES))
        + ', "actions": [{"seat": 1, "do": "fly"}]}',
        "[1, 2]",
    ],
)
def test_replay_of_a_malformed_record_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = _replay(capsys, str(path), "--json")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("cardavia replay: not a deal record")


def test_replay_of_the_first_action_illegal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = _load("cherki-win.json")
    record["actions"] = [{"seat": 0, "do": "take"}]
    path = tmp_path / "first.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, _, err = _replay(capsys, str(path))
    assert code == 2 and "illegal action 0 (first-must-draw)" in err


def test_readme_shows_what_replay_prints(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Cherki deal records", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None
    commands = re.split(r"^\$ ", block.group(1), flags=re.M)[1:]
    assert len(commands) == 5
    for chunk in commands:
        line, _, shown = chunk.partition("\n")
        args = line.split(";")[0].split()[2:]
        code, out, err = _replay(capsys, *[str(ROOT / a) if a.endswith(".json") else a for a in args])
        expected = shown.strip().splitlines()
        if code == 2:
            assert [err.strip(), "exit 2"] == expected
        else:
            assert out.strip().splitlines() == expected
