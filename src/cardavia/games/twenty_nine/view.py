"""What one seat may know: its own cards and everything public, never another hand.

The trump is in a seat's view only if that seat may know it (``TwentyNineDeal.trump_known_to``): the
bidder once it has chosen, every seat after the reveal or at the end of the deal. Before that the
others see only that a trump is set (``trump_set``). Legal actions are part of the view: only the
bidder's may depend on the hidden trump (the bidder may not lead it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardavia.games.twenty_nine.actions import Action
from cardavia.games.twenty_nine.options import Options


@dataclass(frozen=True, slots=True)
class PublicTrick:
    """A finished trick: who led, who won, its points (the last trick's point included) and its plays."""

    leader: int
    winner: int
    points: int
    plays: tuple[tuple[int, str], ...]  # (seat, card code), leader first

    def to_json(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "winner": self.winner,
            "points": self.points,
            "plays": [{"seat": s, "card": c} for s, c in self.plays],
        }


@dataclass(frozen=True, slots=True)
class TwentyNineView:
    """The view of ``seat``. ``legal`` is its legal actions when it is to act, else empty.

    ``calls`` is the auction so far, (seat, bid or None for a pass); ``defender`` and ``challenger``
    the two seats bidding now; ``bid`` the current bid, the contract once ``bidder`` is known;
    ``doubles`` the doubling round's calls; ``reveal`` (asker, trick) once someone asked; ``pair``
    (seat, effect on the target); ``target`` what the bidder's team must take; ``shown`` eldest's
    four cards of an annulled deal.

    What a table shows beside the legal actions, so that no page works a rule out: ``hold`` the bid
    at which this seat, the defender facing a raise, would hold (None otherwise); ``asker_now`` the
    seat that asked for the trump during its current turn and must play a trump if it holds one
    (public); ``pair_target`` the target this seat's pair would set when it may declare it;
    ``trick_points`` the card points in the trick being played.
    """

    seat: int
    legal: tuple[Action, ...]
    hand: tuple[str, ...]
    dealer: int
    eldest: int
    phase: str
    to_act: int | None
    calls: tuple[tuple[int, int | None], ...]
    defender: int | None
    challenger: int | None
    bid: int
    bidder: int | None
    trump_set: bool
    trump: str | None
    doubles: tuple[tuple[int, str], ...]
    multiplier: int
    reveal: tuple[int, int] | None
    pair: tuple[int, int] | None
    target: int | None
    leader: int
    trick: tuple[tuple[int, str], ...]
    tricks: tuple[PublicTrick, ...]
    points: tuple[int, int]
    hand_sizes: tuple[int, ...]
    shown: tuple[str, ...]
    options: Options
    actions: int
    result: Mapping[str, Any] | None
    hold: int | None = None
    asker_now: int | None = None
    pair_target: int | None = None
    trick_points: int = 0

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "twenty-nine",
            "seat": self.seat,
            "partner": self.partner,
            "hand": list(self.hand),
            "dealer": self.dealer,
            "eldest": self.eldest,
            "phase": self.phase,
            "to_act": self.to_act,
            "calls": [
                {"seat": s, "bid": b} if b is not None else {"seat": s, "pass": True} for s, b in self.calls
            ],
            "defender": self.defender,
            "challenger": self.challenger,
            "bid": self.bid,
            "bidder": self.bidder,
            "trump_set": self.trump_set,
            "trump": self.trump,
            "doubles": [{"seat": s, "do": d} for s, d in self.doubles],
            "multiplier": self.multiplier,
            "reveal": None if self.reveal is None else {"seat": self.reveal[0], "trick": self.reveal[1]},
            "pair": None if self.pair is None else {"seat": self.pair[0], "effect": self.pair[1]},
            "target": self.target,
            "leader": self.leader,
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "tricks": [t.to_json() for t in self.tricks],
            "points": list(self.points),
            "hand_sizes": list(self.hand_sizes),
            "shown": list(self.shown),
            "options": self.options.all_json(),
            "actions": self.actions,
            "legal": [a.to_json() for a in self.legal],
            "hold": self.hold,
            "asker_now": self.asker_now,
            "pair_target": self.pair_target,
            "trick_points": self.trick_points,
            "over": self.result is not None,
            "result": None if self.result is None else dict(self.result),
        }
