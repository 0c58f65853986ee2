"""No reply of the API for seat 0 holds a piece hidden from seat 0, over many random deals, at every step."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from api_test_support import api_client, play_deal
from leak_oracle import Knowledge, strings

from cardavia.service.payload import with_acting

DEALS = {"tien-gow": 12, "cherki": 8}
CHERKI_ACTIONS = 60  # seat 0's actions per Cherki table: a deal often redeals several times


@pytest.mark.parametrize("game", ["tien-gow", "cherki"])
def test_no_reply_leaks_a_hidden_piece(tmp_path: Path, game: str) -> None:
    checked = {"replies": 0, "hidden": 0}
    with api_client(tmp_path, create_burst=100) as client:
        service = client.app.state.cardavia.service  # type: ignore[attr-defined]

        for n in range(DEALS[game]):
            tid = client.post("/api/tables", json={"game": game, "level": "easy"}).json()["id"]

            knowledge = Knowledge(service.state(tid).record)

            def inspect(payload: dict[str, Any], tid: str = tid, knowledge: Knowledge = knowledge) -> None:
                knowledge.advance(service.store.actions(tid, knowledge.state.seq), payload["seq"])
                checked["hidden"] += knowledge.check(payload)
                checked["replies"] += 1

            end = play_deal(
                client, tid, random.Random(n), inspect, CHERKI_ACTIONS if game == "cherki" else 10**4
            )
            if not end["deals"]:
                continue
            # after the deal, the step-by-step review is seat 0's views too
            steps = client.get(f"/api/tables/{tid}/deals/{end['deals'][-1]['deal_no']}/steps").json()
            log = service.store.actions(tid)
            review = Knowledge(service.state(tid).record).advance(log, steps[1]["seq"])
            for step in steps[1:]:
                review.advance(log, step["seq"] + 1)
                deal = review.state.deal
                assert step["view"] == with_acting(deal.view(0).to_json(), deal)
                assert not set(strings(step)) & review.forbidden(), step["seq"]
    assert checked["replies"] > 50 and checked["hidden"] > checked["replies"]  # the check had teeth
