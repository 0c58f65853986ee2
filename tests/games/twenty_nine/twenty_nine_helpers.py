"""Deal A of the spec's worked examples, written as the spec writes it, and helpers to vary it."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from cardavia.games.registry import GameEntry, registered

# the engine is not registered yet: tests that go through the registry (replay, conformance) add it
ENTRY = GameEntry(
    "twenty-nine", "cardavia.games.twenty_nine", "cardavia.bots.twenty_nine", "cardavia.web.games.twenty_nine"
)


@contextmanager
def twenty_nine_registered() -> Iterator[None]:
    from cardavia.games.registry import game_ids

    if ENTRY.id in game_ids():  # registered for real by then: nothing to add
        yield
        return
    with registered(ENTRY):
        yield


HANDS_A = [
    "Jc Ac 7d 8d 9c Tc Kd 7s",
    "Jh 9h Th Qd 8s Qh 8h Kh",
    "Js 9s Ah Jd Ks Qs 7h 8c",
    "9d Ad Td Kc Qc 7c As Ts",
]

# (seat, what) by index, as the spec lists Deal A: a number is a bid, a code a play
ACTIONS_A: list[tuple[int, str]] = [
    (0, "16"), (1, "17"), (0, "17"), (1, "pass"), (2, "18"), (0, "pass"), (3, "19"), (2, "19"),
    (3, "pass"),
    (2, "trump s"),
    (3, "double"), (2, "pass"), (0, "pass"),
    (0, "Jc"), (1, "8h"), (2, "8c"), (3, "7c"),
    (0, "7d"), (1, "Qd"), (2, "Jd"), (3, "9d"),
    (2, "7h"), (3, "Ts"), (0, "reveal"), (0, "7s"), (1, "Jh"),
    (3, "Ad"), (0, "8d"), (1, "8s"), (2, "pair"), (2, "9s"),
    (2, "Ah"), (3, "Td"), (0, "Tc"), (1, "9h"),
    (1, "Qh"), (2, "Ks"), (3, "Qc"), (0, "Kd"),
    (2, "Qs"), (3, "As"), (0, "Ac"), (1, "Kh"),
    (3, "Kc"), (0, "9c"), (1, "Th"), (2, "Js"),
]  # fmt: skip


def action(seat: int, what: str) -> dict[str, Any]:
    """The record JSON of one action written shortly: "17", "pass", "trump s", "double", "Jc"."""
    if what.isdigit():
        return {"seat": seat, "do": "bid", "value": int(what)}
    if what.startswith("trump "):
        return {"seat": seat, "do": "trump", "suit": what.split()[1]}
    if what in ("pass", "double", "redouble", "reveal", "pair"):
        return {"seat": seat, "do": what}
    return {"seat": seat, "do": "play", "card": what}


def record_a(actions: list[tuple[int, str]] | None = None, hands: list[str] | None = None) -> dict[str, Any]:
    """Deal A's record (dealer 3), with other actions or hands if given."""
    return {
        "game": "twenty-nine",
        "dealer": 3,
        "hands": [h.split() for h in (hands or HANDS_A)],
        "actions": [action(s, w) for s, w in (ACTIONS_A if actions is None else actions)],
    }


def deal_a_actions() -> list[tuple[int, str]]:
    return copy.deepcopy(ACTIONS_A)


AUCTION_A = 9  # Deal A's auction is actions 0-8


def with_auction(
    auction: list[tuple[int, str]], actions: list[tuple[int, str]] | None = None
) -> list[tuple[int, str]]:
    """Deal A's actions with another auction in place of actions 0-8 (the rest unchanged)."""
    return [*auction, *(ACTIONS_A if actions is None else actions)[AUCTION_A:]]


def swapped(hands: list[str], *pairs: tuple[str, str]) -> list[str]:
    """The hands with each pair of cards exchanged in place (a card keeps the other's position)."""
    grid = [h.split() for h in hands]
    for a, b in pairs:
        where = {c: (s, i) for s, h in enumerate(grid) for i, c in enumerate(h)}
        (sa, ia), (sb, ib) = where[a], where[b]
        grid[sa][ia], grid[sb][ib] = b, a
    return [" ".join(h) for h in grid]


def replay(record: dict[str, Any]) -> dict[str, Any] | tuple[int | None, str]:
    """What ``cardavia replay`` finds: the result JSON, or (the first bad action's index, reason)."""
    from cardavia.games.replay import ReplayRejected, replay_record

    with twenty_nine_registered():
        try:
            return replay_record(record).to_json()
        except ReplayRejected as exc:
            return exc.index, exc.rule
