"""Try from here: a new table at one of the player's decisions in a finished deal, the same deal."""

from __future__ import annotations

import random
from pathlib import Path

from api_test_support import api_client, play_deal, wait_for_human


def test_a_decision_of_a_finished_deal_is_played_again_on_a_new_table_with_the_same_deal(
    tmp_path: Path,
) -> None:
    with api_client(tmp_path) as client:
        created = client.post("/api/tables", json={"game": "tien-gow", "level": "hard"}).json()
        tid = created["id"]
        play_deal(client, tid, random.Random(5))
        base = f"/api/tables/{tid}/deals/1"
        steps = client.get(f"{base}/steps").json()
        hands = client.get(f"{base}/hands").json()
        mine = [i for i in range(len(steps) - 1) if steps[i + 1]["seat"] == 0]
        theirs = [i for i in range(len(steps) - 1) if steps[i + 1]["seat"] != 0]
        step = mine[2]  # the player's third move
        reply = client.post(f"{base}/try", json={"step": step})
        assert reply.status_code == 201, reply.text
        table = reply.json()
        assert table["id"] != tid and table["status"] == "human"
        assert table["level"] == "hard" and table["deal_no"] == 1
        # the seat sees what it saw then, and may choose again among the same moves
        assert table["view"]["hand"] == steps[step]["view"]["hand"]
        assert table["view"]["trick"] == steps[step]["view"]["trick"]
        assert {str(a) for a in table["view"]["legal"]} >= {str(steps[step + 1]["action"])}
        # played out differently, the deal is still the same deal: every seat's pieces as dealt
        other = [a for a in table["view"]["legal"] if a != steps[step + 1]["action"]]
        if other:
            moved = client.post(
                f"/api/tables/{table['id']}/actions", json={"seq": table["seq"], "action": other[0]}
            )
            assert moved.status_code == 200, moved.text
        wait_for_human(client, table["id"])
        play_deal(client, table["id"], random.Random(6))
        again = client.get(f"/api/tables/{table['id']}/deals/1/hands").json()
        assert again[: step + 1] == hands[: step + 1]
        # the old table is untouched, and its history lists the deal once
        assert client.get(f"{base}/steps").json() == steps
        assert [d["table"] for d in client.get("/api/history").json()].count(tid) == 1
        # bad input: a step where the player does not choose, outside the deal, another browser
        refused = client.post(f"{base}/try", json={"step": theirs[0]})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "not-a-decision"
        refused = client.post(f"{base}/try", json={"step": len(steps) - 1})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad-step"
        assert client.post(f"{base}/try", json={"step": -1}).status_code == 422
        assert client.post(f"/api/tables/{tid}/deals/2/try", json={"step": 0}).status_code == 400
        client.cookies.clear()
        assert client.post(f"{base}/try", json={"step": step}).status_code == 404
