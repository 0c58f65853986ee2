"""What the web layer needs of a game, declared once by each game's web package as ``WEB``.

A game's web package (``GameEntry.web`` in :mod:`cardavia.games.registry`) holds its tradition
page's texts, its templates (served as ``content/<game id>/…``), its table script and style sheet
(served as ``/static/games/<game id>/…``, content-hashed), its piece pictures and its table's own
texts. The pages, the table data, the asset index and the message extractor read everything from
here and from the engine (``Game.pieces``, ``Game.messages``), so none of them names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import InitVar, dataclass, field
from pathlib import Path

from cardavia.games.errors import RecordError
from cardavia.games.registry import entries, part
from cardavia.web.content import GamePage, Msg, Plural, Tradition
from cardavia.web.ui_text import COMMON

TEMPLATE_ROOT = "content"  # a game's templates are ``content/<game id>/<name>``
STATIC_ROOT = "games"  # a game's static files are ``games/<game id>/<name>`` under /static/
UNSET = Path()  # a folder a game does not name: its web package's own (``GameWeb``'s ``home``)


@dataclass(frozen=True)
class Pieces:
    """How a set of pieces is pictured and named: a shared pack's (``web/packs/``), the same for
    every game on it, or a game's own."""

    symbol: str  # the sprite's symbol prefix: ``tile`` draws ``#tile-6-6``
    codes: tuple[str, ...]  # every piece picture, in the order the rules page shows them
    draw: Callable[[str], str]  # the ``<symbol>`` of one code, or of ``back``
    caption: Msg  # the caption of the picture of every piece
    context: str  # the translator context of the pieces' names ("tile name")
    # The shared pack they are (a module of ``games/packs/``, drawn by ``web/packs/``): their names
    # are translated once for every game on the pack, in the pack's catalog ``pack-<pack>.po``, so
    # that a piece has one name in every game (and each game's catalog holds only its own words).
    # Empty: pieces of a game's own, named in its ``<id>.po``.
    pack: str = ""


@dataclass(frozen=True, kw_only=True)
class GameWeb:
    """One game's web parts. Paths are the game package's own folders."""

    # the tradition it is played in: declared here (its first game), or the slug of a tradition
    # another registered game declares (a game joining it: the tradition's texts are written once)
    tradition: Tradition | str
    page: GamePage  # its name, Play line, rules templates and seats (``game`` is its id)
    pieces: Pieces  # its pieces' pictures and names
    samples: tuple[str, ...]  # the few pieces the catalogue shows the tradition by
    texts: Mapping[str, Msg | Plural]  # the table's own texts (seat names, log lines), by key
    # Its own files, where every game keeps them unless it says otherwise: ``home`` is its web
    # package's folder, whose ``templates/`` is served as ``content/<game id>/`` (the table's
    # buttons in ``table/controls.html``) and ``static/`` as ``/static/games/<game id>/`` (the
    # table's script ``<game id>.js``, its style sheet ``<game id>.css``).
    home: InitVar[Path | None] = None
    templates: Path = UNSET  # the folder served as ``content/<game id>/``
    static: Path = UNSET  # the folder served as ``/static/games/<game id>/``
    script: str = ""  # the table's module under ``static``: ``export default function (helpers)``
    style: str = ""  # the table's and the replay's style sheet under ``static``
    controls: str = ""  # template of the table's buttons: macros ``actions``, ``next_deal``, ``extras``
    # the key in ``texts`` (or the page's common texts: "you") of each seat's name as seen from a
    # seat, that seat first, then the others in the order of play ("you", "east", "north", "west");
    # empty: the table script gives them (its ``seats``), and invite links are only numbered
    seats: tuple[str, ...] = ()
    # The parameters of its errors, hints and payment reasons that hold pieces, by how the page shows
    # them: ``code_params`` as the codes alone where the player just chose them (named in a hint),
    # ``named_params`` by translated name and code, ``piece_params`` one piece as ``{key}`` its code
    # and ``{key_name}`` its name, ``name_params`` a piece's English name, translated.
    code_params: tuple[str, ...] = ()
    named_params: tuple[str, ...] = ()
    piece_params: tuple[str, ...] = ()
    name_params: tuple[str, ...] = ()
    # Its placeholder words: the parameters of its errors, hints and payment reasons that hold no
    # piece and no count (a seat, a suit or a colour named in words, an option, a bid's bounds), shown
    # as given. Every other number a template holds is a count, with a plural phrase of its
    # ``COUNTS`` (the catalog tests hold each game to it: tests/i18n/test_native_forms.py).
    word_params: tuple[str, ...] = ()
    # The parameters that hold a code of something the game names in words, not a piece (a suit:
    # "s"), by parameter, each code's name: shown as ``{key}`` the code and ``{key_name}`` its name
    # in the reader's language (a led suit's ``{led_name}``: "Hearts", "पान").
    word_names: Mapping[str, Mapping[str, Msg]] = field(default_factory=dict)

    def __post_init__(self, home: Path | None) -> None:
        # what a game does not name is where every game keeps it (``home``)
        own = {
            "script": f"{self.game}.js",
            "style": f"{self.game}.css",
            "controls": self.template("table/controls.html"),
        }
        for name, value in own.items():
            if not getattr(self, name):
                object.__setattr__(self, name, value)
        for name in ("templates", "static"):
            if getattr(self, name) == UNSET:
                if home is None:
                    raise TypeError(f"{self.game}: its web part names neither its home nor its {name} folder")
                object.__setattr__(self, name, home / name)

    @property
    def pieces_catalog(self) -> str:
        """The catalog (file stem) of its pieces' names: its pack's, or its own."""
        return f"pack-{self.pieces.pack}" if self.pieces.pack else self.game

    @property
    def game(self) -> str:
        return self.page.game

    @property
    def slug(self) -> str:
        """The slug of the tradition it is played in (declared or joined)."""
        return self.tradition if isinstance(self.tradition, str) else self.tradition.slug

    def seat_names(self) -> tuple[Msg, ...]:
        """Each seat's name as seat 0 sees the table (empty where the game's script gives them)."""
        names = []
        for key in self.seats:
            found = self.texts.get(key) or COMMON.get(key)
            assert isinstance(found, Msg), f"{self.game}: seat {key!r} is no text"  # the registry checks it
            names.append(found)
        return tuple(names)

    def template(self, name: str) -> str:
        """The name the site's template environment knows ``name`` of this game's folder by."""
        return f"{TEMPLATE_ROOT}/{self.game}/{name}"

    def asset(self, name: str) -> str:
        """The path under ``/static/`` of ``name`` of this game's static folder."""
        return f"{STATIC_ROOT}/{self.game}/{name}"

    def sprite(self) -> str:
        """A hidden ``<svg>`` holding every piece symbol of the game and its back."""
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" class="sprite" aria-hidden="true" focusable="false">'
            + "".join(self.pieces.draw(code) for code in (*self.pieces.codes, "back"))
            + "</svg>"
        )


