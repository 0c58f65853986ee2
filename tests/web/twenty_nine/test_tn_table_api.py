"""Twenty-Nine's table through the API: one friend is invited as the partner, the table carries the
match to ±6, and a deal annulled as it is dealt is scored as drawn and dealt again by the same
dealer without anyone acting."""

from __future__ import annotations

from pathlib import Path

from test_tn_trump_hidden import GAME, Browser, twenty_nine

from cardavia.games.twenty_nine import GAME as ENGINE
from cardavia.service.seeds import deal_seed
from web.api_test_support import api_client, wait_for_human


def test_one_friend_is_the_partner_and_the_match_is_kept(tmp_path: Path) -> None:
    with twenty_nine(), api_client(tmp_path) as client:
        host = Browser(client)
        created = host.post("/api/tables", {"game": GAME, "level": "easy", "friends": 1}).json()
        assert [i["seat"] for i in created["invites"]] == [2]
        assert [p["kind"] for p in created["people"]] == ["host", "ai", "open", "ai"]
        assert created["series"] == {"scores": [0, 0], "won": None, "matches": [0, 0], "to": 6}


def test_an_annulled_deal_is_dealt_again_by_the_same_dealer(tmp_path: Path) -> None:
    seed = next(s for s in range(500) if ENGINE.new_deal(deal_seed(s, 1)).is_over())
    with twenty_nine(), api_client(tmp_path) as client:
        client.app.state.cardavia.service.new_seed = lambda: seed  # type: ignore[attr-defined]
        created = client.post("/api/tables", json={"game": GAME, "level": "easy"}).json()
        table = wait_for_human(client, created["id"])
        first = table["deals"][0]
        assert first["deal_no"] == 1 and first["drawn"] and first["result"]["annulled"]
        assert first["result"]["reason"] == "eldest-pointless"
        assert table["deal_no"] >= 2  # dealt again without anyone acting
        annulled = ENGINE.new_deal(deal_seed(seed, 1))
        log = client.get(f"/api/tables/{created['id']}?since=0").json()["last"]
        marker = next(e for e in log if e["seat"] < 0)
        assert marker["action"] == {"deal": 2, "dealer": annulled.dealer}  # the same dealer
        assert table["series"]["scores"] == [0, 0]
