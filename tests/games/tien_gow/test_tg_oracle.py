"""A second, literal reading of the spec, written from its text alone, against the engine.

The oracle below knows tiles only by their codes and the spec's tables: no masks, no group table,
no engine helper. Random deals (seeded, under random rule options, with play biased toward face-up
plays and toward keeping 1-2 and 2-4 for the end so that catches happen) must agree with it on every
follower's legal plays and on the whole result.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from cardavia.games.tien_gow import GAME, Options, TienGowDeal

DEALS = 150

CIVIL = ["6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2", "5-6", "4-6", "1-6", "1-5"]
LEVEL = {"4-5": 1, "3-6": 1, "3-5": 2, "2-6": 2, "3-4": 3, "2-5": 3, "2-4": 4, "1-4": 5, "2-3": 5, "1-2": 6}
PARTNER = {"6-6": 1, "1-1": 2, "4-4": 3, "1-3": 5}  # Heaven-nines, Earth-eights, Man-sevens, Goose-fives


def group(codes: Sequence[str]) -> tuple[str, int] | None:
    """(kind, rank) of the spec's groups table; kind names the civil/military count; None if none."""
    civil = sorted(c for c in codes if c in CIVIL)
    military = sorted(c for c in codes if c not in CIVIL)
    if len(codes) == 1:
        return ("1C", CIVIL.index(civil[0])) if civil else ("1M", LEVEL[military[0]])
    if sorted(codes) == ["1-2", "2-4"]:
        return ("supreme", 0)
    if len(civil) == 2 and not military and civil[0] == civil[1]:
        return ("2C", CIVIL.index(civil[0]))
    if len(military) == 2 and not civil:
        a, b = military
        if LEVEL[a] == LEVEL[b] and LEVEL[a] not in (4, 6) and a != b:
            return ("2M", LEVEL[a])
        return None
    if civil and military and len(set(civil)) == 1 and len(set(military)) == len(military) <= 2:
        level = PARTNER.get(civil[0])
        if level is not None and len(civil) <= 2 and all(LEVEL[m] == level for m in military):
            return (f"{len(civil)}C{len(military)}M", CIVIL.index(civil[0]))
    return None


def beats(follow: Sequence[str], high: Sequence[str]) -> bool:
    b, a = group(follow), group(high)
    if b is None or a is None or "supreme" in (a[0], b[0]):
        return False
    return b[0] == a[0] and b[1] < a[1]


def follows(
    hand: Sequence[str], high: Sequence[str], k: int, early_death: bool
) -> set[tuple[tuple[str, ...], bool]]:
    out: set[tuple[tuple[str, ...], bool]] = set()
    for combo in itertools.combinations(sorted(hand), k):
        out.add((combo, False))
        if not early_death and beats(combo, high):
            out.add((combo, True))
    return out


