"""Real actions and records of a registered game, each with one field replaced by any JSON value:
what the readers of every game are fed (``tests/games/test_json_readers.py``, the API's fuzz test).

A field at any depth (a whole hand, one of its pieces, one action of a record, one of its fields) is
replaced, or a field the reader does not know is added beside the others. The values are any JSON
(null, booleans, huge integers, floats, strings, the game's own piece codes and words, lists and
objects nested), so that both a wrong type and a near miss are tried.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from hypothesis import strategies as st

from cardavia.games.protocol import acting_seats
from cardavia.games.registry import get_game

JSON = dict[str, Any]
Path = tuple[str | int, ...]


@cache
def samples(game_id: str) -> tuple[JSON, tuple[JSON, ...], tuple[str, ...]]:
    """A finished deal's record of ``game_id``, an action JSON of every shape met while playing a
    few random deals (one per set of keys and ``do``), and the words its JSON uses (piece codes,
    the strings of its actions)."""
    game = get_game(game_id)
    shapes: dict[str, JSON] = {}
    words: set[str] = {piece.code for piece in game.pieces}
    record: JSON = {}
    for seed in range(4):
        deal = game.new_deal(seed)
        rng = random.Random(seed)
        while not deal.is_over():
            acting = acting_seats(game, deal)
            legal = deal.view(acting[rng.randrange(len(acting))]).legal
            for action in legal:
                obj = game.action_to_json(action)
                shapes.setdefault(json.dumps(sorted(obj)) + str(obj.get("do")), obj)
                words.update(v for v in obj.values() if isinstance(v, str))
            deal.apply(legal[rng.randrange(len(legal))])
        if not record:
            record = dict(deal.to_record())
    return record, tuple(shapes.values()), tuple(sorted(words))


def json_values(words: tuple[str, ...] = ()) -> st.SearchStrategy[Any]:
    """Any JSON value, with ``words`` among the strings."""
    leaves = (
        st.none()
        | st.booleans()
        | st.integers(-(2**70), 2**70)
        | st.integers(-3, 40)
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(max_size=6)
    )
    if words:
        leaves |= st.sampled_from(words)
    keys = st.text(max_size=6) | st.sampled_from(words) if words else st.text(max_size=6)
    return st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=9) | st.dictionaries(keys, inner, max_size=4),
        max_leaves=12,
    )


def places(obj: Any, at: Path = ()) -> Iterator[Path]:
    """Every position in ``obj``: itself, and each key's and each item's, at any depth."""
    yield at
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield from places(value, (*at, key))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from places(value, (*at, i))


def _at(obj: Any, at: Path) -> Any:
    for step in at:
        obj = obj[step]
    return obj


def replaced(obj: Any, at: Path, value: Any) -> Any:
    """A copy of ``obj`` with ``value`` at position ``at`` (a key not there yet is added)."""
    if not at:
        return value
    out = copy.deepcopy(obj)
    _at(out, at[:-1])[at[-1]] = value
    return out


def mutations(sample: Any, words: tuple[str, ...] = ()) -> st.SearchStrategy[Any]:
    """``sample`` with one position (a field of any depth, or a new field of any object in it)
    replaced by any JSON value. A field at the top is drawn first, so that each is tried often
    however many positions the others hold."""
    everywhere = list(places(sample))
    objects = [p for p in everywhere if isinstance(_at(sample, p), dict)]
    tops: list[Path] = [()]
    if isinstance(sample, dict):
        tops += [(key,) for key in sample] + [("extra",), ("seat",)]

    def under(top: Path) -> st.SearchStrategy[Path]:
        inside = [p for p in everywhere if p[: len(top)] == top] if top in everywhere else [top]
        added = [(*p, "x") for p in objects if p[: len(top)] == top]
        return st.sampled_from(inside + added)

    where = st.sampled_from(tops).flatmap(under)
    return st.tuples(where, json_values(words)).map(lambda pv: replaced(sample, pv[0], pv[1]))
