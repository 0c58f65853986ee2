"""``cardavia replay`` on Tien Gow records: outcome, illegal and malformed records, help, partial deals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from tien_gow_helpers import random_finished

from cardavia.cli import main

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, record: object) -> str:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record) if not isinstance(record, str) else record, encoding="utf-8")
    return str(path)


def test_a_legal_record_prints_its_outcome_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["replay", str(EXAMPLES / "tien-gow-sweep.json"), "--json"], capsys)
    assert code == 0 and err == ""
    outcome = json.loads(out)
    assert set(outcome) == {"winner", "next_banker", "columns", "immediate", "settlement", "net", "tricks"}
    assert outcome["net"] == [80, -40, -20, -20] and outcome["winner"] == 0
    assert outcome["tricks"][0] == {"leader": 1, "winner": 0, "size": 1}


def test_a_legal_record_prints_plain_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deal = random_finished(21)
    code, out, _ = run(["replay", write(tmp_path, deal.to_record())], capsys)
    result = deal.result()
    assert code == 0 and result is not None
    assert f"Seat {result['winner']} won the final trick" in out
    assert "Net:" in out and "Settlement:" in out


def test_an_illegal_record_exits_2_naming_the_index_and_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = json.loads((EXAMPLES / "tien-gow-catch.json").read_text())
    record["plays"][6] = {"seat": 2, "tiles": ["5-6"], "face": "up"}  # 5-6 cannot beat Plum 5-5
    code, out, err = run(["replay", write(tmp_path, record), "--json"], capsys)
    assert code == 2 and out == ""
    assert err.strip() == (
        "cardavia replay: illegal action 6 (cannot-beat-lower): 5-6 cannot beat Plum 5-5: it ranks lower"
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "a deal record is a JSON object"),
        (
            '{"game": "tien-gow", "banker": 0, "hands": [["9-9"]], "plays": []}',
            "must be a list of four hands",
        ),
        ("{}", "the record needs"),
    ],
)
def test_a_malformed_record_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, reason: str
) -> None:
    code, out, err = run(["replay", write(tmp_path, text)], capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and reason in err and "Traceback" not in err


def test_unknown_tile(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = random_finished(1).to_record()
    record["hands"][2][3] = "0-7"
    code, _, err = run(["replay", write(tmp_path, record)], capsys)
    assert code == 2 and "unknown tile '0-7'" in err and err.count("\n") == 1


def test_an_unfinished_record_prints_finished_false(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = random_finished(3).to_record()
    record["plays"] = record["plays"][:5]
    code, out, _ = run(["replay", write(tmp_path, record), "--json"], capsys)
    state = json.loads(out)
    assert code == 0 and state["finished"] is False and len(state["trick"]) == 1
    code, out, _ = run(["replay", write(tmp_path, record)], capsys)
    assert code == 0 and out.startswith("Unfinished deal")


def test_help_documents_the_format(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["replay", "--help"])
    out = capsys.readouterr().out
    assert exited.value.code == 0
    for needle in ['"game": "tien-gow"', '"banker"', '"hands"', '"plays"', '"face"', "2-1", "--json"]:
        assert needle in out


def test_the_installed_command_runs_without_a_traceback(tmp_path: Path) -> None:
    bad = write(tmp_path, '{"game": "tien-gow", "banker": 9}')
    proc = subprocess.run(
        [sys.executable, "-m", "cardavia", "replay", bad], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1
    proc = subprocess.run(
        [sys.executable, "-m", "cardavia", "replay", str(EXAMPLES / "tien-gow-catch.json"), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0 and json.loads(proc.stdout)["settlement"] == [-6, 6, 0, 0]


def _with(change: str) -> str:
    """The catch example's record with one thing broken."""
    record: dict[str, Any] = json.loads((EXAMPLES / "tien-gow-catch.json").read_text())
    if change == "tile 7-7":
        record["hands"][0][0] = "7-7"
    elif change == "seat 5":
        record["plays"][3]["seat"] = 5
    elif change == "wrong seat":
        record["plays"][1]["seat"] = 3
    text = json.dumps(record)
    return text[: len(text) // 2] if change == "truncated" else text


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "not JSON"),
        ("[]", "a deal record is a JSON object"),
        ('{"game": "x"}', "unknown game 'x'"),
        (_with("tile 7-7"), "unknown tile '7-7'"),
        (_with("seat 5"), 'play 3: "seat" must be a seat 0-3'),
        (_with("wrong seat"), "illegal action 1 (not-your-turn)"),
        (_with("truncated"), "not JSON"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"game": "tien-gow", "banker": 1' + "0" * 5000 + "}", "not JSON"),
    ],
)
def test_malformed_inputs_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, reason: str
) -> None:
    code, out, err = run(["replay", write(tmp_path, text)], capsys)
    assert (code, out) == (2, "")
    assert err.startswith("cardavia replay: ") and err.count("\n") == 1
    assert reason in err and "Traceback" not in err
