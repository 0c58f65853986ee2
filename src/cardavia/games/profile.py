"""What a game is, declared once beside its engine (after OpenSpiel's ``GameType``).

OpenSpiel's ``GameType`` says a game's dynamics, information and utility before any state is made;
a :class:`Profile` says the same of a Cardavia game, and what it offers the layers above: how many
seats, who plays with whom (:class:`Sides`), whether several seats decide at once, what a seat
cannot see (:class:`Hidden`), whether its decisions can be reviewed and how (:class:`Review`),
whether a table's deals add up to a series (a match), whether each starts from the score the last
one handed on, the order friends are invited to seats, and whether its deals have a fused random
play-out. Each game's ``GAME.profile`` is one; shared code reads it instead of probing a game's or
a deal's attributes, and the registry's check
(:func:`profile_problem`, then ``cardavia.web.entries.check_entry`` for the bots' analyst) refuses a
game whose profile and code disagree. The registry-wide tests take their cases from it.

Pure data: no I/O, nothing imported from the layers above.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any


class Sides(Enum):
    """Who plays with whom."""

    NONE = "none"  # every seat plays for itself
    FIXED = "fixed"  # partnerships for the whole table (``Profile.teams``), unless a table's option says
    PER_DEAL = "per-deal"  # made during each deal (a call names a partner): the deal's result says who won


class Hidden(Enum):
    """A kind of thing a seat may not see (``Deal.hidden_from`` counts the pieces; ``Game.redact``
    leaves out what it may not see of an action)."""

    HANDS = "hands"  # the other seats' pieces in hand
    STOCK = "stock"  # pieces dealt to no seat: a stock, the rest of a pack dealt later, tiles never dealt
    ACTIONS = "actions"  # part of another seat's action: a face-down play, a secret trump, a secret set


class Review(Enum):
    """What ``cardavia review`` and the replay page's review can say of a seat's decisions."""

    NONE = "none"  # no analyst: a review is refused (404 ``no-review``)
    SAMPLED = "sampled"  # the bots give a sampling ``Analyst`` (figures with intervals)
    EXACT = "exact"  # the bots give an ``ExactAnalyst``: every choice valued exactly


@dataclass(frozen=True)
class Profile:
    """A game's profile: its ``GAME.profile``. Only ``seats`` is required; the defaults describe a
    game of seats each on its own, one deciding at a time, hands hidden, nothing more."""

    seats: int
    sides: Sides = Sides.NONE
    # with FIXED sides: each team's seats (every seat in one team); the arena seats a team with one
    # level and plays each deal once per team in every team's seats
    teams: tuple[tuple[int, ...], ...] = ()
    # with FIXED sides: the name of the table option that makes the partnerships (a game that plays
    # teams only where a table chooses them); None: always
    teams_option: str | None = None
    # several seats may decide at the same moment (every seat sets its tiles in secret): the deals
    # then have ``acting()``, the seats that may act now
    simultaneous: bool = False
    hidden: frozenset[Hidden] = frozenset({Hidden.HANDS})
    review: Review = Review.NONE
    # the table's finished deals add up to a series (a match to a target): the game has
    # ``series(results)``, a JSON object the table's payload carries as ``series``
    series: bool = False
    # each deal starts from what the table's last finished deal hands on (a match's scores): the
    # game has ``carry(result)`` (that, or None where a new match starts) and its ``new_deal``
    # takes it back as ``carry``
    carry: bool = False
    # the seats a table with friends invites them to, in order (each of seats 1… once: a partnership
    # game puts the host's partner first); empty: 1, 2, …
    invite_order: tuple[int, ...] = ()
    # the deals have ``random_playout(rng)``: a fused loop that ends exactly as uniform random choice
    # among ``legal_actions()`` would (the engine bench and the bots' play-outs use it)
    random_playout: bool = False

    def __post_init__(self) -> None:
        if not self.invite_order and isinstance(self.seats, int):
            object.__setattr__(self, "invite_order", tuple(range(1, self.seats)))
        object.__setattr__(self, "hidden", frozenset(self.hidden))

    def teams_at(self, options: Mapping[str, Any] | None = None) -> tuple[tuple[int, ...], ...]:
        """The seats of each team at a table with ``options``: the partnerships where the game has
        them (and the table's option, if one makes them, is on), else every seat on its own."""
        partnered = self.sides is Sides.FIXED and (
            self.teams_option is None or bool((options or {}).get(self.teams_option))
        )
        if partnered:
            return tuple(tuple(team) for team in self.teams)
        return tuple((seat,) for seat in range(self.seats))


def _problem_of_profile(profile: Profile) -> str | None:
    """What is wrong with a profile on its own (its teams, its invite order), or None."""
    seats = profile.seats
    if type(seats) is not int or seats < 2:
        return f"its profile's seats is {seats!r}, not a number of seats of two or more"
    if not isinstance(profile.sides, Sides) or not isinstance(profile.review, Review):
        return "its profile's sides and review are a Sides and a Review"
    if not all(isinstance(kind, Hidden) for kind in profile.hidden):
        return "its profile's hidden holds something that is not a Hidden"
    if sorted(profile.invite_order) != list(range(1, seats)):
        return f"its profile's invite_order is not seats 1 to {seats - 1} once each"
    if profile.sides is Sides.FIXED:
        listed = sorted(seat for team in profile.teams for seat in team)
        if listed != list(range(seats)) or len(profile.teams) < 2:
            return f"its profile's teams are not two or more teams holding seats 0 to {seats - 1} once each"
    elif profile.teams or profile.teams_option is not None:
        return f"its profile has teams but its sides are {profile.sides.value!r}, not 'fixed'"
    return None


def profile_problem(game: Any) -> str | None:
    """What a game's profile says that its code does not do (one line), or None when they agree.

    Checks what can be seen without playing: the profile itself, its seats against the game's,
    and each capability it declares against the methods the game and a fresh deal have (a deal of
    seed 0). What a seat cannot see is checked by playing, in the conformance suite."""
    profile = getattr(game, "profile", None)
    if not isinstance(profile, Profile):
        return "its GAME has no profile (a cardavia.games.profile.Profile)"
    problem = _problem_of_profile(profile)
    if problem is not None:
        return problem
    if profile.seats != game.num_seats:
        return f"its profile says {profile.seats} seats, its GAME {game.num_seats}"
    deal = game.new_deal(0)
    declared = (
        ("simultaneous", profile.simultaneous, "its deals", deal, "acting"),
        ("random_playout", profile.random_playout, "its deals", deal, "random_playout"),
        ("series", profile.series, "its GAME", game, "series"),
        ("carry", profile.carry, "its GAME", game, "carry"),
    )
    for name, says, whose, obj, method in declared:
        does = callable(getattr(obj, method, None))
        if says != does:
            have = "have" if whose.endswith("s") else "has"
            return f"its profile says {name}={says} but {whose} {have if does else have + ' no'} {method}()"
    takes = "carry" in inspect.signature(game.new_deal).parameters
    if profile.carry != takes:
        takes_it = "takes" if takes else "takes no"
        return f"its profile says carry={profile.carry} but its new_deal {takes_it} carry"
    return None
