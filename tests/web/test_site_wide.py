"""What every page of the site shares: the 404 page, meta descriptions, headings in order, compressed
answers, content-hashed static files with long-lived caching, and the opponents' level reaching the API.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import httpx
import pytest
from api_test_support import api_client
from fastapi.testclient import TestClient
from server_process import running_server

from cardavia.bots.base import PLAYER_LEVELS
from cardavia.i18n.languages import LANGUAGES
from cardavia.web import pages
from cardavia.web.assets import IMMUTABLE, Assets

CODES = [lang.code for lang in LANGUAGES]
HASHED = re.compile(r"/static/[\w/.-]+\.[0-9a-f]{12}\.\w+")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with api_client(tmp_path_factory.mktemp("site"), pages=True) as test_client:
        yield test_client


def page_paths() -> list[str]:
    paths = ["/", "/history"]
    for t in pages.traditions():
        slug = t.tradition.slug
        paths += [f"/traditions/{slug}", f"/traditions/{slug}/rules", f"/traditions/{slug}/table"]
        paths += [f"{t.path(web.game)}/{page}" for web in t.games[1:] for page in ("rules", "table")]
    return paths


class Head(HTMLParser):
    """The meta description, the headings' levels, every src/href, and the page's visible text."""

    def __init__(self) -> None:
        super().__init__()
        self.description: str | None = None
        self.headings: list[int] = []
        self.links: list[str] = []
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "meta" and found.get("name") == "description":
            self.description = found.get("content") or ""
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append(int(tag[1]))
        for name in ("src", "href"):
            if found.get(name):
                self.links.append(str(found[name]))
        self._in_title = tag == "title"

    def handle_endtag(self, tag: str) -> None:
        self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data


def parse(html: str) -> Head:
    head = Head()
    head.feed(html)
    return head


# -- 404 ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "lang", "title", "back"),
    [
        ("/no/such/page", "en", "Page not found", "Go to the card traditions"),
        ("/traditions/no-such-tradition?lang=nb", "nb", "Fant ikke siden", "Gå til korttradisjonene"),
        ("/traditions/cherki/nothing-here?lang=zh-Hant", "zh-Hant", "找不到頁面", "前往紙牌傳統"),
    ],
)
def test_a_missing_page_is_a_page_in_the_readers_language(
    client: TestClient, path: str, lang: str, title: str, back: str
) -> None:
    reply = client.get(path)
    assert reply.status_code == 404
    assert reply.headers["content-type"].startswith("text/html")
    assert reply.headers["content-language"] == lang
    html = reply.text
    assert f'<html lang="{lang}">' in html
    assert f"<h1>{title}</h1>" in html
    assert re.search(rf'<a class="button primary" href="/">{back}</a>', html)  # the way back
    assert 'class="site-header"' in html and 'class="site-footer"' in html  # the site's look


def test_a_missing_page_follows_accept_language(client: TestClient) -> None:
    client.cookies.clear()  # no language chosen before
    reply = client.get("/nowhere", headers={"Accept-Language": "hi-IN,hi;q=0.9"})
    assert reply.status_code == 404
    assert reply.headers["content-language"] == "hi"
    assert "पेज नहीं मिला" in reply.text


def test_a_missing_api_path_stays_json(client: TestClient) -> None:
    reply = client.get("/api/no-such-thing")
    assert reply.status_code == 404
    assert reply.json()["error"]["code"] == "not-found"
    reply = client.get("/api/tables/no-such-table")
    assert reply.status_code == 404 and reply.json()["error"]["code"] == "not-found"


# -- meta descriptions and headings -------------------------------------------------------------------
def test_every_page_has_its_own_translated_meta_description(client: TestClient) -> None:
    english = {path: parse(client.get(path, params={"lang": "en"}).text).description for path in page_paths()}
    english["404"] = parse(client.get("/missing", params={"lang": "en"}).text).description
    assert all(english.values()), english
    # each page type says something of its own (the two tables differ by the game's name)
    assert len(set(english.values())) == len(english)
    for code in CODES:
        if code == "en":
            continue
        for path in [*page_paths(), "/missing"]:
            description = parse(client.get(path, params={"lang": code}).text).description
            assert description and len(description) > 15, (code, path)
            assert description != english["404" if path == "/missing" else path], (code, path)


@pytest.mark.parametrize("code", ["en", "ms", "zh-Hans"])
def test_headings_are_in_order_on_every_page(client: TestClient, code: str) -> None:
    for path in [*page_paths(), "/missing"]:
        levels = parse(client.get(path, params={"lang": code}).text).headings
        assert levels[0] == 1 and levels.count(1) == 1, (path, levels)
        for before, after in itertools.pairwise(levels):
            assert after <= before + 1, f"{path}: h{before} then h{after} in {levels}"


# -- the opponents' level -----------------------------------------------------------------------------
def test_the_tradition_page_offers_the_three_levels_with_normal_checked(client: TestClient) -> None:
    html = client.get("/traditions/cherki", params={"lang": "en"}).text
    start = html.index('<form class="play-form"')
    form = html[start : html.index("</form>", start)]
    assert 'action="/traditions/cherki/table" method="get"' in form
    assert "<legend>Opponents</legend>" in form
    radio = r'<input type="radio" name="level" value="(\w+)" aria-describedby="[\w-]+"( checked)?>'
    radios = re.findall(radio, form)
    assert [value for value, _ in radios] == list(PLAYER_LEVELS)
    assert [value for value, checked in radios if checked] == ["normal"]
    for label in ("Easy", "Normal", "Hard"):
        assert f"> {label}</label>" in form
    assert '<button type="submit" class="button primary">Play Cherki</button>' in form
    # each level says how that AI plays, as the radio's description
    assert 'aria-describedby="level-easy-note"' in form
    note = "A beginner: now and then plays on a hunch."
    assert f'<span class="level-note" id="level-easy-note">{note}</span>' in form
    ms = client.get("/traditions/cherki", params={"lang": "ms"}).text
    assert "<legend>Lawan</legend>" in ms and "> Sukar</label>" in ms


@pytest.mark.parametrize("level", PLAYER_LEVELS)
def test_the_chosen_level_is_the_level_the_table_plays(client: TestClient, level: str) -> None:
    created = client.post("/api/tables", json={"game": "tien-gow", "level": level})
    assert created.status_code == 201, created.text
    table = created.json()
    assert table["level"] == level
    assert client.get(f"/api/tables/{table['id']}").json()["level"] == level


@pytest.mark.parametrize("level", ["random", "expert", "HARD", "", 3, None])
def test_a_level_players_cannot_choose_is_refused_with_a_reason(client: TestClient, level: object) -> None:
    reply = client.post("/api/tables", json={"game": "cherki", "level": level})
    assert reply.status_code == 422
    error = reply.json()["error"]
    assert error["code"] == "bad-request"
    problems = error["params"]["errors"]
    assert any(p["loc"][-1] == "level" and "easy" in p["msg"] for p in problems), problems


# -- static files -------------------------------------------------------------------------------------
def test_every_page_refers_to_static_files_by_content_hash(client: TestClient) -> None:
    for path in [*page_paths(), "/missing"]:
        links = [link for link in parse(client.get(path).text).links if link.startswith("/static/")]
        assert links, path
        for link in links:
            assert HASHED.fullmatch(link), f"{path}: {link} is not a content-hashed name"
            reply = client.get(link)
            assert reply.status_code == 200, link
            assert reply.headers["cache-control"] == IMMUTABLE
            assert reply.headers["x-content-type-options"] == "nosniff"


def test_module_imports_and_stylesheet_urls_are_hashed_and_resolve(client: TestClient) -> None:
    html = client.get("/traditions/chinese-dominoes/table").text
    table_js = next(link for link in parse(html).links if "/js/table." in link)
    source = client.get(table_js).text
    imports = re.findall(r'from\s*"(\./[^"]+)"', source)
    assert all(re.fullmatch(r"\./[\w-]+\.[0-9a-f]{12}\.js", i) for i in imports), imports
    folder = table_js.rsplit("/", 1)[0]
    # the game's own module, which table.js imports by the URL the page data gives
    found = re.search(r'<script type="application/json" id="table-data">(.*?)</script>', html, re.S)
    assert found is not None
    data = json.loads(found[1])
    module = data["module"]
    assert HASHED.fullmatch(module), module
    for url in [*(f"{folder}/{relative[2:]}" for relative in imports), module]:
        reply = client.get(url)
        assert reply.status_code == 200 and reply.headers["cache-control"] == IMMUTABLE
        assert reply.headers["content-type"].startswith("text/javascript")
    css = next(link for link in parse(html).links if "/site." in link)
    urls = re.findall(r'url\("(/static/[^"]+)"\)', client.get(css).text)
    assert urls and all(HASHED.fullmatch(u) for u in urls)
    assert all(client.get(u).headers["cache-control"] == IMMUTABLE for u in urls)


def test_plain_and_stale_static_names_are_revalidated(client: TestClient) -> None:
    plain = client.get("/static/site.css")
    assert plain.status_code == 200 and plain.headers["cache-control"] == "no-cache"
    stale = client.get("/static/site.000000000000.css")  # a page of an older version asking
    assert stale.status_code == 200 and stale.headers["cache-control"] == "no-cache"
    assert stale.text == plain.text
    again = client.get("/static/site.css", headers={"If-None-Match": plain.headers["etag"]})
    assert again.status_code == 304
    for missing in ("/static/nothing.css", "/static/../app.py", "/static/js/..%2f..%2fapp.py"):
        assert client.get(missing).status_code == 404


def test_a_changed_module_renames_itself_and_every_module_importing_it(tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "leaf.js").write_text("export const x = 1;\n")
    (tmp_path / "js" / "mid.js").write_text('import { x } from "./leaf.js";\nexport const y = x;\n')
    (tmp_path / "js" / "top.js").write_text('import { y } from "./mid.js";\nimport("../js/leaf.js");\n')
    (tmp_path / "other.js").write_text("export const z = 0;\n")
    (tmp_path / "a.css").write_text('.g { background: url("/static/other.js"); }\n')
    assets = Assets(tmp_path)
    before = {path: asset.digest for path, asset in assets.current().items()}
    top = assets.current()["js/top.js"].body.decode()
    assert f'from "./mid.{before["js/mid.js"]}.js"' in top
    assert f'import("../js/leaf.{before["js/leaf.js"]}.js")' in top
    assert f"/static/other.{before['other.js']}.js" in assets.current()["a.css"].body.decode()
    (tmp_path / "js" / "leaf.js").write_text("export const x = 2;\n")
    after = {path: asset.digest for path, asset in assets.current().items()}
    changed = {path for path in before if before[path] != after[path]}
    assert changed == {"js/leaf.js", "js/mid.js", "js/top.js"}
    asset, current = assets.find(f"js/top.{after['js/top.js']}.js") or (None, False)
    assert asset is not None and current
    assert assets.find(f"js/top.{before['js/top.js']}.js") == (asset, False)


# -- compression --------------------------------------------------------------------------------------
def test_pages_and_static_files_are_compressed(client: TestClient) -> None:
    reply = client.get("/traditions/cherki/rules", headers={"Accept-Encoding": "gzip"})
    assert reply.headers["content-encoding"] == "gzip"
    assert reply.headers["vary"].lower().count("accept-encoding") == 1
    assert reply.headers["content-security-policy"]  # the security headers survive compression
    html = parse(reply.text)
    for link in html.links:
        if link.startswith("/static/") and link.endswith((".js", ".css")):
            static = client.get(link, headers={"Accept-Encoding": "gzip"})
            assert static.headers["content-encoding"] == "gzip", link
    table = client.post("/api/tables", json={"game": "cherki"}, headers={"Accept-Encoding": "gzip"})
    assert table.headers["content-encoding"] == "gzip"


def test_compression_is_real_and_the_event_stream_is_not_compressed(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'gz.db'}"
    with (
        running_server(database, tmp_path / "server.log") as server,
        httpx.Client(base_url=server.url, headers={"Accept-Encoding": "gzip"}) as http,
    ):
        raw = http.get("/traditions/chinese-dominoes/rules")
        assert raw.headers["content-encoding"] == "gzip"
        assert len(raw.content) > 4 * int(raw.headers["content-length"])  # httpx decoded it
        table = http.post("/api/tables", json={"game": "tien-gow", "level": "easy"}).json()
        with http.stream("GET", f"/api/tables/{table['id']}/events") as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            assert "content-encoding" not in stream.headers
            first = next(stream.iter_lines())
            assert first.startswith(("retry:", "id:", "data:", ":"))
