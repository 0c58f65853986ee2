"""One check of a registry entry: that each of its three parts gives what the site reads of it.

A :class:`cardavia.games.registry.GameEntry` only names three modules; a part that is missing or
incomplete would otherwise surface as an ``AttributeError`` deep in a request, a page or a worker
process. :func:`check_entry` looks at the whole entry at once and says what is wrong in one line:

- the engine: ``GAME`` with every attribute of :class:`cardavia.games.protocol.Game`, its ``name``
  the entry's id, and a profile (:class:`cardavia.games.profile.Profile`) that its code agrees
  with (:func:`cardavia.games.profile.profile_problem`: its seats, teams, invite order, and each
  capability it declares: seats deciding at once, a fused random play-out, a series);
- the bots: ``BOTS`` with a bot for every level of :data:`cardavia.bots.base.LEVELS`, and the
  ``ANALYST`` the profile's ``review`` says (none for ``Review.NONE``: a review is refused with
  ``no-review``; an ``ExactAnalyst`` for ``Review.EXACT``; a sampling ``Analyst`` else);
- the web part: ``WEB``, a :class:`cardavia.web.game_parts.GameWeb` for this id whose templates
  (its tradition's description if it declares it, its two rules templates and the controls) and
  static files (script, style) exist, and whose tradition is declared by exactly one registered
  game (itself, or the game it joins);
- its catalogs: ``<id>.po`` in every translated language, and its pieces' catalog where they are a
  shared pack's (``pack-<pack>.po``, ``GameWeb.pieces_catalog``) (``catalogs=True``).

It lives in the web layer because that is the lowest layer that may read all three parts.
:func:`cardavia.web.app.create_app` runs it over every registered game before it builds anything
(without the catalogs: a missing translation is a page in English, which the catalog tests catch,
not a site that cannot serve); a test runs it, catalogs included, over every registered game.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from typing import Any

from cardavia.bots.base import LEVELS
from cardavia.bots.review import Analyst, ExactAnalyst
from cardavia.games.profile import Review, profile_problem
from cardavia.games.protocol import Game
from cardavia.games.registry import GameEntry, entries
from cardavia.i18n.catalogs import LOCALE_DIR
from cardavia.i18n.languages import DEFAULT, LANGUAGES
from cardavia.web.content import Tradition
from cardavia.web.game_parts import TEMPLATE_ROOT, GameWeb
from cardavia.web.ui_text import COMMON


class BadEntry(ValueError):
    """A registered game whose parts do not give what the site reads; the message is one line."""

    def __init__(self, game: str, problem: str) -> None:
        super().__init__(f"game {game!r} cannot be served: {problem}")
        self.game = game
        self.problem = problem


def protocol_members(protocol: type) -> tuple[str, ...]:
    """The attributes and methods a protocol class declares (its own, not ``object``'s)."""
    declared = set(getattr(protocol, "__annotations__", {}))
    declared |= {
        name for name, value in vars(protocol).items() if callable(value) and not name.startswith("_")
    }
    return tuple(sorted(declared))


def _module(game: str, layer: str, path: str) -> Any:
    try:
        return importlib.import_module(path)
    except ImportError as exc:
        raise BadEntry(game, f"its {layer} module {path} does not import ({exc})") from None


def _check_engine(entry: GameEntry) -> None:
    engine = _module(entry.id, "engine", entry.engine)
    game = getattr(engine, "GAME", None)
    if game is None:
        raise BadEntry(entry.id, f"{entry.engine} has no GAME")
    missing = [name for name in protocol_members(Game) if not hasattr(game, name)]
    if missing:
        raise BadEntry(entry.id, f"its GAME lacks {', '.join(missing)} (cardavia.games.protocol.Game)")
    if game.name != entry.id:
        raise BadEntry(entry.id, f"its GAME is named {game.name!r}, not its registry id")
    problem = profile_problem(game)
    if problem is not None:
        raise BadEntry(entry.id, problem)


def _check_bots(entry: GameEntry) -> None:
    module = _module(entry.id, "bots", entry.bots)
    bots = getattr(module, "BOTS", None)
    if not isinstance(bots, Mapping):
        raise BadEntry(entry.id, f"{entry.bots} has no BOTS mapping of level to bot")
    missing = [level for level in LEVELS if level not in bots]
    if missing:
        raise BadEntry(entry.id, f"its BOTS has no bot for {', '.join(missing)} (every level of LEVELS)")
    lame = [level for level in LEVELS if not callable(getattr(bots[level], "decide", None))]
    if lame:
        raise BadEntry(entry.id, f"its BOTS of {', '.join(lame)} cannot decide (no decide method)")
    _check_analyst(entry, getattr(module, "ANALYST", None))


def _check_analyst(entry: GameEntry, analyst: object) -> None:
    """The bots' ``ANALYST`` is what the profile's ``review`` says: none, exact or sampling."""
    says = importlib.import_module(entry.engine).GAME.profile.review
    if analyst is None:
        gives = Review.NONE
    elif isinstance(analyst, ExactAnalyst):
        gives = Review.EXACT
    elif all(hasattr(analyst, name) for name in protocol_members(Analyst)):
        gives = Review.SAMPLED
    else:
        raise BadEntry(entry.id, f"{entry.bots}.ANALYST is neither an Analyst nor an ExactAnalyst")
    if says is not gives:
        raise BadEntry(
            entry.id, f"its profile says review={says.value!r} but its bots' ANALYST makes it {gives.value!r}"
        )


def _check_web(entry: GameEntry) -> None:
    web = getattr(_module(entry.id, "web", entry.web), "WEB", None)
    if not isinstance(web, GameWeb):
        raise BadEntry(entry.id, f"{entry.web} has no WEB (a cardavia.web.game_parts.GameWeb)")
    if web.game != entry.id:
        raise BadEntry(entry.id, f"its WEB is the tradition of {web.game!r}, not of its registry id")
    _check_tradition(entry, web)
    prefix = f"{TEMPLATE_ROOT}/{entry.id}/"
    own = (web.tradition.description_template,) if isinstance(web.tradition, Tradition) else ()
    for name in (*own, web.page.summary_template, web.page.full_rules_template, web.controls):
        if not name.startswith(prefix):
            raise BadEntry(entry.id, f"its template {name!r} is not under {prefix}")
        if not (web.templates / name.removeprefix(prefix)).is_file():
            raise BadEntry(entry.id, f"its template {name!r} is not in {web.templates.name}/")
    for name in (web.script, web.style):
        if not (web.static / name).is_file():
            raise BadEntry(entry.id, f"its static file {name!r} is not in {web.static.name}/")
    unknown = [code for code in web.samples if code not in web.pieces.codes]
    if unknown:
        raise BadEntry(entry.id, f"its samples {', '.join(unknown)} are not among its codes")
    pack = web.pieces.pack
    if pack and importlib.util.find_spec(f"cardavia.games.packs.{pack}") is None:
        raise BadEntry(entry.id, f"its pack {pack!r} is not a pack of cardavia.games.packs")
    unnamed = [key for key in web.seats if key not in web.texts and key not in COMMON]
    if unnamed:
        raise BadEntry(entry.id, f"its seats {', '.join(unnamed)} are not keys of its texts")
    seats = _module(entry.id, "engine", entry.engine).GAME.num_seats
    if web.seats and len(web.seats) != seats:
        raise BadEntry(entry.id, f"its seats name {len(web.seats)} seats, not its game's {seats}")


def _check_tradition(entry: GameEntry, web: GameWeb) -> None:
    """A tradition's texts are declared by one game: a game joins one that a registered game
    declares, and declares none that another registered game declares too."""
    declaring = []
    for other in entries():
        if other.id == entry.id:
            continue
        try:
            found = getattr(importlib.import_module(other.web), "WEB", None)
        except ImportError:
            continue  # that game's own check says so, under its own name
        if isinstance(found, GameWeb) and isinstance(found.tradition, Tradition) and found.slug == web.slug:
            declaring.append(other.id)
    if isinstance(web.tradition, Tradition) and declaring:
        raise BadEntry(
            entry.id, f"its tradition {web.slug!r} is declared by {declaring[0]!r} too: join it by its slug"
        )
    if isinstance(web.tradition, str) and not declaring:
        raise BadEntry(entry.id, f"it joins the tradition {web.slug!r}, which no registered game declares")


def _check_catalogs(entry: GameEntry) -> None:
    web: GameWeb = importlib.import_module(entry.web).WEB
    for stem in dict.fromkeys((entry.id, web.pieces_catalog)):
        missing = [
            lang.code
            for lang in LANGUAGES
            if lang.code != DEFAULT
            and not (LOCALE_DIR / lang.folder / "LC_MESSAGES" / f"{stem}.po").is_file()
        ]
        if missing:
            raise BadEntry(entry.id, f"it has no catalog {stem}.po in {', '.join(missing)}")


def check_entry(entry: GameEntry, *, catalogs: bool = True) -> None:
    """Raise :class:`BadEntry` (one line: the game and what is wrong) for the first part of
    ``entry`` that does not give what the site reads of it; ``catalogs``: also its catalogs."""
    _check_engine(entry)
    _check_bots(entry)
    _check_web(entry)
    if catalogs:
        _check_catalogs(entry)


def check_registry(*, catalogs: bool = True) -> None:
    """:func:`check_entry` over every registered game, in catalogue order."""
    for found in entries():
        check_entry(found, catalogs=catalogs)
