"""The table service on the real engines: acting, stale and resent actions, deals, forced turns, replay."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardavia.bots.base import Decision
from cardavia.bots.random_bot import RandomBot
from cardavia.games.errors import IllegalAction, RecordError
from cardavia.games.registry import get_game
from cardavia.service import Stale, TableService, TableState
from cardavia.service.driver import settle as settle_with
from cardavia.service.errors import NotFound
from cardavia.service.payload import table_out
from cardavia.store.db import Store, open_store
from engine_actions import not_legal_now
from game_cases import games

OWNER = "0" * 64


def think(game: str, level: str, view: Any, seed: int) -> Decision[Any]:
    """The service's logic is tested with random bots, so it does not wait on the bots' own work."""
    return RandomBot(game, level).decide(view, random.Random(seed))


def settle(service: TableService, table_id: str) -> int:
    return settle_with(service, table_id, think)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = open_store(f"sqlite:///{tmp_path / 'tables.db'}")
    yield s
    s.dispose()


@pytest.fixture
def service(store: Store) -> TableService:
    return TableService(store)


def new(service: TableService, game: str, seed: int = 7) -> TableState:
    state = service.create(game=game, level="easy", owner=OWNER, pace_ms=0, seed=seed)
    settle(service, state.record.id)
    return service.state(state.record.id)


def human_turn(service: TableService, table_id: str, rng: random.Random) -> TableState:
    """Seat 0 plays a random legal action, then the server plays until seat 0's next choice."""
    state = service.state(table_id, OWNER)
    legal = state.deal.view(0).legal
    service.act(table_id, OWNER, state.seq, state.game.action_to_json(rng.choice(legal)))
    settle(service, table_id)
    return service.state(table_id, OWNER)


def finish_deal(service: TableService, table_id: str, rng: random.Random) -> TableState:
    state = service.state(table_id, OWNER)
    deal_no = state.deal_no
    while state.status() == "human" or (state.deal_no == deal_no and state.status() != "over"):
        state = human_turn(service, table_id, rng) if state.status() == "human" else state
        if state.deal_no != deal_no:  # a drawn Cherki deal redealt by itself
            deal_no = state.deal_no
    return state


@pytest.mark.parametrize("game", games(), indirect=True)
def test_an_action_is_logged_once_and_resending_it_changes_nothing(service: TableService, game: str) -> None:
    state = new(service, game)
    seq = state.seq
    action = state.game.action_to_json(state.deal.view(0).legal[0])
    answered, since = service.act(state.record.id, OWNER, seq, action)
    assert since == seq and answered.log[seq].seat == 0 and answered.log[seq].action == action
    settle(service, state.record.id)
    length = service.store.count_actions(state.record.id)
    again, since = service.act(state.record.id, OWNER, seq, action)  # the same (seq, action) resent
    assert since == seq
    assert service.store.count_actions(state.record.id) == length == again.seq


@pytest.mark.parametrize("game", games(), indirect=True)
def test_a_stale_seq_is_refused_with_the_current_table(service: TableService, game: str) -> None:
    state = new(service, game)
    rng = random.Random(1)
    first = state.game.action_to_json(state.deal.view(0).legal[0])
    state = human_turn(service, state.record.id, random.Random(2))
    if state.status() == "over":  # a deal of one decision a seat: the next deal's is seat 0's
        service.next_deal(state.record.id, OWNER, state.seq)
        settle(service, state.record.id)
        state = service.state(state.record.id, OWNER)
    length = state.seq
    legal = [state.game.action_to_json(a) for a in state.deal.view(0).legal]
    other = next(a for a in legal if a != first) if len(legal) > 1 else legal[0]
    for seq in (0, length + 1, length + 50):
        with pytest.raises(Stale) as caught:
            service.act(state.record.id, OWNER, seq, other if seq == 0 else rng.choice(legal))
        assert caught.value.code == "stale" and caught.value.state.seq == length
    assert service.store.count_actions(state.record.id) == length


@pytest.mark.parametrize("game", games(), indirect=True)
def test_illegal_and_malformed_actions_leave_the_log_and_state_untouched(
    service: TableService, game: str
) -> None:
    state = new(service, game)
    before = table_out(state)
    engine = get_game(game)
    legal = {str(engine.action_to_json(a)) for a in state.deal.view(0).legal}
    illegal = not_legal_now(engine, state.deal, 0, seed=3)[:40]
    tried = 0
    for action in illegal:
        try:
            parsed = engine.action_to_json(engine.action_from_json(action, 0))
        except RecordError:
            continue
        if str(parsed) in legal:
            continue
        with pytest.raises(IllegalAction):
            service.act(state.record.id, OWNER, state.seq, action)
        tried += 1
    assert tried > 0
    with pytest.raises(RecordError):
        service.act(state.record.id, OWNER, state.seq, {"nonsense": True})
    assert service.store.count_actions(state.record.id) == state.seq
    assert table_out(service.state(state.record.id)) == before


def test_not_seat_zeros_turn_is_refused(service: TableService) -> None:
    for seed in range(50):
        state = service.create(game="tien-gow", level="easy", owner=OWNER, pace_ms=0, seed=seed)
        if state.status() == "bots":
            break
    else:
        pytest.fail("no seed with a bot to lead")
    tile = state.deal.view(0).to_json()["hand"][0]  # a well-formed play of seat 0's own tile
    with pytest.raises(Stale) as caught:
        service.act(state.record.id, OWNER, state.seq, {"tiles": [tile], "face": "up"})
    assert caught.value.code == "not-your-turn"
    assert service.store.count_actions(state.record.id) == 0


