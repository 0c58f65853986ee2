"""A Twenty-Nine deal: the two-stage deal, the hold auction, the hidden trump, doubling, eight tricks
with asking and the pair, and the deal's score (spec: twenty-nine.md).

State is small lists of card numbers (``cards``); ``apply`` checks an action completely before it
changes anything, so a refused action leaves the deal as it was. Seat ``s`` is followed by
``(s + 1) % 4``; team ``s % 2``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardavia.games.errors import GameError, RecordError
from cardavia.games.packs.french import CODES, PACK_SIZE, SUITS
from cardavia.games.protocol import Outcome
from cardavia.games.twenty_nine.actions import (
    BID,
    DOUBLE,
    PAIR,
    PASS,
    PLAY,
    REDOUBLE,
    REVEAL,
    TRUMP,
    Action,
)
from cardavia.games.twenty_nine.cards import KING, POINTS, QUEEN, STRENGTH, SUIT_OF, hand_order
from cardavia.games.twenty_nine.messages import illegal
from cardavia.games.twenty_nine.options import DEFAULT_OPTIONS, Options
from cardavia.games.twenty_nine.scoring import annulled_result, deal_result, outcome_of
from cardavia.games.twenty_nine.view import PublicTrick, TwentyNineView

GAME_ID = "twenty-nine"
NUM_SEATS = 4
HAND = 8
STAGE = 4  # cards a seat holds after the first stage of the deal
PAIR_MIN_BID = 19  # the bidder's team may declare the pair only for bids of 19 or more
PAIR_EFFECT = 4

# phases; "redouble" is the bidder's side's answer to a double (reported as "double")
AUCTION, TRUMP_PHASE, DOUBLE_PHASE, REDOUBLE_PHASE, PLAY_PHASE, OVER, ANNULLED = (
    "auction",
    "trump",
    "double",
    "redouble",
    "play",
    "over",
    "annulled",
)


def team_of(seat: int) -> int:
    """Team 0 is seats 0 and 2, team 1 seats 1 and 3."""
    return seat % 2


def eldest_pointless(first_four: Sequence[int]) -> bool:
    """Whether four cards hold no point card (only kings, queens, eights and sevens): an annulled deal."""
    return not any(POINTS[c] for c in first_four)


def trick_winner(plays: Sequence[tuple[int, int]], trump: int | None) -> int:
    """The seat that wins ``plays`` ((seat, card), leader first): the highest card of ``trump`` if the
    trump is revealed (``trump`` not None) and one was played, else the highest card of the suit led."""
    suit = SUIT_OF[plays[0][1]]
    if trump is not None and any(SUIT_OF[c] == trump for _, c in plays):
        suit = trump
    best = max((p for p in plays if SUIT_OF[p[1]] == suit), key=lambda p: STRENGTH[p[1]])
    return best[0]


class TwentyNineDeal:
    """One deal of Twenty-Nine (satisfies ``cardavia.games.protocol.Deal``).

    Build one with :func:`new_deal` or :meth:`from_hands`; ``apply`` changes it in place or raises
    ``IllegalAction`` and changes nothing.
    """

    num_seats = NUM_SEATS

    __slots__ = (
        "_result",
        "actions_before",
        "asker_now",
        "bid",
        "bidder",
        "calls",
        "challenger",
        "dealer",
        "defender",
        "doubles",
        "eldest",
        "hands",
        "held",
        "leader",
        "log",
        "multiplier",
        "options",
        "pair",
        "phase",
        "positional",
        "reveal",
        "seat_to_act",
        "team_points",
        "team_won",
        "trick",
        "tricks",
        "trump",
        "trump_led",
        "waiting",
    )

    dealer: int
    eldest: int
    options: Options
    hands: tuple[tuple[int, ...], ...]  # as dealt: the first four of each, then the second four
    held: list[list[int]]  # the cards each seat holds now (four until the second stage)
    phase: str
    seat_to_act: int | None
    log: list[Action]
    calls: list[tuple[int, int | None]]  # the auction: (seat, bid) or (seat, None) for a pass
    defender: int | None
    challenger: int | None
    waiting: list[int]
    bid: int  # the current bid (0 before the opening); the contract once the auction is over
    bidder: int | None
    trump: int | None  # the suit the bidder chose (known to the bidder only until ``reveal``)
    doubles: list[tuple[int, str]]  # (seat, "double" | "redouble" | "pass") in order
    multiplier: int
    reveal: tuple[int, int] | None  # (asker, trick index)
    asker_now: int | None  # the seat that asked during its current turn (it must then trump)
    trump_led: bool  # a seat other than the bidder has led a card of the trump suit
    pair: tuple[int, int] | None  # (seat, effect on the target)
    leader: int
    trick: list[tuple[int, int]]  # the current trick: (seat, card), leader first
    tricks: list[tuple[int, int, int, tuple[tuple[int, int], ...]]]  # (leader, winner, points, plays)
    team_points: list[int]
    team_won: list[bool]  # whether each team has won a trick
    actions_before: int  # actions a deal built from a view had seen before it (its log starts there)
    positional: bool  # built from a view (``position.deal_from_view``): it has no record
    _result: dict[str, Any] | None

    @classmethod
    def from_hands(
        cls, dealer: int, hands: Sequence[Sequence[int]], options: Options = DEFAULT_OPTIONS
    ) -> TwentyNineDeal:
        """The deal of four hands of eight card numbers (first four first), nothing applied yet.

        The caller has checked the hands (``record.read_record``, ``new_deal``).
        """
        self = cls.__new__(cls)
        self.dealer = dealer
        self.eldest = (dealer + 1) % NUM_SEATS
        self.options = options
        self.hands = tuple(tuple(h) for h in hands)
        self.held = [list(h[:STAGE]) for h in self.hands]
        self.log = []
        self.calls = []
        self.defender = None
        self.challenger = None
        self.waiting = []
        self.bid = 0
        self.bidder = None
        self.trump = None
        self.doubles = []
        self.multiplier = 1
        self.reveal = None
        self.asker_now = None
        self.trump_led = False
        self.pair = None
        self.leader = self.eldest
        self.trick = []
        self.tricks = []
        self.team_points = [0, 0]
        self.team_won = [False, False]
        self.positional = False
        self.actions_before = 0
        self._result = None
        if eldest_pointless(self.hands[self.eldest][:STAGE]):
            self.phase = ANNULLED
            self.seat_to_act = None
            self._result = annulled_result(dealer)
        else:
            self.phase = AUCTION
            self.seat_to_act = self.eldest
        return self

    def clone(self) -> TwentyNineDeal:
        """An independent copy: every list copied, the immutable parts shared."""
        other = TwentyNineDeal.__new__(TwentyNineDeal)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        other.held = [list(h) for h in self.held]
        other.log = list(self.log)
        other.calls = list(self.calls)
        other.waiting = list(self.waiting)
        other.doubles = list(self.doubles)
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other.team_points = list(self.team_points)
        other.team_won = list(self.team_won)
        return other

    # -- the protocol's questions --------------------------------------------------------------

    def to_act(self) -> int | None:
        return self.seat_to_act

    def is_over(self) -> bool:
        return self.phase in (OVER, ANNULLED)

    @property
    def revealed(self) -> bool:
        return self.reveal is not None

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act: bids low to high then pass; the four suits; double
        (or redouble) then pass; ask, pair, then the playable cards in card order."""
        seat = self.seat_to_act
        if seat is None:
            return []
        phase = self.phase
        if phase == PLAY_PHASE:
            out: list[Action] = []
            if self._may_ask(seat):
                out.append(REVEAL[seat])
            if self._may_pair(seat):
                out.append(PAIR[seat])
            row = PLAY[seat]
            out += [row[c] for c in self._playable(seat)]
            return out
        if phase == AUCTION:
            low, high = self._bid_range(seat)
            bids = [BID[seat][v] for v in range(low, high + 1)]
            return bids if self.defender is None else [*bids, PASS[seat]]
        if phase == TRUMP_PHASE:
            return list(TRUMP[seat])
        if phase == DOUBLE_PHASE:
            return [DOUBLE[seat], PASS[seat]]
        return [REDOUBLE[seat], PASS[seat]]

    def forced_action(self) -> Action | None:
        """The only legal action when the rules leave one and it shows nothing hidden: a challenger
        facing the highest bid can only pass; a last card with no ask or pair left is played."""
        seat = self.seat_to_act
        if seat is None:
            return None
        if self.phase == AUCTION and seat == self.challenger and self.bid >= self.options.max_bid:
            return PASS[seat]
        if self.phase == PLAY_PHASE and len(self.held[seat]) == 1:
            legal = self.legal_actions()
            if len(legal) == 1:
                return legal[0]
        return None

    def apply(self, action: Action) -> None:
        """Apply the action of the seat to act; ``IllegalAction`` (deal unchanged) if it breaks a rule."""
        if self.phase in (OVER, ANNULLED):
            raise illegal("deal-over")
        seat = action.seat
        if seat != self.seat_to_act:
            raise illegal("not-your-turn", to_act=self.seat_to_act)
        do = action.do
        phase = self.phase
        if phase == PLAY_PHASE:
            if do == "play":
                self._play(seat, action)
            elif do == "reveal":
                self._ask(seat)
            elif do == "pair":
                self._declare_pair(seat)
            else:
                raise illegal("bad-action", do=do)
        elif phase == AUCTION:
            self._call(seat, action)
        elif phase == TRUMP_PHASE:
            if do != "trump" or action.suit is None:
                raise illegal("bad-action", do=do)
            self.trump = action.suit
            self._after_trump()
        elif phase == DOUBLE_PHASE:
            self._double_round(seat, do, "double")
        else:
            self._double_round(seat, do, "redouble")
        self.log.append(action)

    # -- auction --------------------------------------------------------------------------------

    def _bid_range(self, seat: int) -> tuple[int, int]:
        """The bids ``seat`` (to act in the auction) may make: the opening from the lowest bid, a
        challenger above the current bid, a defender from it (equal holds)."""
        high = self.options.max_bid
        if self.defender is None:
            return self.options.min_bid, high
        if seat == self.challenger:
            return self.bid + 1, high
        return self.bid, high

    def _call(self, seat: int, action: Action) -> None:
        if action.do == "pass":
            if self.defender is None:
                raise illegal("must-open")
            self.calls.append((seat, None))
            if seat == self.defender:  # the challenger defends its bid from now on
                self.defender = self.challenger
            if self.waiting:
                self.challenger = self.waiting.pop(0)
                self.seat_to_act = self.challenger
            else:
                self._end_auction()
            return
        if action.do != "bid" or action.value is None:
            raise illegal("bad-action", do=action.do)
        low, high = self._bid_range(seat)
        if not low <= action.value <= high:
            raise illegal("bid-range", value=action.value, low=low, high=high)
        self.calls.append((seat, action.value))
        self.bid = action.value
        if self.defender is None:  # the opening: eldest defends, the next seat challenges
            self.defender = seat
            self.challenger = (seat + 1) % NUM_SEATS
            self.waiting = [(seat + 2) % NUM_SEATS, (seat + 3) % NUM_SEATS]
            self.seat_to_act = self.challenger
        else:
            assert self.defender is not None and self.challenger is not None
            self.seat_to_act = self.defender if seat == self.challenger else self.challenger

    def _end_auction(self) -> None:
        self.bidder = self.defender
        self.defender = self.challenger = None
        self.phase = TRUMP_PHASE
        self.seat_to_act = self.bidder

    # -- trump and doubling -----------------------------------------------------------------------

    def _after_trump(self) -> None:
        assert self.bidder is not None
        if self.options.double:
            self.phase = DOUBLE_PHASE
            self.seat_to_act = (self.bidder + 1) % NUM_SEATS
        else:
            self._second_stage()

    def _double_round(self, seat: int, do: str, word: str) -> None:
        if do not in (word, "pass"):
            raise illegal("bad-action", do=do)
        assert self.bidder is not None
        self.doubles.append((seat, do))
        first, second = (
            ((self.bidder + 1) % NUM_SEATS, (self.bidder + 3) % NUM_SEATS)
            if word == "double"
            else (self.bidder, (self.bidder + 2) % NUM_SEATS)
        )
        if do == word:
            self.multiplier *= 2
            if word == "double":
                self.phase = REDOUBLE_PHASE
                self.seat_to_act = self.bidder
            else:
                self._second_stage()
        elif seat == first:
            self.seat_to_act = second
        else:
            self._second_stage()

    def _second_stage(self) -> None:
        self.held = [list(h) for h in self.hands]
        self.phase = PLAY_PHASE
        self.seat_to_act = self.leader = self.eldest

    # -- play -----------------------------------------------------------------------------------

    def _led_suit(self) -> int | None:
        return SUIT_OF[self.trick[0][1]] if self.trick else None

    def _may_ask(self, seat: int) -> bool:
        led = self._led_suit()
        return self.reveal is None and led is not None and all(SUIT_OF[c] != led for c in self.held[seat])

    def _may_pair(self, seat: int) -> bool:
        trump = self.trump
        if not self.options.pair or self.pair is not None or self.reveal is None or trump is None:
            return False
        hand = self.held[seat]
        if KING[trump] not in hand or QUEEN[trump] not in hand or not self.team_won[team_of(seat)]:
            return False
        assert self.bidder is not None
        return team_of(seat) != team_of(self.bidder) or self.bid >= PAIR_MIN_BID

    def _bidder_may_not_lead_trump(self, seat: int) -> bool:
        """While the trump is hidden the bidder may not lead it, unless it holds only trumps or
        another seat has led a trump already."""
        if seat != self.bidder or self.reveal is not None or self.trump_led:
            return False
        return any(SUIT_OF[c] != self.trump for c in self.held[seat])

    def _playable(self, seat: int) -> list[int]:
        hand = sorted(self.held[seat])
        led = self._led_suit()
        if led is None:
            if self._bidder_may_not_lead_trump(seat):
                return [c for c in hand if SUIT_OF[c] != self.trump]
            return hand
        follow = [c for c in hand if SUIT_OF[c] == led]
        if follow:
            return follow
        if self.asker_now == seat:
            trumps = [c for c in hand if SUIT_OF[c] == self.trump]
            if trumps:
                return trumps
        return hand

    def _ask(self, seat: int) -> None:
        if not self._may_ask(seat):
            raise illegal("cannot-ask")
        self.reveal = (seat, len(self.tricks))
        self.asker_now = seat

    def _declare_pair(self, seat: int) -> None:
        if not self._may_pair(seat):
            raise illegal("cannot-pair")
        self.pair = (seat, self._pair_effect(seat))

    def _play(self, seat: int, action: Action) -> None:
        card = action.card
        hand = self.held[seat]
        if card is None or card not in hand:
            raise illegal("not-in-hand", card=CODES[card] if card is not None else "?")
        led = self._led_suit()
        if led is None:
            if SUIT_OF[card] == self.trump and self._bidder_may_not_lead_trump(seat):
                raise illegal("trump-lead")
        elif SUIT_OF[card] != led:
            if any(SUIT_OF[c] == led for c in hand):
                raise illegal("must-follow", card=CODES[card], led=SUITS[led])
            if (
                self.asker_now == seat
                and SUIT_OF[card] != self.trump
                and any(SUIT_OF[c] == self.trump for c in hand)
            ):
                raise illegal("must-trump", card=CODES[card])
        # checked: now change the deal
        if led is None and seat != self.bidder and SUIT_OF[card] == self.trump:
            self.trump_led = True
        hand.remove(card)
        self.asker_now = None
        self.trick.append((seat, card))
        if len(self.trick) < NUM_SEATS:
            self.seat_to_act = (seat + 1) % NUM_SEATS
            return
        self._end_trick()

    def _end_trick(self) -> None:
        plays = tuple(self.trick)
        winner = trick_winner(plays, self.trump if self.reveal is not None else None)
        points = sum(POINTS[c] for _, c in plays)
        if len(self.tricks) == HAND - 1 and self.options.last_trick_point:
            points += 1
        self.tricks.append((self.leader, winner, points, plays))
        self.team_points[team_of(winner)] += points
        self.team_won[team_of(winner)] = True
        self.trick = []
        if len(self.tricks) == HAND:
            self.phase = OVER
            self.seat_to_act = None
            assert self.bidder is not None and self.trump is not None
            self._result = deal_result(
                dealer=self.dealer,
                bidder=self.bidder,
                bid=self.bid,
                multiplier=self.multiplier,
                trump=SUITS[self.trump],
                reveal=self.reveal,
                pair=self.pair,
                target=self.target,
                points=self.team_points,
                tricks=[t[:3] for t in self.tricks],
            )
        else:
            self.leader = self.seat_to_act = winner

    # -- results, views, records ---------------------------------------------------------------

    @property
    def target(self) -> int:
        """The points the bidder's team must take: the bid, moved by a declared pair (capped)."""
        if self.pair is None:
            return self.bid
        return min(self.bid + self.pair[1], self.options.total)

    def result(self) -> dict[str, Any] | None:
        return None if self._result is None else dict(self._result)

    def outcome(self) -> Outcome | None:
        return None if self._result is None else outcome_of(self._result)

    def progress(self) -> dict[str, Any]:
        """The public state of an unfinished deal: its phase and the seat to act."""
        phase = DOUBLE_PHASE if self.phase == REDOUBLE_PHASE else self.phase
        return {"phase": phase, "to_act": self.seat_to_act}

    def view(self, seat: int) -> TwentyNineView:
        """What ``seat`` may know (``view.TwentyNineView``): never another hand, and never the hidden
        trump unless ``seat`` is the bidder."""
        over = self.is_over()
        acting = self.to_act() == seat
        return TwentyNineView(
            seat=seat,
            legal=tuple(self.legal_actions()) if acting else (),
            hand=tuple(CODES[c] for c in hand_order(self.held[seat])),
            dealer=self.dealer,
            eldest=self.eldest,
            phase=self.phase,
            to_act=self.to_act(),
            calls=tuple(self.calls),
            defender=self.defender,
            challenger=self.challenger,
            bid=self.bid,
            bidder=self.bidder,
            trump_set=self.trump is not None,
            trump=self.trump_code() if self.trump_known_to(seat) else None,
            doubles=tuple(self.doubles),
            multiplier=self.multiplier,
            reveal=self.reveal,
            pair=self.pair,
            target=self.target if self.bidder is not None else None,
            leader=self.leader,
            trick=tuple((s, CODES[c]) for s, c in self.trick),
            tricks=tuple(
                PublicTrick(leader, winner, points, tuple((s, CODES[c]) for s, c in plays))
                for leader, winner, points, plays in self.tricks
            ),
            points=(self.team_points[0], self.team_points[1]),
            hand_sizes=tuple(len(h) for h in self.held),
            shown=tuple(CODES[c] for c in self.shown()),
            options=self.options,
            actions=self.actions_before + len(self.log),
            result=self.result() if over else None,
            hold=self.bid if acting and self.phase == AUCTION and seat == self.defender else None,
            asker_now=self.asker_now,
            pair_target=self._pair_target(seat) if acting and self.phase == PLAY_PHASE else None,
            trick_points=sum(POINTS[c] for _, c in self.trick),
        )

    def _pair_target(self, seat: int) -> int | None:
        """The target ``seat``'s pair would set, if it may declare it now."""
        if not self._may_pair(seat):
            return None
        return min(self.bid + self._pair_effect(seat), self.options.total)

    def _pair_effect(self, seat: int) -> int:
        """What ``seat``'s pair does to the target: the bidder's team lowers it, the opponents raise it."""
        assert self.bidder is not None
        return -PAIR_EFFECT if team_of(seat) == team_of(self.bidder) else PAIR_EFFECT

    def trump_known_to(self, seat: int) -> bool:
        """Whether ``seat`` may know the trump: the bidder once it chose, everyone after the reveal or
        once the deal is over."""
        if self.trump is None:
            return False
        return seat == self.bidder or self.reveal is not None or self.phase == OVER

    def shown(self) -> list[int]:
        """Cards every seat sees besides played ones: eldest's first four of an annulled deal."""
        return list(self.hands[self.eldest][:STAGE]) if self.phase == ANNULLED else []

    def hidden_from(self, seat: int) -> Counter[str]:
        """The cards ``seat`` cannot see: the cards others hold (dealt or still to be dealt) and its
        own second four before they are dealt; an annulled deal's shown four are public."""
        visible = set(self.held[seat]) | set(self.shown())
        played = {c for t in self.tricks for _, c in t[3]} | {c for _, c in self.trick}
        return Counter(CODES[c] for c in range(PACK_SIZE) if c not in visible and c not in played)

    def to_record(self) -> dict[str, Any]:
        """The deal record: game, dealer, the hands as dealt, every action applied, non-default options."""
        if self.positional:
            raise GameError("no-record", "a deal built from a view has no record")
        record: dict[str, Any] = {
            "game": GAME_ID,
            "dealer": self.dealer,
            "hands": [[CODES[c] for c in h] for h in self.hands],
            "actions": [a.to_json() for a in self.log],
        }
        options = self.options.to_json()
        if options:
            record["options"] = options
        return record

    def trump_code(self) -> str | None:
        return None if self.trump is None else SUITS[self.trump]


def deal_hands(rng: random.Random) -> list[list[int]]:
    """Shuffle the pack and deal it in two stages: four to each seat, then four more."""
    pack = list(range(PACK_SIZE))
    rng.shuffle(pack)
    return [
        pack[STAGE * s : STAGE * s + STAGE] + pack[16 + STAGE * s : 16 + STAGE * s + STAGE] for s in range(4)
    ]


def new_deal(seed: int, dealer: int | None = None, options: Options = DEFAULT_OPTIONS) -> TwentyNineDeal:
    """A fresh deal shuffled from ``seed``; the dealer is drawn from the same seed unless given (the
    cards depend on the seed only)."""
    if dealer is not None and (type(dealer) is not int or not 0 <= dealer < NUM_SEATS):
        raise RecordError("bad-seat", "the dealer must be a seat 0-3", {"what": "dealer"})
    rng = random.Random(seed)
    hands = deal_hands(rng)
    if dealer is None:
        dealer = rng.randrange(NUM_SEATS)
    return TwentyNineDeal.from_hands(dealer, hands, options)
