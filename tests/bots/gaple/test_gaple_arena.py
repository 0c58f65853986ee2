"""The arena plays Gaple through its Python API (registered for the test only): duplicate deals with
each level in every seat, and with the ``teams`` option a level per team (the variant game that
``Gaple.for_options`` gives declares its teams)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardavia.bots.arena import ladder_steps, play_duplicate, run_arena, summarize, team_levels
from games.gaple.gaple_variants import variants_registered


@pytest.fixture(autouse=True)
def registered_for_these_tests() -> Iterator[None]:
    with variants_registered("teams"):
        yield


def test_each_deal_is_played_once_per_rotation_of_the_seats() -> None:
    plays = play_duplicate("gaple", ["hard", "normal", "normal", "normal"], seed=1, index=0)
    assert [p.levels.index("hard") for p in plays] == [0, 1, 2, 3]
    assert all(sum(p.net) == 0 for p in plays)


def test_with_teams_a_level_plays_a_team_and_each_deal_twice() -> None:
    assert team_levels("gaple-teams", ["hard", "normal"]) == ["hard", "normal"]
    with pytest.raises(ValueError):
        team_levels("gaple-teams", ["hard", "normal", "easy", "normal"])  # partners 0 and 2 differ
    deals = run_arena("gaple-teams", ["normal", "easy"], deals=4, seed=2)
    assert all(len(plays) == 2 for plays in deals)
    for plays in deals:
        for play in plays:
            assert play.levels[0] == play.levels[2] and play.levels[1] == play.levels[3]
            assert play.net[0] == play.net[2] == -play.net[1]
    assert set(summarize(deals)) == {"normal", "easy"} and ladder_steps(deals)
