"""Twenty-Nine records through ``cardavia replay``: the spec's JSON and exit codes, malformed records
(one line, never a traceback), unfinished records, the plain-text description, actions' JSON."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_tn_examples import HANDS_12
from twenty_nine_helpers import ACTIONS_A, record_a, replay, twenty_nine_registered

from cardavia.cli import main
from cardavia.games.errors import RecordError
from cardavia.games.twenty_nine import GAME


@pytest.fixture(autouse=True)
def registered_for_these_tests() -> Iterator[None]:
    with twenty_nine_registered():
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
    assert list(result) == [
        "finished", "annulled", "bidder", "bid", "multiplier", "trump", "reveal", "pair", "target",
        "points", "made", "game_points", "next_dealer", "tricks",
    ]  # fmt: skip
    assert result["game_points"] == [2, 0] and result["tricks"][2] == {"leader": 2, "winner": 3, "points": 4}


def test_plain_text_tells_the_contract(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(record_a(), tmp_path, capsys)
    assert code == 0
    assert out.splitlines()[0] == "Seat 2 bid 19 with spades trumps (x2)."
    assert "Seat 0 asked for the trump in trick 2." in out
    assert "Seat 2 declared the pair: target 15." in out
    assert "Seats 0 and 2 took 17 of 28 against a target of 15: made." in out
    code, out, _ = run(record_a([], HANDS_12), tmp_path, capsys)
    assert code == 0 and out.startswith("Annulled:")
    code, out, _ = run(record_a(ACTIONS_A[:10]), tmp_path, capsys)
    assert code == 0 and out.strip() == "Unfinished deal: double, seat 3 to act."


@pytest.mark.parametrize(
    ("cut", "phase", "to_act"),
    [(0, "auction", 0), (9, "trump", 2), (11, "double", 2), (13, "play", 0), (30, "play", 2)],
)
def test_an_unfinished_record(cut: int, phase: str, to_act: int) -> None:
    assert replay(record_a(ACTIONS_A[:cut])) == {"finished": False, "phase": phase, "to_act": to_act}


def test_an_illegal_record_exits_2_with_index_and_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(record_a([*ACTIONS_A[:21], (2, "9s")]), tmp_path, capsys, "--json")
    assert code == 2 and out == ""
    assert err.startswith("cardavia replay: illegal action 21 (trump-lead): ") and err.count("\n") == 1
    code, _, err = run(record_a([*ACTIONS_A[:24], (0, "Kd")]), tmp_path, capsys)
    assert code == 2 and err.strip() == (
        "cardavia replay: illegal action 24 (must-trump): "
        "you asked for the trump and hold one: play a trump, not King of Diamonds (Kd)"
    )


def _changed(**changes: Any) -> dict[str, Any]:
    record = record_a(ACTIONS_A[:14])
    record.update(changes)
    return record


def _action(index: int, obj: object) -> dict[str, Any]:
    record = record_a(ACTIONS_A[:14])
    record["actions"][index] = obj
    return record


HANDS = record_a()["hands"]
MALFORMED: list[object] = [
    "{not json",
    "[1, 2]",
    _changed(game="tien-gow-ish"),
    _changed(dealer=4),
    _changed(dealer="3"),
    _changed(dealer=True),
    _changed(hands=HANDS[:3]),
    _changed(hands=[*HANDS[:3], [*HANDS[3][:7], "Jc"]]),
    _changed(hands=[*HANDS[:3], [*HANDS[3][:7], "1x"]]),
    _changed(hands=[*HANDS[:3], HANDS[3][:7]]),
    _changed(extra=1),
    _changed(actions={"0": 1}),
    _changed(options={"min_bid": 13}),
    _changed(options={"min_bid": True}),
    _changed(options={"double": "yes"}),
    _changed(options={"trump": "hand-card"}),
    _changed(options=[]),
    _action(0, {"seat": 0, "do": "fold"}),
    _action(0, {"seat": 0, "do": "bid", "value": "16"}),
    _action(0, {"seat": 0, "do": "bid", "value": 16.0}),
    _action(0, {"seat": 0, "do": "bid", "value": True}),
    _action(0, {"seat": 0, "do": "bid"}),
    _action(0, {"seat": 4, "do": "pass"}),
    _action(0, {"do": "pass"}),
    _action(0, {"seat": 0, "do": "pass", "value": 3}),
    _action(9, {"seat": 2, "do": "trump", "suit": "x"}),
    _action(13, {"seat": 0, "do": "play", "card": "Xc"}),
    _action(13, {"seat": 0, "do": "play", "card": 7}),
    _action(13, "play Jc"),
]


@pytest.mark.parametrize("record", MALFORMED)
def test_a_malformed_record_exits_2_with_one_line(
    record: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if not isinstance(record, str):
        assert replay(record)[0] is None  # type: ignore[arg-type,index]
    code, out, err = run(record, tmp_path, capsys, "--json")
    assert code == 2 and out == ""
    assert err.startswith("cardavia replay: not a deal record: ") and err.count("\n") == 1
    assert "Traceback" not in err


def test_actions_read_back_from_their_json() -> None:
    for obj in (
        {"do": "bid", "value": 17},
        {"do": "pass"},
        {"do": "trump", "suit": "h"},
        {"do": "double"},
        {"do": "redouble"},
        {"do": "play", "card": "Ts"},
        {"do": "reveal"},
        {"do": "pair"},
    ):
        action = GAME.action_from_json(obj, 2)
        assert action.to_json() == {"seat": 2, **obj}
    with pytest.raises(RecordError):
        GAME.action_from_json({"seat": 1, "do": "pass"}, 2)


def test_the_record_help_names_every_action() -> None:
    text = (Path(__file__).parents[3] / "src/cardavia/games/twenty_nine/record_help.txt").read_text()
    for do in ("bid", "pass", "trump", "double", "redouble", "play", "reveal", "pair"):
        assert f'"do": "{do}"' in text
