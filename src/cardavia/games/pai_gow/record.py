"""Pai Gow deal records (the spec's contract): writing one, and reading and checking one.

``{"game": "pai-gow", "banker": 2, "hands": [[4 codes] x 4], "sets": [{"seat", "hand"}, ...],
"options": {...}}``; ``sets`` in the order made; ``options`` only when some differ from the defaults.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from cardavia.games.errors import RecordError
from cardavia.games.pai_gow.actions import SetHand, set_from_json
from cardavia.games.pai_gow.messages import MESSAGES
from cardavia.games.pai_gow.options import Options, parse_options
from cardavia.games.pai_gow.tiles import Tile, sort_tiles, tile
from cardavia.games.records import bad_record, game_record, only_keys

GAME_ID = "pai-gow"
_REQUIRED = ("game", "banker", "hands", "sets")
_KEYS = {*_REQUIRED, "options"}


def write_record(
    banker: int, hands: Sequence[Sequence[Tile]], options: Options, sets: Sequence[SetHand]
) -> dict[str, Any]:
    """The record of a deal from its dealt hands and its sets in the order made."""
    record: dict[str, Any] = {
        "game": GAME_ID,
        "banker": banker,
        "hands": [[t.code for t in hand] for hand in hands],
        "sets": [s.to_json() for s in sets],
    }
    opts = options.to_json()
    if opts:
        record["options"] = opts
    return record


def _bad_hands(what: str, **params: Any) -> RecordError:
    return RecordError("bad-hands", MESSAGES["bad-hands"].format(what=what), {"what": what, **params})


def read_record(
    record: Mapping[str, Any],
) -> tuple[list[tuple[Tile, ...]], int, Options, list[SetHand]]:
    """Check a record's shape and deal: its hands, banker, options and sets (not yet applied).

    ``RecordError`` with a one-line reason for anything that is not a Pai Gow record: not an
    object, another game, a missing or unknown field, a banker not 0..3, hands not 4 x 4 tiles of
    one set, an unknown tile, a malformed entry of ``sets``, an unknown option or value. Whether the
    sets follow the rules is for the deal to say as they are applied (with their index).
    """
    record = game_record(record, GAME_ID)
    for name in _REQUIRED:
        if name not in record:
            raise RecordError("missing-field", MESSAGES["missing-field"].format(field=name), {"field": name})
    only_keys(record, _KEYS)
    banker = record["banker"]
    if type(banker) is not int or not 0 <= banker < 4:
        raise RecordError("bad-seat", MESSAGES["bad-seat"].format(what='"banker"'), {"what": "banker"})
    hands_obj = record["hands"]
    if not isinstance(hands_obj, list) or len(hands_obj) != 4:
        raise _bad_hands('"hands" must be a list of four hands')
    hands: list[tuple[Tile, ...]] = []
    counts: Counter[str] = Counter()
    for seat, hand in enumerate(hands_obj):
        if not isinstance(hand, list) or len(hand) != 4:
            raise _bad_hands(f"hand {seat} must be a list of 4 tiles", seat=seat)
        tiles = [tile(code) for code in hand]
        for t in tiles:
            counts[t.code] += 1
            if counts[t.code] > t.copies:
                raise _bad_hands(f"{t.code} appears more than {t.copies} times", tile=t.code)
        hands.append(sort_tiles(tiles))
    options = parse_options(record.get("options"))
    sets_obj = record["sets"]
    if not isinstance(sets_obj, list):
        raise bad_record('"sets" must be a list')
    sets = []
    for index, obj in enumerate(sets_obj):
        try:
            sets.append(set_from_json(obj, None))
        except RecordError as exc:  # say which entry: the reason is about the record's shape
            raise RecordError(exc.code, f"set {index}: {exc.message}", {**exc.params, "set": index}) from None
    return hands, banker, options, sets
