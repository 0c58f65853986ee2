"""Deals for the Tien Gow bot tests: positions reached by play, and their hidden-tile twins."""

from __future__ import annotations

import random

from cardavia.games.tien_gow import GAME, Play, TienGowDeal
from cardavia.games.tien_gow.tiles import Tile


def played_to(seed: int, plays: int) -> TienGowDeal:
    """The deal of ``seed`` after ``plays`` random legal plays (or its end)."""
    deal = GAME.new_deal(seed)
    rng = random.Random(seed)
    for _ in range(plays):
        if deal.to_act() is None:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def hidden_twin(deal: TienGowDeal, seat: int, rng: random.Random) -> TienGowDeal:
    """A deal ``seat`` cannot tell from ``deal``: the other seats' hidden tiles dealt out anew.

    Everything the others hold now or played face down is pooled and shared out again in the same
    counts; their face-up plays, and the whole of ``seat``'s hand and plays, stay as they were.
    """
    history = deal.history
    others = [s for s in range(4) if s != seat]
    pool: list[Tile] = []
    for s in others:
        pool.extend(deal.hand(s))
        for p in history:
            if p.seat == s and not p.face_up:
                pool.extend(p.tiles)
    rng.shuffle(pool)
    new_downs: list[tuple[Tile, ...]] = []
    now: dict[int, list[Tile]] = {}
    for s in others:
        now[s] = [pool.pop() for _ in deal.hand(s)]
    for p in history:
        if p.seat != seat and not p.face_up:
            new_downs.append(tuple(pool.pop() for _ in p.tiles))
    assert not pool
    start: list[list[Tile]] = [list(deal.hand(s)) for s in range(4)]
    for s in others:
        start[s] = list(now[s])
    downs = iter(new_downs)
    plays = []
    for p in history:
        if p.seat != seat and not p.face_up:
            tiles = next(downs)
            plays.append(Play(p.seat, tiles, False))
        else:
            plays.append(p)
        start[p.seat].extend(plays[-1].tiles)
    twin = TienGowDeal.from_hands(start, deal.banker, deal.options)
    for p in plays:
        twin.apply(Play(p.seat, tuple(sorted(p.tiles, key=lambda t: t.kind)), p.face_up))
    return twin
