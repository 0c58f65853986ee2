"""Check and score a deal record: the engine behind ``cardavia replay``.

Shared by every game: parse the JSON, find the game, rebuild the starting deal, apply the actions
one by one. The first illegal action stops the replay with its 0-based index and the rule it breaks.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from cardavia.games.errors import GameError, IllegalAction, RecordError
from cardavia.games.registry import game_ids, get_game


@dataclass(frozen=True)
class ReplayOutcome:
    """What a replay found: the result of a finished deal, or the state an unfinished one reached."""

    game: str
    finished: bool
    result: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        if self.finished:
            return dict(self.result)
        return {**self.result, "finished": False}


class ReplayRejected(GameError):
    """The record is malformed (``index`` None) or its action ``index`` breaks a rule."""

    def __init__(self, error: GameError, index: int | None) -> None:
        super().__init__(error.code, error.message, {**error.params, "index": index})
        self.index = index
        self.rule = error.code

    def __str__(self) -> str:
        if self.index is None:
            return f"not a deal record: {self.message}"
        return f"illegal action {self.index} ({self.rule}): {self.message}"


def parse_record(text: str) -> dict[str, Any]:
    """The record's JSON object; ``RecordError`` with a one-line reason if it is not one."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            "bad-json", f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except RecursionError:  # nesting deeper than the parser's stack: not a record either
        raise RecordError("bad-json", "not JSON a record can be: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer past Python's digit limit
        raise RecordError("bad-json", f"not JSON a record can be: {exc}".splitlines()[0]) from None
    if not isinstance(data, dict):
        raise RecordError("not-an-object", "a deal record is a JSON object")
    return data


def _one_of(ids: tuple[str, ...]) -> str:
    """``"a"``, ``"a" or "b"``, ``"a", "b" or "c"``: the game ids a record may name."""
    quoted = [json.dumps(i) for i in ids]
    return " or ".join([", ".join(quoted[:-1]), quoted[-1]] if len(quoted) > 1 else quoted)


def replay_record(record: dict[str, Any]) -> ReplayOutcome:
    """Replay a parsed record; raise ``ReplayRejected`` on the first problem."""
    game_id = record.get("game")
    try:
        if not isinstance(game_id, str):
            raise RecordError("missing-game", f'the record needs "game": {_one_of(game_ids())}')
        game = get_game(game_id)
        deal, actions = game.deal_from_record(record)
    except GameError as exc:
        raise ReplayRejected(exc, None) from None
    for index, action in enumerate(actions):
        try:
            deal.apply(action)
        except IllegalAction as exc:
            raise ReplayRejected(exc, index) from None
    if deal.is_over():
        return ReplayOutcome(game_id, True, dict(deal.result() or {}))
    return ReplayOutcome(game_id, False, dict(game.progress(deal)))


def replay_text(text: str) -> ReplayOutcome:
    """Parse and replay a record given as text."""
    try:
        record = parse_record(text)
    except RecordError as exc:
        raise ReplayRejected(exc, None) from None
    return replay_record(record)
