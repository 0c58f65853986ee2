"""Tien Gow deal records (DESIGN.md contract): writing one, and reading and checking one.

``{"game": "tien-gow", "banker": 2, "hands": [[8 codes] x 4], "plays": [...], "options": {...}}``;
``options`` only when some differ from the defaults.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardavia.games.errors import RecordError
from cardavia.games.records import bad_record, game_record, only_keys
from cardavia.games.tien_gow.actions import Play, play_from_json
from cardavia.games.tien_gow.messages import MESSAGES
from cardavia.games.tien_gow.options import Options, parse_options
from cardavia.games.tien_gow.tiles import TILES, codes_of, mask_of, tile

GAME_ID = "tien-gow"
_KEYS = {"game", "banker", "hands", "plays", "options"}


def write_record(
    banker: int, hands: Sequence[int], options: Options, plays: Sequence[tuple[int, int, bool]]
) -> dict[str, Any]:
    """The record of a deal from its starting hands (masks) and its plays (seat, mask, face up)."""
    record: dict[str, Any] = {
        "game": GAME_ID,
        "banker": banker,
        "hands": [codes_of(h) for h in hands],
        "plays": [
            {"seat": seat, "tiles": codes_of(mask), "face": "up" if up else "down"}
            for seat, mask, up in plays
        ],
    }
    opts = options.to_json()
    if opts:
        record["options"] = opts
    return record


def _bad_hands(what: str) -> RecordError:
    return RecordError("bad-hands", MESSAGES["bad-hands"].format(what=what), {"what": what})


def read_record(record: Mapping[str, Any]) -> tuple[list[int], int, Options, list[Play]]:
    """Check a record's shape and deal: its hands (masks), banker, options and plays (not applied).

    ``RecordError`` for anything that is not a Tien Gow record: wrong game, unknown key, unknown
    tile, hands that are not four hands of eight making up the 32 tiles, a malformed play or option.
    Whether the plays follow the rules is for the deal to say when they are applied.
    """
    record = game_record(record, GAME_ID)
    only_keys(record, _KEYS)
    banker = record.get("banker")
    if type(banker) is not int or not 0 <= banker < 4:
        raise RecordError("bad-seat", MESSAGES["bad-seat"].format(what='"banker"'), {"what": "banker"})
    hands = record.get("hands")
    if not isinstance(hands, list) or len(hands) != 4:
        raise _bad_hands('"hands" must be a list of four hands')
    masks: list[int] = []
    counts = [0] * len(TILES)
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) != 8:
            raise _bad_hands(f"hand {seat} must be a list of 8 tiles")
        tiles = [tile(code) for code in hand]
        for t in tiles:
            counts[t.kind] += 1
            if counts[t.kind] > t.copies:
                raise RecordError(
                    "bad-hands",
                    MESSAGES["bad-hands"].format(what=f"{t.code} appears more than {t.copies} times"),
                    {"what": "duplicate", "tile": t.code},
                )
        mask = mask_of(tiles)
        if mask is None:  # pragma: no cover - the counts above catch it first
            raise _bad_hands(f"hand {seat} holds too many copies of a tile")
        masks.append(mask)
    options = parse_options(record.get("options"))
    plays_obj = record.get("plays", [])
    if not isinstance(plays_obj, list):
        raise bad_record('"plays" must be a list')
    plays = []
    for index, obj in enumerate(plays_obj):
        try:
            plays.append(play_from_json(obj, None))
        except RecordError as exc:  # say which play: a record may hold dozens
            raise RecordError(
                exc.code, f"play {index}: {exc.message}", {**exc.params, "play": index}
            ) from None
    return masks, banker, options, plays
