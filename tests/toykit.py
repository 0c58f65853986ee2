"""What the toy games of the tests share: a seeded deal of small hands, a record's hands and actions
read back with the same checks, and a bot level that picks by a rule. Each toy keeps its own rules,
pieces and words; this is only what they would otherwise write three times."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardavia.bots.base import Decision, Reason
from cardavia.games.errors import RecordError


def toy_deal(
    seed: int,
    pack: Sequence[str],
    seats: int,
    hand: int,
    dealer: int | None,
    options: Mapping[str, Any] | None,
    name: str,
) -> tuple[int, list[list[str]]]:
    """The first seat and the hands of a new deal: ``pack`` shuffled from ``seed``, ``hand`` pieces to
    each seat; ``RecordError`` ``bad-options`` for any option (a toy has none)."""
    if options:
        raise RecordError("bad-options", f"{name} has no options", {"options": sorted(options)})
    rng = random.Random(seed)
    shuffled = list(pack)
    rng.shuffle(shuffled)
    first = rng.randrange(seats) if dealer is None else dealer
    return first, [shuffled[i * hand : (i + 1) * hand] for i in range(seats)]


def toy_record(
    record: Mapping[str, Any], game_id: str, name: str, pack: Sequence[str], seats: int, hand: int
) -> tuple[int, list[list[str]], list[Any]]:
    """A toy record's dealer, hands and raw actions, checked: its game, a seat as dealer, ``seats``
    hands of ``hand`` pieces each, no piece dealt more often than ``pack`` holds it."""
    hands, dealer = record.get("hands"), record.get("dealer")
    if record.get("game") != game_id or type(dealer) is not int or not 0 <= dealer < seats:
        raise RecordError("bad-record", f"not a {name} record", {})
    dealt = [code for h in hands for code in h] if isinstance(hands, list) else []
    if (
        not isinstance(hands, list)
        or len(hands) != seats
        or not all(isinstance(h, list) and len(h) == hand for h in hands)
        or any(dealt.count(code) > list(pack).count(code) for code in set(dealt))
    ):
        raise RecordError("bad-hands", f"each hand is {hand} pieces of the {len(pack)}", {})
    listed = record.get("actions", [])
    if not isinstance(listed, list):
        raise RecordError("bad-record", "the actions are not a list", {})
    return dealer, [list(h) for h in hands], listed


@dataclass(frozen=True)
class PickBot:
    """A toy's level: plays the legal action ``pick`` chooses and says why with its reason's hint,
    filled with ``params`` of the action."""

    game: str
    level: str
    pick: Callable[[Any, list[Any]], tuple[Any, str]]  # (view, legal) -> the action and its reason id
    hints: Mapping[str, str]
    params: Callable[[Any], dict[str, Any]]

    def decide(self, view: Any, rng: random.Random) -> Decision[Any]:
        legal = list(view.legal)
        if not legal:
            raise ValueError("the seat has no legal action: it is not its turn")
        chosen, reason = self.pick(view, legal)
        params = self.params(chosen)
        return Decision(chosen, Reason(reason, self.hints[reason].format(**params), params))
