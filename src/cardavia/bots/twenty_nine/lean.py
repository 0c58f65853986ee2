"""A lean Twenty-Nine world for the bots' play-outs: the ``rollout`` policy run on bit masks.

``hard`` and the review play thousands of deals to their end from worlds the sampler draws. The
exact engine (:class:`TwentyNineDeal`) checks every action against the rules and builds ``Action``
objects and lists of legal ones at every card; the rollout policy then searches those lists. Here a
world is turned once into small integers (:func:`lean_world`): each hand a 32-bit mask over the card
numbers (a suit is one byte of it, since ``card // 8`` is the suit), the trick a list of card numbers,
the rest plain ints and flags. :func:`play_out` then plays the deal to its end with the same policy
as :mod:`.rollout` in every seat, making the same choices in the same order (the same keys, and ties
go to the lowest card number as ``min`` and ``max`` over the engine's sorted legal cards do), the
rules applied without checks (the policy only makes legal moves), and scores it as ``scoring`` does.
Neither policy draws a random number. The tests play the same worlds both ways and compare every
trick, the points and the result.
"""

from __future__ import annotations

import random
from functools import cache

from cardavia.bots.base import Playouts
from cardavia.bots.twenty_nine import rollout
from cardavia.bots.twenty_nine.normal import REDOUBLE_MARGIN, limit_from
from cardavia.bots.twenty_nine.reading import hand_points, suit_weight
from cardavia.bots.twenty_nine.rollout import ASK_POINTS, DOUBLE_BID, DOUBLE_POINTS
from cardavia.games.packs.french import CODES, SUITS
from cardavia.games.twenty_nine import POINTS, STRENGTH, SUIT_OF, Action, TwentyNineDeal
from cardavia.games.twenty_nine.cards import KING, QUEEN
from cardavia.games.twenty_nine.deal import HAND, NUM_SEATS, PAIR_EFFECT, PAIR_MIN_BID, STAGE
from cardavia.games.twenty_nine.options import Options

# phases as small ints; the names are the engine's
AUCTION, TRUMP, DOUBLE, REDOUBLE, PLAY, OVER = range(6)
_PHASES = {
    "auction": AUCTION,
    "trump": TRUMP,
    "double": DOUBLE,
    "redouble": REDOUBLE,
    "play": PLAY,
    "over": OVER,
}

# A move is a small int whose meaning the phase gives: in the play a card number, ASK or PAIR; in
# the auction a bid or PASS; a suit for the trump; YES or PASS to a double or a redouble.
ASK, PAIR = 32, 33
PASS, YES = 0, 1
POLICY = -1  # no move given: the policy chooses

_CARDS = range(32)
SUIT_MASK: tuple[int, ...] = tuple(0xFF << (8 * u) for u in range(len(SUITS)))
POINT_MASK = sum(1 << c for c in _CARDS if POINTS[c])
# per card: the cards of its suit that rank above it
ABOVE: tuple[int, ...] = tuple(
    sum(1 << o for o in _CARDS if SUIT_OF[o] == SUIT_OF[c] and STRENGTH[o] > STRENGTH[c]) for c in _CARDS
)
# per suit and byte of that suit's ranks: its cards' numbers, and the card that ranks highest
_IN_BYTE = [[r for r in range(8) if b >> r & 1] for b in range(256)]
_BYTE_CARDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * u + r for r in ranks) for ranks in _IN_BYTE) for u in range(len(SUITS))
)
_TOP: tuple[int, ...] = tuple(max(ranks, key=lambda r: STRENGTH[r], default=0) for ranks in _IN_BYTE)

