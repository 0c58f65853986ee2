"""Code above the games reads a view's JSON only through the keys the protocol declares
(``VIEW_KEYS``, ``OPTIONAL_VIEW_KEYS``, and ``legal``, which the service writes): every other key is
a game's own, read by its own table script only."""

from __future__ import annotations

import re
from pathlib import Path

from cardavia.games.protocol import OPTIONAL_VIEW_KEYS, VIEW_KEYS

SRC = Path(__file__).resolve().parents[2] / "src" / "cardavia"
DECLARED = {*VIEW_KEYS, *OPTIONAL_VIEW_KEYS, "legal"}


def _a_games_own(relative: Path) -> bool:
    """Whether a file is in one game's own folders: a package under games/, bots/ or web/games/."""
    parts = relative.parts
    return (parts[0] in {"games", "bots"} and len(parts) > 2) or (
        parts[:2] == ("web", "games") and len(parts) > 3
    )


# shared files: everything but the games' own packages (engines, bots, web parts)
SHARED = [
    path
    for path in sorted(SRC.rglob("*"))
    if path.suffix in {".py", ".js"} and not _a_games_own(path.relative_to(SRC))
]

READS = (
    re.compile(r"\bview\.([a-z_]+)"),  # JS: view.to_act, table.view.hand_sizes
    re.compile(r"\[\"view\"\]\[\"([a-z_]+)\"\]"),  # Python: table["view"]["legal"]
    re.compile(r"to_json\(\)\[\"([a-z_]+)\"\]"),  # Python: deal.view(s).to_json()["hand"]
)


def test_the_files_looked_at_include_the_service_the_pages_and_the_benches() -> None:
    names = {path.relative_to(SRC).as_posix() for path in SHARED}
    assert {
        "service/tables/finished.py",
        "web/static/js/replay.js",
        "bench/load.py",
        "bots/review.py",
        "games/replay.py",
    } <= names


def test_shared_code_reads_only_the_declared_view_keys() -> None:
    seen: set[str] = set()
    for path in SHARED:
        text = path.read_text(encoding="utf-8")
        for pattern in READS:
            for key in pattern.findall(text):
                if path.suffix == ".py" and pattern is READS[0]:
                    continue  # a Python object's attribute (``view.legal``), not its JSON
                assert key in DECLARED, f"{path.relative_to(SRC)} reads view key {key!r}, not in the protocol"
                seen.add(key)
    assert {"hand", "to_act", "legal"} <= seen  # the patterns find what the shared code reads
