"""Deal records: what ``cardavia replay`` prints, and every reason a record or an entry is refused."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from pai_gow_helpers import (
    random_deal,
    registered_for_tests,  # noqa: F401  (the fixture below)
)
from test_pg_examples import DEAL_A

from cardavia.cli import main
from cardavia.games.errors import RecordError
from cardavia.games.pai_gow import GAME
from cardavia.games.replay import ReplayRejected, replay_record

pytestmark = pytest.mark.usefixtures("registered_for_tests")


def rejected(record: Any) -> ReplayRejected:
    with pytest.raises(ReplayRejected) as err:
        replay_record(record)
    return err.value


def with_sets(*sets: dict[str, Any]) -> dict[str, Any]:
    return {**copy.deepcopy(DEAL_A), "sets": list(sets)}


def test_a_finished_record_prints_the_spec_s_fields() -> None:
    result = replay_record(DEAL_A).to_json()
    assert set(result) == {"banker", "next_banker", "hands", "results", "net"}
    assert result["hands"][2] == {"high": ["6-6", "4-5"], "low": ["5-5", "5-6"]}  # best tile first
    assert result["results"][2] is None and sum(result["net"]) == 0


def test_an_unfinished_record_says_which_seats_have_set() -> None:
    out = replay_record(with_sets({"seat": 3, "hand": ["5-5", "5-6"]})).to_json()
    assert out["finished"] is False and out["set"] == [False, False, False, True]
    assert replay_record(with_sets()).to_json()["set"] == [False] * 4


def test_either_hand_may_be_named_and_tiles_may_be_written_high_pip_first() -> None:
    other = with_sets(
        {"seat": 0, "hand": ["4-3", "2-2"]},
        {"seat": 1, "hand": ["1-3", "3-1"]},
        {"seat": 2, "hand": ["5-6", "5-5"]},
        {"seat": 3, "hand": ["4-4", "4-4"]},
    )
    assert replay_record(other).result == replay_record(DEAL_A).result


@pytest.mark.parametrize(
    ("sets", "index", "code"),
    [
        ([{"seat": 0, "hand": ["6-6", "3-6"]}, {"seat": 0, "hand": ["6-6", "3-6"]}], 1, "already-set"),
        ([{"seat": 1, "hand": ["1-3"]}], 0, "not-two-tiles"),
        ([{"seat": 1, "hand": []}], 0, "not-two-tiles"),
        ([{"seat": 1, "hand": ["1-3", "1-3", "1-1"]}], 0, "not-two-tiles"),
        ([{"seat": 2, "hand": ["6-6", "4-5"]}, {"seat": 1, "hand": ["1-3", "6-6"]}], 1, "not-in-hand"),
        ([{"seat": 0, "hand": ["6-6", "6-6"]}], 0, "too-many-copies"),  # held once, named twice
        ([{"seat": 2, "hand": ["4-5", "4-5"]}], 0, "too-many-copies"),
    ],
)
def test_a_bad_entry_is_named_by_its_index(sets: list[dict[str, Any]], index: int, code: str) -> None:
    err = rejected(with_sets(*sets))
    assert (err.index, err.rule) == (index, code)
    assert str(err).startswith(f"illegal action {index} ({code}): ")


def _with(**changes: Any) -> dict[str, Any]:
    record = copy.deepcopy(DEAL_A)
    for k, v in changes.items():
        if v is None:
            del record[k]
        else:
            record[k] = v
    return record


BAD_RECORDS: list[tuple[str, Any, str]] = [
    ("not an object", [1, 2], "bad-record"),
    ("another game", _with(game="cherki"), "bad-record"),
    ("no banker", _with(banker=None), "missing-field"),
    ("no hands", _with(hands=None), "missing-field"),
    ("no sets", _with(sets=None), "missing-field"),
    ("unknown field", _with(extra=1), "bad-record"),
    ("banker 4", _with(banker=4), "bad-seat"),
    ("banker true", _with(banker=True), "bad-seat"),
    ("banker text", _with(banker="2"), "bad-seat"),
    ("3 hands", _with(hands=DEAL_A["hands"][:3]), "bad-hands"),
    ("hand of 5", _with(hands=[[*DEAL_A["hands"][0], "1-2"], *DEAL_A["hands"][1:]]), "bad-hands"),
    ("civil thrice", _with(hands=[["6-6", "6-6", "6-6", "1-2"], *DEAL_A["hands"][1:]]), "bad-hands"),
    ("military twice", _with(hands=[["4-5", "4-5", "1-2", "2-4"], *DEAL_A["hands"][1:]]), "bad-hands"),
    ("unknown tile", _with(hands=[["7-7", "6-6", "1-2", "2-4"], *DEAL_A["hands"][1:]]), "unknown-tile"),
    ("tile not text", _with(hands=[[66, "6-6", "1-2", "2-4"], *DEAL_A["hands"][1:]]), "unknown-tile"),
    ("sets not a list", _with(sets={"seat": 0}), "bad-record"),
    ("entry not an object", _with(sets=[["6-6", "3-6"]]), "bad-action"),
    ("entry without seat", _with(sets=[{"hand": ["6-6", "3-6"]}]), "bad-action"),
    ("entry seat 4", _with(sets=[{"seat": 4, "hand": ["6-6", "3-6"]}]), "bad-seat"),
    ("entry extra field", _with(sets=[{"seat": 0, "hand": ["6-6", "3-6"], "x": 1}]), "bad-action"),
    ("entry hand not a list", _with(sets=[{"seat": 0, "hand": "6-6 3-6"}]), "bad-action"),
    ("entry unknown tile", _with(sets=[{"seat": 0, "hand": ["6-6", "0-0"]}]), "unknown-tile"),
    ("unknown option", _with(options={"jokers": True}), "unknown-option"),
    ("option value", _with(options={"wong_gong": 1}), "bad-option"),
    ("option value text", _with(options={"gee_joon_single_rank": "highest"}), "bad-option"),
    ("options not an object", _with(options=[]), "bad-record"),
]


@pytest.mark.parametrize(("what", "record", "code"), BAD_RECORDS, ids=[w for w, _, _ in BAD_RECORDS])
def test_a_bad_record_has_a_one_line_reason(what: str, record: Any, code: str) -> None:
    if not isinstance(record, dict) or record["game"] != "pai-gow":
        # the shared replay refuses these before it asks a game: the engine refuses them too
        with pytest.raises(RecordError) as exc:
            GAME.deal_from_record(record)
        assert exc.value.code == code
        return
    err = rejected(record)
    assert err.index is None and err.rule == code, what
    assert "\n" not in str(err) and str(err).startswith("not a deal record: ")


def test_the_record_writes_options_only_when_not_default() -> None:
    deal = GAME.new_deal(5)
    assert "options" not in deal.to_record()
    deal = GAME.new_deal(5, options={"copies_to_banker": False, "wong_gong": True})
    assert deal.to_record()["options"] == {"copies_to_banker": False}


@pytest.mark.parametrize("seed", range(20))
def test_a_record_replays_to_the_same_deal_and_writes_itself_again(seed: int) -> None:
    deal = random_deal(seed)
    record = json.loads(json.dumps(deal.to_record()))
    again, sets = GAME.deal_from_record(record)
    for s in sets:
        again.apply(s)
    assert again.to_record() == record
    assert again.result() == deal.result() == replay_record(record).result


def _cli(tmp_path: Path, record: Any, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code = main(["replay", str(path), "--json"])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cardavia_replay_json_and_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _cli(tmp_path, DEAL_A, capsys)
    assert code == 0 and json.loads(out) == replay_record(DEAL_A).result
    code, out, err = _cli(tmp_path, with_sets({"seat": 0, "hand": ["6-6"]}), capsys)
    assert code == 2 and out == "" and "illegal action 0 (not-two-tiles)" in err
    assert "Traceback" not in err and err.count("\n") == 1
    code, out, err = _cli(tmp_path, _with(banker=7), capsys)
    assert code == 2 and "not a deal record" in err and err.count("\n") == 1
    assert main(["replay", str(tmp_path / "deal.json")]) == 2


def test_cardavia_replay_describes_a_deal_in_plain_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(DEAL_A), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Banker seat 2; seat 3 banks the next deal." in text
    assert "Seat 1: 1-3+1-3 / 1-1+2-6  win     +1" in text