# The policy's orders as one int per card: the key of ``rollout`` in the high bits, the card number in
# the low five so that a plain min (or a max over 31 - card) settles ties on the lowest card number.
_LOW: tuple[tuple[int, ...], ...] = tuple(  # rollout._low: (is a trump, points, strength), least first
    tuple(((SUIT_OF[c] == t) * 32 + POINTS[c] * 8 + STRENGTH[c]) * 32 + c for c in _CARDS) for t in range(4)
)
_FEED: tuple[tuple[int, ...], ...] = tuple(  # to a partner's trick: (not a trump, points, -strength), most
    tuple(((SUIT_OF[c] != t) * 32 + POINTS[c] * 8 + 7 - STRENGTH[c]) * 32 + 31 - c for c in _CARDS)
    for t in range(4)
)
_TAKE: tuple[tuple[int, ...], ...] = tuple(  # the cheapest taker: (a card of the power, strength); 4: none
    tuple(((SUIT_OF[c] == p) * 8 + STRENGTH[c]) * 32 + c for c in _CARDS) for p in range(5)
)
_MASTER: tuple[int, ...] = tuple(POINTS[c] * 32 + 31 - c for c in _CARDS)  # the lead: most points
_PAIR_CARDS: tuple[int, ...] = tuple((1 << KING[t]) | (1 << QUEEN[t]) for t in range(4))


def cards_of(mask: int) -> tuple[int, ...]:
    """The card numbers of a mask, lowest first (the order of the engine's sorted legal cards)."""
    c = _BYTE_CARDS
    return c[0][mask & 255] + c[1][mask >> 8 & 255] + c[2][mask >> 16 & 255] + c[3][mask >> 24]


def mask_of(cards: list[int] | tuple[int, ...]) -> int:
    """The mask of some card numbers."""
    out = 0
    for c in cards:
        out |= 1 << c
    return out


# per byte of one suit's ranks (the same in every suit): its length, its weight for naming trumps,
# its points and whether it holds the jack, from ``reading``'s own functions
_SUIT_FACTS: tuple[tuple[int, int, int, bool], ...] = tuple(
    (len(codes), suit_weight(codes), hand_points(codes), f"J{SUITS[0]}" in codes)
    for codes in ([CODES[r] for r in ranks] for ranks in _IN_BYTE)
)


@cache
def four_facts(mask: int) -> tuple[int, int, int]:
    """What the first stage's calls read off four cards: the auction limit (``normal.limit_of``), the
    suit to name (``reading.best_suit``: the longest, then the weightiest, the first in suit order)
    and the points (at most C(32, 4) masks are cached)."""
    facts = [_SUIT_FACTS[mask >> 8 * u & 255] for u in range(len(SUITS))]
    named = max(range(len(SUITS)), key=lambda u: facts[u][:2])
    length, _, _, jack = facts[named]
    points = sum(f[2] for f in facts)
    return limit_from(points, length, jack), named, points


class LeanWorld:
    """A whole deal with every card known (a drawn world), as plain ints: see the module docstring.

    ``tricks`` holds each finished trick as (leader, winner, points, its cards from the leader's);
    ``reveal`` is (asker, trick index) and ``pair`` (seat, effect on the target), as the engine's.
    """

    __slots__ = (
        "asker",
        "bid",
        "bidder",
        "challenger",
        "defender",
        "eldest",
        "held",
        "leader",
        "multiplier",
        "options",
        "pair",
        "phase",
        "points",
        "reveal",
        "second",
        "styles",
        "to_act",
        "trick",
        "tricks",
        "trump",
        "trump_led",
        "waiting",
        "won",
    )

    options: Options
    phase: int
    to_act: int  # -1 once the deal is over
    eldest: int
    held: list[int]  # each seat's cards now (its first four in the first stage)
    second: list[int]  # each seat's second four while the first stage lasts
    bid: int
    bidder: int  # -1 until the auction ends, as defender and challenger outside it
    defender: int
    challenger: int
    waiting: list[int]
    trump: int  # -1 until the bidder names it
    multiplier: int
    reveal: tuple[int, int] | None
    asker: int  # the seat that asked during its current turn, else -1
    trump_led: bool
    pair: tuple[int, int] | None
    leader: int
    trick: list[int]  # the current trick's cards, the leader's first
    tricks: list[tuple[int, int, int, list[int]]]
    points: list[int]  # each team's card points
    won: list[bool]  # whether each team has won a trick
    styles: tuple[int, ...]  # per seat, what its auction limit differs from its four cards' (0: normal's)

    def copy(self) -> LeanWorld:
        """An independent copy: every list copied (a finished trick's cards shared: never changed),
        the ints, tuples and options shared."""
        other = LeanWorld.__new__(LeanWorld)
        for name in LeanWorld.__slots__:
            value = getattr(self, name)
            setattr(other, name, value.copy() if type(value) is list else value)
        return other

    def returns(self, seat: int) -> int:
        """The finished deal's game points for ``seat``'s team less the other's, as ``scoring`` has
        them: the multiplier, won by the bidder's team if it reached the target, else lost."""
        team = self.bidder % 2
        target = self.bid if self.pair is None else min(self.bid + self.pair[1], self.options.total)
        net = self.multiplier if self.points[team] >= target else -self.multiplier
        return net if seat % 2 == team else -net


