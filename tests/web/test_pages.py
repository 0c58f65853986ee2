"""The HTML pages through the test client: every page in every language, the language choice,
the header, the tradition pages' origin line and links, the table page's controls and data, and
no English left on a translated page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest
from extract_messages import all_messages
from fastapi import FastAPI
from fastapi.testclient import TestClient

from cardavia.i18n.catalogs import po_files, read_catalog, translations
from cardavia.i18n.languages import LANGUAGES
from cardavia.web import pages
from cardavia.web.game_parts import traditions

CODES = [lang.code for lang in LANGUAGES]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = FastAPI()
    app.include_router(pages.router)
    pages.mount_static(app)
    with TestClient(app) as test_client:
        yield test_client


def page_paths() -> list[str]:
    paths = ["/", "/history"]
    for t in pages.traditions():
        slug = t.tradition.slug
        paths += [f"/traditions/{slug}", f"/traditions/{slug}/rules", f"/traditions/{slug}/table"]
        paths.append(f"/traditions/{slug}/replay/t_example/3")
        for web in t.games:  # every game of a tradition, the first too, has its own URLs
            base = f"/traditions/{slug}/{web.game}"
            paths += [f"{base}/rules", f"{base}/table", f"{base}/replay/t_example/3"]
    return paths


class Text(HTMLParser):
    """The visible text nodes and the accessible-name attributes of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.skip = 0
        self.scripts: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in ("script", "style", "symbol"):
            self.skip += 1
        for name, value in attrs:
            if name in ("aria-label", "title", "alt", "placeholder") and value:
                self.texts.append(value.strip())

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "symbol") and self.skip:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if self.skip and self.tags and self.tags[-1][0] == "script":
            self.scripts.append(data)
        if not self.skip and data.strip():
            self.texts.append(" ".join(data.split()))


def parse(html: str) -> Text:
    parser = Text()
    parser.feed(html)
    return parser


def test_pages_exist_for_both_traditions() -> None:
    slugs = {t.tradition.slug for t in pages.traditions()}
    assert {"chinese-dominoes", "cherki"} <= slugs


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("path", page_paths())
def test_every_page_in_every_language(client: TestClient, path: str, code: str) -> None:
    reply = client.get(path, params={"lang": code})
    assert reply.status_code == 200
    assert reply.headers["content-language"] == code
    assert f'<html lang="{code}">' in reply.text
    page = parse(reply.text)
    # the header on every page: wordmark home, the selector naming each language in itself, 3 sliders
    assert any(
        tag == "a" and attrs.get("class") == "wordmark" and attrs.get("href") == "/"
        for tag, attrs in page.tags
    )
    for lang in LANGUAGES:
        assert f'<option value="{lang.code}" lang="{lang.code}"' in reply.text
        assert lang.native in reply.text
    sliders = [a for tag, a in page.tags if tag == "input" and a.get("type") == "range"]
    assert [s["data-pref"] for s in sliders] == ["contrast", "grain", "temperature"]
    assert all((s["min"], s["max"], s["value"]) == ("0", "100", "50") for s in sliders)
    # the strict CSP: no inline script, no inline handlers, no style attributes or blocks
    for tag, attrs in page.tags:
        assert "style" not in attrs, tag
        assert not any(name.startswith("on") for name in attrs), tag
        if tag == "script":
            assert attrs.get("src") or attrs.get("type") == "application/json", attrs
        assert tag != "style"
    # prefs.js, synchronous and first in <head>, applies the sliders before the first paint
    head = reply.text.split("</head>")[0]
    prefs = re.search(r'<script src="/static/js/prefs\.[0-9a-f]{12}\.js"></script>', head)
    assert prefs is not None and prefs.start() < head.index("stylesheet")


