"""Tables with invited people, in the service: seats per browser, single-use invites, starting with
the AI in the open seats, and the AI's decision for a person whose time ran out."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from cardavia.bots.base import Decision
from cardavia.bots.random_bot import RandomBot
from cardavia.games.errors import IllegalAction, RecordError
from cardavia.games.protocol import acting_seats
from cardavia.games.registry import get_game
from cardavia.service import Stale, TableService
from cardavia.service.driver import settle as settle_with
from cardavia.service.errors import NotFound, TableError
from cardavia.service.payload import table_out
from cardavia.service.state import seat_of
from cardavia.store.db import Store, open_store
from game_cases import games

HOST, ANN, BOB, EVE = ("0" * 64, "a" * 64, "b" * 64, "e" * 64)
TURNS = 30  # the people's turns played at a table where every seat is a person's


def think(game: str, level: str, view: Any, seed: int) -> Decision[Any]:
    return RandomBot(game, level).decide(view, random.Random(seed))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = open_store(f"sqlite:///{tmp_path / 'friends.db'}")
    yield s
    s.dispose()


@pytest.fixture
def service(store: Store) -> TableService:
    return TableService(store)


def shared(service: TableService, game: str, friends: int, seed: int = 3, **kw: Any) -> tuple[str, list[str]]:
    state = service.create(game=game, level="easy", owner=HOST, pace_ms=0, seed=seed, friends=friends, **kw)
    tokens = [service.invite(state.record.id, HOST, seat) for seat in range(1, friends + 1)]
    return state.record.id, tokens


@pytest.mark.parametrize("game", games(), indirect=True)
def test_the_game_says_how_many_friends_fit(service: TableService, game: str) -> None:
    most = get_game(game).num_seats - 1
    state = service.create(game=game, level="easy", owner=HOST, pace_ms=0, friends=most)
    assert state.record.seats == ("human",) * (most + 1)
    with pytest.raises(RecordError) as caught:
        service.create(game=game, level="easy", owner=HOST, pace_ms=0, friends=most + 1)
    assert caught.value.code == "bad-friends"
    with pytest.raises(RecordError):
        service.create(game=game, level="easy", owner=HOST, pace_ms=0, turn_limit_s=5)


def test_an_invite_is_single_use_and_names_are_plain_text(service: TableService, store: Store) -> None:
    tid, (token,) = shared(service, "cherki", 1)
    assert len(token) >= 43  # 32 random bytes, url-safe: 256 bits
    state = service.state(tid)
    assert state.waiting and state.status_for(0) == "waiting" and state.pending() is None
    _, seat = service.offered(token)
    assert seat == 1
    state, seat = service.claim(token, ANN, "  <b>Ann</b>   Lee " + "x" * 50)
    assert seat == 1 and seat_of(state.record, ANN) == 1
    assert state.record.people[1]["name"] == ("<b>Ann</b> Lee " + "x" * 50)[:24]  # stored as given, cut
    assert not state.waiting
    for other in (BOB, ANN):
        with pytest.raises(NotFound):
            service.claim(token, other, "Bob")  # used
    with pytest.raises(NotFound):
        service.offered(token)
    with pytest.raises(NotFound):
        service.claim("not-a-token", BOB, "Bob")
    # only the token's hash is stored, never the token
    with store.engine.connect() as conn:
        stored = [r[0] for r in conn.execute(text("SELECT token_hash FROM cardavia_invites"))]
    assert stored == [hashlib.sha256(token.encode()).hexdigest()]


def test_a_renewed_link_revokes_the_old_one_and_only_the_host_renews(service: TableService) -> None:
    tid, (old, _) = shared(service, "tien-gow", 2)
    with pytest.raises(NotFound):
        service.invite(tid, EVE, 1)  # a stranger
    new = service.invite(tid, HOST, 1)
    with pytest.raises(NotFound):
        service.claim(old, ANN, "Ann")
    _, seat = service.claim(new, ANN, "Ann")
    assert seat == 1
    with pytest.raises(NotFound):
        service.invite(tid, ANN, 2)  # a guest is not the host
    with pytest.raises(TableError) as caught:
        service.invite(tid, HOST, 1)  # taken
    assert caught.value.code == "seat-not-open"
    # one browser, one seat: Ann cannot take a second one, and the host cannot take one either
    third = service.invite(tid, HOST, 2)
    for browser in (ANN, HOST):
        with pytest.raises(NotFound):
            service.claim(third, browser, "Twice")
    assert service.claim(third, BOB, "Bob")[1] == 2


def test_the_host_starts_with_the_ai_in_the_open_seats(service: TableService) -> None:
    tid, (ann, bob) = shared(service, "tien-gow", 2)
    service.claim(ann, ANN, "Ann")
    with pytest.raises(NotFound):
        service.start(tid, ANN)  # only the host
    state = service.start(tid, HOST)
    assert state.record.seats == ("human", "human", "easy", "easy")
    assert not state.waiting
    with pytest.raises(NotFound):
        service.claim(bob, BOB, "Bob")  # its link was revoked by the start


@pytest.mark.parametrize("game", games(), indirect=True)
def test_each_person_acts_only_on_their_own_turn_and_sees_only_their_own_seat(
    service: TableService, game: str
) -> None:
    n = get_game(game).num_seats
    tid, tokens = shared(service, game, n - 1, seed=11)
    owners = [HOST] + [f"{i:x}" * 64 for i in range(1, n)]
    for seat, token in enumerate(tokens, start=1):
        service.claim(token, owners[seat], f"P{seat}")
    with pytest.raises(NotFound):
        service.state(tid, EVE)
    rng, acted = random.Random(5), 0
    # a deal's worth of turns or more (a deal where every seat decides once: several deals)
    while acted < TURNS:
        settle_with(service, tid, think)
        state = service.state(tid)
        if state.status() == "over":
            service.next_deal(tid, HOST, state.seq)
            continue
        assert state.status() == "human", state.status()
        acting = acting_seats(state.game, state.deal)  # several seats at once in some games
        for seat, owner in enumerate(owners):
            out = table_out(service.state(tid, owner), None, seat)
            assert out["seat"] == seat and out["view"] == {
                **state.deal.view(seat).to_json(),
                "acting": list(acting),
                "legal": out["view"]["legal"],
            }
            assert (out["status"] == "human") == (seat in acting) and bool(out["view"]["legal"]) == (
                seat in acting
            )
        mover = rng.choice(acting)
        action = rng.choice(table_out(state, None, mover)["view"]["legal"])
        seq = state.seq
        waiting = [s for s in range(n) if s not in acting]
        if waiting:  # a person whose decision it is not: refused, nothing logged
            with pytest.raises((Stale, RecordError)):
                service.act(tid, owners[rng.choice(waiting)], seq, action)
        else:  # every seat deciding at once: another acting person cannot make this seat's decision
            other = owners[rng.choice([s for s in acting if s != mover])]
            with pytest.raises((Stale, RecordError, IllegalAction)):
                service.act(tid, other, seq, action)
        assert service.store.count_actions(tid) == seq
        service.act(tid, owners[mover], seq, action)
        again, _ = service.act(tid, owners[mover], seq, action)  # resent: answered, not re-applied
        assert again.seq == seq + 1 == service.store.count_actions(tid)
        acted += 1


def test_an_auto_move_is_marked_and_the_seat_stays_the_persons(service: TableService) -> None:
    tid, (token,) = shared(service, "cherki", 2 - 1, seed=4, turn_limit_s=30)
    service.claim(token, ANN, "Ann")
    rng = random.Random(2)

    def host_plays() -> None:
        """The host plays whenever it is the host's turn; stops at Ann's turn or the deal's end."""
        for _ in range(300):
            settle_with(service, tid, think)
            state = service.state(tid)
            if state.status() != "human" or state.deal.to_act() == 1:
                return
            service.act(tid, HOST, state.seq, rng.choice(table_out(state, None, 0)["view"]["legal"]))

    host_plays()
    state = service.state(tid)
    assert state.timed() and state.deal.to_act() == 1
    view = state.deal.view(1)
    action = state.game.action_to_json(think("cherki", "easy", view, 1).action)
    seq = state.seq
    assert service.server_step(tid, seq, 1, action, auto=True)
    entry = service.store.actions(tid, seq)[0]
    assert entry.auto and entry.seat == 1
    seen = table_out(service.state(tid, ANN), seq, 1)
    assert seen["last"][0]["auto"] is True and seen["last"][0]["seat"] == 1
    # everyone's seat list says that the AI is playing for Ann now
    # (her time ran out: she is slow, not gone)
    assert seen["people"][1] == {
        "seat": 1,
        "kind": "person",
        "name": "Ann",
        "away": True,
        "away_reason": "time",
    }
    # the seat is still Ann's: her next decision is hers to make
    assert service.state(tid).record.seats[1] == "human"
    host_plays()
    state = service.state(tid)
    if state.status() != "over":
        assert table_out(state, None, 1)["status"] == "human"
        service.act(tid, ANN, state.seq, table_out(state, None, 1)["view"]["legal"][0])
        assert "away" not in table_out(service.state(tid), None, 0)["people"][1]  # she is back


