"""What the first stage's calls say of the hands: ``hard``'s worlds for its auction, trump and doubling.

A seat's calls tell something of its first four. The model is ``normal``'s own, held loosely (another
player bids otherwise, and the model is only a guess at how): a seat bids while the bid it must make
is within the limit of its four cards (``normal.limit_of``), leaves a bid its partner holds unless its
limit is three above it, and passes otherwise; it doubles holding points. Each call weighs a drawn
world by how likely it was from the hand the world gives that seat, a logistic in the distance
between the limit and the bid, never below a floor, so that a surprising call makes a hand less
likely, not impossible. The eldest hand's forced opening says nothing, but it was not annulled, so
that hand holds a point card (the one certainty here). A bidder names the suit it is longest and
strongest in (``reading.best_suit``), so a seat that does not know the trump weighs a world whose
trump is another suit down.

How far a seat bids is its own: each other seat gets a style in each draw (``STYLES``: how far its
limit sits from normal's, tighter or looser), weighed by its calls with its hand, and the play-out's
policy bids on for it in that style. A raise meant only to push the opponents up then pays where they
hold as far as normal would, and costs where they bid tighter and leave the raiser with the contract.

:func:`fitting_draws` draws ``DRAWS`` hidden states as the sampler does, weighs them, and keeps the
number asked for by systematic resampling: a fixed amount of work for every view, so the time a call
takes does not depend on the cards.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from cardavia.bots.twenty_nine.lean import four_facts, mask_of
from cardavia.bots.twenty_nine.sampler import Hidden, first_stage_draws
from cardavia.games.packs.french import SUITS
from cardavia.games.twenty_nine import TwentyNineView, card_index

DRAWS = 480  # hidden states weighed per decision, of which the search keeps its worlds
SPREAD = 1.0  # how loosely calls follow the limit, in bid points (the logistic's scale)
FLOOR = 0.02  # the least a call's likelihood falls to, however unlikely from the hand
DOUBLE_POINTS = 5.5  # where a double is as likely as not, in the doubler's card points (normal: 6)
OTHER_TRUMP = 0.15  # the weight of a world whose bidder named a suit other than its best
# How far another seat's bidding may sit from normal's limit, each as likely a priori: players bid
# tighter or looser than the model, and a bid meant to push the opponents up is only safe against
# those who hold as far as the model says.
STYLES = (-3, -2, -1, 0, 1)

Fitted = tuple[Hidden, tuple[int, ...]]  # a drawn hidden state, and each seat's style in it


@dataclass(frozen=True)
class Call:
    """One call of the auction as evidence: ``seat`` bid (``bid``) or passed where a hand whose limit
    reaches ``threshold`` bids, by the model."""

    seat: int
    threshold: int
    bid: bool


def auction_evidence(view: TwentyNineView) -> list[Call]:
    """The calls of the auction so far that tell something, replayed through the hold auction (spec:
    the opener defends, the next seat challenges, the others wait in seat order). The opening is
    forced, and a challenger facing the highest bid can only pass: neither is evidence."""
    out: list[Call] = []
    defender: int | None = None
    challenger = -1
    waiting: list[int] = []
    bid = 0
    for seat, value in view.calls:
        if defender is None:  # the opening
            defender, challenger, bid = seat, (seat + 1) % 4, int(value or 0)
            waiting = [(seat + 2) % 4, (seat + 3) % 4]
            continue
        other = defender if seat == challenger else challenger
        need = bid + 1 if seat == challenger else bid  # a challenger raises, a defender may hold
        # against its partner a seat bids only three above the bid (normal's ``mind_partner``)
        threshold = bid + 3 if other % 2 == seat % 2 else need
        if need <= view.options.max_bid:
            out.append(Call(seat, max(threshold, value or 0), value is not None))
        if value is not None:
            bid = value
            continue
        if seat == defender:  # the challenger defends its bid from now on
            defender = challenger
        if not waiting:
            break
        challenger = waiting.pop(0)
    return out


def _likely(margin: float, happened: bool) -> float:
    """How likely a call was whose model says yes when ``margin`` is above 0 (``happened``: it did)."""
    yes = 1.0 / (1.0 + math.exp(-margin / SPREAD))
    return max(FLOOR, yes if happened else 1.0 - yes)


def world_weight(
    view: TwentyNineView, evidence: list[Call], draw: Hidden, styles: tuple[int, ...] = (0, 0, 0, 0)
) -> float:
    """How likely the calls seen are in ``draw`` (a first-stage hidden state) from seats that bid to
    their four cards' limit plus their ``styles``, up to a constant."""
    facts = [four_facts(mask_of([card_index(c) for c in h])) for h in draw.holdings]
    if view.eldest != view.seat and facts[view.eldest][2] == 0:
        return 0.0  # a pointless eldest hand annuls the deal: this one was not
    weight = 1.0
    for call in evidence:
        if call.seat != view.seat:
            weight *= _likely(facts[call.seat][0] + styles[call.seat] - call.threshold + 0.5, call.bid)
    for seat, said in view.doubles:
        if said == "double" and seat != view.seat:
            weight *= _likely(facts[seat][2] - DOUBLE_POINTS, True)
    bidder = view.bidder
    if view.trump is None and bidder is not None and draw.trump not in (None, SUITS[facts[bidder][1]]):
        weight *= OTHER_TRUMP
    return weight


def fitting_draws(view: TwentyNineView, rng: random.Random, count: int) -> list[Fitted]:
    """``count`` hidden states of a first-stage view, each with every seat's style (0 for the viewing
    seat), drawn in proportion to how well they fit the calls seen (:func:`world_weight`) by
    systematic resampling of ``DRAWS`` draws; the draws as they come if none fits (never seen: every
    call's likelihood has a floor)."""
    draws = [
        (d, tuple(0 if s == view.seat else rng.choice(STYLES) for s in range(4)))
        for d in first_stage_draws(view, rng, DRAWS)
    ]
    evidence = auction_evidence(view)
    weights = [world_weight(view, evidence, d, styles) for d, styles in draws]
    total = sum(weights)
    if total <= 0.0:
        return draws[:count]
    step = total / count
    point = rng.random() * step
    out: list[Fitted] = []
    reached = 0.0
    for draw, w in zip(draws, weights, strict=True):
        reached += w
        while point < reached and len(out) < count:
            out.append(draw)
            point += step
    while len(out) < count:  # rounding at the very end
        out.append(draws[-1])
    return out
