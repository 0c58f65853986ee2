"""An independent Gaple referee, written from spec/gaple.md's text and nothing of the engine.

Deliberately plain: a tile is a pair of ints (low, high), a hand a list of them, the line a list of
[left pip, right pip] pairs from the left end to the right; the state is a handful of fields named as
the spec names them. It reads a record (``malformed`` for what the spec calls a malformed record),
says which rule an action breaks without changing anything (``check``), applies one (``act``), and
prints what ``cardavia replay --json`` must print.
"""

from __future__ import annotations

from typing import Any

OPTION_VALUES: dict[str, list[Any]] = {
    "teams": [False, True],
    "stuck": ["pass", "discard"],
    "hand_size": [7, 6],
    "opening": ["0-0", "6-6"],
    "lead": ["double", "any"],
    "redeal_doubles": [5, 6, False],
}
DEFAULTS: dict[str, Any] = {
    "teams": False,
    "stuck": "pass",
    "hand_size": 7,
    "opening": "0-0",
    "lead": "double",
    "redeal_doubles": 5,
    "target": 201,
}


class Malformed(Exception):
    """Not a record (the spec's list (b))."""


def parse_tile(code: Any) -> tuple[int, int]:
    if not isinstance(code, str) or len(code) != 3 or code[1] != "-":
        raise Malformed(f"not a tile: {code!r}")
    a, b = code[0], code[2]
    if a not in "0123456" or b not in "0123456":
        raise Malformed(f"not a tile: {code!r}")
    return (min(int(a), int(b)), max(int(a), int(b)))


def code_of(t: tuple[int, int]) -> str:
    return f"{t[0]}-{t[1]}"


