"""No file outside a game's own folders names a game (the registry, the one list of games, aside):
every shared module, script, style sheet and template reads what it needs of a game through the
registry and the game's parts (docs/adding-a-game.md)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from cardavia.games.registry import entries

SRC = Path(__file__).resolve().parents[1] / "src" / "cardavia"
REGISTRY = SRC / "games" / "registry.py"


def _own_folder(module: str) -> Path:
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None, module
    return Path(spec.origin).parent


GAME_FOLDERS = [_own_folder(getattr(e, layer)) for e in entries() for layer in ("engine", "bots", "web")]
# games built but not registered yet (their engine package under games/ has a game.py) are a game's
# own folders too: their engine, bots and web packages, by the engine package's name
_BUILT = {p.parent.name for p in (SRC / "games").glob("*/game.py")} - {f.name for f in GAME_FOLDERS}
OWN_FOLDERS = GAME_FOLDERS + [
    place / name for name in sorted(_BUILT) for place in (SRC / "games", SRC / "bots", SRC / "web" / "games")
]


def _names(game_id: str) -> list[str]:
    """How a file could name a game: its id, as written in a module path, as words."""
    return [game_id, game_id.replace("-", "_"), game_id.replace("-", " ")]


def test_the_game_folders_are_found() -> None:
    assert len(GAME_FOLDERS) == 3 * len(entries()) and all(folder.is_dir() for folder in GAME_FOLDERS)
    assert all(SRC in folder.parents for folder in GAME_FOLDERS)


def test_no_shared_file_names_a_registered_game() -> None:
    pattern = re.compile("|".join(re.escape(n) for e in entries() for n in _names(e.id)), re.IGNORECASE)
    shared = [
        path
        for path in sorted(SRC.rglob("*"))
        if path.suffix in {".py", ".js", ".css", ".html"}
        and path != REGISTRY
        and not any(folder in path.parents for folder in OWN_FOLDERS)
    ]
    assert any(path.name == "site.css" for path in shared) and any(path.name == "text.js" for path in shared)
    named = [
        f"{path.relative_to(SRC)}: {found[0]!r}"
        for path in shared
        if (found := pattern.findall(path.read_text(encoding="utf-8")))
    ]
    assert not named, named
