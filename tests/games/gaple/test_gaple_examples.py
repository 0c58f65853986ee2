"""The fourteen worked cases of spec/gaple.md, each as the spec states it, through ``cardavia replay``."""

from __future__ import annotations

from typing import Any

import pytest
from gaple_helpers import (
    ACTIONS_A,
    ACTIONS_B,
    action,
    actions,
    record,
    record_a,
    record_b,
    record_c,
    replay,
)

from cardavia.games.gaple import GAME, Action
from cardavia.games.packs.double_six import BY_CODE


def finished(rec: dict[str, Any]) -> dict[str, Any]:
    out = replay(rec)
    assert isinstance(out, dict) and out["finished"] is True, out
    return out


def swapped(acts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    flip = {"left": "right", "right": "left"}
    return [{**a, "end": flip[a["end"]]} if "end" in a else a for a in acts]


def test_case_1_deal_a_goes_out_with_passes_and_its_mirror_image() -> None:
    a = finished(record_a())
    assert a["annulled"] is False and a["end"] == "out" and a["winner"] == 2
    assert a["ends"] == [4, 2] and a["counts"] == [4, 6, 0, 12]
    assert a["points"] == [0, 0, 22, 0] and a["next_leader"] == 2
    mirror = finished(record_a(swapped(actions(ACTIONS_A))))
    assert mirror["ends"] == [2, 4]
    assert {k: v for k, v in mirror.items() if k != "ends"} == {k: v for k, v in a.items() if k != "ends"}


def test_case_2_deal_a_with_teams_scores_the_opponents_only() -> None:
    a = finished(record_a(options={"teams": True}))
    assert a["points"] == [18, 0] and a["scores"] == [18, 0]  # S1 6 + S3 12; partner S0's 4 not scored


def test_case_3_deal_a_with_discards_counts_the_dead_tiles() -> None:
    acts = actions(ACTIONS_A)
    acts[19] = action("S1 discard 2-2")
    acts[21] = action("S3 discard 5-5")
    plain, dead = finished(record_a()), finished(record_a(acts, options={"stuck": "discard"}))
    assert dead["counts"] == plain["counts"] and dead["points"] == plain["points"]
    assert dead["hands"][1] == ["1-1"] and dead["hands"][3] == ["0-2"]
    assert dead["dead"] == [[], ["2-2"], [], ["5-5"]]


def test_case_4_deal_a_cut_is_unfinished() -> None:
    acts = actions(ACTIONS_A)
    assert replay(record_a(acts[:19])) == {"finished": False, "to_act": 1, "ends": [4, 5]}
    assert replay(record_a([])) == {"finished": False, "to_act": 2, "ends": None}


def test_case_5_deal_b_is_blocked() -> None:
    b = finished(record_b())
    assert b["end"] == "blocked" and b["ends"] == [0, 0]
    assert b["counts"] == [29, 20, 30, 47] and b["winner"] == 1 and b["points"] == [0, 106, 0, 0]


def test_case_6_deal_b_with_teams_goes_to_the_lower_team_total() -> None:
    b = finished(record_b(options={"teams": True}))  # 59 against 67
    assert b["winner"] == 0 and b["points"] == [67, 0]  # S0 29 < S2 30


def test_case_7_deal_b_as_a_later_deal_ends_the_match() -> None:
    later = {"first": False, "leader": 3, "scores": [150, 100, 90, 30]}
    b = finished(record_b(**later))  # S3 has the right and a double, 0-0: the same play
    assert b["scores"] == [150, 206, 90, 30]
    assert b["match_over"] is True and b["match_winner"] == 1 and b["next_leader"] is None
    longer = finished(record_b(**later, options={"target": 300}))
    assert longer["match_over"] is False and longer["match_winner"] is None and longer["next_leader"] == 1


def test_case_8_deal_b_with_discards_counts_the_dead_tiles() -> None:
    acts = actions(ACTIONS_B)
    acts[4] = action("S3 discard 5-6")
    acts[8] = action("S3 discard 4-6")
    b = finished(record_b(acts, options={"stuck": "discard"}))
    assert b["counts"] == [29, 20, 30, 47] and b["winner"] == 1
    assert b["dead"][3] == ["5-6", "4-6"]


def test_case_9_deal_c_tie_goes_to_the_first_tied_seat_after_the_blocker() -> None:
    c = finished(record_c())
    assert c["blocker"] == 1 and c["counts"] == [21, 23, 23, 21]
    assert c["winner"] == 3 and c["points"] == [0, 0, 0, 67]


def test_case_10_deal_c_with_teams_tied_totals_go_to_the_blockers_opponents() -> None:
    c = finished(record_c(options={"teams": True}))  # 44 against 44
    assert c["winner"] == 0 and c["points"] == [44, 0]


@pytest.mark.parametrize(
    ("index", "replaced", "reason"),
    [
        (0, "S2 2-5", "must-open"),
        (1, "S3 0-6", "end-needed"),
        (2, "S0 pass", "must-play"),
        (2, "S0 4-4", "no-match"),
        (2, "S1 2-6", "not-your-turn"),
    ],
)
def test_case_11_illegal_actions_of_deal_a(index: int, replaced: str, reason: str) -> None:
    acts = actions(ACTIONS_A)
    acts[index] = action(replaced)
    assert replay(record_a(acts)) == (index, reason)


def test_case_12_a_pass_under_discard_and_an_action_after_the_end() -> None:
    assert replay(record_a(options={"stuck": "discard"})) == (19, "bad-action")
    assert replay(record_a([*actions(ACTIONS_A), action("S3 0-2")])) == (25, "deal-over")


HANDS_13 = [
    "0-3 0-4 0-5 0-6 1-2 1-3 1-4",
    "0-0 1-1 2-2 3-3 4-4 0-1 0-2",
    "1-5 1-6 2-3 2-4 2-5 2-6 3-4",
    "3-5 3-6 4-5 4-6 5-5 5-6 6-6",
]


def test_case_13_five_doubles_annul_the_deal() -> None:
    out = replay(record(HANDS_13, [], leader=1))
    assert isinstance(out, dict)
    assert out["finished"] is True and out["annulled"] is True and out["reason"] == "doubles"
    assert out["points"] == [0, 0, 0, 0] and out["scores"] == [0, 0, 0, 0]
    assert out["next_leader"] is None and out["match_over"] is False and out["match_winner"] is None
    assert replay(record(HANDS_13, [action("S1 0-0")], leader=1)) == (0, "deal-over")
    options = {"redeal_doubles": 6}
    assert replay(record(HANDS_13, [], leader=1, options=options)) == {
        "finished": False,
        "to_act": 1,
        "ends": None,
    }
    deal, _ = GAME.deal_from_record(record(HANDS_13, [], leader=1, options=options))
    assert deal.legal_actions() == [Action(1, "play", BY_CODE["0-0"].index)]


@pytest.mark.parametrize(
    ("lead", "opening"),
    [("double", ["2-2", "6-6"]), ("any", ["0-2", "0-3", "0-4", "1-5", "2-2", "3-4", "6-6"])],
)
def test_case_14_a_later_deal_opens_with_a_double_or_any_tile(lead: str, opening: list[str]) -> None:
    rec = record_b([], first=False, leader=0, options={"lead": lead} if lead != "double" else None)
    if rec["options"] is None:
        del rec["options"]
    deal, _ = GAME.deal_from_record(rec)
    assert deal.to_act() == 0
    assert [a.to_json()["tile"] for a in deal.legal_actions()] == opening
    rec["actions"] = [action("S0 0-2")]
    expected = (0, "must-open") if lead == "double" else {"finished": False, "to_act": 1, "ends": [0, 2]}
    assert replay(rec) == expected
