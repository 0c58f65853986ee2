"""The spec's worked deals A, B and C written as the spec writes them, and helpers to vary them and to
replay a record through ``cardavia replay`` with Gaple registered for the test only."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from cardavia.games.registry import GameEntry, game_ids, registered

# the engine and bots are not registered yet (no web part): tests that go through the registry
# (replay, conformance, the arena, reviews) add them for their own duration
ENTRY = GameEntry("gaple", "cardavia.games.gaple", "cardavia.bots.gaple", "cardavia.web.games.gaple")


@contextmanager
def registered_once(entry: GameEntry) -> Iterator[None]:
    """``entry`` registered for a ``with`` block, unless it is already (for real, or by an outer block)."""
    if entry.id in game_ids():
        yield
        return
    with registered(entry):
        yield


def gaple_registered() -> AbstractContextManager[None]:
    return registered_once(ENTRY)


HANDS_A = [
    "0-3 0-4 1-3 1-4 4-4 4-6 5-6",
    "0-5 1-1 1-2 2-2 2-6 3-3 3-4",
    "0-0 0-1 1-5 2-3 2-5 3-6 4-5",
    "0-2 0-6 1-6 2-4 3-5 5-5 6-6",
]
ACTIONS_A = (
    "S2 0-0 · S3 0-6 R · S0 0-3 · S1 2-6 · S2 3-6 · S3 1-6 · S0 1-4 · S1 3-4 · S2 2-5 · S3 3-5 L · "
    "S0 5-6 R · S1 0-5 · S2 0-1 · S3 6-6 · S0 4-6 · S1 1-2 · S2 4-5 · S3 2-4 · S0 4-4 · S1 pass · "
    "S2 1-5 · S3 pass · S0 1-3 · S1 3-3 · S2 2-3"
)
HANDS_B = [
    "0-2 0-3 0-4 1-5 2-2 3-4 6-6",
    "1-1 1-4 2-3 2-5 2-6 3-3 3-5",
    "0-1 0-5 0-6 1-2 4-4 4-5 5-5",
    "0-0 1-3 1-6 2-4 3-6 4-6 5-6",
]
ACTIONS_B = (
    "S3 0-0 · S0 0-3 R · S1 3-5 · S2 0-5 R · S3 pass · S0 0-2 L · S1 2-6 · S2 0-6 L · S3 pass · "
    "S0 0-4 L · S1 1-4 · S2 0-1 L"
)
HANDS_C = [
    "0-0 0-2 0-3 1-6 2-4 3-5 5-6",
    "0-1 0-4 3-3 4-4 4-5 4-6 6-6",
    "1-3 2-2 2-3 2-5 2-6 3-4 3-6",
    "0-5 0-6 1-1 1-2 1-4 1-5 5-5",
]
ACTIONS_C = (
    "S0 0-0 · S1 0-4 L · S2 3-4 · S3 0-5 · S0 5-6 · S1 6-6 · S2 3-6 L · S3 0-6 R · S0 0-3 · S1 4-6 · "
    "S2 2-3 · S3 1-4 · S0 0-2 · S1 0-1 L"
)
ENDS = {"L": "left", "R": "right"}


def action(short: str) -> dict[str, Any]:
    """One action as the spec writes it ("S3 0-6 R", "S1 pass", "S1 discard 2-2") in record JSON."""
    seat, *rest = short.split()
    obj: dict[str, Any] = {"seat": int(seat.removeprefix("S"))}
    if rest[0] == "pass":
        obj["do"] = "pass"
    elif rest[0] == "discard":
        obj.update(do="discard", tile=rest[1])
    else:
        obj.update(do="play", tile=rest[0])
        if len(rest) > 1:
            obj["end"] = ENDS[rest[1]]
    return obj


def actions(text: str) -> list[dict[str, Any]]:
    return [action(a.strip()) for a in text.split("·")]


def record(
    hands: list[str], acts: list[dict[str, Any]], *, first: bool = True, leader: int, **more: Any
) -> dict[str, Any]:
    """A record of ``hands`` (one string a hand) and ``acts``, with more top-level fields if given."""
    return {
        "game": "gaple",
        "first": first,
        "leader": leader,
        "hands": [h.split() for h in hands],
        "actions": acts,
        **more,
    }


def record_a(acts: list[dict[str, Any]] | None = None, **more: Any) -> dict[str, Any]:
    return record(HANDS_A, actions(ACTIONS_A) if acts is None else acts, leader=2, **more)


def record_b(acts: list[dict[str, Any]] | None = None, **more: Any) -> dict[str, Any]:
    more.setdefault("leader", 3)
    return record(HANDS_B, actions(ACTIONS_B) if acts is None else acts, **more)


def record_c(acts: list[dict[str, Any]] | None = None, **more: Any) -> dict[str, Any]:
    return record(HANDS_C, actions(ACTIONS_C) if acts is None else acts, leader=0, **more)


def replay(rec: dict[str, Any]) -> dict[str, Any] | tuple[int | None, str]:
    """What ``cardavia replay`` finds: the result JSON, or (the first bad action's index, reason)."""
    from cardavia.games.replay import ReplayRejected, replay_record

    with gaple_registered():
        try:
            return replay_record(rec).to_json()
        except ReplayRejected as exc:
            return exc.index, exc.rule