def _english_texts(code: str) -> tuple[set[str], list[str]]:
    """English msgids whose translation differs: whole texts, and long ones to find inside texts. A
    whole text another message keeps the same in this language on purpose is not English left there
    (Norwegian bids "Pass" where a domino player "står over": the same English word, two contexts)."""
    trans = translations(code)
    present = {
        (entry.context or "", entry.id)
        for path in po_files(code)
        for entry in read_catalog(path)
        if entry.id and entry.string
    }
    exact: set[str] = set()
    kept: set[str] = set()
    long: list[str] = []
    for message in all_messages():
        if message.plural:
            continue
        translated = trans.pgettext(message.context, message.msgid)
        if translated == message.msgid and message.key in present:
            kept.add(message.msgid.strip(" :.,"))
            continue  # the same in this language on purpose ("Wikipedia ↗", a proper name)
        literal = re.split(r"%\(\w+\)s|\{\w+\}", message.msgid)
        for part in literal:
            part = part.strip(" :.,")
            if len(part) >= 4 and part not in translated:
                if len(part) >= 24:
                    long.append(part)
                elif part == message.msgid.strip(" :.,"):
                    exact.add(part)
    return exact - kept, long


@pytest.mark.parametrize("code", [c for c in CODES if c != "en"])
def test_no_english_left_on_translated_pages(client: TestClient, code: str) -> None:
    exact, long = _english_texts(code)
    found: list[str] = []
    for path in page_paths():
        page = parse(client.get(path, params={"lang": code}).text)
        for text in page.texts:
            if text.strip(" :.,") in exact:
                found.append(f"{path}: {text!r}")
            found += [f"{path}: …{part!r}… in {text[:60]!r}" for part in long if part in text]
    assert not found, f"English left in {code} pages:\n" + "\n".join(sorted(set(found))[:60])


@pytest.mark.parametrize("slug", ["chinese-dominoes", "cherki"])
@pytest.mark.parametrize("code", [c for c in CODES if c != "en"])
def test_table_scripts_get_translated_texts(client: TestClient, code: str, slug: str) -> None:
    english = json.loads(_table_data(client, slug, "en"))
    translated = json.loads(_table_data(client, slug, code))
    assert translated["lang"] == code
    same = [k for k, v in english["text"].items() if translated["text"][k] == v and "%(" not in str(v)]
    assert not same, f"untranslated script texts in {code}: {same}"
    # piece names translated, codes kept (the accessible name is "code name")
    assert set(translated["pieces"]) == set(english["pieces"])
    assert translated["pieces"] != english["pieces"]
    # the engine's refusals and the hints arrive in the reader's language
    for kind in ("errors", "hints"):
        assert set(translated[kind]) == set(english[kind])
        left = [
            k
            for k, v in english[kind].items()
            if translated[kind][k] == v and re.sub(r"\{\w+\}", "", v).strip()  # "{what}" has no words
        ]
        assert not left, f"untranslated {kind} in {code}: {left}"


def _table_data(client: TestClient, slug: str, code: str) -> str:
    html = client.get(f"/traditions/{slug}/table", params={"lang": code}).text
    match = re.search(r'<script type="application/json" id="table-data">(.*?)</script>', html, re.S)
    assert match
    return match.group(1)


def test_cookie_then_accept_language_then_english(client: TestClient) -> None:
    client.cookies.clear()
    assert client.get("/", headers={"Accept-Language": "zh-TW"}).headers["content-language"] == "zh-Hant"
    assert client.get("/", headers={"Accept-Language": "no"}).headers["content-language"] == "nb"
    assert client.get("/", headers={"Accept-Language": "fr"}).headers["content-language"] == "en"
    reply = client.get(
        "/language", params={"lang": "hi", "next": "/traditions/cherki"}, follow_redirects=False
    )
    assert reply.status_code == 303
    assert reply.headers["location"] == "/traditions/cherki"
    assert "lang=hi" in reply.headers["set-cookie"]
    client.cookies.set("lang", "hi")
    page = client.get("/traditions/cherki", headers={"Accept-Language": "nb"})
    assert page.headers["content-language"] == "hi"
    assert '<html lang="hi">' in page.text
    assert client.get("/", params={"lang": "ms"}).headers["content-language"] == "ms"
    client.cookies.clear()


