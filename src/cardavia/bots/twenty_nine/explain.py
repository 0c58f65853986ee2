"""Why an action is good, in a player's words, read from one seat's view only: the reasons the ``hard``
level gives for what its play-outs chose and the review gives for the better move. Each says what the
action does at the table (the cards that back a bid, the suit one cannot follow, the target a pair
moves, the trick a card takes or feeds), never the play-outs' figures, and never the hidden trump to a
seat that does not know it."""

from __future__ import annotations

from cardavia.bots.base import Reason
from cardavia.bots.twenty_nine.messages import asking, hint
from cardavia.bots.twenty_nine.reading import (
    HIGH,
    beats,
    best_suit,
    current_winner,
    hand_points,
    is_master,
    points,
    strength,
    suit,
    trump_weights,
)
from cardavia.games.twenty_nine import Action, TwentyNineView

PAIR_EFFECT = 4  # how far a declared pair moves the target (spec: Pair)


def _code(a: Action) -> str:
    return str(a.to_json()["card"])


def point_cards(hand: tuple[str, ...]) -> list[str]:
    """The cards of ``hand`` that count points, highest first (the ones a bid is made on)."""
    return sorted((c for c in hand if points(c)), key=lambda c: (-points(c), -strength(c), c))


def bid_reason(view: TwentyNineView, value: int) -> Reason:
    """A bid (or a hold at the current bid) said by the cards that make it: the point cards in hand
    and the suit that would be trumps."""
    pts = hand_points(view.hand)
    s, count = best_suit(view.hand)
    holding = view.defender is not None and value == view.bid
    cards = point_cards(view.hand)
    if not cards:
        return hint(
            "hold-strength" if holding else "bid-strength", value=value, points=pts, count=count, suit=s
        )
    return hint(
        "hold-cards" if holding else "bid-cards", value=value, cards=cards, points=pts, count=count, suit=s
    )


def pass_reason(view: TwentyNineView) -> Reason:
    """A pass in the auction: the partner holds the bid, or the hand does not reach past it."""
    other = view.defender if view.seat == view.challenger else view.challenger
    if other == view.partner:
        return hint("pass-partner", value=view.bid)
    return hint("pass-weak", value=view.bid, points=hand_points(view.hand))


def trump_reason(view: TwentyNineView, s: str) -> Reason:
    """A trump named: the longest and strongest suit, or the suit whose high cards take tricks."""
    longest, _ = best_suit(view.hand)
    count = sum(1 for c in view.hand if suit(c) == s)
    high = [c for c in point_cards(view.hand) if suit(c) == s and c[0] in HIGH]
    if s != longest and high:
        return hint("trump-high", suit=s, cards=high)
    return hint("trump-long", suit=s, count=count)


def ask_reason(view: TwentyNineView) -> Reason:
    """An ask: the suit led cannot be followed, and what the trick holds; a seat that does not know
    the trump says which suit it takes for trumps (from the view's reading, never the truth)."""
    led = suit(view.trick[0][1]) if view.trick else ""
    trick_points = sum(points(c) for _, c in view.trick)
    bidder = view.bidder == view.seat
    if trick_points == 0:
        return hint(asking("ask-early", bidder), led=led)
    if view.trump is None and led:
        weights = trump_weights(view)
        held = {suit(c) for c in view.hand}
        guess = (
            max(sorted(held), key=lambda s: weights[s]) if held else max(weights, key=lambda s: weights[s])
        )
        return hint("ask-likely", led=led, suit=guess, points=trick_points)
    return hint(asking("ask-win", bidder), led=led, points=trick_points)


def pair_reason(view: TwentyNineView) -> Reason:
    """A pair: how it moves the target, for the bidder's side or against it."""
    assert view.bidder is not None
    if view.bidder % 2 == view.seat % 2:
        return hint("pair-bidder", value=view.bid, target=view.bid - PAIR_EFFECT)
    return hint("pair-defender", value=view.bid, target=min(view.bid + PAIR_EFFECT, view.options.total))


def play_reason(view: TwentyNineView, action: Action) -> Reason:
    """A card played: what it does to the trick, as the seat sees it."""
    card = _code(action)
    trump = view.trump
    if not view.trick:
        ours = view.bidder is not None and view.bidder % 2 == view.seat % 2
        if trump is not None and ours and suit(card) == trump:
            return hint("lead-trump", card=card)
        if is_master(card, view):
            return hint("lead-master", card=card)
        return hint("lead-low", card=card)
    power = trump if view.reveal is not None else None
    winner = current_winner(view)
    best = next(c for s, c in view.trick if s == winner)
    trick_points = sum(points(c) for _, c in view.trick)
    led = suit(view.trick[0][1])
    asked_now = view.reveal is not None and view.reveal[0] == view.seat and view.reveal[1] == len(view.tricks)
    if asked_now and trump is not None and suit(card) == trump and not any(suit(c) == led for c in view.hand):
        return hint("must-trump", card=card)
    if beats(card, best, power) and winner != view.partner:
        if power is not None and suit(card) == power and led != power:
            return hint("trump-in", card=card, points=trick_points + points(card))
        if len(view.trick) == 3 or is_master(card, view):
            return hint("win", card=card, points=trick_points + points(card))
        return hint("head", card=card)
    if winner == view.partner and points(card) > 0:
        return hint("feed-partner", card=card)
    plays = [_code(a) for a in view.legal if a.do == "play"]
    if any((points(c), strength(c)) < (points(card), strength(card)) for c in plays):
        return hint("keep-others", card=card)  # not the cheapest: the others are kept for later
    if suit(card) == led:
        return hint("follow-low", card=card)
    return hint("throw-low", card=card)


def reason_for(view: TwentyNineView, action: Action) -> Reason:
    """Why ``action`` in ``view``, in a player's words (any legal action of the seat)."""
    if action.do == "bid" and action.value is not None:
        return bid_reason(view, action.value)
    if action.do == "pass" and view.phase == "auction":
        return pass_reason(view)
    if action.do == "trump" and action.suit is not None:
        return trump_reason(view, str(action.to_json()["suit"]))
    if action.do == "double":
        return hint("double-strong", points=hand_points(view.hand), value=view.bid)
    if action.do == "redouble":
        return hint("redouble-strong", value=view.bid)
    if action.do == "pass" and view.phase == "redouble":
        return hint("redouble-pass", value=view.bid)
    if action.do == "pass":
        return hint("double-pass", points=hand_points(view.hand), value=view.bid)
    if action.do == "reveal":
        return ask_reason(view)
    if action.do == "pair":
        return pair_reason(view)
    return play_reason(view, action)
