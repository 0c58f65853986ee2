"""What both heuristic levels share: the auction limit of four cards, and the choices every level makes the
same way (declare a pair when it may, name its longest suit)."""

from __future__ import annotations

from cardavia.bots.base import Decision
from cardavia.bots.twenty_nine.explain import bid_reason
from cardavia.bots.twenty_nine.messages import hint
from cardavia.bots.twenty_nine.reading import best_suit, hand_points
from cardavia.games.twenty_nine import Action, TwentyNineView


def by_do(view: TwentyNineView) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = {}
    for a in view.legal:
        out.setdefault(a.do, []).append(a)
    return out


def choose_trump(view: TwentyNineView) -> Decision[Action]:
    suit, count = best_suit(view.hand)
    action = next(a for a in view.legal if a.to_json().get("suit") == suit)
    return Decision(action, hint("trump-long", suit=suit, count=count))


def auction_call(view: TwentyNineView, limit: int, mind_partner: bool) -> Decision[Action]:
    """Open at the lowest bid; challenge one above or hold while the bid is within ``limit``; else pass.
    ``mind_partner``: leave a bid the partner holds unless ``limit`` is well above it."""
    legal = by_do(view)
    bids = [a for a in legal.get("bid", []) if a.value is not None]
    pts = hand_points(view.hand)
    if view.defender is None:
        return Decision(bids[0], hint("open", value=bids[0].value))
    other = view.defender if view.seat == view.challenger else view.challenger
    if mind_partner and other == view.partner and limit < view.bid + 3:
        return Decision(legal["pass"][0], hint("pass-partner", value=view.bid))
    if bids and bids[0].value is not None and bids[0].value <= limit:
        return Decision(bids[0], bid_reason(view, bids[0].value))
    return Decision(legal["pass"][0], hint("pass-weak", value=view.bid, points=pts))
