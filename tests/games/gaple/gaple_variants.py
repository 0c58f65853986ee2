"""Gaple under each of its options, as games of their own registered for a test: the conformance suite
and the arena make deals with ``new_deal(seed)`` and nothing else, so a variant is the game whose deals
are made with those options (``Gaple.for_options``) and, for later deals of a match, with a leader
and match scores drawn from the seed. Its records name ``gaple`` and carry their options, so they
replay through the real game's entry, registered beside them."""

from __future__ import annotations

import random
import sys
import types
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from typing import Any

from cardavia.games.gaple import GAME, Gaple, GapleDeal, GaplePartners
from cardavia.games.registry import GameEntry
from games.gaple.gaple_helpers import ENTRY, gaple_registered, registered_once


def _later(game: Gaple) -> Gaple:
    """``game`` whose deals are later deals of a match: the leader and the scores drawn from the seed."""

    class Later(type(game)):  # type: ignore[misc]
        def new_deal(
            self,
            seed: int,
            *,
            options: Mapping[str, Any] | None = None,
            dealer: int | None = None,
            carry: Mapping[str, Any] | None = None,
        ) -> GapleDeal:
            if dealer is None:
                rng = random.Random(f"later:{seed}")
                dealer = rng.randrange(4)
                target = self.defaults.target
                carry = {"scores": [rng.randrange(target) for _ in range(self.defaults.sides)]}
            return super().new_deal(seed, options=options, dealer=dealer, carry=carry)

    return Later(game.defaults)


VARIANTS: dict[str, tuple[dict[str, Any], bool]] = {
    # name: (options, later deals)
    "teams": ({"teams": True}, False),
    "discard": ({"stuck": "discard"}, False),
    "stock": ({"hand_size": 6}, False),
    "six-six": ({"opening": "6-6"}, False),
    "no-redeal": ({"redeal_doubles": False}, False),
    "later": ({}, True),
    "later-teams": ({"teams": True, "target": 120}, True),
    "later-any": ({"lead": "any", "redeal_doubles": 6}, True),
    "everything": ({"teams": True, "stuck": "discard", "hand_size": 6, "target": 60}, True),
}


def variant_game(name: str) -> Gaple:
    options, later = VARIANTS[name]
    game = GAME.for_options(options)
    assert isinstance(game, GaplePartners) == bool(options.get("teams"))
    return _later(game) if later else game


def variant_entry(name: str) -> GameEntry:
    """The registry entry of a variant: a module of its own holding its ``GAME``."""
    module_name = f"gaple_variant_{name.replace('-', '_')}"
    module = sys.modules.get(module_name)
    if module is None:
        module = types.ModuleType(module_name)
        module.GAME = variant_game(name)  # type: ignore[attr-defined]
        sys.modules[module_name] = module
    return GameEntry(f"gaple-{name}", module_name, ENTRY.bots, ENTRY.web)


@contextmanager
def variants_registered(*names: str) -> Iterator[list[str]]:
    """Gaple and the named variants registered for a ``with`` block; yields the variants' game ids."""
    with ExitStack() as stack:
        stack.enter_context(gaple_registered())
        entries = [variant_entry(name) for name in names]
        for entry in entries:
            stack.enter_context(registered_once(entry))
        yield [entry.id for entry in entries]
