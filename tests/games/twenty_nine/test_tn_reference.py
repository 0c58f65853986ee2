"""The engine against the independent referee (``tn_reference.py``, written from the spec's text).

On the worked examples and 300 random deals (random options, random legal play that asks and
declares often, cut at a random point, with random actions of any seat and kind slipped in): the
engine offers exactly the referee's legal actions at every step, and ``cardavia replay`` finds what
the referee finds: the same result JSON, the same unfinished state, or the same first bad action's
index and reason code.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_tn_examples import HANDS_10, HANDS_12
from tn_reference import RANK_ORDER, SUITS, Referee, referee_replay
from twenty_nine_helpers import ACTIONS_A, record_a, replay, with_auction

from cardavia.games.twenty_nine import GAME, MESSAGES, new_deal

OPTIONS = [
    {},
    {"min_bid": 15},
    {"min_bid": 14, "last_trick_point": True},
    {"last_trick_point": True},
    {"double": False},
    {"pair": False},
]

EXAMPLES = [
    record_a(),
    record_a([a for i, a in enumerate(ACTIONS_A) if i != 29]),
    record_a([(0, "pass")]),
    record_a([(0, "16"), (1, "16")]),
    record_a([*ACTIONS_A[:21], (2, "9s")]),
    record_a([*ACTIONS_A[:23], (0, "Kd"), (1, "Jh")]),
    record_a([*ACTIONS_A[:24], (0, "Kd")]),
    record_a([*ACTIONS_A[:18], (1, "reveal")]),
    record_a([*ACTIONS_A[:21], (2, "pair")]),
    record_a([*ACTIONS_A[:10], (1, "double")]),
    record_a([*ACTIONS_A[:10], (3, "pass"), (1, "double"), (2, "redouble"), *ACTIONS_A[13:]]),
    record_a([*ACTIONS_A[:28], (1, "pair"), *ACTIONS_A[28:29], *ACTIONS_A[30:]], HANDS_10),
    record_a(
        with_auction([(0, "16"), (1, "17"), (0, "17"), (1, "pass"), (2, "18"), (0, "pass"), (3, "pass")])
    ),
    record_a([], HANDS_12),
    record_a([(0, "16")], HANDS_12),
]


@pytest.mark.parametrize("index", range(len(EXAMPLES)))
def test_the_worked_examples_agree(index: int) -> None:
    record = EXAMPLES[index]
    assert replay(record) == referee_replay(record)


def _as_json(seat: int, do: str, arg: Any) -> dict[str, Any]:
    obj: dict[str, Any] = {"seat": seat, "do": do}
    if do == "bid":
        obj["value"] = arg
    elif do == "trump":
        obj["suit"] = arg
    elif do == "play":
        obj["card"] = arg
    return obj


def _any_action(rng: random.Random, ref: Referee) -> dict[str, Any]:
    """An action, legal or not: mostly of the seat to act and of the kind its moment asks for (a
    bid near the current one, a card of its own hand), else of any seat and kind."""
    seat = ref.turn if ref.turn is not None and rng.random() < 0.8 else rng.randrange(4)
    if ref.stage == "auction" and rng.random() < 0.8:
        do = rng.choice(["bid", "bid", "pass"])
    elif ref.stage == "play" and rng.random() < 0.8:
        do = rng.choice(["play", "play", "play", "reveal", "pair"])
    else:
        do = rng.choice(["bid", "pass", "trump", "double", "redouble", "play", "reveal", "pair"])
    arg: Any = None
    if do == "bid":
        arg = rng.randrange(ref.current - 2, ref.current + 3) if ref.current else rng.randrange(12, 31)
    elif do == "trump":
        arg = rng.choice(SUITS)
    elif do == "play":
        own = ref.hand[seat]
        arg = rng.choice(own) if own and rng.random() < 0.9 else rng.choice(RANK_ORDER) + rng.choice(SUITS)
    return _as_json(seat, do, arg)


def _tempting(ref: Referee) -> bool:
    """An asker about to play, or the bidder leading while the trump is hidden."""
    leading_bidder = ref.stage == "play" and not ref.led and ref.turn == ref.bidder and ref.asked_by is None
    return ref.asking_now or leading_bidder


def random_record(seed: int) -> tuple[dict[str, Any], int]:
    """A random record and how many legal steps were compared on the way: a seeded deal, random
    options, random legal play (asking and the pair taken half the time they are offered), cut at
    a random point, then a few actions of any kind; about a third of records stop cleanly."""
    rng = random.Random(f"twenty-nine-reference:{seed}")
    options = rng.choice(OPTIONS)
    deal = new_deal(seed, None, GAME.new_deal(0, options=options).options)
    record = deal.to_record()
    ref = Referee(record["dealer"], record["hands"], options)
    steps = 0
    stop = rng.randrange(0, 60) if rng.random() < 0.6 else 99
    while not deal.is_over() and len(deal.log) < stop:
        engine_legal = sorted(str(a.to_json()) for a in deal.legal_actions())
        ref_legal = ref.legal()
        assert engine_legal == sorted(str(_as_json(*a)) for a in ref_legal), (seed, len(deal.log))
        assert deal.to_act() == ref.turn
        if stop != 99 and _tempting(ref) and rng.random() < 0.3:
            break  # cut where a bad card breaks the rarer rules (must-trump, trump-lead)
        special = [a for a in ref_legal if a[1] in ("reveal", "pair")]
        choice = rng.choice(special) if special and rng.random() < 0.5 else rng.choice(ref_legal)
        deal.apply(GAME.action_from_json(_as_json(*choice), choice[0]))
        ref.act(*choice)
        steps += 1
    record = deal.to_record()
    if stop != 99 and rng.random() < 0.7:
        record["actions"] += [_any_action(rng, ref) for _ in range(rng.randrange(1, 4))]
    return record, steps


def test_three_hundred_random_deals_agree() -> None:
    kinds: dict[str, int] = {}
    steps = 0
    for seed in range(300):
        record, compared = random_record(seed)
        steps += compared
        engine, referee = replay(record), referee_replay(record)
        assert engine == referee, (seed, record)
        kind = (
            f"illegal {engine[1]}"
            if isinstance(engine, tuple)
            else "finished"
            if engine["finished"]
            else "unfinished"
        )
        kinds[kind] = kinds.get(kind, 0) + 1
    # the comparison had teeth: finished deals, unfinished ones and refused actions of several kinds
    assert kinds["finished"] > 50 and kinds["unfinished"] > 10, kinds
    assert sum(n for k, n in kinds.items() if k.startswith("illegal")) > 50, kinds
    assert {k.removeprefix("illegal ") for k in kinds if k.startswith("illegal")} == set(MESSAGES), kinds
    assert steps > 5000