def test_another_owner_sees_no_table(service: TableService) -> None:
    state = new(service, "cherki")
    with pytest.raises(NotFound):
        service.state(state.record.id, "f" * 64)
    with pytest.raises(NotFound):
        service.act(state.record.id, "f" * 64, state.seq, {"do": "draw"})
    with pytest.raises(NotFound):
        service.state("t_nope", OWNER)


def test_the_cache_is_never_trusted_over_the_log(store: Store) -> None:
    one, two = TableService(store), TableService(store)  # two processes on one database
    state = new(one, "tien-gow")
    table_id = state.record.id
    assert two.state(table_id).seq == state.seq  # two now caches the table too
    state = human_turn(one, table_id, random.Random(3))
    seen = two.state(table_id, OWNER)
    assert seen.seq == state.seq and table_out(seen) == table_out(state)
    # a request that read the log just before one's write loses the race for that seq
    assert two.server_step(table_id, state.seq - 1, 0, {"do": "x"}) is False
    behind = TableState.rebuild(state.record, store.actions(table_id)[:-1])
    last = store.actions(table_id)[-1]
    with pytest.raises(Stale) as caught:
        two._commit(behind, last, None)  # the very write the other process already made
    assert caught.value.state.seq == state.seq
    assert table_out(two.state(table_id)) == table_out(one.state(table_id))
    assert store.count_actions(table_id) == state.seq


def test_replaying_the_log_rebuilds_the_same_table(service: TableService) -> None:
    state = new(service, "cherki", seed=11)
    rng = random.Random(5)
    for _ in range(15):
        if state.status() != "human":
            break
        state = human_turn(service, state.record.id, rng)
    rebuilt = TableState.rebuild(state.record, service.store.actions(state.record.id))
    assert table_out(rebuilt, 0) == table_out(state, 0)


def test_the_same_seed_and_choices_make_the_same_table(store: Store) -> None:
    logs = []
    for _ in range(2):
        service = TableService(store)
        state = new(service, "tien-gow", seed=99)
        finish_deal(service, state.record.id, random.Random(4))
        logs.append([(e.seat, e.action) for e in store.actions(state.record.id)])
    assert logs[0] == logs[1] and len(logs[0]) == 32


def test_next_deal_takes_its_dealer_from_the_result(service: TableService) -> None:
    state = new(service, "tien-gow", seed=5)
    state = finish_deal(service, state.record.id, random.Random(6))
    assert state.status() == "over"
    result = state.finished[-1].result
    first_hands = state.deal.to_record()["hands"]
    with pytest.raises(Stale):
        service.next_deal(state.record.id, OWNER, state.seq - 1)
    seq = state.seq
    state = service.next_deal(state.record.id, OWNER, seq)
    assert service.next_deal(state.record.id, OWNER, seq).seq == seq + 1  # resent: applied once
    marker = state.log[seq]
    assert marker.seat == -1 and marker.action == {
        "deal": 2,
        "dealer": get_game("tien-gow").next_dealer(result),
    }
    assert state.deal_no == 2 and state.deal.view(0).banker == marker.action["dealer"]
    assert state.deal.to_record()["hands"] != first_hands  # each deal its own derived seed
    assert state.totals == result["net"]
    with pytest.raises(Stale) as caught:
        service.next_deal(state.record.id, OWNER, state.seq)
    assert caught.value.code == "deal-not-over"


def test_a_drawn_cherki_deal_redeals_by_itself(service: TableService) -> None:
    rng = random.Random(8)
    for seed in range(40):
        state = new(service, "cherki", seed=seed)
        state = finish_deal(service, state.record.id, rng)
        drawn = [d for d in state.finished if d.result.get("drawn")]
        if drawn:
            break
    else:
        pytest.fail("no drawn deal in 40 tables")
    first = drawn[0]
    marker = state.log[first.end]
    assert marker.seat == -1 and marker.action == {"deal": first.deal_no + 1, "dealer": None}
    assert state.status() == "over" and not state.finished[-1].result.get("drawn")
    assert state.totals == state.finished[-1].result["deltas"]  # drawn deals settle nothing


def _calls(action: dict[str, Any]) -> bool:
    return action.get("do") == "call" or action.get("call") is True


def test_a_called_humans_turns_play_themselves(service: TableService) -> None:
    rng = random.Random(10)
    for seed in range(60):
        state = new(service, "cherki", seed=seed)
        table_id = state.record.id
        while state.status() == "human":
            legal = [state.game.action_to_json(a) for a in state.deal.view(0).legal]
            calling = [a for a in legal if _calls(a)]
            service.act(table_id, OWNER, state.seq, calling[0] if calling else rng.choice(legal))
            settle(service, table_id)
            state = service.state(table_id, OWNER)
            if calling:
                break
        if any(e.seat == 0 and _calls(e.action) for e in state.log):
            break
    else:
        pytest.fail("seat 0 never could call")
    called_at = next(e.seq for e in state.log if e.seat == 0 and _calls(e.action))
    state = finish_deal(service, table_id, rng)
    later = [
        e for e in state.log[called_at + 1 :] if e.seat == 0 and e.deal_no == state.log[called_at].deal_no
    ]
    assert later, "the called hand had turns after the call"
    assert state.status() in ("over", "human")
    assert all(e.action.get("do") in ("draw", "take", "discard") for e in later)