def test_a_restarted_server_starts_the_clocks_of_timed_tables_again(store: Store) -> None:
    """Nobody comes back after a restart: the table still moves on, the AI playing for the absent."""
    import asyncio

    from cardavia.service.driver import BotDriver

    service = TableService(store)
    tid, (token,) = shared(service, "cherki", 1, turn_limit_s=30)
    service.claim(token, ANN, "Ann")

    async def restart() -> None:
        driver = BotDriver(
            TableService(store), workers=0, think=think, min_step_ms=0, turn_limit=lambda _s: 0.01
        )
        await driver.start()
        for _ in range(3000):
            if {0, 1} <= {e.seat for e in store.actions(tid) if e.auto}:
                break
            await asyncio.sleep(0.01)
        await driver.close()

    asyncio.run(restart())
    assert {0, 1} <= {e.seat for e in store.actions(tid) if e.auto}  # the host's and Ann's turns both


def test_a_name_is_plain_text_and_cannot_be_empty(service: TableService) -> None:
    _, (token,) = shared(service, "cherki", 1)
    with pytest.raises(TableError) as caught:
        service.claim(token, ANN, "\u202e\x00 \t")  # nothing printable: refused, the link still open
    assert caught.value.code == "bad-name"
    state, _ = service.claim(token, ANN, "\u202eAnn\x00  Lee")
    assert state.record.people[1]["name"] == "Ann Lee"


