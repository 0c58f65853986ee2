"""Actions taken from the engines' own answers, for tests that must send a game an action without
knowing its rules: one a seat may not make now (an illegal action), whatever the game."""

from __future__ import annotations

import random
from typing import Any

from cardavia.games.protocol import Deal, Game, acting_seats

JSON = dict[str, Any]


def not_legal_now(game: Game[Any, Any], deal: Deal[Any, Any], seat: int, seed: int = 0) -> list[JSON]:
    """Well-formed actions ``seat`` may not make in ``deal`` now, taken only from the engine's legal
    actions: every legal action of any seat along a random play-out of the deal from its start
    (another hand's pieces, a later phase's choice), written as ``seat``'s where the action JSON
    names its seat (else as it is: it is the sender's), that is not among
    ``seat``'s legal actions now; in the order they were met, each once."""
    legal = [game.action_to_json(a) for a in deal.view(seat).legal]
    start, _ = game.deal_from_record(deal.to_record())
    rng = random.Random(seed)
    out: list[JSON] = []
    while not start.is_over():
        acting = acting_seats(game, start)
        for s in acting:
            for a in start.view(s).legal:
                action = game.action_to_json(a)
                if "seat" in action:  # an action that names its seat, named as ``seat``'s
                    action["seat"] = seat
                if action not in legal and action not in out:
                    out.append(action)
        mover = rng.choice(acting)
        start.apply(rng.choice(start.view(mover).legal))
    return out
