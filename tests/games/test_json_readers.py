"""Every registered game's JSON readers refuse any shape they do not know with a ``RecordError``.

An action comes from a request body (the API answers 422 with the reason) and a record from a file
(``cardavia replay`` exits 2 with one line): whatever JSON value stands in any field of either
(:mod:`json_mutations`), the reader, and what the service or the replay does next with what it read
(write it back as JSON, apply it), raises only a ``GameError`` (a ``RecordError`` for the shape, an
``IllegalAction`` for a rule), never a ``TypeError`` or another exception that would be a 500 and a
traceback.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardavia.cli import main
from cardavia.games.errors import IllegalAction, RecordError
from cardavia.games.registry import game_ids, get_game
from cardavia.games.replay import ReplayRejected, replay_record
from json_mutations import mutations, samples

MANY = settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck), database=None)


@pytest.mark.parametrize("game_id", game_ids())
@MANY
@given(data=st.data())
def test_any_json_in_an_action_is_read_or_refused_with_a_reason(game_id: str, data: st.DataObject) -> None:
    game = get_game(game_id)
    _record, actions, words = samples(game_id)
    obj = data.draw(st.sampled_from(actions).flatmap(lambda sample: mutations(sample, words)))
    seat = data.draw(st.integers(0, game.num_seats - 1))
    try:
        action = game.action_from_json(obj, seat)
    except RecordError as exc:
        assert exc.code and isinstance(exc.message, str) and "\n" not in exc.message
        json.dumps(exc.to_json())  # the API's 422 body
        return
    # read: what the service does next with it must not fail otherwise either
    written = game.action_to_json(action)
    assert game.action_to_json(game.action_from_json(written, seat)) == written
    deal = game.new_deal(data.draw(st.integers(0, 3)))
    with contextlib.suppress(IllegalAction):
        deal.apply(action)


@pytest.mark.parametrize("game_id", game_ids())
@MANY
@given(data=st.data())
def test_any_json_in_a_record_is_replayed_or_refused_with_a_reason(game_id: str, data: st.DataObject) -> None:
    record, _actions, words = samples(game_id)
    obj: Any = data.draw(mutations(record, words))
    if not isinstance(obj, dict):
        return  # parse_record refuses anything but an object before any game reads it
    try:
        outcome = replay_record(obj)
    except ReplayRejected as exc:
        line = str(exc)
        assert line and "\n" not in line  # cardavia replay's one line on stderr
        return
    json.dumps(outcome.to_json())  # what cardavia replay --json prints


@pytest.mark.parametrize("game_id", game_ids())
def test_the_records_and_actions_tried_are_real_ones(game_id: str) -> None:
    """The samples the mutations start from are read back as they are: what the properties above
    change is one field of something valid."""
    game = get_game(game_id)
    record, actions, _words = samples(game_id)
    assert replay_record(json.loads(json.dumps(record))).finished
    assert actions
    for obj in actions:
        assert game.action_to_json(game.action_from_json(obj, obj.get("seat", 0))) == obj


def test_twenty_nine_do_of_any_type_is_a_bad_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The shape the red-team found: ``{"do": []}`` raised TypeError (unhashable) and answered 500."""
    game = get_game("twenty-nine")
    for do in ([], {}, [1], {"a": 1}):
        with pytest.raises(RecordError) as refused:
            game.action_from_json({"do": do}, 0)
        assert refused.value.code == "bad-action"
    record = {**samples("twenty-nine")[0], "actions": [{"seat": 0, "do": []}]}
    with pytest.raises(ReplayRejected) as rejected:
        replay_record(record)
    assert rejected.value.code == "bad-action" and rejected.value.index is None
    # cardavia replay: exit status 2 and one line on stderr, no traceback
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardavia replay: not a deal record: action 0:") and err.count("\n") == 1
