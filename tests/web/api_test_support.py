"""Shared by the API tests: an app on a fresh SQLite file, random bots, and a player that plays on."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from cardavia.bots.base import Decision
from cardavia.bots.random_bot import RandomBot
from cardavia.games.registry import get_game
from cardavia.web.app import create_app

JSON = dict[str, Any]


def random_think(game: str, level: str, view: Any, seed: int) -> Decision[Any]:
    """Bots that only need to be legal and repeatable (the API's logic is under test, not the bots)."""
    return RandomBot(game, level).decide(view, random.Random(seed))


@contextmanager
def api_client(tmp_path: Path, **options: Any) -> Iterator[TestClient]:
    """A client of a fresh app (pace 0, bots in-process) with its lifespan running."""
    settings: dict[str, Any] = {
        "pace_ms": 0,
        "bot_workers": 0,
        "think": random_think,
        "pages": False,
        "min_step_ms": 0,  # random bots decide in no time: nothing to hide, no floor to wait for
    }
    settings.update(options)
    app = create_app(f"sqlite:///{tmp_path / 'api.db'}", **settings)
    seeds = iter(range(1000, 10**6))
    app.state.cardavia.service.new_seed = lambda: next(seeds)  # repeatable tables
    # from the machine itself, as a local browser or scraper (/metrics answers loopback only)
    with TestClient(app, client=("127.0.0.1", 50000)) as client:
        yield client


def wait_for_human(client: TestClient, table_id: str, timeout: float = 30.0) -> JSON:
    """Poll until the server has played its turns (status no longer "bots")."""
    deadline = time.monotonic() + timeout
    while True:
        reply = client.get(f"/api/tables/{table_id}")
        assert reply.status_code == 200, reply.text
        table: JSON = reply.json()
        if table["status"] != "bots":
            return table
        if time.monotonic() > deadline:
            raise AssertionError(f"table stuck in bots' turns at seq {table['seq']}")
        time.sleep(0.002)


def play_deal(
    client: TestClient,
    table_id: str,
    rng: random.Random,
    on_reply: Callable[[JSON], None] = lambda _t: None,
    max_actions: int = 10_000,
    until: Callable[[JSON], bool] = lambda _t: False,
) -> JSON:
    """Seat 0 plays random legal actions until the deal is over (or ``max_actions``, or ``until``
    the table says so: a deal that a drawn deal's redeal follows is over, say); every reply goes to
    ``on_reply``."""
    table = wait_for_human(client, table_id)
    on_reply(table)
    for _ in range(max_actions):
        if table["status"] != "human" or until(table):
            break
        action = rng.choice(table["view"]["legal"])
        reply = client.post(f"/api/tables/{table_id}/actions", json={"seq": table["seq"], "action": action})
        assert reply.status_code == 200, reply.text
        on_reply(reply.json())
        table = wait_for_human(client, table_id)
        on_reply(table)
    return table


def decisions(steps: list[JSON], record: JSON, seat: int) -> list[int]:
    """The steps of a finished deal (``/steps``) at which ``seat`` chose its action among two or
    more, as the engine says, replaying the deal's ``/record``: where a try is a decision."""
    game = get_game(record["game"])
    deal, actions = game.deal_from_record(record)
    out = []
    for index, action in enumerate(actions):
        if steps[index + 1]["seat"] == seat and len(deal.view(seat).legal) >= 2:
            out.append(index)
        deal.apply(action)
    return out