def lean_world(deal: TwentyNineDeal) -> LeanWorld:
    """The lean copy of a world whose every card and trump are known (``sampler.sampled_deal``'s)."""
    w = LeanWorld.__new__(LeanWorld)
    w.options = deal.options
    w.phase = _PHASES[deal.phase]
    w.to_act = -1 if deal.seat_to_act is None else deal.seat_to_act
    w.eldest = deal.eldest
    w.held = [mask_of(h) for h in deal.held]
    w.second = [mask_of(h[STAGE:]) for h in deal.hands]
    w.bid = deal.bid
    w.bidder = -1 if deal.bidder is None else deal.bidder
    w.defender = -1 if deal.defender is None else deal.defender
    w.challenger = -1 if deal.challenger is None else deal.challenger
    w.waiting = list(deal.waiting)
    w.trump = -1 if deal.trump is None else deal.trump
    w.multiplier = deal.multiplier
    w.reveal = deal.reveal
    w.asker = -1 if deal.asker_now is None else deal.asker_now
    w.trump_led = deal.trump_led
    w.pair = deal.pair
    w.leader = deal.leader
    w.trick = [c for _, c in deal.trick]
    w.tricks = [
        (leader, winner, points, [c for _, c in plays]) for leader, winner, points, plays in deal.tricks
    ]
    w.points = list(deal.team_points)
    w.won = list(deal.team_won)
    w.styles = (0,) * NUM_SEATS
    return w


def move_of(action: Action) -> int:
    """An engine action as a lean move (its seat is the seat to act)."""
    if action.card is not None:
        return action.card
    if action.value is not None:
        return action.value
    if action.suit is not None:
        return action.suit
    return {"reveal": ASK, "pair": PAIR, "double": YES, "redouble": YES}.get(action.do, PASS)


def play_out(
    world: LeanWorld, first: Action | None, rng: random.Random, limit: tuple[int, int] | None = None
) -> None:
    """Play ``world`` to its end: ``first`` (a legal action of the seat to act) if given, then the
    rollout policy in every seat. ``rng`` is unused, as in :func:`.rollout.play_out`: the policy is
    deterministic, which keeps the comparison between candidates paired. ``limit`` (seat, bid): that
    seat's later calls in the auction go up to this bid instead of its four cards' limit (``hard``
    compares how far to go)."""
    move = POLICY if first is None else move_of(first)
    if world.phase < PLAY:
        _first_stage(world, move, limit)
        move = POLICY
    if world.phase == PLAY:
        _play(world, move)


