"""The hand-written play's ideas in positions built for them."""

from __future__ import annotations

from cardavia.bots.tien_gow import policy
from cardavia.bots.tien_gow.sim import Sim
from cardavia.games.tien_gow import tile
from cardavia.games.tien_gow.groups import QUARTET_MASKS
from cardavia.games.tien_gow.tiles import mask_of


def m(*codes: str) -> int:
    mask = mask_of([tile(c) for c in codes])
    assert mask is not None
    return mask


def test_a_hand_of_unbeatable_groups_is_led_out() -> None:
    hands = [
        m("6-6", "6-6", "4-5", "3-6", "1-1", "1-1", "3-5", "2-6"),
        m("4-4", "4-4", "1-3", "1-3", "5-5", "5-5", "3-4", "2-5"),
        m("3-3", "3-3", "2-2", "2-2", "5-6", "5-6", "2-4", "1-4"),
        m("4-6", "4-6", "1-6", "1-6", "1-5", "1-5", "2-3", "1-2"),
    ]
    sim = Sim(hands, banker=0)
    mask, up, reason, shown = policy.choose(sim, 0)
    assert up and mask in QUARTET_MASKS and reason == "runout"
    assert shown in QUARTET_MASKS and shown != mask  # the other quartet is kept for the last trick


def test_a_lead_is_safe_once_every_tile_over_it_has_been_seen() -> None:
    hand = m("1-1", "3-5", "2-2")
    assert not policy.is_safe(m("1-1"), policy.unseen_of(hand, m("6-6")))
    assert policy.is_safe(m("1-1"), policy.unseen_of(hand, m("6-6", "6-6")))
    # an eight leads safely when both nines are out of play, not when one is
    assert not policy.is_safe(m("3-5"), policy.unseen_of(hand, m("4-5")))
    assert policy.is_safe(m("3-5"), policy.unseen_of(hand, m("4-5", "3-6")))


def _final_single(lead_seat: int, hands: list[str], columns: list[int]) -> Sim:
    sim = Sim([m(h) for h in hands], banker=lead_seat)
    sim.columns = columns
    return sim


def test_big_six_catches_a_led_little_three() -> None:
    sim = _final_single(0, ["1-2", "2-4", "5-5", "3-5"], [3, 2, 2, 1])
    sim.play(m("1-2"), True)
    assert policy.choose(sim, 1)[:3] == (m("2-4"), True, "catch")


def test_no_column_means_face_down_on_the_last_single() -> None:
    sim = _final_single(0, ["2-2", "6-6", "5-5", "3-5"], [4, 0, 2, 2])
    sim.play(m("2-2"), True)
    assert policy.choose(sim, 1)[:3] == (m("6-6"), False, "early-death")


def test_little_three_is_shed_while_big_six_is_out() -> None:
    hands = [m("1-2", "5-5"), m("4-4", "3-3"), m("2-4", "1-6"), m("1-5", "2-3")]
    sim = Sim(hands, banker=0)
    sim.columns = [2, 2, 2, 0]
    assert policy.choose(sim, 0)[:3] == (m("1-2"), True, "little-three-guard")


def test_discards_keep_the_strong_tiles() -> None:
    # seat 1 cannot beat a led nine and puts down its weakest tile, not Heaven
    hands = [m("4-5", "2-2"), m("6-6", "1-5"), m("1-1", "3-3"), m("4-4", "5-6")]
    sim = Sim(hands, banker=0)
    sim.columns = [2, 2, 2, 0]
    sim.play(m("4-5"), True)
    assert policy.choose(sim, 1)[:3] == (m("1-5"), False, "discard")
