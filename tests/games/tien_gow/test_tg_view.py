"""The view of one seat: its own hand and everything public, in the form the browser receives."""

from __future__ import annotations

from tien_gow_helpers import deal_of, down, up

from cardavia.games.protocol import View as ViewProtocol
from cardavia.games.tien_gow import View


def test_a_view_mid_trick() -> None:
    deal = deal_of(["2-2", "5-5", "3-3", "6-6"], banker=0)
    deal.apply(up(0, "2-2"))
    deal.apply(up(1, "5-5"))
    deal.apply(down(2, "3-3"))
    view = deal.view(3)
    assert isinstance(view, View) and isinstance(view, ViewProtocol)
    assert view.seat == 3 and view.to_act == 3 and view.banker == 0 and view.leader == 0
    assert [p.to_json() for p in view.trick] == [
        {"seat": 0, "face": "up", "tiles": ["2-2"]},
        {"seat": 1, "face": "up", "tiles": ["5-5"]},
        {"seat": 2, "face": "down", "count": 1},
    ]
    assert view.hand_sizes == (7, 7, 7, 8)
    assert len(view.hand) == 8 and "6-6" in [t.code for t in view.hand]
    assert up(3, "6-6") in view.legal and all(p.seat == 3 for p in view.legal)
    data = view.to_json()
    assert data["to_act"] == 3 and data["over"] is False and data["result"] is None
    assert {"seat": 3, "tiles": ["6-6"], "face": "up"} in data["legal"]
    # a seat that is not to act gets no legal plays
    assert deal.view(0).legal == () and deal.view(0).to_json()["legal"] == []


def test_the_last_trick_stays_public_with_its_face_down_plays_as_counts() -> None:
    deal = deal_of(["2-2", "5-5", "3-3", "6-6"], banker=0)
    for play in [up(0, "2-2"), up(1, "5-5"), down(2, "3-3"), up(3, "6-6")]:
        deal.apply(play)
    view = deal.view(1)
    assert view.trick == ()
    last = view.last_trick
    assert last is not None and (last.leader, last.winner, last.size) == (0, 3, 1)
    assert last.to_json()["plays"][2] == {"seat": 2, "face": "down", "count": 1}
    assert view.columns == (0, 0, 0, 1) and view.actions == 4
    assert "3-3" not in str(view.to_json()["tricks"])


def test_the_view_after_the_end_has_the_result_and_no_hidden_tile() -> None:
    deal = deal_of(["2-4 1-2 6-6 6-6 4-5 3-6 1-1 1-1", "", "", ""], banker=0)
    for lead in ["2-4 1-2", "6-6 6-6 4-5 3-6", "1-1 1-1"]:
        deal.apply(up(0, lead))
        for _ in range(3):
            deal.apply(deal.legal_actions()[-1])
    assert deal.is_over()
    view = deal.view(2)
    result = deal.result()
    assert result is not None and view.result == result and view.to_act is None
    assert view.money == tuple(result["net"])
    assert view.immediate == tuple(result["immediate"]) != (0, 0, 0, 0)
    data = view.to_json()
    assert data["over"] is True and data["hand"] == [] and data["legal"] == []
    # another seat's face-down play is its count; only seat 2's own carry their tiles
    assert all(
        p["face"] == "up"
        or set(p) == ({"seat", "face", "count", "tiles"} if p["seat"] == 2 else {"seat", "face", "count"})
        for t in data["tricks"]
        for p in t["plays"]
    )


def test_a_seat_sees_its_own_face_down_tiles_in_the_trick_and_no_other_seat_does() -> None:
    deal = deal_of(["2-2", "5-5", "3-3", "6-6"], banker=0)
    for play in [up(0, "2-2"), up(1, "5-5"), down(2, "3-3")]:
        deal.apply(play)
    own = deal.view(2)
    assert own.trick[2].to_json() == {"seat": 2, "face": "down", "count": 1, "tiles": ["3-3"]}
    for seat in (0, 1, 3):
        assert deal.view(seat).trick[2].to_json() == {"seat": 2, "face": "down", "count": 1}
    # still counted once among what the seat has seen: its discards hold it
    assert "3-3" not in [t.code for t in own.unseen()] and [t.code for t in own.discards] == ["3-3"]
    deal.apply(up(3, "6-6"))
    last = deal.view(2).last_trick
    assert last is not None and last.to_json()["plays"][2]["tiles"] == ["3-3"]
    assert "tiles" not in deal.view(1).last_trick.to_json()["plays"][2]  # type: ignore[union-attr]
    assert deal.progress()["trick"] == []
