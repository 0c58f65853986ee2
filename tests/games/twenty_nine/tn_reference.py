"""An independent Twenty-Nine referee, written from spec/twenty-nine.md's text and nothing of the engine.

Deliberately plain: cards are code strings, a hand is a list of them, the state a handful of fields
named as the spec names them. The auction keeps D, C and the waiting seats literally; the winner of
a trick is found by sorting with the rank string "J9ATKQ87". ``check`` says which rule an action
breaks without changing anything; ``act`` applies an action ``check`` passed.

Where two reasons could apply to one action, the order is: the deal is over (``deal-over``), another
seat is to act (``not-your-turn``), the action is not one of this moment (``bad-action``; a pass
before the opening bid is ``must-open``), then the moment's own rule.
"""

from __future__ import annotations

from typing import Any

RANK_ORDER = "J9ATKQ87"  # high to low
CARD_POINTS = {"J": 3, "9": 2, "A": 1, "T": 1}
SUITS = "cdhs"


def points_of(card: str) -> int:
    return CARD_POINTS.get(card[0], 0)


def beats(a: str, b: str) -> bool:
    """Whether card ``a`` ranks above card ``b`` of the same suit."""
    return RANK_ORDER.index(a[0]) < RANK_ORDER.index(b[0])


class Referee:
    """One deal as the spec words it."""

    def __init__(self, dealer: int, hands: list[list[str]], options: dict[str, Any] | None = None) -> None:
        opts = options or {}
        self.min_bid: int = opts.get("min_bid", 16)
        self.extra_point: bool = opts.get("last_trick_point", False)
        self.doubling: bool = opts.get("double", True)
        self.pair_allowed: bool = opts.get("pair", True)
        self.top = 29 if self.extra_point else 28
        self.dealer = dealer
        self.eldest = (dealer + 1) % 4
        self.full = [list(h) for h in hands]
        self.hand = [list(h[:4]) for h in hands]  # stage 1
        self.stage = "annulled" if all(points_of(c) == 0 for c in hands[self.eldest][:4]) else "auction"
        self.turn: int | None = None if self.stage == "annulled" else self.eldest
        # auction
        self.D: int | None = None
        self.C: int | None = None
        self.waiting: list[int] = []
        self.current = 0
        self.passes = 0
        # contract
        self.bidder: int | None = None
        self.trump_suit: str | None = None
        self.m = 1
        self.round_seats: list[int] = []
        # play
        self.asked_by: int | None = None
        self.asked_at: int | None = None
        self.asking_now = False
        self.other_led_trump = False
        self.pair_by: int | None = None
        self.led: list[tuple[int, str]] = []
        self.trick_log: list[dict[str, int]] = []
        self.won_points = [0, 0]
        self.won_any = [False, False]

    # ---------------------------------------------------------------- checking

    def check(self, seat: int, do: str, arg: Any = None) -> str | None:
        """The reason code ``do`` by ``seat`` breaks, or None if it is legal."""
        if self.stage in ("annulled", "done"):
            return "deal-over"
        if seat != self.turn:
            return "not-your-turn"
        if self.stage == "auction":
            if do == "pass":
                return "must-open" if self.D is None else None
            if do != "bid":
                return "bad-action"
            if self.D is None:
                lowest = self.min_bid
            elif seat == self.C:
                lowest = self.current + 1  # a challenger bids more
            else:
                lowest = self.current  # a defender may hold
            return None if lowest <= arg <= self.top else "bid-range"
        if self.stage == "trump":
            return None if do == "trump" else "bad-action"
        if self.stage == "doubling":
            return None if do in ("double", "pass") else "bad-action"
        if self.stage == "redoubling":
            return None if do in ("redouble", "pass") else "bad-action"
        # playing
        mine = self.hand[seat]
        suit_led = self.led[0][1][1] if self.led else None
        can_follow = suit_led is not None and any(c[1] == suit_led for c in mine)
        if do == "reveal":
            ok = self.asked_by is None and suit_led is not None and not can_follow
            return None if ok else "cannot-ask"
        if do == "pair":
            return None if self._pair_ok(seat) else "cannot-pair"
        if do != "play":
            return "bad-action"
        card = arg
        if card not in mine:
            return "not-in-hand"
        if suit_led is None:
            hidden = self.asked_by is None
            if (
                seat == self.bidder
                and hidden
                and card[1] == self.trump_suit
                and not self.other_led_trump
                and not all(c[1] == self.trump_suit for c in mine)
            ):
                return "trump-lead"
            return None
        if card[1] != suit_led and can_follow:
            return "must-follow"
        if (
            self.asking_now
            and card[1] != self.trump_suit
            and card[1] != suit_led
            and any(c[1] == self.trump_suit for c in mine)
        ):
            return "must-trump"
        return None

    def _pair_ok(self, seat: int) -> bool:
        if not self.pair_allowed or self.pair_by is not None or self.asked_by is None:
            return False
        mine = self.hand[seat]
        if "K" + str(self.trump_suit) not in mine or "Q" + str(self.trump_suit) not in mine:
            return False
        if not self.won_any[seat % 2]:
            return False
        bidders_side = seat % 2 == self.bidder_team()
        return not bidders_side or self.current >= 19

    def bidder_team(self) -> int:
        assert self.bidder is not None
        return self.bidder % 2

    # ---------------------------------------------------------------- applying

    def act(self, seat: int, do: str, arg: Any = None) -> None:
        assert self.check(seat, do, arg) is None
        if self.stage == "auction":
            self._auction(seat, do, arg)
        elif self.stage == "trump":
            self.trump_suit = arg
            if self.doubling:
                self.stage = "doubling"
                self.round_seats = [(self.bidder_seat() + 1) % 4, (self.bidder_seat() + 3) % 4]
                self.turn = self.round_seats.pop(0)
            else:
                self._stage_two()
        elif self.stage in ("doubling", "redoubling"):
            if do == "pass":
                if self.round_seats:
                    self.turn = self.round_seats.pop(0)
                else:
                    self._stage_two()
            elif do == "double":
                self.m = 2
                self.stage = "redoubling"
                self.round_seats = [(self.bidder_seat() + 2) % 4]
                self.turn = self.bidder_seat()
            else:
                self.m = 4
                self._stage_two()
        elif do == "reveal":
            self.asked_by = seat
            self.asked_at = len(self.trick_log)
            self.asking_now = True
        elif do == "pair":
            self.pair_by = seat
        else:
            self._play(seat, arg)

    def bidder_seat(self) -> int:
        assert self.bidder is not None
        return self.bidder

    def _auction(self, seat: int, do: str, arg: Any) -> None:
        if do == "bid":
            self.current = arg
            if self.D is None:
                self.D, self.C = seat, (seat + 1) % 4
                self.waiting = [(seat + 2) % 4, (seat + 3) % 4]
                self.turn = self.C
            else:
                self.turn = self.D if seat == self.C else self.C
            return
        self.passes += 1
        if seat == self.D:  # the challenger becomes the defender, with its bid
            self.D = self.C
        if not self.waiting:
            assert self.passes == 3
            self.bidder = self.D
            self.stage = "trump"
            self.turn = self.bidder
            return
        self.C = self.waiting.pop(0)
        self.turn = self.C

    def _stage_two(self) -> None:
        self.hand = [list(h) for h in self.full]
        self.stage = "play"
        self.turn = self.eldest

    def _play(self, seat: int, card: str) -> None:
        if not self.led and seat != self.bidder and card[1] == self.trump_suit:
            self.other_led_trump = True
        self.hand[seat].remove(card)
        self.asking_now = False
        self.led.append((seat, card))
        if len(self.led) < 4:
            self.turn = (seat + 1) % 4
            return
        leader = self.led[0][0]
        power = self.led[0][1][1]
        if self.asked_by is not None and any(c[1] == self.trump_suit for _, c in self.led):
            power = str(self.trump_suit)
        contenders = [(s, c) for s, c in self.led if c[1] == power]
        winner, best = contenders[0]
        for s, c in contenders[1:]:
            if beats(c, best):
                winner, best = s, c
        pts = sum(points_of(c) for _, c in self.led)
        if self.extra_point and len(self.trick_log) == 7:
            pts += 1
        self.trick_log.append({"leader": leader, "winner": winner, "points": pts})
        self.won_points[winner % 2] += pts
        self.won_any[winner % 2] = True
        self.led = []
        if len(self.trick_log) == 8:
            self.stage = "done"
            self.turn = None
        else:
            self.turn = winner

    # ---------------------------------------------------------------- results

    def legal(self) -> list[tuple[int, str, Any]]:
        """Every legal action of the seat to act, found by checking every action there is."""
        if self.turn is None:
            return []
        seat = self.turn
        every: list[tuple[int, str, Any]] = [(seat, "bid", v) for v in range(0, 31)]
        every += [(seat, d, None) for d in ("pass", "double", "redouble", "reveal", "pair")]
        every += [(seat, "trump", s) for s in SUITS]
        every += [(seat, "play", r + s) for s in SUITS for r in RANK_ORDER]
        return [a for a in every if self.check(*a) is None]

    def result(self) -> dict[str, Any]:
        if self.stage == "annulled":
            return {
                "finished": True,
                "annulled": True,
                "reason": "eldest-pointless",
                "game_points": [0, 0],
                "next_dealer": self.dealer,
            }
        if self.stage != "done":
            stage = {"doubling": "double", "redoubling": "double"}.get(self.stage, self.stage)
            return {"finished": False, "phase": stage, "to_act": self.turn}
        team = self.bidder_team()
        target = self.current
        pair = None
        if self.pair_by is not None:
            if self.pair_by % 2 == team:
                target, effect = self.current - 4, -4
            else:
                target, effect = min(self.current + 4, self.top), 4
            pair = {"seat": self.pair_by, "effect": effect}
        made = self.won_points[team] >= target
        gp = [0, 0]
        gp[team] = self.m if made else -self.m
        return {
            "finished": True,
            "annulled": False,
            "bidder": self.bidder,
            "bid": self.current,
            "multiplier": self.m,
            "trump": self.trump_suit,
            "reveal": None if self.asked_by is None else {"seat": self.asked_by, "trick": self.asked_at},
            "pair": pair,
            "target": target,
            "points": list(self.won_points),
            "made": made,
            "game_points": gp,
            "next_dealer": (self.dealer + 1) % 4,
            "tricks": list(self.trick_log),
        }


def parse(obj: dict[str, Any]) -> tuple[int, str, Any]:
    """A record action as (seat, do, argument)."""
    do = obj["do"]
    arg = obj.get("value", obj.get("suit", obj.get("card")))
    if isinstance(arg, str) and arg.startswith("10"):
        arg = "T" + arg[2:]
    return obj["seat"], do, arg


def referee_replay(record: dict[str, Any]) -> dict[str, Any] | tuple[int, str]:
    """The result JSON of a well-formed record, or (the first bad action's index, its reason)."""
    ref = Referee(record["dealer"], record["hands"], record.get("options"))
    for index, obj in enumerate(record["actions"]):
        seat, do, arg = parse(obj)
        reason = ref.check(seat, do, arg)
        if reason is not None:
            return index, reason
        ref.act(seat, do, arg)
    return ref.result()
