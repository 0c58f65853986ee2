"""An independent Pai Gow scorer written from the spec's text alone (imports nothing of the engine).

Keys are plain tuples ``(category, value, high)`` with ``high`` the negated single rank (so that
bigger is better) or 0 where it is not part of the key, exactly as the spec words them; a record is
read field by field. Used to check the engine's results, hands, nets and rejections.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

# class name, tiles, pips, pair rank (the spec's table, copied by hand)
TABLE: list[tuple[str, tuple[str, ...], int, int]] = [
    ("Gee Joon", ("2-4", "1-2"), 0, 1),
    ("Teen", ("6-6",), 12, 2),
    ("Day", ("1-1",), 2, 3),
    ("Yun", ("4-4",), 8, 4),
    ("Gor", ("1-3",), 4, 5),
    ("Mooy", ("5-5",), 10, 6),
    ("Chong", ("3-3",), 6, 7),
    ("Bon", ("2-2",), 4, 8),
    ("Foo", ("5-6",), 11, 9),
    ("Ping", ("4-6",), 10, 10),
    ("Tit", ("1-6",), 7, 11),
    ("Look", ("1-5",), 6, 12),
    ("Nines", ("4-5", "3-6"), 9, 13),
    ("Eights", ("3-5", "2-6"), 8, 14),
    ("Sevens", ("3-4", "2-5"), 7, 15),
    ("Fives", ("1-4", "2-3"), 5, 16),
]
CLASS = {code: name for name, codes, _p, _r in TABLE for code in codes}
PAIR_RANK = {name: rank for name, _c, _p, rank in TABLE}
MILITARY = {code for _n, codes, _p, _r in TABLE if len(codes) == 2 for code in codes}
DEFAULTS = {
    "gee_joon_single_rank": "lowest",
    "wong_gong": True,
    "gee_joon_wild": True,
    "copies_to_banker": True,
    "zero_zero_to_banker": True,
}


class Rejected(Exception):
    def __init__(self, code: str, index: int | None) -> None:
        super().__init__(code, index)
        self.code = code
        self.index = index


def canon(code: object) -> str:
    if not isinstance(code, str) or len(code) != 3 or code[1] != "-":
        raise Rejected("unknown-tile", None)
    a, b = sorted((code[0], code[2]))
    out = f"{a}-{b}"
    if out not in CLASS:
        raise Rejected("unknown-tile", None)
    return out


def single(code: str, opts: dict[str, Any]) -> int:
    name = CLASS[code]
    if opts["gee_joon_single_rank"] == "tien-gow":
        if code == "2-4":
            return 15
        if code == "1-2":
            return 17
        if name == "Fives":
            return 16
    return 16 if name == "Gee Joon" else PAIR_RANK[name] - 1


def pip_values(code: str, opts: dict[str, Any]) -> list[int]:
    if CLASS[code] == "Gee Joon" and opts["gee_joon_wild"]:
        return [3, 6]
    return [int(code[0]) + int(code[2])]


def key(a: str, b: str, opts: dict[str, Any]) -> tuple[int, int, int]:
    ca, cb = CLASS[a], CLASS[b]
    if ca == cb:
        return (3, 17 - PAIR_RANK[ca], 0)
    high = -min(single(a, opts), single(b, opts))
    big = {"Teen", "Day"}
    if opts["wong_gong"] and (ca in big or cb in big):
        other = cb if ca in big else ca
        other_code = b if ca in big else a
        if other == "Nines":
            return (2, 0, high)
        if int(other_code[0]) + int(other_code[2]) == 8:
            return (1, 0, high)
    value = max((x + y) % 10 for x in pip_values(a, opts) for y in pip_values(b, opts))
    if value == 0 and opts["zero_zero_to_banker"]:
        return (0, 0, 0)
    return (0, value, high)


def meet(p: tuple[int, int, int], b: tuple[int, int, int], opts: dict[str, Any]) -> int:
    if p > b:
        return 1
    if p < b:
        return -1
    if opts["copies_to_banker"]:
        return -1
    if opts["zero_zero_to_banker"] and p[0] == 0 and p[1] == 0:
        return -1
    return 0


def score(record: Any) -> dict[str, Any]:
    """The replay of ``record``: its result JSON (or ``{"finished": False, "set": [...]}``), or
    :class:`Rejected` with the reason code and, for an illegal ``sets`` entry, its index."""
    if not isinstance(record, dict):
        raise Rejected("bad-record", None)
    if record.get("game") != "pai-gow":
        raise Rejected("bad-record", None)
    for name in ("banker", "hands", "sets"):
        if name not in record:
            raise Rejected("missing-field", None)
    if set(record) - {"game", "banker", "hands", "sets", "options"}:
        raise Rejected("bad-record", None)
    banker = record["banker"]
    if type(banker) is not int or banker not in range(4):
        raise Rejected("bad-seat", None)
    hands = record["hands"]
    if type(hands) is not list or len(hands) != 4:
        raise Rejected("bad-hands", None)
    seen: Counter[str] = Counter()
    dealt = []
    for h in hands:
        if type(h) is not list or len(h) != 4:
            raise Rejected("bad-hands", None)
        tiles = [canon(c) for c in h]
        for t in tiles:
            seen[t] += 1
            if seen[t] > (1 if t in MILITARY else 2):
                raise Rejected("bad-hands", None)
        dealt.append(tiles)
    opts = dict(DEFAULTS)
    given = record.get("options", {})
    if type(given) is not dict:
        raise Rejected("bad-record", None)
    for name, value in given.items():
        if name not in DEFAULTS:
            raise Rejected("unknown-option", None)
        allowed = ["lowest", "tien-gow"] if name == "gee_joon_single_rank" else [True, False]
        if not any(type(value) is type(v) and value == v for v in allowed):
            raise Rejected("bad-option", None)
        opts[name] = value
    entries = record["sets"]
    if type(entries) is not list:
        raise Rejected("bad-record", None)
    parsed = []
    for e in entries:
        if type(e) is not dict or set(e) - {"seat", "hand"}:
            raise Rejected("bad-action", None)
        seat = e.get("seat")
        if seat is not None and (type(seat) is not int or seat not in range(4)):
            raise Rejected("bad-seat", None)
        if seat is None:
            raise Rejected("bad-action", None)
        if type(e.get("hand")) is not list:
            raise Rejected("bad-action", None)
        parsed.append((seat, [canon(c) for c in e["hand"]]))
    split: dict[int, tuple[list[str], list[str]]] = {}
    for index, (seat, named) in enumerate(parsed):
        if seat in split:
            raise Rejected("already-set", index)
        if len(named) != 2:
            raise Rejected("not-two-tiles", index)
        rest = list(dealt[seat])
        for t in named:
            if t not in rest:
                raise Rejected("too-many-copies" if t in dealt[seat] else "not-in-hand", index)
            rest.remove(t)
        split[seat] = (named, rest)
    if len(split) < 4:
        return {"finished": False, "set": [s in split for s in range(4)]}
    shown = []
    for seat in range(4):
        one, other = split[seat]
        k1, k2 = key(*one, opts), key(*other, opts)
        shown.append((one, k1, other, k2) if k1 >= k2 else (other, k2, one, k1))
    results: list[str | None] = []
    net = [0, 0, 0, 0]
    for seat in range(4):
        if seat == banker:
            results.append(None)
            continue
        total = meet(shown[seat][1], shown[banker][1], opts) + meet(shown[seat][3], shown[banker][3], opts)
        r = (total > 0) - (total < 0)
        results.append({1: "win", 0: "push", -1: "loss"}[r])
        net[seat] += r
        net[banker] -= r
    return {
        "banker": banker,
        "next_banker": (banker + 1) % 4,
        "hands": [{"high": s[0], "low": s[2]} for s in shown],
        "results": results,
        "net": net,
        "keys": [(s[1], s[3]) for s in shown],
    }
