"""Static files under names that change with their content, so browsers may keep them for a year.

``url("js/table.js")`` answers ``/static/js/table.<hash>.js``, the hash being that of the bytes
served. The files reference one another (a module imports ``./text.js``, the style sheet uses
``/static/grain.svg``); those references are rewritten to the hashed names when a file is
served, and a file's hash covers its rewritten text, so changing an imported module renames
every module that imports it. No build step: the rewriting happens in memory, and again only
when a file under ``static/`` changes on disk.

Each registered game's own static folder is served beside ``static/`` as ``games/<game id>/``
(its table script and style sheet, :class:`cardavia.web.game_parts.GameWeb`); the registry is
read on each look-up, so a game registered later is served too.

A hashed URL is answered with ``Cache-Control: public, max-age=31536000, immutable``; the plain
name (and a hash that is no longer current, asked for by a page of an older version) with
``no-cache`` and an ETag, so it is checked on every use.
"""

from __future__ import annotations

import hashlib
import mimetypes
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from cardavia.web.game_parts import games

STATIC_DIR = Path(__file__).parent / "static"
PREFIX = "/static/"
HASH_LEN = 12
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"

# `import x from "./a.js"`, `export * from "../b.js"`, `import("./c.js")`, `import "./d.js"`
_JS_IMPORT = re.compile(r"""(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.{1,2}/[^"'\s]+)\2""")
# `url("/static/grain.svg")`, `url(/static/x.png)` in style sheets
_CSS_URL = re.compile(r"""url\(\s*(["']?)(/static/[^"')\s]+)\1\s*\)""")
_HASHED = re.compile(rf"^(?P<stem>.+)\.(?P<hash>[0-9a-f]{{{HASH_LEN}}})(?P<ext>\.[A-Za-z0-9]+)$")

TEXT_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}


@dataclass(frozen=True)
class Asset:
    """One static file as served: its (rewritten) bytes, their hash and media type."""

    path: str  # relative to static/, with "/" separators
    body: bytes
    digest: str
    media_type: str

    @property
    def url(self) -> str:
        return PREFIX + hashed_name(self.path, self.digest)


def hashed_name(name: str, digest: str) -> str:
    """``js/table.js`` → ``js/table.<digest>.js``."""
    stem, dot, ext = name.rpartition(".")
    return f"{stem}.{digest}.{ext}" if dot else f"{name}.{digest}"


Mounts = Callable[[], dict[str, Path]]


class Assets:
    """Every file under ``root`` and under each folder ``mounts`` names (by the path prefix it is
    served under), built once and rebuilt when a file there changes."""

    def __init__(self, root: Path = STATIC_DIR, mounts: Mounts | None = None) -> None:
        self.root = root
        self.mounts = mounts
        self._lock = threading.Lock()
        self._signature: tuple[tuple[str, int, int], ...] = ()
        self._assets: dict[str, Asset] = {}

    def _files(self) -> dict[str, Path]:
        folders = {"": self.root, **(self.mounts() if self.mounts is not None else {})}
        found: dict[str, Path] = {}
        for prefix, folder in folders.items():
            for file in sorted(folder.rglob("*")):
                if file.is_file():
                    found[prefix + file.relative_to(folder).as_posix()] = file
        return found

    def current(self) -> dict[str, Asset]:
        """All assets by path; re-read when a folder changed (cheap: a few stat calls)."""
        files = self._files()
        stats = {path: file.stat() for path, file in files.items()}
        signature = tuple((path, st.st_mtime_ns, st.st_size) for path, st in sorted(stats.items()))
        with self._lock:
            if signature != self._signature:
                self._assets = _build(files)
                self._signature = signature
            return self._assets

    def url(self, path: str) -> str:
        """The content-hashed URL of ``path`` (relative to ``static/``); ``KeyError`` if no such file."""
        return self.current()[path].url

    def find(self, requested: str) -> tuple[Asset, bool] | None:
        """The asset a request path (after ``/static/``) names, and whether its hash is current."""
        assets = self.current()
        if requested in assets:
            return assets[requested], False
        match = _HASHED.match(requested)
        if match is None:
            return None
        asset = assets.get(match["stem"] + match["ext"])
        if asset is None:
            return None
        return asset, asset.digest == match["hash"]


def _build(files: dict[str, Path]) -> dict[str, Asset]:
    """Hash every file (by the path it is served under), the ones referenced first, rewriting
    references to hashed names."""
    known = set(files)
    built: dict[str, Asset] = {}
    visiting: set[str] = set()

    def build(path: str) -> Asset | None:
        """None for a path that is not a file here, or one already being built (an import cycle:
        the reference keeps its plain name, revalidated on each use)."""
        if path in built or path not in known or path in visiting:
            return built.get(path)
        visiting.add(path)
        raw = files[path].read_bytes()
        suffix = Path(path).suffix
        if suffix in (".js", ".mjs"):
            raw = _rewrite_js(path, raw, build)
        elif suffix == ".css":
            raw = _rewrite_css(raw, build)
        visiting.discard(path)
        media = TEXT_TYPES.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"
        built[path] = Asset(path, raw, hashlib.sha256(raw).hexdigest()[:HASH_LEN], media)
        return built[path]

    for path in sorted(files):
        build(path)
    return built


Builder = Callable[[str], "Asset | None"]


def _rewrite_js(path: str, raw: bytes, build: Builder) -> bytes:
    folder = Path(path).parent

    def swap(match: re.Match[str]) -> str:
        target = _normalise(folder / match[3])
        asset = build(target) if target is not None else None
        if asset is None:
            return match[0]
        head, slash, name = match[3].rpartition("/")
        return f"{match[1]}{match[2]}{head}{slash}{hashed_name(name, asset.digest)}{match[2]}"

    return _JS_IMPORT.sub(swap, raw.decode("utf-8")).encode("utf-8")


def _rewrite_css(raw: bytes, build: Builder) -> bytes:
    def swap(match: re.Match[str]) -> str:
        asset = build(match[2][len(PREFIX) :])
        return match[0] if asset is None else f"url({match[1]}{asset.url}{match[1]})"

    return _CSS_URL.sub(swap, raw.decode("utf-8")).encode("utf-8")


def _normalise(path: Path) -> str | None:
    """``js/../x.js`` → ``x.js``; None for a path that climbs out of the static folder."""
    parts: list[str] = []
    for part in path.as_posix().split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if not parts:
                return None
            parts.pop()
        else:
            parts.append(part)
    return "/".join(parts)


def _game_folders() -> dict[str, Path]:
    """Each registered game's static folder, by the prefix it is served under."""
    return {web.asset(""): web.static for web in games()}


ASSETS = Assets(STATIC_DIR, _game_folders)


def url(path: str) -> str:
    """The URL templates use for a static file: ``{{ static("site.css") }}``."""
    return ASSETS.url(path)


def serve(request: Request, assets: Assets = ASSETS) -> Response:
    """The answer for ``GET /static/{path}``: hashed names cached for a year, others revalidated."""
    requested = str(request.path_params.get("path", ""))
    found = assets.find(requested)
    if found is None:
        raise HTTPException(status_code=404)
    asset, current = found
    etag = f'"{asset.digest}"'
    headers = {"Cache-Control": IMMUTABLE if current else REVALIDATE, "ETag": etag}
    if etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(asset.body, media_type=asset.media_type, headers=headers)