def score(hands: list[list[str]], banker: int, plays: list[dict[str, Any]], opt: Options) -> dict[str, Any]:
    """Play the record's plays by the spec's words and return the result."""
    held = [Counter(h) for h in hands]
    step = 1 if opt.turn_order == "counter-clockwise" else -1
    cols, immediate, tricks = [0] * 4, [0] * 4, []
    leader, i = banker, 0
    while True:
        trick = plays[i : i + 4]
        i += 4
        lead = trick[0]["tiles"]
        k = len(lead)
        final = k == sum(held[leader].values())
        high, winner = lead, leader
        for j, play in enumerate(trick):
            assert play["seat"] == (leader + step * j) % 4 and len(play["tiles"]) == k
            held[play["seat"]].subtract(play["tiles"])
            if j and play["face"] == "up":
                assert beats(play["tiles"], high) and not (final and k == 1 and not cols[play["seat"]])
                high, winner = play["tiles"], play["seat"]
        cols[winner] += k
        tricks.append({"leader": leader, "winner": winner, "size": k})
        kind = group(high)
        assert kind is not None
        bonus = 2 if kind[0] == "supreme" else 4 if kind[0] == "2C2M" else 0
        if bonus and (not final or opt.bonus_on_final_trick):
            for p in range(4):
                if p != winner:
                    paid = bonus * (2 if banker in (p, winner) else 1)
                    immediate[p] -= paid
                    immediate[winner] += paid
        leader = winner
        if final:
            break
    m_last = 1
    if kind[0] == "2C2M":
        m_last = opt.final_quartet_factor
    elif kind[0] == "supreme" or list(high) == ["1-2"]:
        m_last = 2
    m_sweep = 2 if cols[winner] == 8 else 1
    catch = k == 1 and lead == ["1-2"] and list(high) == ["2-4"]
    settle = [0] * 4
    for p in range(4):
        if p == winner:
            continue
        base = 5 if cols[p] == 0 else 4 - cols[p]
        bank = 2 if banker in (winner, p) else 1
        if base < 0 and p == banker and not opt.banker_doubles_surplus:
            bank = 1
        amount = base * bank * (m_last if base > 0 or opt.last_factor_on_surplus else 1) * m_sweep
        payer = p
        if catch and p != trick[0]["seat"] and amount > 0:
            payer, amount = trick[0]["seat"], amount * opt.catch_factor
        settle[payer] -= amount
        settle[winner] += amount
    return {
        "winner": winner,
        "next_banker": winner,
        "columns": cols,
        "immediate": immediate,
        "settlement": settle,
        "net": [a + b for a, b in zip(immediate, settle, strict=True)],
        "tricks": tricks,
    }


def _options(rng: random.Random) -> dict[str, Any]:
    choices: dict[str, list[Any]] = {
        "turn_order": ["counter-clockwise", "clockwise"],
        "banker_doubles_surplus": [True, False],
        "bonus_on_final_trick": [True, False],
        "last_factor_on_surplus": [True, False],
        "final_quartet_factor": [2, 4],
        "catch_factor": [1, 2, 4],
    }
    return {k: rng.choice(v) for k, v in choices.items() if rng.random() < 0.5}


def _play_one(deal: TienGowDeal, rng: random.Random, hoard: bool) -> None:
    """One play, checking the follower's legal plays against the oracle first."""
    seat = deal.to_act()
    assert seat is not None
    view = deal.view(seat)
    legal = list(deal.legal_actions())
    if view.trick:
        hand = [t.code for t in view.hand]
        high = [p for p in view.trick if p.face_up][-1]
        lead = view.trick[0]
        final = deal.hand_sizes[lead.seat] == 0
        expected = follows(
            hand,
            [t.code for t in high.tiles],
            lead.count,
            final and lead.count == 1 and not view.columns[seat],
        )
        assert {(tuple(sorted(p.codes)), p.face_up) for p in legal} == expected
    if hoard:  # keep 1-2 and 2-4 back while there is a choice
        keep = [p for p in legal if "1-2" not in p.codes and "2-4" not in p.codes]
        if keep and (not view.trick or not any(p.face_up for p in legal)):
            legal = keep
    ups = [p for p in legal if p.face_up]
    deal.apply(rng.choice(ups) if ups and rng.random() < 0.7 else rng.choice(legal))


@pytest.mark.parametrize("chunk", range(3))
def test_the_engine_agrees_with_a_literal_reading_of_the_spec(chunk: int) -> None:
    rng = random.Random(chunk)
    catches = 0
    for n in range(DEALS // 3):
        deal = GAME.new_deal(rng.randrange(2**32), options=_options(rng))
        hands = [[t.code for t in deal.hand(s)] for s in range(4)]
        while not deal.is_over():
            _play_one(deal, rng, hoard=n % 2 == 0)
        plays = deal.to_record()["plays"]
        assert deal.result() == score(hands, deal.banker, plays, deal.options)
        final_up = [p["tiles"] for p in plays[-4:] if p["face"] == "up"]
        catches += final_up[0] == ["1-2"] and final_up[-1] == ["2-4"]
    assert catches > 0  # the seeds are fixed: the catch is exercised in every chunk
