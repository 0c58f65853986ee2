"""What one seat may know: until all four have set, its own tiles and split and who has set; then all.

Before the reveal a view is a function of the seat's own four tiles, its own split, the banker, the
options and the four has-set flags only (tests/games/pai_gow check exactly that), so that nothing a
seat is sent depends on another seat's tiles or split.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardavia.games.pai_gow.actions import SetHand
from cardavia.games.pai_gow.hands import (
    PAIR,
    RESULT_NAMES,
    HandKey,
    Split,
    beats,
    describe_key,
    make_split,
    why,
)
from cardavia.games.pai_gow.options import Options
from cardavia.games.pai_gow.tiles import CLASS_OF, Tile

# the pairs of two different tiles, by the word the table names them with ("pair of nines")
_MIXED_PAIRS: dict[str, str] = {
    "Gee Joon": "supreme",
    "Nines": "nines",
    "Eights": "eights",
    "Sevens": "sevens",
    "Fives": "fives",
}


def hand_json(tiles: tuple[Tile, Tile], key: HandKey) -> dict[str, Any]:
    """One 2-tile hand as the table shows it: its tiles (best first), its key and its English name;
    ``pair_of`` names a pair of two different tiles (``supreme``, ``nines`` … ``fives``), None else."""
    cls = CLASS_OF[tiles[0].code]
    mixed = _MIXED_PAIRS.get(cls.name) if key.category == PAIR else None
    return {
        "tiles": [t.code for t in tiles],
        "key": key.to_json(),
        "name": describe_key(key),
        "pair_of": mixed,
    }


def split_json(split: Split) -> dict[str, Any]:
    """A split's two hands with their keys, high first."""
    return {"high": hand_json(split.high, split.high_key), "low": hand_json(split.low, split.low_key)}


@dataclass(frozen=True, slots=True)
class SeatShowing:
    """One seat's two hands as the reveal shows them, and (a player) how they met the banker's."""

    seat: int
    split: Split
    high_vs_banker: int | None  # +1 beat, 0 tie, -1 beaten; None for the banker
    low_vs_banker: int | None
    result: int | None  # +1 win, 0 push, -1 loss; None for the banker
    # why each comparison went as it did (:func:`hands.why`: beat, beaten, copy, zero-zero, tie;
    # beat-tile and beaten-tile where one value's better single tile decided)
    high_why: str | None = None
    low_why: str | None = None

    def to_json(self) -> dict[str, Any]:
        def hand(
            tiles: tuple[Tile, Tile], key: HandKey, vs: int | None, reason: str | None
        ) -> dict[str, Any]:
            return {**hand_json(tiles, key), "vs_banker": vs, "why": reason}

        return {
            "seat": self.seat,
            "high": hand(self.split.high, self.split.high_key, self.high_vs_banker, self.high_why),
            "low": hand(self.split.low, self.split.low_key, self.low_vs_banker, self.low_why),
            "result": None if self.result is None else RESULT_NAMES[self.result],
        }


def _why(player: HandKey, banker: HandKey, options: Options) -> str:
    """:func:`hands.why`, and ``"beat-tile"`` / ``"beaten-tile"`` where the two hands are of one
    value and the better single tile decided (both 9 points, Heaven against Earth)."""
    found = why(player.order, banker.order, options)
    same_value = (player.category, player.value) == (banker.category, banker.value)
    return f"{found}-tile" if same_value and found in ("beat", "beaten") else found


def showing(seat: int, split: Split, banker: int, banker_split: Split, options: Options) -> SeatShowing:
    """How ``seat``'s split met the banker's (the banker's own showing has no comparisons)."""
    if seat == banker:
        return SeatShowing(seat, split, None, None, None)
    hi = beats(split.high_key.order, banker_split.high_key.order, options)
    lo = beats(split.low_key.order, banker_split.low_key.order, options)
    total = hi + lo
    hi_why = _why(split.high_key, banker_split.high_key, options)
    lo_why = _why(split.low_key, banker_split.low_key, options)
    return SeatShowing(seat, split, hi, lo, (total > 0) - (total < 0), hi_why, lo_why)


@dataclass(frozen=True, slots=True)
class View:
    """The view of ``seat``. ``legal`` is its splits (as sets), each once, while it has not set,
    else empty.

    ``split`` is the seat's own split once it has set; ``set`` says which seats have set;
    ``choices`` (JSON only) is, for each of ``legal`` in its order, the two hands it makes with their
    keys and names, and ``own`` the same of the seat's own split once set: the table shows a hand's value
    as the engine answers it, never working it out;
    ``acting`` the seats that may set now (every seat that has not, all at once); ``to_act`` the
    lowest of them (the one-seat protocol's answer). ``showings``, ``result`` only once all have set.
    """

    seat: int
    legal: tuple[SetHand, ...]
    hand: tuple[Tile, ...]
    split: Split | None
    banker: int
    set: tuple[bool, ...]
    acting: tuple[int, ...]
    to_act: int | None
    options: Options
    showings: tuple[SeatShowing, ...] | None = None
    result: Mapping[str, Any] | None = None

    def _split_of(self, action: SetHand) -> Split:
        rest = list(self.hand)
        for t in action.hand:
            rest.remove(t)
        return make_split(action.hand, rest, self.options)

    @property
    def over(self) -> bool:
        return self.result is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "pai-gow",
            "seat": self.seat,
            "hand": [t.code for t in self.hand],
            # every seat holds four tiles from the deal to the reveal (setting splits them, keeps them)
            "hand_sizes": [len(self.hand)] * len(self.set),
            "split": None if self.split is None else self.split.to_json(),
            "banker": self.banker,
            "set": list(self.set),
            "acting": list(self.acting),
            "to_act": self.to_act,
            "options": self.options.all_json(),
            "legal": [s.to_json() for s in self.legal],
            "choices": [split_json(self._split_of(s)) for s in self.legal],
            "own": None if self.split is None else split_json(self.split),
            "over": self.over,
            "showings": None if self.showings is None else [s.to_json() for s in self.showings],
            "result": None if self.result is None else dict(self.result),
        }
