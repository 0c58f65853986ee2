"""The command line takes its games from the registry: a registered game is a choice of ``arena``,
named by ``replay --help`` (with its record example, when its engine package gives one) and by the
replay's reason for a record without a game."""

from __future__ import annotations

import argparse

import pytest

from cardavia.cli import build_parser, replay_help
from cardavia.games.registry import GameEntry, entries, game_ids, registered
from cardavia.games.replay import ReplayRejected, replay_text

# an engine package without a record example; never imported (the help finds files without importing)
TOY = GameEntry("toy-game", "cardavia.games", "cardavia.bots", "cardavia.web")


def _choices(parser: argparse.ArgumentParser, command: str, argument: str) -> list[str]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    action = next(a for a in sub.choices[command]._actions if a.dest == argument)
    return list(action.choices or [])


def test_arena_offers_every_registered_game() -> None:
    assert _choices(build_parser(), "arena", "game") == list(game_ids())
    with registered(TOY):
        assert _choices(build_parser(), "arena", "game") == [*game_ids()]
        assert "toy-game" in game_ids()


def test_replay_help_shows_each_game_and_its_record_example() -> None:
    text = replay_help()
    for entry in entries():
        assert entry.id in text
        assert f'"game": "{entry.id}"' in text  # each engine package here gives its example
    with registered(TOY):
        with_toy = replay_help()
    assert "toy-game" in with_toy and '"game": "toy-game"' not in with_toy


def test_a_record_without_a_game_is_told_every_game_id() -> None:
    with registered(TOY), pytest.raises(ReplayRejected) as rejected:
        replay_text("{}")
    assert rejected.value.code == "missing-game"
    for game_id in game_ids():
        assert f'"{game_id}"' in str(rejected.value)
