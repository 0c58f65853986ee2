"""The site's HTML pages: catalogue, tradition pages, full rules, tables, history; and static files.

Every page is rendered in the reader's language (:func:`cardavia.i18n.negotiate`) and says so in
``<html lang>`` and ``Content-Language``. The games, in catalogue order, are the registry's; each
one's texts, partials and pictures come from its web package (:class:`cardavia.web.game_parts.GameWeb`).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from babel.numbers import format_decimal, format_percent
from fastapi import APIRouter, FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from cardavia.games.protocol import teams_of
from cardavia.games.registry import get_game
from cardavia.i18n.catalogs import preload
from cardavia.i18n.languages import COOKIE, by_code, negotiate
from cardavia.service.errors import NotFound
from cardavia.service.state import TableState, host_seat
from cardavia.web import assets, table_data
from cardavia.web.api.deps import allowed, owner_of
from cardavia.web.content import Tradition
from cardavia.web.game_parts import GameWeb, Offered, traditions
from cardavia.web.render import render, translate

COOKIE_MAX_AGE = 365 * 24 * 3600

router = APIRouter()


def tradition(slug: str) -> Offered:
    """The tradition of ``slug`` with its games; 404 if none."""
    for t in traditions():
        if t.tradition.slug == slug:
            return t
    raise HTTPException(status_code=404)


def game_of(slug: str, game: str | None = None) -> tuple[Offered, GameWeb]:
    """The tradition of ``slug`` and one of its games: ``game``, or its first game; 404 if none."""
    t = tradition(slug)
    web = t.first if game is None else t.web(game)
    if web is None:
        raise HTTPException(status_code=404)
    return t, web


def _game_context(t: Offered, web: GameWeb) -> dict[str, Any]:
    """What a game's own pages (rules, table, replay) read: the tradition, the game's texts and
    where its pages live."""
    return {"t": t.tradition, "g": web.page, "path": t.path(web.game), "web": web, "sprite": web.sprite()}


def language_of(request: Request) -> str:
    """The request's language code: ``?lang=``, else the cookie, else Accept-Language, else en."""
    return negotiate(
        request.query_params.get("lang"),
        request.cookies.get(COOKIE),
        request.headers.get("accept-language"),
    )


def _wikipedia(code: str, t: Tradition) -> dict[str, str]:
    lang = code if code in t.wikipedia else "en"
    url = t.wikipedia.get(lang, "")
    found = by_code(lang)
    return {"url": url, "lang": lang, "native": found.native if found else lang}


def _first(slug: str) -> GameWeb:
    return tradition(slug).first


