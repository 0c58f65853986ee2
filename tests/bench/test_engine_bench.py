"""The bench's JSON shape (DESIGN.md) and its percentile; never its timings."""

from __future__ import annotations

import json

import pytest

from cardavia.bench import engine as bench
from cardavia.bots.base import LEVELS
from cardavia.cli import build_parser


def test_percentile_is_nearest_rank() -> None:
    values = [float(i) for i in range(1, 101)]
    assert bench._percentile(values, 0.5) == 50.0
    assert bench._percentile(values, 0.99) == 99.0
    assert bench._percentile([3.0], 0.99) == 3.0


def test_bench_reports_every_game_and_level() -> None:
    result = bench.run_bench(seconds=0.01, decisions=3)
    assert set(result) == {"engine", "playouts", "decisions"}
    assert "tien-gow" in result["engine"]
    for game, engine in result["engine"].items():
        assert engine["deals_per_s"] > 0
        assert set(result["decisions"][game]) == set(LEVELS)
        for figures in result["decisions"][game].values():
            assert set(figures) == {"p50_ms", "p99_ms", "n"}
            assert figures["n"] == 3
            assert 0 <= figures["p50_ms"] <= figures["p99_ms"]
    json.dumps(result)


def test_bench_command_prints_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls = []

    def small(**kwargs: object) -> dict[str, object]:
        calls.append(kwargs)
        return {"engine": {}, "decisions": {}}

    monkeypatch.setattr(bench, "run_bench", small)
    assert bench.run_bench_command(build_parser().parse_args(["bench", "--quick", "--json"])) == 0
    assert json.loads(capsys.readouterr().out) == {"engine": {}, "decisions": {}}
    assert calls[0]["decisions"] == 100


def test_bench_times_whole_deal_reviews() -> None:
    figures = bench.review_times("cherki", 1)
    assert set(figures) == {"median_s", "max_s", "n", "decisions_per_deal"}
    assert figures["n"] == 1 and 0 < figures["median_s"] <= figures["max_s"]
    assert figures["decisions_per_deal"] > 0


def test_bench_times_the_hint() -> None:
    figures = bench.hint_times("pai-gow", 1)
    assert set(figures) == {"p50_ms", "p99_ms", "max_ms", "n"}
    assert figures["n"] == 4 and 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]


def test_a_game_without_a_review_analyst_is_benched_without_a_review() -> None:
    # ANALYST is optional (the toy has none): its engine and levels are measured, its review skipped
    from cardavia.games.registry import registered
    from toy import ENTRY

    with registered(ENTRY):
        result = bench.run_bench(seconds=0.01, decisions=2, reviews=1)
    assert ENTRY.id in result["engine"] and ENTRY.id in result["decisions"]
    assert ENTRY.id not in result["review"] and "tien-gow" in result["review"]
    assert ENTRY.id not in result["hint"] and "tien-gow" in result["hint"]


def test_bench_of_one_game_reports_that_game_only() -> None:
    result = bench.run_bench(seconds=0.01, decisions=2, games=("cherki",))
    assert set(result["engine"]) == {"cherki"} and set(result["decisions"]) == {"cherki"}
    args = build_parser().parse_args(["bench", "--quick", "--game", "cherki", "--game", "tien-gow"])
    assert args.game == ["cherki", "tien-gow"]


def test_bench_times_the_bots_play_outs_on_the_engine_and_lean_side_by_side() -> None:
    result = bench.run_bench(seconds=0.01, decisions=1, games=("twenty-nine", "cherki"))
    figures = result["playouts"]["twenty-nine"]
    assert set(figures) == {"exact_per_s", "lean_per_s", "ratio"}
    assert figures["exact_per_s"] > 0 and figures["lean_per_s"] > 0
    assert figures["ratio"] == pytest.approx(figures["lean_per_s"] / figures["exact_per_s"])
    assert "cherki" not in result["playouts"]  # its bots simulate on no lean world of their own
    text = bench.format_bench(result)
    assert "play-outs" in text.split("twenty-nine:")[1] and "play-outs" not in text.split("cherki:")[1]