def _first_stage(w: LeanWorld, move: int, given: tuple[int, int] | None) -> None:
    """The auction, the trump and the doubling, as :func:`.rollout.choose_call` and the engine have them
    (``given``: a seat's limit in the auction, as :func:`play_out` says)."""
    options = w.options
    capped, cap = given if given is not None else (-1, 0)
    while w.phase < PLAY:
        seat = w.to_act
        phase = w.phase
        if phase == AUCTION:
            # the lowest bid the seat may make: the opening (eldest must bid), one above, or equal to hold
            low = options.min_bid if w.defender < 0 else w.bid + 1 if seat == w.challenger else w.bid
            if move == POLICY:
                move = low
                if w.defender >= 0:
                    limit = cap if seat == capped else four_facts(w.held[seat])[0] + w.styles[seat]
                    other = w.defender if seat == w.challenger else w.challenger
                    if (other % 2 == seat % 2 and limit < w.bid + 3) or not low <= min(
                        limit, options.max_bid
                    ):
                        move = PASS
            _call(w, seat, move)
        elif phase == TRUMP:
            w.trump = four_facts(w.held[seat])[1] if move == POLICY else move
            if options.double:
                w.phase, w.to_act = DOUBLE, (seat + 1) % NUM_SEATS
            else:
                _second_stage(w)
        elif phase == DOUBLE:
            if move == POLICY:
                strong = four_facts(w.held[seat])[2] >= DOUBLE_POINTS and w.bid >= DOUBLE_BID
                move = YES if strong else PASS
            if move == YES:
                w.multiplier *= 2
                w.phase, w.to_act = REDOUBLE, w.bidder
            elif seat == (w.bidder + 1) % NUM_SEATS:
                w.to_act = (w.bidder + 3) % NUM_SEATS
            else:
                _second_stage(w)
        else:  # the redouble: the bidder, with a clear margin
            if move == POLICY:
                strong = seat == w.bidder and four_facts(w.held[seat])[0] >= w.bid + REDOUBLE_MARGIN
                move = YES if strong else PASS
            if move == YES:
                w.multiplier *= 2
                _second_stage(w)
            elif seat == w.bidder:
                w.to_act = (w.bidder + 2) % NUM_SEATS
            else:
                _second_stage(w)
        move = POLICY


def _call(w: LeanWorld, seat: int, move: int) -> None:
    """A bid or a pass in the hold auction (the engine's ``_call``, unchecked)."""
    if move == PASS:
        if seat == w.defender:  # the challenger defends its bid from now on
            w.defender = w.challenger
        if w.waiting:
            w.challenger = w.to_act = w.waiting.pop(0)
        else:
            w.bidder = w.defender
            w.defender = w.challenger = -1
            w.phase, w.to_act = TRUMP, w.bidder
        return
    w.bid = move
    if w.defender < 0:
        w.defender = seat
        w.challenger = w.to_act = (seat + 1) % NUM_SEATS
        w.waiting = [(seat + 2) % NUM_SEATS, (seat + 3) % NUM_SEATS]
    else:
        w.to_act = w.defender if seat == w.challenger else w.challenger


def _second_stage(w: LeanWorld) -> None:
    w.held = [h | s for h, s in zip(w.held, w.second, strict=True)]
    w.phase = PLAY
    w.to_act = w.leader = w.eldest


