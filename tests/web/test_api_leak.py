"""No reply of the API for seat 0 holds a piece hidden from seat 0, over many random deals, at every step.

Every game is checked for what its profile says it hides (``Profile.hidden``): pieces hidden from
seat 0 were there to leak (another hand, a stock), and where it hides part of other seats' actions,
some were shown to seat 0 redacted."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from api_test_support import api_client, play_deal
from leak_oracle import Knowledge, Teeth, strings

from cardavia.games.registry import get_game
from cardavia.service.payload import with_acting
from game_cases import games

TABLES = 12  # at least: a deal a table, each from its own seed
REPLIES = 60  # at least, over the tables (more tables where a deal asks seat 0 for few decisions)
ACTIONS = 40  # seat 0's actions at most a table: a Cherki deal often redeals several times


@pytest.mark.parametrize("game", games(), indirect=True)
def test_no_reply_leaks_a_hidden_piece(tmp_path: Path, game: str) -> None:
    checked = Teeth()
    with api_client(tmp_path, create_burst=100) as client:
        service = client.app.state.cardavia.service  # type: ignore[attr-defined]

        n = 0
        while n < TABLES or checked.replies < REPLIES:
            n += 1
            assert n <= 10 * TABLES, checked
            tid = client.post("/api/tables", json={"game": game, "level": "easy"}).json()["id"]

            knowledge = Knowledge(service.state(tid).record)

            def inspect(payload: dict[str, Any], tid: str = tid, knowledge: Knowledge = knowledge) -> None:
                # the reply, then the table with every action logged so far as seat 0 may see it
                # (another seat's face-down play, secret trump or set), later or at the same seq
                for reply in (payload, client.get(f"/api/tables/{tid}?since={payload['deal_start']}").json()):
                    knowledge.advance(service.store.actions(tid, knowledge.state.seq), reply["seq"])
                    checked.saw(knowledge.check(reply))

            end = play_deal(client, tid, random.Random(n - 1), inspect, ACTIONS)
            checked.redacted += knowledge.redacted
            if not end["deals"]:
                continue
            # after the deal, the step-by-step review is seat 0's views too
            steps = client.get(f"/api/tables/{tid}/deals/{end['deals'][-1]['deal_no']}/steps").json()
            log = service.store.actions(tid)
            review = Knowledge(service.state(tid).record).advance(log, steps[1]["seq"])
            for step in steps[1:]:
                review.advance(log, step["seq"] + 1)
                deal = review.state.deal
                assert step["view"] == with_acting(deal.view(0).to_json(), review.state.game, deal)
                assert not set(strings(step)) & review.forbidden(), step["seq"]
    assert checked.replies >= REPLIES
    checked.had_teeth(get_game(game).profile)
