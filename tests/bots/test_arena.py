"""The arena: duplicate rotation, pooled figures and the --json shape of DESIGN.md."""

from __future__ import annotations

import argparse
import dataclasses
import json
from typing import Any

import pytest

from cardavia.bots.arena import Play, play_duplicate, rotations, run_arena_command, summarize
from cardavia.cli import build_parser
from cardavia.games.profile import Sides


def test_rotations_seat_every_level_in_every_chair() -> None:
    rots = rotations(["hard", "normal", "easy", "random"])
    assert rots[0] == ("hard", "normal", "easy", "random")
    assert rots[1] == ("random", "hard", "normal", "easy")
    for seat in range(4):
        assert sorted(r[seat] for r in rots) == sorted(["hard", "normal", "easy", "random"])


def test_duplicate_replays_one_deal_with_levels_rotated() -> None:
    plays = play_duplicate("tien-gow", ["random", "random", "random", "random"], seed=7, index=3)
    assert len(plays) == 4
    # the same levels everywhere and seat-seeded bots: every rotation is the very same game
    assert len({p.net for p in plays}) == 1
    assert all(sum(p.net) == pytest.approx(0) for p in plays)


def test_summarize_pools_a_level_over_its_chairs() -> None:
    deals = [
        [Play(("a", "b"), (2.0, -2.0), 0), Play(("b", "a"), (4.0, -4.0), 0)],
        [Play(("a", "b"), (0.0, 0.0), None), Play(("b", "a"), (-6.0, 6.0), 1)],
    ]
    figures = summarize(deals)
    # deal means for "a": (2 - 4) / 2 = -1 and (0 + 6) / 2 = 3
    assert figures["a"].mean_net == pytest.approx(1.0)
    assert figures["b"].mean_net == pytest.approx(-1.0)
    assert figures["a"].win_share == pytest.approx(2 / 4)
    assert figures["b"].win_share == pytest.approx(1 / 4)
    assert figures["a"].seats == 4


def _args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["arena", *argv])


def test_arena_json_has_the_contract_shape(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("tien-gow", "--seats", "easy,random,random,random", "--deals", "6", "--json")
    code = run_arena_command(_args(*argv))
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"game", "deals", "levels"}
    assert out["game"] == "tien-gow" and out["deals"] == 6
    assert set(out["levels"]) == {"easy", "random"}
    for figures in out["levels"].values():
        assert set(figures) == {"mean_net", "ci95", "win_share", "win_ci95"}
        lo, hi = figures["ci95"]
        assert lo <= figures["mean_net"] <= hi
        wlo, whi = figures["win_ci95"]
        assert 0 <= wlo <= figures["win_share"] <= whi <= 1
    # net points sum to zero: one easy seat against three random ones mirror each other
    assert out["levels"]["easy"]["mean_net"] == pytest.approx(-3 * out["levels"]["random"]["mean_net"])


def test_arena_with_workers_gives_the_same_figures(capsys: pytest.CaptureFixture[str]) -> None:
    run_arena_command(_args("tien-gow", "--seats", "easy,random,random,random", "--deals", "4", "--json"))
    one = json.loads(capsys.readouterr().out)
    run_arena_command(
        _args("tien-gow", "--seats", "easy,random,random,random", "--deals", "4", "--workers", "2", "--json")
    )
    two = json.loads(capsys.readouterr().out)
    assert one == two


def test_arena_rejects_a_wrong_seat_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_arena_command(_args("tien-gow", "--seats", "easy,easy", "--deals", "2")) == 2
    assert "4 seats" in capsys.readouterr().err


def test_arena_text_output_names_each_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_arena_command(_args("tien-gow", "--seats", "normal,easy,easy,easy", "--deals", "2")) == 0
    captured = capsys.readouterr()
    assert "normal" in captured.out and "easy" in captured.out
    assert "2/2 deals" in captured.err  # the progress bar ends full


def test_ladder_steps_pair_each_level_with_the_next_lower_on_the_same_deals() -> None:
    from cardavia.bots.arena import ladder_steps

    deals = [
        [Play(("hard", "easy"), (2.0, -2.0), 0), Play(("easy", "hard"), (4.0, -4.0), 0)],
        [Play(("hard", "easy"), (0.0, 0.0), None), Play(("easy", "hard"), (-6.0, 6.0), 1)],
        [Play(("hard", "easy"), (1.0, -1.0), 0), Play(("easy", "hard"), (1.0, -1.0), 0)],
    ]
    (step,) = ladder_steps(deals)
    # hard's deal figures: (2 - 4) / 2 = -1, (0 + 6) / 2 = 3, 0; easy's their opposites
    assert (step.upper, step.lower, step.deals) == ("hard", "easy", 3)
    assert step.difference == pytest.approx((-2 + 6 + 0) / 3)
    assert step.ci95[0] < step.difference < step.ci95[1]


def test_arena_text_output_gives_the_ladder_s_steps(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_arena_command(_args("tien-gow", "--seats", "normal,easy,random,easy", "--deals", "3")) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines if " - " in line] == ["easy - random", "normal - easy"]
    assert all("paired over 3 deals" in line for line in lines if " - " in line)


def test_rotations_by_teams_give_partners_one_level_and_swap_the_teams() -> None:
    rots = rotations(["hard", "normal"], ((0, 2), (1, 3)))
    assert rots == [("hard", "normal", "hard", "normal"), ("normal", "hard", "normal", "hard")]
    # every seat alone is the rotation of the seats, as before
    assert rotations(["a", "b", "c"]) == rotations(["a", "b", "c"], ((0,), (1,), (2,)))
    with pytest.raises(ValueError, match="2 teams need 2 levels"):
        rotations(["a", "b", "c"], ((0, 2), (1, 3)))


class _Pairs:
    """A partnership game as the arena sees it: Tien Gow's seats in two teams its profile declares."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.profile = dataclasses.replace(game.profile, sides=Sides.FIXED, teams=((0, 2), (1, 3)))

    def __getattr__(self, name: str) -> object:
        return getattr(self._game, name)


def test_the_arena_seats_a_partnership_by_the_teams_the_engine_declares(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import cardavia.bots.arena as arena
    from cardavia.games.protocol import teams_of
    from cardavia.games.registry import get_game

    tien_gow = get_game("tien-gow")
    assert teams_of(tien_gow) == ((0,), (1,), (2,), (3,))  # no teams declared: every seat alone
    pairs = _Pairs(tien_gow)
    monkeypatch.setattr(arena, "get_game", lambda game_id: pairs)
    assert teams_of(pairs) == ((0, 2), (1, 3))  # type: ignore[arg-type]
    assert arena.team_levels("tien-gow", ["easy", "random"]) == ["easy", "random"]
    assert arena.team_levels("tien-gow", ["easy", "random", "easy", "random"]) == ["easy", "random"]
    with pytest.raises(ValueError, match="seats 0 and 2 are partners"):
        arena.team_levels("tien-gow", ["easy", "random", "random", "random"])
    with pytest.raises(ValueError, match=r"needs 4 seats \(or 2 teams\)"):
        arena.team_levels("tien-gow", ["easy", "random", "easy"])
    plays = play_duplicate("tien-gow", ["easy", "random"], seed=3, index=0)
    assert [p.levels for p in plays] == [
        ("easy", "random", "easy", "random"),
        ("random", "easy", "random", "easy"),
    ]
    assert run_arena_command(_args("tien-gow", "--seats", "hard,normal,normal,normal", "--deals", "1")) == 2
    assert "partners" in capsys.readouterr().err
