"""No reply of the API for seat 0 holds a piece hidden from seat 0, over many random deals, at every step."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from api_test_support import api_client, play_deal
from leak_oracle import Knowledge

DEALS = {"tien-gow": 12, "cherki": 6}


@pytest.mark.parametrize("game", ["tien-gow", "cherki"])
def test_no_reply_leaks_a_hidden_piece(tmp_path: Path, game: str) -> None:
    checked = {"replies": 0, "hidden": 0}
    with api_client(tmp_path, create_burst=100) as client:
        service = client.app.state.cardavia.service  # type: ignore[attr-defined]

        for n in range(DEALS[game]):
            tid = client.post("/api/tables", json={"game": game, "level": "easy"}).json()["id"]

            def inspect(payload: dict[str, Any], tid: str = tid) -> None:
                state = service.state(tid)
                knowledge = Knowledge(state.record, service.store.actions(tid)[: payload["seq"]])
                checked["hidden"] += knowledge.check(payload)
                checked["replies"] += 1

            end = play_deal(client, tid, random.Random(n), inspect)
            # after the deal, the step-by-step review is seat 0's views too
            steps = client.get(f"/api/tables/{tid}/deals/{end['deals'][-1]['deal_no']}/steps").json()
            state = service.state(tid)
            for step in steps[1:]:
                knowledge = Knowledge(state.record, service.store.actions(tid)[: step["seq"] + 1])
                hidden = knowledge.forbidden()
                assert not set(knowledge and __import__("leak_oracle").strings(step)) & hidden
    assert checked["replies"] > 50 and checked["hidden"] > checked["replies"]  # the check had teeth
