"""The check of a registry entry: every registered game and the toy pass it, and each way an entry
can be incomplete is refused with one line naming the game and what is wrong."""

from __future__ import annotations

import dataclasses
import importlib.util
import re
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardavia.bots.registry import NoReview, analyst_for
from cardavia.cli import replay_help
from cardavia.games.profile import Profile, Review, Sides
from cardavia.games.registry import GameEntry, entries, registered
from cardavia.web.app import create_app
from cardavia.web.content import Tradition
from cardavia.web.entries import BadEntry, check_entry, check_registry
from toy import ENTRY
from toy.bots import BOTS
from toy.engine import GAME
from toy.web import WEB


@pytest.mark.parametrize("found", entries(), ids=lambda e: e.id)
def test_every_registered_game_gives_every_part_and_every_catalog(found: GameEntry) -> None:
    check_entry(found)


def test_the_toy_gives_every_part_it_needs_to_be_served() -> None:
    # the toy is not translated (it is registered only in tests): its catalogs are what it lacks
    check_entry(ENTRY, catalogs=False)
    with pytest.raises(BadEntry, match=r"^game 'toy' cannot be served: it has no catalog toy\.po in ms, "):
        check_entry(ENTRY)


@pytest.fixture
def fake() -> Iterator[types.ModuleType]:
    """A module ``fake_parts`` holding the toy's parts, for a test to spoil one."""
    module = types.ModuleType("fake_parts")
    module.GAME = type("FakeGame", (type(GAME),), {"name": "fake"})()  # type: ignore[attr-defined]
    module.BOTS = dict(BOTS)  # type: ignore[attr-defined]
    assert isinstance(WEB.tradition, Tradition)
    description = WEB.tradition.description_template.replace("content/toy/", "content/fake/")
    renamed = {
        field: getattr(WEB.page, field).replace("content/toy/", "content/fake/")
        for field in ("summary_template", "full_rules_template")
    }
    module.WEB = dataclasses.replace(  # type: ignore[attr-defined]
        WEB,
        tradition=dataclasses.replace(WEB.tradition, slug="fake", description_template=description),
        page=dataclasses.replace(WEB.page, game="fake", **renamed),
        controls=WEB.controls.replace("content/toy/", "content/fake/"),
    )
    sys.modules["fake_parts"] = module
    try:
        yield module
    finally:
        del sys.modules["fake_parts"]


FAKE = GameEntry("fake", "fake_parts", "fake_parts", "fake_parts")


def _problem(entry: GameEntry = FAKE) -> str:
    with pytest.raises(BadEntry) as caught:
        check_entry(entry, catalogs=False)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"game {entry.id!r} cannot be served: ")
    return caught.value.problem


def test_a_module_that_does_not_import_is_named() -> None:
    assert _problem(GameEntry("fake", "no_such_module", "x", "y")).startswith(
        "its engine module no_such_module does not import"
    )


def test_an_engine_without_game_or_with_a_part_missing(fake: types.ModuleType) -> None:
    class Partial:
        name = "fake"
        num_seats = 3

    fake.GAME = Partial()
    assert _problem().startswith("its GAME lacks action_from_json, action_to_json, deal_from_record")
    del fake.GAME
    assert _problem() == "fake_parts has no GAME"


def test_the_fake_is_whole_until_a_test_spoils_it(fake: types.ModuleType) -> None:
    check_entry(FAKE, catalogs=False)
    fake.GAME = GAME
    assert _problem() == "its GAME is named 'toy', not its registry id"


def test_bots_for_every_level(fake: types.ModuleType) -> None:
    del fake.BOTS["hard"]
    assert _problem() == "its BOTS has no bot for hard (every level of LEVELS)"


def test_web_templates_and_static_files_exist(fake: types.ModuleType, tmp_path: Path) -> None:
    fake.WEB = dataclasses.replace(fake.WEB, style="missing.css")
    assert _problem() == "its static file 'missing.css' is not in static/"
    fake.WEB = dataclasses.replace(fake.WEB, style=WEB.style, templates=tmp_path)
    assert _problem().startswith("its template 'content/fake/description.html' is not in ")


def test_the_app_refuses_to_start_with_an_incomplete_game(tmp_path: Path) -> None:
    with registered(GameEntry("broken", "toy.engine", "toy.bots", "no_such_web")):
        with pytest.raises(
            BadEntry, match=r"^game 'broken' cannot be served: its GAME is named 'toy', not its registry id$"
        ):
            check_registry(catalogs=False)
        with pytest.raises(BadEntry):
            create_app(f"sqlite:///{tmp_path / 'x.db'}", bot_workers=0)


def test_cardavia_serve_refuses_an_incomplete_game_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from cardavia.web.server import serve

    with registered(GameEntry("broken", "toy.engine", "toy.bots", "no_such_web")):
        assert serve(port=0) == 2
    err = capsys.readouterr().err
    assert (
        err
        == "cardavia serve: game 'broken' cannot be served: its GAME is named 'toy', not its registry id\n"
    )


DOC = Path(__file__).resolve().parents[2] / "docs" / "adding-a-game.md"


def _parts() -> dict[str, bool]:
    """Each part the page's tables list (first cell's names), and whether the page says it is optional."""
    out: dict[str, bool] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("| `"):
            first = line.split("|")[1]
            for name in re.findall(r"`([^`]+)`", first):
                out[name] = out.get(name, False) or "(optional)" in first
    return out


