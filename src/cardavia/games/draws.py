"""Random draws made exactly as ``random.Random`` makes them, for the games' fused play-out loops.

A game's ``random_playout(rng)`` promises the same result as the generic loop
``deal.apply(rng.choice(tuple(deal.legal_actions())))``. CPython's ``Random.choice(seq)`` is
``seq[r]`` with ``r = getrandbits(k)`` drawn again until ``r < len(seq)``, where
``k = len(seq).bit_length()`` (so even a single legal action draws ``getrandbits(1)`` until 0), and
``Random.shuffle`` draws the same way per position. A fused loop inlines that with
:data:`BIT_LENGTHS`, after checking with :func:`draws_by_bits` that the generator really does it.
"""

from __future__ import annotations

import random

BIT_LENGTHS: tuple[int, ...] = tuple(n.bit_length() for n in range(257))  # n -> n.bit_length()

_CHOICE = random.Random.choice
_SHUFFLE = random.Random.shuffle
_RANDBELOW = getattr(random.Random, "_randbelow_with_getrandbits", None)


def draws_by_bits(rng: random.Random) -> bool:
    """Whether ``rng.choice`` and ``rng.shuffle`` draw below n as described above (CPython's ``Random``
    and subclasses that keep its sequence methods); otherwise a fused loop must call ``rng.choice``."""
    cls = type(rng)
    return (
        _RANDBELOW is not None
        and getattr(cls, "_randbelow", None) is _RANDBELOW
        and cls.choice is _CHOICE
        and cls.shuffle is _SHUFFLE
    )