@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:x"]
)
def test_language_redirect_stays_on_the_site(client: TestClient, target: str) -> None:
    reply = client.get("/language", params={"lang": "nb", "next": target}, follow_redirects=False)
    assert reply.headers["location"] == "/"


def test_origin_line_has_a_separator_before_wikipedia(client: TestClient) -> None:
    for code in CODES:
        html = client.get("/traditions/chinese-dominoes", params={"lang": code}).text
        origin = re.search(r'<p class="origin">(.*?)</p>', html, re.S)
        assert origin
        text = re.sub(r"<[^>]+>", "", origin.group(1))
        text = " ".join(text.split())
        # "Guangdong · China · 32 tiles · Wikipedia ↗": never "32 tilesWikipedia"
        assert re.search(r"32\D* · \S*", text), text
        assert "↗" in text


@pytest.mark.parametrize(
    ("slug", "code", "expected"),
    [
        ("cherki", "ms", "https://ms.wikipedia.org/wiki/Ceki"),
        ("cherki", "id", "https://id.wikipedia.org/wiki/Ceki"),
        ("chinese-dominoes", "en", "https://en.wikipedia.org/wiki/Chinese_dominoes"),
        ("chinese-dominoes", "nb", "https://en.wikipedia.org/wiki/Chinese_dominoes"),
    ],
)
def test_wikipedia_in_the_readers_language_where_it_exists(
    client: TestClient, slug: str, code: str, expected: str
) -> None:
    html = client.get(f"/traditions/{slug}", params={"lang": code}).text
    assert f'href="{expected}"' in html


def test_an_english_only_article_is_said_so_in_the_readers_language(client: TestClient) -> None:
    english = client.get("/traditions/chinese-dominoes", params={"lang": "en"}).text
    assert 'class="link-lang"' not in english  # an English reader needs no note
    dominoes = pages.tradition("chinese-dominoes").tradition
    notes = set()
    for code in CODES:
        html = client.get("/traditions/chinese-dominoes", params={"lang": code}).text
        note = re.search(r'<span class="link-lang">(.*?)</span>', html)
        if code in dominoes.wikipedia:
            assert not note, code  # the article is in the reader's language
            continue
        assert note, code
        notes.add(note.group(1))
        assert "English" not in note.group(1)
    assert len(notes) >= 3  # each language says it its own way
    ms = client.get("/traditions/cherki", params={"lang": "ms"}).text
    assert 'class="link-lang"' not in ms  # the Malay article exists


def test_tradition_page_sections(client: TestClient) -> None:
    html = client.get("/traditions/chinese-dominoes", params={"lang": "en"}).text
    for text in (
        "Chinese dominoes",
        "← Card traditions",
        "Play",
        "Rules",
        "4 players · you vs three AI · one deal",
    ):
        assert text in html
    # Play is a form that carries the opponents' level to the table (?level=…), Normal by default
    assert '<form class="play-form" action="/traditions/chinese-dominoes/table" method="get">' in html
    assert 'href="/traditions/chinese-dominoes/rules"' in html
    assert html.count('<use href="#tile-') == 21  # the picture of the 21 kinds
    assert html.count("<li>") >= 4  # the four numbered sections


@pytest.mark.parametrize(
    ("slug", "buttons"),
    [
        ("chinese-dominoes", ["Play", "Face down", "Hint", "Next deal", "Last trick", "New game"]),
        ("cherki", ["Draw", "Take", "Discard", "Call Cherki", "Hint", "Next deal", "New game"]),
    ],
)
def test_table_controls_are_named_buttons(client: TestClient, slug: str, buttons: list[str]) -> None:
    html = client.get(f"/traditions/{slug}/table", params={"lang": "en"}).text
    names = [" ".join(m.split()) for m in re.findall(r"<button[^>]*>(.*?)</button>", html, re.S)]
    for name in buttons:
        assert name in names
    assert 'href="/traditions/' + slug + '/rules"' in html  # the full rules a link away