def _play(w: LeanWorld, move: int) -> None:
    """The tricks, from the seat to act to the last card: the hot loop, so the state lives in locals."""
    held, trick, tricks, points, won = w.held, w.trick, w.tricks, w.points, w.won
    bidder, bid, trump, seat, leader = w.bidder, w.bid, w.trump, w.to_act, w.leader
    revealed, asker, trump_led, pair = w.reveal is not None, w.asker, w.trump_led, w.pair
    pair_rule, last_point = w.options.pair, w.options.last_trick_point
    trumps, kq, low, feed = SUIT_MASK[trump], _PAIR_CARDS[trump], _LOW[trump], _FEED[trump]
    in_trick = mask_of(trick)
    trick_points = sum(POINTS[c] for c in trick)
    while len(tricks) < HAND:
        hand = held[seat]
        n = len(trick)
        if n:
            led = trick[0] >> 3
            playable = hand & SUIT_MASK[led]
            may_ask = not revealed and not playable
            if not playable:
                playable = hand & trumps if asker == seat and hand & trumps else hand
        else:
            may_ask = False
            playable = hand
            if seat == bidder and not revealed and not trump_led and hand & ~trumps:
                playable = hand & ~trumps  # the bidder may not lead its hidden trump
        if move == POLICY:
            if (
                pair_rule
                and pair is None
                and revealed
                and hand & kq == kq
                and won[seat % 2]
                and (seat % 2 != bidder % 2 or bid >= PAIR_MIN_BID)
            ):
                move = PAIR
            elif not may_ask and not playable & (playable - 1):
                move = playable.bit_length() - 1  # one card and nothing else: played
            elif not n:
                others = (held[0] | held[1] | held[2] | held[3]) ^ hand
                masters = [_MASTER[c] for c in cards_of(playable & POINT_MASK) if not others & ABOVE[c]]
                if masters:
                    move = 31 - (max(masters) & 31)
                else:
                    move = min(map(low.__getitem__, cards_of(playable))) & 31
            else:
                s = trump if revealed and in_trick & trumps else led
                best = 8 * s + _TOP[in_trick >> 8 * s & 255]
                partner_wins = (leader + trick.index(best) - seat) % 2 == 0
                if may_ask and not partner_wins and trick_points >= ASK_POINTS and playable & trumps:
                    move = ASK
                elif partner_wins:
                    move = 31 - (max(map(feed.__getitem__, cards_of(playable))) & 31)
                else:
                    takers = playable & ABOVE[best]
                    if revealed and best >> 3 != trump:
                        takers |= playable & trumps
                    if takers and (trick_points > 0 or n == 3):
                        take = _TAKE[trump if revealed else 4]
                        move = min(map(take.__getitem__, cards_of(takers))) & 31
                    else:
                        move = min(map(low.__getitem__, cards_of(playable))) & 31
        if move == ASK:
            revealed, asker, move = True, seat, POLICY
            w.reveal = (seat, len(tricks))
            continue
        if move == PAIR:
            pair, move = (seat, -PAIR_EFFECT if seat % 2 == bidder % 2 else PAIR_EFFECT), POLICY
            continue
        card, move = move, POLICY
        if not n and seat != bidder and card >> 3 == trump:
            trump_led = True
        held[seat] = hand ^ (1 << card)
        asker = -1
        trick.append(card)
        in_trick |= 1 << card
        trick_points += POINTS[card]
        if n < NUM_SEATS - 1:
            seat = (seat + 1) % NUM_SEATS
            continue
        s = trump if revealed and in_trick & trumps else trick[0] >> 3
        winner = (leader + trick.index(8 * s + _TOP[in_trick >> 8 * s & 255])) % NUM_SEATS
        if len(tricks) == HAND - 1 and last_point:
            trick_points += 1
        tricks.append((leader, winner, trick_points, trick))
        points[winner % 2] += trick_points
        won[winner % 2] = True
        trick, in_trick, trick_points = [], 0, 0
        seat = leader = winner
    w.trick, w.leader, w.asker, w.trump_led, w.pair = trick, leader, asker, trump_led, pair
    w.phase, w.to_act = OVER, -1


def _exact_whole_deal(deal: TwentyNineDeal, rng: random.Random) -> None:
    rollout.play_out(deal.clone(), rng)


def _lean_whole_deal(deal: TwentyNineDeal, rng: random.Random) -> None:
    play_out(lean_world(deal), None, rng)


# for ``cardavia bench``: the same policy over the same deals, on the engine and here
PLAYOUTS = Playouts(exact=_exact_whole_deal, lean=_lean_whole_deal)
