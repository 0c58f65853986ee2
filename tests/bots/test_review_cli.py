"""``cardavia review`` and ``cardavia arena --records``: the contract's JSON, bad input, bulk reviews."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardavia.bots.registry import analyst_for
from cardavia.cli import main
from cardavia.games.replay import replay_text

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_review_json_is_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["review", str(EXAMPLES / "cherki-win.json"), "--seat", "1", "--json", "--max-samples", "24"])
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"game", "seat", "decisions", "summary"}
    assert out["game"] == "cherki" and out["seat"] == 1
    assert set(out["summary"]) == {"decisions", "points_lost", "accuracy"}
    record = json.loads((EXAMPLES / "cherki-win.json").read_text())
    for d in out["decisions"]:
        assert set(d) == {"index", "chosen", "best", "loss", "ci95", "label"}
        assert record["actions"][d["index"]] == d["chosen"]
        assert d["chosen"]["seat"] == 1 and d["best"]["seat"] == 1
        lo, hi = d["ci95"]
        assert lo <= hi and d["loss"] >= 0


def test_review_text_names_each_decision(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(EXAMPLES / "tien-gow-seed-7.json"), "--seat", "0", "--max-samples", "8"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1].endswith(tuple("0123456789")) and "decisions" in lines[-1] and "accuracy" in lines[-1]


@pytest.mark.parametrize(
    ("name", "args", "says"),
    [
        ("cherki-illegal.json", ["--seat", "0"], "illegal action 15"),
        ("cherki-unfinished.json", ["--seat", "0"], "not finished"),
        ("tien-gow-sweep.json", ["--seat", "7"], "seats 0 to 3"),
        ("tien-gow-sweep.json", [], "--seat"),
    ],
)
def test_bad_records_exit_2_with_a_reason(
    name: str, args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(EXAMPLES / name), *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardavia review: ") and says in err and "Traceback" not in err


def test_not_a_record_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    assert main(["review", str(bad), "--seat", "0"]) == 2
    assert "not a deal record" in capsys.readouterr().err
    assert main(["review", str(tmp_path / "missing.json"), "--seat", "0"]) == 2


def _arena_records(out: Path, deals: int, seed: int) -> Path:
    """Tien Gow deals played by easy and random bots, every rotation written to ``out`` by the arena."""
    args = ["arena", "tien-gow", "--seats", "easy,random,easy,random", "--deals", str(deals)]
    assert main([*args, "--seed", str(seed), "--records", str(out), "--json"]) == 0
    return out


def test_arena_records_write_every_deal_and_an_index(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _arena_records(tmp_path / "recs", deals=1, seed=3)
    index = json.loads((out / "index.json").read_text())
    assert len(index) == 4  # every rotation of the deal
    assert {tuple(e["levels"]) for e in index} == {
        ("easy", "random", "easy", "random"),
        ("random", "easy", "random", "easy"),
    }
    for entry in index:
        outcome = replay_text((out / entry["file"]).read_text())
        assert outcome.finished
    capsys.readouterr()
    assert main(["review", str(out / "index.json"), "--index", "--json", "--max-samples", "4"]) == 0
    bulk = json.loads(capsys.readouterr().out)
    assert set(bulk) == {"random", "easy"}
    assert bulk["random"]["seat_deals"] == bulk["easy"]["seat_deals"] == 8 and bulk["random"]["decisions"] > 0
    lo, hi = bulk["easy"]["ci95"]
    assert lo <= bulk["easy"]["loss_per_decision"] <= hi


def test_bulk_review_keeps_its_results_and_resumes_from_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _arena_records(tmp_path / "recs", deals=2, seed=4)
    index = json.loads((out / "index.json").read_text())
    (out / "first.json").write_text(json.dumps(index[:4]))
    results = tmp_path / "results.jsonl"
    bulk = ["review", "--index", "--json", "--max-samples", "4", "--results", str(results)]
    capsys.readouterr()
    assert main([*bulk[:1], str(out / "first.json"), *bulk[1:]]) == 0
    first = json.loads(capsys.readouterr().out)
    assert len(results.read_text().splitlines()) == 16  # 4 records x 4 seats
    assert first["easy"]["deals"] == 1 and first["easy"]["seat_deals"] == 8
    # the whole index: the first deal's 16 seat reviews are read back, only the second's are run
    assert main([*bulk[:1], str(out / "index.json"), *bulk[1:]]) == 0
    whole = json.loads(capsys.readouterr().out)
    assert len(results.read_text().splitlines()) == 32
    assert whole["easy"]["deals"] == 2 and whole["easy"]["seat_deals"] == 16
    # and the same figures as a review from scratch
    assert main([*bulk[:1], str(out / "index.json"), *bulk[1:-2]]) == 0
    assert json.loads(capsys.readouterr().out) == whole


def test_bulk_review_does_again_what_an_earlier_analyst_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _arena_records(tmp_path / "recs", deals=1, seed=4)
    results = tmp_path / "results.jsonl"
    bulk = ["review", str(out / "index.json"), "--index", "--json", "--max-samples", "4"]
    capsys.readouterr()
    assert main([*bulk, "--results", str(results)]) == 0
    figures = json.loads(capsys.readouterr().out)
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert len(rows) == 16 and {r["version"] for r in rows} == {analyst_for("tien-gow").version}
    # the same rows as an earlier analyst wrote them (before versions, without one): all done again
    earlier = [{k: v for k, v in r.items() if k != "version"} for r in rows]
    results.write_text("".join(json.dumps(r) + "\n" for r in earlier))
    assert main([*bulk, "--results", str(results)]) == 0
    assert json.loads(capsys.readouterr().out) == figures
    assert len(results.read_text().splitlines()) == 32
    # and now they are current: read back, nothing run
    assert main([*bulk, "--results", str(results)]) == 0
    assert len(results.read_text().splitlines()) == 32


def test_a_game_without_a_review_analyst_exits_2_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardavia.games.registry import registered
    from toy import ENTRY
    from toy.engine import GAME

    deal = GAME.new_deal(3)
    while not deal.is_over():
        deal.apply(deal.legal_actions()[0])
    record = tmp_path / "toy.json"
    record.write_text(json.dumps(deal.to_record()))
    with registered(ENTRY):
        assert main(["review", str(record), "--seat", "0"]) == 2
    err = capsys.readouterr().err
    assert err == "cardavia review: toy has no review: its bots give no analyst of their decisions\n"
