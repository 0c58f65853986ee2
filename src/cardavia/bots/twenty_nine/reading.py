"""What a seat's view tells a bot: cards seen, suits a seat is out of, who holds the trick, and before
the reveal which suit the bidder probably named (spec: AI). Everything here reads the view only."""

from __future__ import annotations

from collections.abc import Iterable

from cardavia.games.packs.french import SUITS
from cardavia.games.twenty_nine import POINTS, STRENGTH, TwentyNineView, card_index, trick_winner

HIGH = ("J", "9")  # the cards a bidder names its trump for


def points(code: str) -> int:
    return POINTS[card_index(code)]


def strength(code: str) -> int:
    return STRENGTH[card_index(code)]


def suit(code: str) -> str:
    return code[-1]


def hand_points(codes: Iterable[str]) -> int:
    return sum(points(c) for c in codes)


def played(view: TwentyNineView) -> set[str]:
    """Every card already played, in finished tricks and in the current one."""
    return {c for t in view.tricks for _, c in t.plays} | {c for _, c in view.trick}


def unseen(view: TwentyNineView) -> set[str]:
    """The cards this seat has not seen: the pack less its hand and every card played."""
    from cardavia.games.packs.french import CODES

    return set(CODES) - set(view.hand) - played(view) - set(view.shown)


def suit_weight(cards: Iterable[str]) -> int:
    """How strong some cards of one suit are for naming it trumps: their strengths and four times their
    points (what breaks a tie of length in :func:`best_suit`)."""
    return sum(strength(c) + 4 * points(c) for c in cards)


def best_suit(hand: Iterable[str]) -> tuple[str, int]:
    """The suit a player would name trumps from these cards: the longest, then the strongest."""
    cards = list(hand)
    counts = {s: [c for c in cards if suit(c) == s] for s in SUITS}
    chosen = max(SUITS, key=lambda s: (len(counts[s]), suit_weight(counts[s])))
    return chosen, len(counts[chosen])


def voids(view: TwentyNineView) -> list[set[str]]:
    """The suits each seat has shown it holds none of: a suit it did not follow, and the trump for an
    asker who then played none."""
    out: list[set[str]] = [set() for _ in range(4)]
    tricks = [t.plays for t in view.tricks] + [view.trick]
    for plays in tricks:
        if not plays:
            continue
        led = suit(plays[0][1])
        for seat, code in plays[1:]:
            if suit(code) != led:
                out[seat].add(led)
    if view.reveal is not None and view.trump is not None:
        asker, index = view.reveal
        if index < len(tricks):
            for seat, code in tricks[index]:
                if seat == asker and suit(code) != view.trump:
                    out[asker].add(view.trump)
    return out


def bidder_led_before_others(view: TwentyNineView) -> set[str]:
    """Suits the bidder led while the trump was hidden before any other seat had led that suit: the
    bidder may not lead a hidden trump, so each is almost surely not trumps."""
    found: set[str] = set()
    led_by_others: set[str] = set()
    for index, t in enumerate(view.tricks):
        if view.reveal is not None and view.reveal[1] <= index:
            break
        seat, code = t.plays[0]
        if seat == view.bidder and suit(code) not in led_by_others:
            found.add(suit(code))
        elif seat != view.bidder:
            led_by_others.add(suit(code))
    return found


def bidder_discards(view: TwentyNineView) -> set[str]:
    """Suits the bidder threw on a trick of another suit while the trump was hidden: a bidder keeps its
    trumps, so each is less likely trumps."""
    found: set[str] = set()
    tricks = [t.plays for t in view.tricks] + [view.trick]
    for index, plays in enumerate(tricks):
        if view.reveal is not None and view.reveal[1] <= index:
            break
        for seat, code in plays[1:]:
            if seat == view.bidder and suit(code) != suit(plays[0][1]):
                found.add(suit(code))
    return found


def trump_weights(view: TwentyNineView) -> dict[str, float]:
    """How likely each suit is the trump, from this seat's view: certain where the view shows it.

    Before the reveal (spec: AI, weighted by the auction): a bidder names the suit it is longest and
    strongest in, so each suit weighs by the unseen cards of it the bidder may hold, its unseen jack
    and nine the more the higher the bid; a suit the bidder has shown none of, threw away, or led
    while the trump was hidden (a bidder may not lead it) weighs much less.
    """
    if view.trump is not None:
        return {s: float(s == view.trump) for s in SUITS}
    if view.bidder is None:
        return {s: 0.25 for s in SUITS}
    hidden = unseen(view)
    out_of = voids(view)[view.bidder]
    not_trump = bidder_led_before_others(view)
    thrown = bidder_discards(view)
    high = 1.0 + 0.5 * max(0, view.bid - view.options.min_bid)
    weights = {}
    for s in SUITS:
        cards = [c for c in hidden if suit(c) == s]
        w = 0.5 + len(cards) + high * sum(1 for c in cards if c[0] in HIGH)
        if s in out_of:
            w *= 0.15
        if s in thrown:
            w *= 0.4
        if s in not_trump:
            w *= 0.03
        weights[s] = w
    total = sum(weights.values())
    return {s: w / total for s, w in weights.items()}


def current_winner(view: TwentyNineView) -> int | None:
    """The seat holding the trick so far, as the rules stand now (a hidden trump has no power)."""
    if not view.trick:
        return None
    trump = SUITS.index(view.trump) if view.trump is not None and view.reveal is not None else None
    return trick_winner([(s, card_index(c)) for s, c in view.trick], trump)


def is_master(code: str, view: TwentyNineView) -> bool:
    """Whether no unseen card of its suit ranks above it."""
    return not any(suit(c) == suit(code) and strength(c) > strength(code) for c in unseen(view))


def beats(code: str, best: str, trump: str | None) -> bool:
    """Whether ``code`` played now would beat the trick's best card ``best`` (trump known and revealed)."""
    if suit(code) == suit(best):
        return strength(code) > strength(best)
    return trump is not None and suit(code) == trump
