"""Writes that lose the log's next seq to another process, again and again (seats deciding at once).

Two services on one database stand for two server processes. Each time the first is about to write,
the second writes first (another person's set, or a copy of the first's own request): the first's
write loses the seq every time, and is tried again from the log as it then is. A decision still the
seat's to make is written at the log's end however many others were written meanwhile; an identical
copy already written is answered as done; an action no longer the seat's is refused as before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_simultaneous import pai_gow

from cardavia.service import TableService
from cardavia.service.errors import Stale
from cardavia.store.db import Store, open_store
from cardavia.store.records import AUTO_TIME

GAME = "pai-gow"
OWNERS = ("0" * 64, "a" * 64, "b" * 64, "c" * 64)


@pytest.fixture(autouse=True)
def _registered() -> Iterator[None]:
    with pai_gow():
        yield


@pytest.fixture
def stores(tmp_path: Path) -> Iterator[tuple[Store, Store]]:
    url = f"sqlite:///{tmp_path / 'race.db'}"
    one, two = open_store(url), open_store(url, migrate=False)
    yield one, two
    one.dispose()
    two.dispose()


def four_people(service: TableService) -> str:
    """A Pai Gow table whose four seats are four people (the host and three invited)."""
    state = service.create(game=GAME, level="easy", owner=OWNERS[0], pace_ms=0, seed=5, friends=3)
    tid = state.record.id
    for seat in (1, 2, 3):
        service.claim(service.invite(tid, OWNERS[0], seat), OWNERS[seat], f"P{seat}")
    return tid


def overtaken(store: Store, first: list[Callable[[], Any]]) -> None:
    """Before each of ``store``'s next writes of an action, the next call of ``first`` (another
    process's write) runs: the write then finds its seq taken."""
    append = store.append

    def racing(*args: Any, **kwargs: Any) -> None:
        if first:
            first.pop(0)()
        append(*args, **kwargs)

    store.append = racing  # type: ignore[method-assign]


def sets(service: TableService, tid: str) -> list[dict[str, Any]]:
    """One set of each seat, chosen from the table as the decision opened."""
    state = service.state(tid)
    return [state.game.action_to_json(state.deal.view(seat).legal[seat % 3]) for seat in range(4)]


def test_a_set_overtaken_by_every_other_seat_is_still_written(stores: tuple[Store, Store]) -> None:
    here, there = TableService(stores[0]), TableService(stores[1])
    tid = four_people(here)
    opened = here.state(tid).seq
    chosen = sets(here, tid)
    # each time seat 0's set is about to be written, another process writes another seat's first
    others = [lambda s=s: there.act(tid, OWNERS[s], opened, chosen[s]) for s in (1, 2, 3)]
    overtaken(stores[0], others)
    after, since = here.act(tid, OWNERS[0], opened, chosen[0])
    assert not others  # lost three times
    assert since == opened and after.log[-1].seat == 0 and after.log[-1].action == {**chosen[0], "seat": 0}
    log = stores[0].actions(tid)
    assert [e.seat for e in log[opened:]] == [1, 2, 3, 0] and after.deal.is_over()


def test_an_identical_copy_written_after_the_others_is_answered_as_done(stores: tuple[Store, Store]) -> None:
    here, there = TableService(stores[0]), TableService(stores[1])
    tid = four_people(here)
    opened = here.state(tid).seq
    chosen = sets(here, tid)
    # the same request reached the other process too, which wrote it after two other seats' sets
    first = [
        lambda: there.act(tid, OWNERS[1], opened, chosen[1]),
        lambda: there.act(tid, OWNERS[2], opened, chosen[2]),
        lambda: there.act(tid, OWNERS[0], opened, chosen[0]),
    ]
    overtaken(stores[0], first)
    after, since = here.act(tid, OWNERS[0], opened, chosen[0])
    assert not first and since == opened
    log = stores[0].actions(tid)
    assert [e.seat for e in log[opened:]] == [1, 2, 0]  # written once, by the other process
    assert after.seq == opened + 3 and 3 in after.acting()


def test_a_set_no_longer_the_seats_is_refused_however_it_lost(stores: tuple[Store, Store]) -> None:
    """The AI's set for the seat (its time ran out) written meanwhile: the person's is refused."""
    here, there = TableService(stores[0]), TableService(stores[1])
    tid = four_people(here)
    opened = here.state(tid).seq
    chosen = sets(here, tid)
    other = here.state(tid).game.action_to_json(here.state(tid).deal.view(0).legal[1])
    first = [
        lambda: there.act(tid, OWNERS[1], opened, chosen[1]),
        lambda: there.server_step(tid, opened, 0, other, auto=AUTO_TIME),
    ]
    overtaken(stores[0], first)
    with pytest.raises(Stale) as refused:
        here.act(tid, OWNERS[0], opened, chosen[0])
    assert refused.value.code == "stale" and not first
    assert [e.seat for e in stores[0].actions(tid)[opened:]] == [1, 0]


def test_the_servers_set_overtaken_by_people_is_still_written(stores: tuple[Store, Store]) -> None:
    """A bot's (or the AI's for a person) set decided at an older seq, written while people set
    through another process: written at the log's end, not dropped to be decided again."""
    here, there = TableService(stores[0]), TableService(stores[1])
    tid = four_people(here)
    opened = here.state(tid).seq
    chosen = sets(here, tid)
    first = [lambda s=s: there.act(tid, OWNERS[s], opened, chosen[s]) for s in (1, 2)]
    overtaken(stores[0], first)
    assert here.server_step(tid, opened, 3, chosen[3], auto=AUTO_TIME)
    assert not first
    assert [e.seat for e in stores[0].actions(tid)[opened:]] == [1, 2, 3]
