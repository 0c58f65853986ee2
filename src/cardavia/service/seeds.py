"""Every random choice of a table derives from its one seed, so its log replays exactly."""

from __future__ import annotations

import hashlib

_MASK = (1 << 63) - 1


def derive(seed: int, *parts: object) -> int:
    """A 63-bit seed from ``seed`` and a purpose; knowing the result tells nothing of ``seed``."""
    text = ":".join(str(p) for p in (seed, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") & _MASK


def deal_seed(seed: int, deal_no: int) -> int:
    return derive(seed, "deal", deal_no)


def bot_seed(seed: int, seq: int, seat: int | None = None) -> int:
    """The seed of the bot decision taken at ``seq``: the same in every process and every retry.
    ``seat``: of one of several seats deciding at once from ``seq`` (each its own seed)."""
    return derive(seed, "bot", seq) if seat is None else derive(seed, "bot", seq, seat)
