"""Try from here: a new table at one of the player's decisions in a finished deal, the same deal."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from api_test_support import api_client, decisions, play_deal, wait_for_human

from game_cases import games

JSON = dict[str, Any]


def first_deal_over(table: JSON) -> bool:
    """Whether the table's first deal is over (a drawn one is dealt again as the next deal)."""
    return any(d["deal_no"] == 1 for d in table["deals"])


@pytest.mark.parametrize("game", games(), indirect=True)
def test_a_decision_of_a_finished_deal_is_played_again_on_a_new_table_with_the_same_deal(
    tmp_path: Path, game: str
) -> None:
    with api_client(tmp_path) as client:
        created = client.post("/api/tables", json={"game": game, "level": "hard"}).json()
        tid = created["id"]
        play_deal(client, tid, random.Random(5), until=first_deal_over)
        base = f"/api/tables/{tid}/deals/1"
        steps = client.get(f"{base}/steps").json()
        hands = client.get(f"{base}/hands").json()
        mine = decisions(steps, client.get(f"{base}/record").json(), 0)  # with a choice to make
        # where seat 0 has no decision to make (where seats decide at once, seat 0 may be one of them)
        theirs = [i for i in range(len(steps) - 1) if 0 not in steps[i]["view"]["acting"]]
        step = mine[min(2, len(mine) - 1)]  # the player's third choice (its only one in some games)
        reply = client.post(f"{base}/try", json={"step": step})
        assert reply.status_code == 201, reply.text
        table = reply.json()
        assert table["id"] != tid and table["status"] == "human"
        assert table["level"] == "hard" and table["deal_no"] == 1
        # the seat sees what it saw then, and may choose again among the same moves
        assert table["view"] == {**steps[step]["view"], "legal": table["view"]["legal"]}
        assert {str(a) for a in table["view"]["legal"]} >= {str(steps[step + 1]["action"])}
        # played out differently, the deal is still the same deal: every seat's pieces as dealt
        other = [a for a in table["view"]["legal"] if a != steps[step + 1]["action"]]
        if other:
            moved = client.post(
                f"/api/tables/{table['id']}/actions", json={"seq": table["seq"], "action": other[0]}
            )
            assert moved.status_code == 200, moved.text
        wait_for_human(client, table["id"])
        play_deal(client, table["id"], random.Random(6), until=first_deal_over)
        again = client.get(f"/api/tables/{table['id']}/deals/1/hands").json()
        assert again[: step + 1] == hands[: step + 1]
        # the old table is untouched, and its history lists the deal once
        assert client.get(f"{base}/steps").json() == steps
        assert [(d["table"], d["deal_no"]) for d in client.get("/api/history").json()].count((tid, 1)) == 1
        # bad input: a step where the player does not choose, outside the deal, another browser
        if theirs:  # (where every seat decides at once, seat 0 decides at every step till its own)
            refused = client.post(f"{base}/try", json={"step": theirs[0]})
            assert refused.status_code == 400 and refused.json()["error"]["code"] == "not-a-decision"
        refused = client.post(f"{base}/try", json={"step": len(steps) - 1})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad-step"
        assert client.post(f"{base}/try", json={"step": -1}).status_code == 422
        assert client.post(f"/api/tables/{tid}/deals/2/try", json={"step": 0}).status_code == 400
        client.cookies.clear()
        assert client.post(f"{base}/try", json={"step": step}).status_code == 404