def test_table_data_names_pieces_by_code_and_name(client: TestClient) -> None:
    tien_gow = json.loads(_table_data(client, "chinese-dominoes", "en"))
    assert tien_gow["pieces"]["6-6"] == "Heaven"
    assert tien_gow["game"] == "tien-gow"
    assert "cannot-beat-lower" in tien_gow["errors"]
    cherki = json.loads(_table_data(client, "cherki", "en"))
    assert cherki["pieces"]["5c"] == "5 of Coins"
    assert cherki["text"]["stock"] == {"one": "Stock: %(num)s card", "other": "Stock: %(num)s cards"}
    # what each card counts, for the winner's nine at the end: a number its value, an honour 1
    assert cherki["points"]["7m"] == 7
    assert cherki["points"]["OT"] == 1
    assert len(cherki["points"]) == 30
    assert tien_gow["points"] == {}


@pytest.mark.parametrize("code", CODES)
def test_deal_numbers_name_a_deal_in_each_game(client: TestClient, code: str) -> None:
    # Malay calls a Tien Gow trick "pusingan": a deal is "permainan" in both games (one site, one word)
    tien_gow = json.loads(_table_data(client, "chinese-dominoes", code))["text"]["deal_no"]
    cherki = json.loads(_table_data(client, "cherki", code))["text"]["deal_no"]
    assert "%(num)s" in tien_gow
    assert "%(num)s" in cherki
    if code == "ms":
        assert tien_gow.startswith("Permainan")
        assert cherki.startswith("Permainan")


@pytest.mark.parametrize("slug", ["chinese-dominoes", "cherki"])
def test_replay_page_names_its_deal_and_carries_its_texts(client: TestClient, slug: str) -> None:
    html = client.get(f"/traditions/{slug}/replay/t_abc/3", params={"lang": "zh_Hant"}).text
    match = re.search(r'<script type="application/json" id="table-data">(.*?)</script>', html, re.S)
    assert match
    data = json.loads(match.group(1))
    assert (data["table"], data["deal_no"], data["lang"]) == ("t_abc", 3, "zh-Hant")
    assert data["piece_kind"] in ("tile", "card")
    assert data["text"]["label_blunder"] == "重大失誤" and "%(points)s" in data["text"]["decision_loss"]
    assert data["hints"]  # the bots' reasons, to explain the best alternative
    assert re.search(r'src="/static/js/replay\.[0-9a-f]{12}\.js"', html)  # content-hashed, as every script
    for bad in ("/replay/t_abc/0", "/replay/" + "x" * 65 + "/1", "/replay/t_abc/x"):
        assert client.get(f"/traditions/{slug}{bad}").status_code in (404, 422)


def test_history_links_every_deal_to_its_replay(client: TestClient) -> None:
    html = client.get("/history", params={"lang": "nb"}).text
    assert "Gjennomspilling" in html  # the column heading
    data = json.loads(re.search(r'id="page-data">(.*?)</script>', html, re.S).group(1))  # type: ignore[union-attr]
    assert data["text"]["replay_link"] == "Gjennomspilling og analyse"


def test_unknown_tradition_is_404(client: TestClient) -> None:
    assert client.get("/traditions/mahjong").status_code == 404
    assert client.get("/traditions/mahjong/table").status_code == 404


def test_static_files_are_served(client: TestClient) -> None:
    for path in ("/static/site.css", "/static/js/prefs.js", "/static/js/table.js", "/static/grain.svg"):
        assert client.get(path).status_code == 200, path


@pytest.mark.parametrize("code", [lang.code for lang in LANGUAGES])
def test_the_catalogue_offers_a_reader_their_own_traditions_first(client: TestClient, code: str) -> None:
    html = client.get("/", params={"lang": code}).text
    # each tradition's link to its page, in the order the catalogue shows them
    shown = sorted(traditions(), key=lambda o: html.index(f'href="/traditions/{o.tradition.slug}"'))
    own = [o.tradition.slug for o in traditions() if code in o.tradition.home_languages]
    others = [o.tradition.slug for o in traditions() if code not in o.tradition.home_languages]
    assert [o.tradition.slug for o in shown] == own + others
