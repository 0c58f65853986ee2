"""``cardavia bench --http`` on a healthy server: every request answered, every acknowledged action in
the log as sent (the rules of seats deciding at once included), exit status 0. Its figures are
printed, never asserted."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardavia.cli import main
from cardavia.games.registry import game_ids
from postgres_databases import admin_url


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code = main(["bench", "--http", "--quick", "--json", *args])
    return code, json.loads(capsys.readouterr().out)


def _healthy(code: int, result: dict[str, Any]) -> None:
    friends = result["friends"]
    assert (result["errors"], result["lost"], friends["errors"], friends["lost"]) == (0, 0, 0, 0), result
    assert code == 0
    # something was played, at tables of every game (a table of each in turn)
    assert result["actions"] > 0 and friends["actions"] > 0 and friends["tables"] >= len(game_ids())
    assert result["marks"] and all(isinstance(met, bool) for met in result["marks"].values())


@pytest.mark.slow
def test_the_load_bench_on_sqlite_loses_nothing_and_meets_no_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _healthy(*_run(capsys))


@pytest.mark.postgres
@pytest.mark.slow
def test_the_load_bench_on_two_server_workers_loses_nothing_and_meets_no_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Two worker processes of one PostgreSQL: the people at a table race through both."""
    _healthy(*_run(capsys, "--database", admin_url(), "--server-workers", "2"))