def _page(request: Request, template: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    code = language_of(request)
    babel_locale = (by_code(code) or by_code("en")).folder  # type: ignore[union-attr]
    here = request.url.path
    base: dict[str, Any] = {
        "here": here,
        "percent": lambda value: format_percent(value / 100, locale=babel_locale),
        "number": lambda value: format_decimal(value, locale=babel_locale),
        "wikipedia": lambda t: _wikipedia(code, t),
        # a tradition's pieces: those of the game that declares it (pictures, sprite)
        "parts": lambda t: _first(t.slug),
    }
    html = render(code, template, {**base, **context})
    response = HTMLResponse(html, status_code=status_code)
    response.headers["Content-Language"] = code
    response.headers["Vary"] = "Accept-Language, Cookie"
    if request.query_params.get("lang") and by_code(request.query_params["lang"]):
        # a link carrying ?lang= also sets the reader's choice for the pages that follow
        response.set_cookie(COOKIE, code, max_age=COOKIE_MAX_AGE, samesite="lax")
    return response


@router.get("/", response_class=HTMLResponse)
def catalogue(request: Request) -> HTMLResponse:
    code = language_of(request)
    # the reader's own traditions first, the others after them, each group in catalogue order
    found = sorted(traditions(), key=lambda offered: code not in offered.tradition.home_languages)
    return _page(
        request,
        "pages/catalogue.html",
        traditions=found,
        sprites="".join(t.first.sprite() for t in found),
    )


@router.get("/traditions/{slug}", response_class=HTMLResponse)
def tradition_page(request: Request, slug: str) -> HTMLResponse:
    offered = tradition(slug)
    # "Play with friends" offers as many seats as every game of the tradition has, the host's excepted
    seats = min(get_game(web.game).num_seats for web in offered.games)
    code = language_of(request)
    return _page(
        request,
        "pages/tradition.html",
        t=offered.tradition,
        offered=offered,
        sprite=offered.first.sprite(),
        seats=seats,
        # each game's seat names as the host sees the table: the invite links say whose seat each is
        seat_names={web.game: [translate(code, name) for name in web.seat_names()] for web in offered.games},
    )


@router.get("/join/{token}", response_class=HTMLResponse, name="join_page")
async def join_page(request: Request, token: str) -> HTMLResponse:
    """The page of an invite link: the table's game and *Take this seat*. Looking does not use the
    link up; the browser that used it is led back to its seat; an unknown or revoked one, or one
    another browser used, is the site's 404 page; a client that asked too often (the API's ``join``
    bucket) a 429 page saying to wait."""
    rt = request.app.state.cardavia
    if len(token) > 128:
        return not_found(request)
    if not await allowed(request, "join"):  # the API's bucket: looking for open links is limited too
        response = _page(request, "pages/too_many.html", status_code=429)
        response.headers["Retry-After"] = str(rt.rate.retry_after_s)
        return response
    mine = False
    try:
        state, seat = await rt.offload.run(rt.service.offered, token)
    except NotFound:
        # a used link: its own person, opening it again from the message it came in, goes back to
        # their seat; anyone else finds nothing there
        owner = owner_of(request)
        if owner is None:
            return not_found(request)
        try:
            state, seat = await rt.offload.run(rt.service.reopened, token, owner)
        except NotFound:
            return not_found(request)
        mine = True
    found = [t for t in traditions() if t.web(state.record.game) is not None]
    if not found:
        return not_found(request)
    web = found[0].web(state.record.game)
    assert web is not None
    context = _game_context(found[0], web)
    response = _page(
        request,
        "pages/join.html",
        token=token,
        partner=_partner(state, seat),
        table_id=state.record.id if mine else None,
        **context,
    )
    response.headers["Cache-Control"] = "no-store"
    return response


def _partner(state: TableState, seat: int) -> bool | None:
    """Whether ``seat`` plays on the host's team (True) or against it (False) in a partnership
    game; None where every seat plays for itself, or the host is no longer at the table."""
    teams = teams_of(state.game)
    host = host_seat(state.record)
    if host is None or all(len(team) == 1 for team in teams):
        return None  # no teams, or the host has left the table to the AI
    return any(seat in team and host in team for team in teams)


# A tradition's first game keeps the short URLs it always had; every game of it, the first too, has
# its own under /traditions/<slug>/<game>/. The fixed words are routed first: "replay" is no game.


@router.get("/traditions/{slug}/rules", response_class=HTMLResponse)
def rules_page(request: Request, slug: str) -> HTMLResponse:
    return _rules(request, *game_of(slug))


@router.get("/traditions/{slug}/table", response_class=HTMLResponse)
def table_page(request: Request, slug: str) -> HTMLResponse:
    return _table(request, *game_of(slug))


@router.get("/traditions/{slug}/replay/{table_id}/{deal_no}", response_class=HTMLResponse)
def replay_page(request: Request, slug: str, table_id: str, deal_no: int) -> HTMLResponse:
    """A finished deal move by move, and its review (the data come from the API, which checks the owner)."""
    return _replay(request, *game_of(slug), table_id, deal_no)


@router.get("/traditions/{slug}/{game}/rules", response_class=HTMLResponse)
def game_rules_page(request: Request, slug: str, game: str) -> HTMLResponse:
    return _rules(request, *game_of(slug, game))


@router.get("/traditions/{slug}/{game}/table", response_class=HTMLResponse)
def game_table_page(request: Request, slug: str, game: str) -> HTMLResponse:
    return _table(request, *game_of(slug, game))


@router.get("/traditions/{slug}/{game}/replay/{table_id}/{deal_no}", response_class=HTMLResponse)
def game_replay_page(request: Request, slug: str, game: str, table_id: str, deal_no: int) -> HTMLResponse:
    return _replay(request, *game_of(slug, game), table_id, deal_no)


def _rules(request: Request, t: Offered, web: GameWeb) -> HTMLResponse:
    return _page(request, "pages/rules.html", **_game_context(t, web))


def _table(request: Request, t: Offered, web: GameWeb) -> HTMLResponse:
    data = table_data.page_data(language_of(request), web, t.path(web.game))
    return _page(request, "pages/table.html", data=data, **_game_context(t, web))


def _replay(request: Request, t: Offered, web: GameWeb, table_id: str, deal_no: int) -> HTMLResponse:
    if len(table_id) > 64 or not 1 <= deal_no <= 10**9:
        raise HTTPException(status_code=404)
    data = table_data.replay_data(language_of(request), web, t.path(web.game), table_id, deal_no)
    return _page(request, "pages/replay.html", data=data, **_game_context(t, web))


@router.get("/history", response_class=HTMLResponse)
def history_page(request: Request) -> HTMLResponse:
    code = language_of(request)
    return _page(request, "pages/history.html", data=table_data.history_data(code, traditions()))


def not_found(request: Request) -> HTMLResponse:
    """The 404 page, in the site's look and the reader's language, with the way back."""
    return _page(request, "pages/not_found.html", status_code=404)


@router.get("/language")
def choose_language(lang: str = "", next: str = "/") -> RedirectResponse:
    """The language selector's target: remember the choice in a cookie and go back."""
    target = next if _is_local(next) else "/"
    response = RedirectResponse(target, status_code=303)
    found = by_code(lang)
    if found is not None:
        response.set_cookie(COOKIE, found.code, max_age=COOKIE_MAX_AGE, samesite="lax")
    return response


def _is_local(path: str) -> bool:
    parts = urlsplit(path)
    return (
        path.startswith("/")
        and not path.startswith("//")
        and "\\" not in path
        and not parts.scheme
        and not parts.netloc
    )


def mount_static(app: FastAPI) -> None:
    """Serve ``web/static`` under ``/static`` (content-hashed names, see :mod:`cardavia.web.assets`),
    and read every language's catalogs and hash the static files now.

    Called once while the app is built, so a broken catalog fails at start-up, not on a request.
    """
    preload()
    assets.ASSETS.current()
    app.add_route("/static/{path:path}", assets.serve, methods=["GET", "HEAD"], include_in_schema=False)