def same_type(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def read_options(raw: Any) -> dict[str, Any]:
    options = dict(DEFAULTS)
    if raw is None:
        return options
    if not isinstance(raw, dict):
        raise Malformed("options")
    for key, value in raw.items():
        if key == "target":
            if type(value) is not int or not 1 <= value <= 10000:
                raise Malformed("target")
        elif key not in OPTION_VALUES or not any(same_type(value, v) for v in OPTION_VALUES[key]):
            raise Malformed(f"option {key}")
        options[key] = value
    return options


def read_action(obj: Any) -> dict[str, Any]:
    """An action as the record writes it, checked for shape only (unknown keys ignored)."""
    if not isinstance(obj, dict):
        raise Malformed("action")
    seat, do = obj.get("seat"), obj.get("do")
    if type(seat) is not int or seat not in (0, 1, 2, 3) or do not in ("play", "pass", "discard"):
        raise Malformed("action seat/do")
    out: dict[str, Any] = {"seat": seat, "do": do}
    if do in ("play", "discard"):
        out["tile"] = parse_tile(obj.get("tile"))
    if do == "play" and "end" in obj and obj["end"] is not None:
        if obj["end"] not in ("left", "right"):
            raise Malformed("end")
        out["end"] = obj["end"]
    return out


class Referee:
    """One deal of Gaple as the spec words it."""

    def __init__(self, record: Any) -> None:
        if not isinstance(record, dict) or record.get("game") != "gaple":
            raise Malformed("game")
        allowed = {"game", "first", "leader", "hands", "actions", "scores", "stock", "options"}
        if any(key not in allowed for key in record):
            raise Malformed("unknown key")
        for name in ("first", "leader", "hands", "actions"):
            if name not in record:
                raise Malformed(f"missing {name}")
        self.options = read_options(record.get("options"))
        o = self.options
        self.teams: bool = o["teams"]
        self.sides = 2 if self.teams else 4
        if type(record["first"]) is not bool:
            raise Malformed("first")
        self.first: bool = record["first"]
        leader = record["leader"]
        if type(leader) is not int or leader not in (0, 1, 2, 3):
            raise Malformed("leader")
        self.leader: int = leader
        hands = record["hands"]
        size = o["hand_size"]
        if not isinstance(hands, list) or len(hands) != 4:
            raise Malformed("hands")
        self.hand: list[list[tuple[int, int]]] = []
        for h in hands:
            if not isinstance(h, list):
                raise Malformed("hand")
            self.hand.append([parse_tile(c) for c in h])
        stock_raw = record.get("stock", [])
        if not isinstance(stock_raw, list):
            raise Malformed("stock")
        self.stock = [parse_tile(c) for c in stock_raw]
        if any(len(h) != size for h in self.hand) or len(self.stock) != (4 if size == 6 else 0):
            raise Malformed("sizes")
        every = [t for h in self.hand for t in h] + self.stock
        if sorted(every) != sorted((a, b) for a in range(7) for b in range(a, 7)):
            raise Malformed("not the 28 tiles")
        scores = record.get("scores", [0] * self.sides)
        target = o["target"]
        if (
            not isinstance(scores, list)
            or len(scores) != self.sides
            or any(type(s) is not int or not 0 <= s < target for s in scores)
        ):
            raise Malformed("scores")
        if self.first and any(scores):
            raise Malformed("scores in a first deal")
        self.scores_before = list(scores)
        opening = parse_tile(o["opening"])
        if self.first and size == 7 and opening not in self.hand[self.leader]:
            raise Malformed("leader does not hold the opening tile")
        raw = record["actions"]
        if not isinstance(raw, list):
            raise Malformed("actions")
        self.actions = [read_action(a) for a in raw]

        self.dead: list[list[tuple[int, int]]] = [[], [], [], []]
        self.line: list[list[int]] = []
        self.over = False
        self.annulled = False
        self.outcome: dict[str, Any] = {}
        limit = o["redeal_doubles"]
        self.doubles_seat = None
        if limit is not False:
            for seat in range(4):
                if sum(1 for a, b in self.hand[seat] if a == b) >= limit:
                    self.doubles_seat = seat
                    break
        if self.doubles_seat is not None:
            self.annulled = True
            self.turn: int | None = None
            return
        # who opens, and with what
        self.may_open: list[tuple[int, int]] = []
        if size == 6:
            up = self.stock[0]
            self.line = [[up[0], up[1]]]
            self.turn = self.leader
        elif self.first:
            self.turn = self.leader
            self.may_open = [opening]
        elif o["lead"] == "any":
            self.turn = self.leader
            self.may_open = list(self.hand[self.leader])
        else:
            w = self.leader
            order = (
                [w, (w + 2) % 4, (w + 1) % 4, (w + 3) % 4] if self.teams else [(w + k) % 4 for k in range(4)]
            )
            self.turn = next(s for s in order if any(a == b for a, b in self.hand[s]))
            self.may_open = [t for t in self.hand[self.turn] if t[0] == t[1]]

    # ---------------------------------------------------------------- the line

    def ends(self) -> tuple[int, int] | None:
        if not self.line:
            return None
        return (self.line[0][0], self.line[-1][1])

    def fits(self, t: tuple[int, int]) -> list[str]:
        """The ends tile ``t`` may be added to."""
        e = self.ends()
        assert e is not None
        out = []
        if e[0] in t:
            out.append("left")
        if e[1] in t:
            out.append("right")
        return out

    def holds_a_fit(self, seat: int) -> bool:
        if not self.line:
            return True  # before the opening the opener holds a tile that may open
        return any(self.fits(t) for t in self.hand[seat])

    # ---------------------------------------------------------------- checking

    def check(self, a: dict[str, Any]) -> str | None:
        """The reason action ``a`` breaks, in the spec's order, or None if it is legal."""
        if self.over or self.annulled:
            return "deal-over"
        if a["seat"] != self.turn:
            return "not-your-turn"
        seat, do = a["seat"], a["do"]
        discarding = self.options["stuck"] == "discard"
        if (do == "pass" and discarding) or (do == "discard" and not discarding):
            return "bad-action"
        if do == "pass":
            return "must-play" if self.holds_a_fit(seat) else None
        if do == "discard":
            if self.holds_a_fit(seat):
                return "must-play"
            return None if a["tile"] in self.hand[seat] else "not-in-hand"
        t = a["tile"]
        if t not in self.hand[seat]:
            return "not-in-hand"
        if not self.line:
            return None if t in self.may_open else "must-open"
        where = self.fits(t)
        end = a.get("end")
        if not where or (end is not None and end not in where):
            return "no-match"
        if end is None and len(where) == 2:
            return "end-needed"
        return None

    def legal(self) -> list[dict[str, Any]]:
        """Every legal action of the seat to act, as record JSON (an end named for every play but
        the opening), in any order."""
        if self.turn is None:
            return []
        seat = self.turn
        if not self.line:
            return [{"seat": seat, "do": "play", "tile": code_of(t)} for t in self.may_open]
        plays = [
            {"seat": seat, "do": "play", "tile": code_of(t), "end": end}
            for t in self.hand[seat]
            for end in self.fits(t)
        ]
        if plays:
            return plays
        if self.options["stuck"] == "discard":
            return [{"seat": seat, "do": "discard", "tile": code_of(t)} for t in self.hand[seat]]
        return [{"seat": seat, "do": "pass"}]

    # ---------------------------------------------------------------- acting

    def act(self, a: dict[str, Any]) -> None:
        """Apply an action ``check`` passed."""
        seat, do = a["seat"], a["do"]
        if do == "discard":
            self.hand[seat].remove(a["tile"])
            self.dead[seat].append(a["tile"])
        elif do == "play":
            t = a["tile"]
            self.hand[seat].remove(t)
            if not self.line:
                self.line = [[t[0], t[1]]]
            else:
                where = self.fits(t)
                end = a.get("end") or where[0]
                if end == "left":
                    pip = self.line[0][0]
                    self.line.insert(0, [t[1] if t[0] == pip else t[0], pip])
                else:
                    pip = self.line[-1][1]
                    self.line.append([pip, t[1] if t[0] == pip else t[0]])
            # out, then blocked
            if not self.hand[seat]:
                self.finish("out", seat, None)
                return
            if not any(self.fits(x) for h in self.hand for x in h):
                self.finish("blocked", None, seat)
                return
        # the next seat in turn with tiles in hand
        nxt = (seat + 1) % 4
        while not self.hand[nxt]:
            nxt = (nxt + 1) % 4
        self.turn = nxt

    def counts(self) -> list[int]:
        return [sum(a + b for a, b in self.hand[s]) + sum(a + b for a, b in self.dead[s]) for s in range(4)]

    def finish(self, how: str, winner: int | None, blocker: int | None) -> None:
        counts = self.counts()
        if winner is None:
            assert blocker is not None
            after = [(blocker + k) % 4 for k in range(1, 5)]  # the blocker last
            if self.teams:
                team_total = [counts[0] + counts[2], counts[1] + counts[3]]
                low = min(team_total)
                team = next(s % 2 for s in after if team_total[s % 2] == low)
                mates = [s for s in after if s % 2 == team]
                low_seat = min(counts[s] for s in mates)
                winner = next(s for s in mates if counts[s] == low_seat)
            else:
                low_seat = min(counts)
                winner = next(s for s in after if counts[s] == low_seat)
        side = winner % 2 if self.teams else winner
        points = [0] * self.sides
        for s in range(4):
            if (s % 2 if self.teams else s) != side:
                points[side] += counts[s]
        scores = [self.scores_before[i] + points[i] for i in range(self.sides)]
        over = [i for i in range(self.sides) if scores[i] >= self.options["target"]]
        self.over = True
        self.turn = None
        e = self.ends()
        assert e is not None
        self.outcome = {
            "finished": True,
            "annulled": False,
            "end": how,
            "winner": winner,
            "ends": [e[0], e[1]],
            "hands": [sorted(code_of(t) for t in h) for h in self.hand],
            "dead": [[code_of(t) for t in d] for d in self.dead],
            "counts": counts,
            "points": points,
            "scores": scores,
            "next_leader": None if over else winner,
            "match_over": bool(over),
            "match_winner": over[0] if over else None,
        }

    def result(self) -> dict[str, Any]:
        """What ``cardavia replay --json`` must print (the spec's fields)."""
        if self.annulled:
            return {
                "finished": True,
                "annulled": True,
                "reason": "doubles",
                "points": [0] * self.sides,
                "scores": list(self.scores_before),
                "next_leader": None if self.first else self.leader,
                "match_over": False,
                "match_winner": None,
            }
        if self.over:
            return dict(self.outcome)
        e = self.ends()
        return {"finished": False, "to_act": self.turn, "ends": None if e is None else [e[0], e[1]]}


def referee_replay(record: Any) -> dict[str, Any] | tuple[int | None, str]:
    """The spec's fields of a legal record's result, or (the first bad action's index, its reason),
    or (None, "malformed")."""
    try:
        ref = Referee(record)
    except Malformed:
        return None, "malformed"
    for index, a in enumerate(ref.actions):
        reason = ref.check(a)
        if reason is not None:
            return index, reason
        ref.act(a)
    return ref.result()


SPEC_FIELDS = (
    "finished", "annulled", "end", "winner", "ends", "hands", "dead", "counts", "points", "scores",
    "next_leader", "match_over", "match_winner", "reason", "to_act",
)  # fmt: skip


def spec_fields(result: dict[str, Any] | tuple[int | None, str]) -> dict[str, Any] | tuple[int | None, str]:
    """The engine's replay output cut to the spec's fields (more are allowed), hands sorted (their
    order is free), a malformed record's reason code as ``malformed``."""
    if isinstance(result, tuple):
        return result if result[0] is not None else (None, "malformed")
    out = {k: v for k, v in result.items() if k in SPEC_FIELDS}
    if "hands" in out:
        out["hands"] = [sorted(h) for h in out["hands"]]
    return out