def test_the_page_and_the_check_agree_on_what_a_game_may_leave_out() -> None:
    parts = _parts()
    optional = {name for name, is_optional in parts.items() if is_optional}
    assert optional == {"record_help.txt", "messages.py", "ANALYST"}
    assert {"GAME", "BOTS", "tradition", "script", "texts"} <= set(parts) - optional
    # the toy leaves out its analyst, its record example and its engine's messages, and is still a
    # whole game: the check passes, the replay help lists it, a review is refused with a reason
    import toy.bots

    assert not hasattr(toy.bots, "ANALYST")
    assert importlib.util.find_spec("toy.engine").submodule_search_locations is None  # type: ignore[union-attr]
    check_entry(ENTRY, catalogs=False)
    with registered(ENTRY):
        assert "toy" in replay_help()
        with pytest.raises(NoReview):
            analyst_for("toy")


@pytest.mark.parametrize("name", ["GAME", "BOTS", "WEB"])
def test_a_part_the_page_requires_is_required_by_the_check(name: str, fake: types.ModuleType) -> None:
    assert name in _parts() or name == "WEB"  # WEB is the web package's one export (a GameWeb)
    delattr(fake, name)
    assert _problem().startswith(f"fake_parts has no {name}")


# ---------------------------------------------------------------------------------------------
# the profile (cardavia.games.profile): what it says, the code does


def _profiled(fake: types.ModuleType, **changes: object) -> str:
    fake.GAME.profile = dataclasses.replace(GAME.profile, **changes)  # type: ignore[arg-type]
    return _problem()


def test_a_game_without_a_profile_is_refused(fake: types.ModuleType) -> None:
    fake.GAME.profile = None
    assert _problem() == "its GAME has no profile (a cardavia.games.profile.Profile)"


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"seats": 4, "invite_order": (1, 2, 3)}, "its profile says 4 seats, its GAME 3"),
        ({"simultaneous": True}, "its profile says simultaneous=True but its deals have no acting()"),
        (
            {"random_playout": True},
            "its profile says random_playout=True but its deals have no random_playout()",
        ),
        ({"series": True}, "its profile says series=True but its GAME has no series()"),
        ({"invite_order": (2, 2)}, "its profile's invite_order is not seats 1 to 2 once each"),
        (
            {"sides": Sides.FIXED, "teams": ((0, 1),)},
            "its profile's teams are not two or more teams holding seats 0 to 2 once each",
        ),
        ({"teams": ((0,), (1, 2))}, "its profile has teams but its sides are 'none', not 'fixed'"),
        (
            {"review": Review.SAMPLED},
            "its profile says review='sampled' but its bots' ANALYST makes it 'none'",
        ),
    ],
)
def test_a_profile_its_code_does_not_bear_out_is_refused_in_one_line(
    fake: types.ModuleType, changes: dict[str, object], problem: str
) -> None:
    assert _profiled(fake, **changes) == problem


def test_the_analyst_is_the_one_the_profile_says(fake: types.ModuleType) -> None:
    from cardavia.bots.pai_gow import ANALYST as EXACT
    from cardavia.bots.tien_gow import ANALYST as SAMPLING

    fake.ANALYST = SAMPLING
    assert _problem() == "its profile says review='none' but its bots' ANALYST makes it 'sampled'"
    assert _profiled(fake, review=Review.EXACT) == (
        "its profile says review='exact' but its bots' ANALYST makes it 'sampled'"
    )
    fake.ANALYST = EXACT
    check_entry(FAKE, catalogs=False)
    fake.ANALYST = object()
    assert _problem() == "fake_parts.ANALYST is neither an Analyst nor an ExactAnalyst"


def test_what_the_profile_declares_the_code_has() -> None:
    # a game that declares a capability has it, and one that has it declares it (both ways)
    sim = Profile(seats=3, simultaneous=True)
    assert sim.invite_order == (1, 2) and sim.teams_at() == ((0,), (1,), (2,))
    gaple = Profile(seats=4, sides=Sides.FIXED, teams=((0, 2), (1, 3)), teams_option="teams")
    assert gaple.teams_at() == ((0,), (1,), (2,), (3,)) and gaple.teams_at({"teams": True}) == (
        (0, 2),
        (1, 3),
    )


def test_a_pack_is_one_of_the_shared_packs_and_has_its_catalogs(fake: types.ModuleType) -> None:
    fake.WEB = dataclasses.replace(fake.WEB, pieces=dataclasses.replace(fake.WEB.pieces, pack="no-such-pack"))
    assert _problem() == "its pack 'no-such-pack' is not a pack of cardavia.games.packs"
    fake.WEB = dataclasses.replace(fake.WEB, pieces=dataclasses.replace(fake.WEB.pieces, pack="dominoes"))
    check_entry(FAKE, catalogs=False)
    with pytest.raises(BadEntry, match=r"it has no catalog fake\.po in ms, "):
        check_entry(FAKE)


def test_the_page_says_every_field_of_the_profile_and_who_reads_it() -> None:
    page = DOC.read_text(encoding="utf-8")
    for field in dataclasses.fields(Profile):
        assert f"| `{field.name}` |" in page, field.name
    assert "tests/toy2/" in page and "browser_keys.py" in page
