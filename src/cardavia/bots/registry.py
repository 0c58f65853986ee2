"""Bots by game and level, and the two functions the service and the Hint button call.

``choose`` and ``suggest`` are top-level functions of plain arguments so that a process pool can
run them off the request path. The Hint is the analysis the review makes of the same decision
(:mod:`cardavia.bots.analysis`), so the two never disagree. Each game's bots package exports
``BOTS: dict[str, Bot]``; a game whose package has not landed yet plays every level at random
(logged once, so it is noticed).
"""

from __future__ import annotations

import importlib
import logging
import random
from functools import cache
from typing import Any, cast

from cardavia.bots.analysis import Advice
from cardavia.bots.base import LEVELS, Bot, Decision, Playouts
from cardavia.bots.random_bot import RandomBot
from cardavia.games.errors import GameError, RecordError
from cardavia.games.profile import Review
from cardavia.games.registry import entry, get_game

log = logging.getLogger(__name__)


def _package(game: str) -> str:
    """The bots package the registry names for ``game``; ``ValueError`` for a game it does not know."""
    try:
        return entry(game).bots
    except RecordError:
        raise ValueError(f"unknown game {game!r}") from None


@cache
def bots_for(game: str) -> dict[str, Bot[Any]]:
    """Every level of ``game``: level -> bot. ``ValueError`` for a game with no bots."""
    package = _package(game)
    try:
        bots: dict[str, Bot[Any]] = dict(importlib.import_module(package).BOTS)
    except ModuleNotFoundError as exc:
        if exc.name is None or not package.startswith(exc.name):
            raise
        log.warning("no bots for %s yet: every level plays at random", game)
        bots = {}
    for level in LEVELS:
        bots.setdefault(level, cast(Bot[Any], RandomBot(game, level)))
    return bots


class NoReview(GameError):
    """A review asked of a game that offers none (its profile's ``review`` is ``Review.NONE``, its
    bots give no ``ANALYST``): code ``no-review``, with the game."""

    def __init__(self, game: str) -> None:
        super().__init__(
            "no-review", f"{game} has no review: its bots give no analyst of their decisions", {"game": game}
        )


def analyst_for(game: str) -> Any:
    """What reviews of ``game`` need (its bots package's ``ANALYST``: a
    :class:`cardavia.bots.review.Analyst`, or an ``ExactAnalyst`` where its profile says
    ``Review.EXACT``). :class:`NoReview` for a game whose profile offers no review (``Review.NONE``:
    ``ANALYST`` is optional, and the registry's check makes sure the two agree)."""
    package = _package(game)
    if get_game(game).profile.review is Review.NONE:
        raise NoReview(game)
    return importlib.import_module(package).ANALYST


def playouts_for(game: str) -> Playouts | None:
    """The play-outs ``game``'s bots run both on the engine and on a lean simulation (its bots
    package's optional ``PLAYOUTS``), or None where the bots simulate on the engine only."""
    playouts: Playouts | None = getattr(importlib.import_module(_package(game)), "PLAYOUTS", None)
    return playouts


def get_bot(game: str, level: str) -> Bot[Any]:
    """The bot of ``level`` for ``game``; ``ValueError`` for an unknown level."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
    return bots_for(game)[level]


def choose(game: str, level: str, view: Any, seed: int) -> Decision[Any]:
    """The action ``level`` plays from ``view`` (a seat's typed view), seeded for repeatability."""
    if not list(view.legal):
        raise ValueError("the seat has no legal action: it is not its turn")
    return get_bot(game, level).decide(view, random.Random(seed))


def rule_of_thumb(game: str, view: Any) -> Any | None:
    """What the ``normal`` level plays from ``view`` (the rule of thumb the Hint and the review set
    the best beside where they differ), None where it has nothing to play."""
    if not list(view.legal):
        return None
    return get_bot(game, "normal").decide(view, random.Random(0)).action


def suggest(game: str, view: Any, seed: int = 0) -> Advice:
    """The Hint for a player: the best action the site knows from ``view`` and why.

    That is the game's review analysis of the decision (:func:`cardavia.bots.analysis.advise`),
    which the review of the same decision repeats when given the same ``seed`` (the table's review
    seed of that decision: :func:`cardavia.bots.review.decision_seed`), beside the ``normal``
    level's move where that differs (the rule of thumb). Where there is no choice, or the game gives
    no analyst, it is what the ``normal`` level plays and why.
    """
    from cardavia.bots.analysis import advise

    if not list(view.legal):
        raise ValueError("the seat has no legal action: it is not its turn")
    try:
        analyst = analyst_for(game)
    except NoReview:
        analyst = None
    if analyst is not None and analyst.is_decision(view):
        advice = advise(analyst, view, seed, rule_of_thumb(game, view))
        if advice is not None:
            return advice
    decision = choose(game, "normal", view, seed)
    return Advice(decision.action, decision.reason)