def test_an_open_seat_goes_to_the_ai_never_a_taken_one(service: TableService, store: Store) -> None:
    tid, (ann, bob) = shared(service, "tien-gow", 2)
    service.claim(ann, ANN, "Ann")
    # the host's view was of an open seat 1, but Ann took it first: the store gives nothing away
    assert not store.give_to_ai(tid, "easy", (1,))
    assert service.state(tid).record.seats == ("human", "human", "human", "easy")
    with pytest.raises(TableError) as caught:
        service.give_to_ai(tid, HOST, 1)  # Ann is at the table (she has just taken her seat)
    assert caught.value.code == "person-here" and caught.value.status == 409
    assert not service.state(tid).handed(1)
    with pytest.raises(NotFound):
        service.give_to_ai(tid, ANN, 2)
    state = service.give_to_ai(tid, HOST, 2)
    assert state.record.seats == ("human", "human", "easy", "easy") and not state.waiting
    with pytest.raises(NotFound):
        service.claim(bob, BOB, "Bob")  # its link was revoked
    assert service.give_to_ai(tid, HOST, 2).record.seats == state.record.seats  # idempotent


def test_a_first_deal_annulled_as_it_is_dealt_waits_for_the_friends(service: TableService) -> None:
    """A Twenty-Nine deal whose first four cards after the dealer hold no point card is over as it
    is dealt. At a table still waiting for a friend it says "waiting", not that the deal is over,
    and once the friend is seated the server deals again."""
    for seed in range(2000):
        state = service.create(game="twenty-nine", level="easy", owner=HOST, pace_ms=0, seed=seed, friends=1)
        if state.deal.is_over():
            break
    else:
        pytest.fail("no first deal annulled in 2000 seeds")
    open_seat = next(s for s, p in enumerate(state.record.people) if p is not None and p.get("owner") is None)
    token = service.invite(state.record.id, HOST, open_seat)
    assert state.finished and state.finished[-1].outcome.drawn
    assert state.status_for(0) == "waiting" and state.pending() is None
    state, _ = service.claim(token, ANN, "Ann")
    step = state.pending()
    assert step is not None and step.kind == "deal"  # the server's next step is the next deal