def web_of(game: str) -> GameWeb:
    """The web parts of ``game``; ``ValueError`` for a game the registry does not know."""
    try:
        web: GameWeb = part(game, "web", "WEB")
    except RecordError as exc:
        raise ValueError(f"unknown game {game!r}") from exc
    return web


def games() -> list[GameWeb]:
    """The web parts of every registered game, in catalogue order (read each time: a game
    registered later, a test's toy game, is seen by the next page)."""
    return [web_of(found.id) for found in entries()]


@dataclass(frozen=True)
class Offered:
    """A tradition as the site shows it: its own texts and the registered games played in it, the
    one that declares it first, then those that join it in catalogue order."""

    tradition: Tradition
    games: tuple[GameWeb, ...]

    @property
    def first(self) -> GameWeb:
        """The game that declares the tradition: its pieces are pictured, its URLs are the short ones."""
        return self.games[0]

    def path(self, game: str) -> str:
        """Where ``game``'s pages live: ``/traditions/<slug>`` (then ``/rules``, ``/table``,
        ``/replay/…``) for the first game, ``/traditions/<slug>/<game>`` for a game that joined."""
        base = f"/traditions/{self.tradition.slug}"
        return base if game == self.first.game else f"{base}/{game}"

    def web(self, game: str) -> GameWeb | None:
        """The web parts of ``game`` if it is one of this tradition's games."""
        return next((web for web in self.games if web.game == game), None)


def traditions() -> list[Offered]:
    """Every tradition with its registered games, in catalogue order (a tradition where its first
    game stands). A game joining a tradition no registered game declares is shown nowhere (the
    registry's check refuses it, :mod:`cardavia.web.entries`)."""
    webs = games()
    declared = {web.slug: web.tradition for web in webs if isinstance(web.tradition, Tradition)}
    # the declaring game heads its tradition's games; the others follow in catalogue order
    return [
        Offered(
            tradition,
            tuple(web for web in webs if web.tradition is tradition)
            + tuple(web for web in webs if web.tradition == slug),
        )
        for slug, tradition in declared.items()
    ]


def offered_of(game: str) -> Offered:
    """The tradition ``game`` is played in (``ValueError`` for a game shown in none)."""
    for offered in traditions():
        if offered.web(game) is not None:
            return offered
    raise ValueError(f"game {game!r} is in no tradition")


def sprite(game: str) -> str:
    """The sprite of ``game``'s pieces (``ValueError`` for an unknown game)."""
    return web_of(game).sprite()
