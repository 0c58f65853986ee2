"""The shared pages' scripts find every text they ask for in the shared texts: a game's own texts
(``GameWeb.texts``) may say some of them in its words (``OVERRIDABLE``), but a game that does not
still has a whole page."""

from __future__ import annotations

import re
from pathlib import Path

from cardavia.games.registry import game_ids
from cardavia.web.coach_text import COACH
from cardavia.web.game_parts import web_of
from cardavia.web.ui_text import COMMON, OVERRIDABLE, REPLAY

JS = Path(__file__).resolve().parents[2] / "src" / "cardavia" / "web" / "static" / "js"


def _asked(text: str) -> set[str]:
    """The keys a script asks ``t``/``ts`` for by name (keys built at run time are checked apart)."""
    return set(re.findall(r'\bts?\(\s*"([a-z0-9_]+)"', text))


def test_every_text_a_shared_script_asks_for_has_a_shared_default() -> None:
    for script in sorted(JS.glob("*.js")):
        missing = _asked(script.read_text(encoding="utf-8")) - set(COMMON) - set(COACH) - set(REPLAY)
        assert not missing, (script.name, missing)


def test_the_keys_a_game_may_say_in_its_own_words_are_the_shared_ones() -> None:
    assert set(OVERRIDABLE) == {
        "piece_label",
        "piece_text",
        "deal_no",
        "drawn",
        "over_summary",
        "over_summary_you",
        "deal_won",
        "deal_won_you",
    }
    assert all(COMMON[key] == message for key, message in OVERRIDABLE.items())
    for game in game_ids():
        # a game overrides only what the shared texts allow, never another shared text
        shared = set(web_of(game).texts) & set(COMMON)
        assert shared <= set(OVERRIDABLE), (game, shared - set(OVERRIDABLE))
