"""The Gaple ``Game``: new deals from a seed, actions and records in JSON, replay text, the match.

A match runs over several deals: the next deal's right to open and the scores it starts from follow
from the last result (``next_dealer`` and ``carry``), and ``new_deal`` takes them back. Teams are an
option here, not the game's: ``for_options`` is the game as a table with given options plays it,
which declares its teams and invites a friend as partner first when the
``teams`` option is on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cardavia.games.errors import RecordError
from cardavia.games.facade import GameFacade
from cardavia.games.gaple.actions import DISCARD, Action, action_from_json
from cardavia.games.gaple.deal import GAME_ID, GapleDeal, new_deal
from cardavia.games.gaple.messages import MESSAGES
from cardavia.games.gaple.options import DEFAULT_OPTIONS, Options, parse_options
from cardavia.games.gaple.record import read_record
from cardavia.games.gaple.scoring import NUM_SEATS, outcome_of
from cardavia.games.gaple.view import GapleView
from cardavia.games.packs.double_six import TILES
from cardavia.games.profile import Hidden, Profile, Review, Sides
from cardavia.games.protocol import Deal, Game, Piece

TEAMS: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))


def _side_name(side: int, sides: int) -> str:
    return f"seats {side} and {side + 2}" if sides == 2 else f"seat {side}"


class Gaple(
    GameFacade[Action, GapleView, GapleDeal],
    deal=GapleDeal,
    read_action=action_from_json,
    read_record=read_record,
    read_outcome=outcome_of,
    # the seat with the right to open the next deal: this deal's winner (an annulled deal's leader), or
    # none when the next deal starts a match (the opening tile's holder opens)
    next_dealer_key="next_leader",
):
    """Gaple: four seats, the double-six set, a single line, a match to 201.

    ``defaults`` are the options of a deal made without any (``new_deal(seed)``): the standard rules
    for ``GAME``, a table's own for the game ``for_options`` gives.
    """

    name = GAME_ID
    num_seats = NUM_SEATS
    # the 28 tiles in the order of their codes; a tile's points are its pips (what it counts at the end)
    pieces = tuple(Piece(t.code, t.name, t.pips) for t in TILES)
    messages: Mapping[str, str] = MESSAGES
    # teams only where a table chooses them (the ``teams`` option); by default every tile is dealt, so
    # only hands are hidden (a stock and face-down discards come with the options that make them)
    profile = Profile(
        seats=NUM_SEATS,
        sides=Sides.FIXED,
        teams=TEAMS,
        teams_option="teams",
        hidden=frozenset({Hidden.HANDS}),
        review=Review.SAMPLED,
        series=True,
        # a match to 201 runs across deals: each starts from the scores the last one handed on
        carry=True,
    )

    def __init__(self, defaults: Options = DEFAULT_OPTIONS) -> None:
        self.defaults = defaults

    def for_options(self, options: Mapping[str, Any] | None) -> Gaple:
        """The game as a table with ``options`` plays it: its deals made with those options by default,
        and, with ``teams``, its teams declared and a friend invited to the host's partner's seat first.
        ``RecordError`` for an unknown option or value."""
        chosen = parse_options(options)
        return GaplePartners(chosen) if chosen.teams else Gaple(chosen)

    def new_deal(
        self,
        seed: int,
        *,
        options: Mapping[str, Any] | None = None,
        dealer: int | None = None,
        carry: Mapping[str, Any] | None = None,
    ) -> GapleDeal:
        """A fresh deal from ``seed`` (the tiles depend on the seed only).

        ``dealer`` is the seat with the right to open (the last deal's winner, ``next_dealer``); None
        starts a match (the holder of the opening tile opens). ``carry`` is what the last deal handed
        on (``carry``): the match scores this deal starts from. ``RecordError`` for an unknown option or
        value, a leader that is not a seat, or scores that cannot start this deal.
        """
        opts = self.defaults if options is None else parse_options(options)
        scores = None if carry is None else carry.get("scores")
        if carry is not None and not isinstance(scores, list):
            raise RecordError("bad-record", '"carry" holds the match "scores"', {"what": "carry"})
        return new_deal(seed, dealer, opts, scores)

    def describe(self, outcome: Mapping[str, Any]) -> str:
        """Plain English for ``cardavia replay``: how the deal ended, the counts and points, the match."""
        if outcome.get("finished") is False:
            ends = outcome.get("ends")
            where = "before the opening" if ends is None else f"the ends show {ends[0]} and {ends[1]}"
            return f"Unfinished deal: seat {outcome.get('to_act')} to play, {where}."
        scores = outcome["scores"]
        sides = len(scores)
        if outcome.get("annulled"):
            shown = outcome.get("shown") or {}
            nxt = outcome.get("next_leader")
            again = "a match's first deal is dealt again" if nxt is None else f"seat {nxt} keeps the right"
            return (
                f"Annulled: seat {shown.get('seat')} holds {len(shown.get('tiles', []))} doubles "
                f"({', '.join(shown.get('tiles', []))}). No score; {again}."
            )
        winner = outcome["winner"]
        lines = []
        left, right = outcome["ends"]
        if outcome["end"] == "out":
            lines.append(f"Seat {winner} went out; the line's ends show {left} and {right}.")
        else:
            lines.append(f"Blocked by seat {outcome['blocker']}: the line's ends show {left} and {right}.")
        counts = ", ".join(f"seat {s} {c}" for s, c in enumerate(outcome["counts"]))
        lines.append(f"Counts: {counts}.")
        side = winner % 2 if sides == 2 else winner
        lines.append(f"Seat {winner} wins: {_side_name(side, sides)} score {outcome['points'][side]}.")
        target = outcome.get("target", DEFAULT_OPTIONS.target)
        match = ", ".join(f"{_side_name(s, sides)} {v}" for s, v in enumerate(scores))
        lines.append(f"Match to {target}: {match}.")
        if outcome["match_over"]:
            lines.append(f"{_side_name(outcome['match_winner'], sides).capitalize()} won the match.")
        else:
            lines.append(f"Seat {outcome['next_leader']} has the right to open the next deal.")
        return "\n".join(lines)

    def redact(self, action: Mapping[str, Any], actor: int, viewer: int) -> dict[str, Any]:
        """Another seat's discard shows that it discarded, not which tile (every dead tile is shown at
        the end of the deal, in its result). Plays and passes are public as written."""
        if actor != viewer and action.get("do") == DISCARD:
            return {key: value for key, value in action.items() if key != "tile"}
        return dict(action)

    def carry(self, result: Mapping[str, Any]) -> dict[str, Any] | None:
        """What the next deal starts from besides its leader: the match scores, while the match goes on
        (None when the next deal starts a new match at 0)."""
        if self.next_dealer(result) is None:
            return None
        return {"scores": list(result["scores"])}

    def series(self, results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """The match score of a table's finished deals, as their results say it (each result's
        ``scores`` are the match after that deal): ``scores`` the match being played (its last deal
        included, so a match just won shows its final score), ``won`` the side that won the match the
        last deal ended (None otherwise), ``matches`` the matches each side has won, ``to`` the target,
        ``teams`` whether the sides are teams. With no finished deal: the table's defaults at 0."""
        sides, target = self.defaults.sides, self.defaults.target
        scores: list[int] = [0] * sides
        matches: list[int] = [0] * sides
        won: int | None = None
        for result in results:
            scores = list(result["scores"])
            target = int(result.get("target", target))
            won = result["match_winner"] if result.get("match_over") else None
            if len(matches) != len(scores):
                matches = [0] * len(scores)
            if won is not None:
                matches[won] += 1
        return {"scores": scores, "won": won, "matches": matches, "to": target, "teams": len(scores) == 2}


class GaplePartners(Gaple):
    """Gaple with the ``teams`` option: partners face each other (seats 0 and 2 against 1 and 3)."""

    # the table has chosen teams: always partners, and a friend is invited to the host's partner's
    # seat, across, first
    profile = replace(Gaple.profile, teams_option=None, invite_order=(2, 1, 3))


GAME = Gaple()

if TYPE_CHECKING:  # mypy proves the engine satisfies the shared protocols
    _game: Game[Action, GapleView] = GAME
    _deal: Deal[Action, GapleView] = new_deal(0)
