"""Property tests: random seeded deals with random legal play keep every invariant of the spec.

Each example plays one whole deal. The example counts are kept modest for the suite's budget:
``DEALS`` deals with the default rules, ``OPTION_DEALS`` with random rule options.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardavia.games.errors import IllegalAction
from cardavia.games.tien_gow import GAME, MESSAGES, Play, TienGowDeal, full_set, group_of, sort_tiles

DEALS = 120
OPTION_DEALS = 40

seeds = st.integers(min_value=0, max_value=2**32 - 1)
options = st.fixed_dictionaries(
    {},
    optional={
        "turn_order": st.sampled_from(["counter-clockwise", "clockwise"]),
        "banker_doubles_surplus": st.booleans(),
        "bonus_on_final_trick": st.booleans(),
        "last_factor_on_surplus": st.booleans(),
        "final_quartet_factor": st.sampled_from([2, 4]),
        "catch_factor": st.sampled_from([1, 2, 4]),
    },
)

CODE = re.compile(r"^[1-6]-[1-6]$")


def _codes_by_path(obj: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], str]]:
    if isinstance(obj, dict):
        return [hit for k, v in obj.items() for hit in _codes_by_path(v, (*path, k))]
    if isinstance(obj, list):
        return [hit for i, v in enumerate(obj) for hit in _codes_by_path(v, (*path, i))]
    if isinstance(obj, str) and CODE.match(obj):
        return [(path, obj)]
    return []


def check_view_hides(deal: TienGowDeal, seat: int, face_up_plays: list[tuple[int, list[str]]]) -> None:
    """The view of ``seat`` names only its own hand, its legal plays and the face-up plays."""
    view = json.loads(json.dumps(deal.view(seat).to_json()))
    own = sorted(t.code for t in deal.hand(seat))
    hand_codes: list[str] = []
    discard_codes: list[str] = []
    legal_codes: set[str] = set()
    public: list[tuple[int, list[str]]] = []
    for path, code in _codes_by_path(view):
        if path[0] == "hand":
            hand_codes.append(code)
        elif path[0] == "discards":
            discard_codes.append(code)
        elif path[0] == "legal" and path[2] == "tiles":
            legal_codes.add(code)
        elif (path[0] == "trick" and path[2] == "tiles") or (path[0] == "tricks" and path[4] == "tiles"):
            pass  # checked play by play below
        else:  # pragma: no cover - the assertion names the leak
            raise AssertionError(f"tile {code} at {path} in the view of seat {seat}")
    assert sorted(hand_codes) == own
    own_down = [t.code for p in deal.history if p.seat == seat and not p.face_up for t in p.tiles]
    assert sorted(discard_codes) == sorted(own_down)
    # what the seat has not seen is what the others hold or put face down
    others = [t.code for s in range(4) if s != seat for t in deal.hand(s)]
    others += [t.code for p in deal.history if p.seat != seat and not p.face_up for t in p.tiles]
    assert sorted(t.code for t in deal.view(seat).unseen()) == sorted(others)
    assert legal_codes <= set(own)
    plays = [p for t in view["tricks"] for p in t["plays"]] + view["trick"]
    mine: list[list[str]] = []
    for p in plays:
        if p["face"] == "down" and p["seat"] == seat:  # its own: the seat played those tiles
            assert set(p) == {"seat", "face", "count", "tiles"} and len(p["tiles"]) == p["count"]
            mine.append(p["tiles"])
        elif p["face"] == "down":
            assert set(p) == {"seat", "face", "count"}
        else:
            public.append((p["seat"], p["tiles"]))
    assert public == face_up_plays
    assert mine == [[t.code for t in p.tiles] for p in deal.history if p.seat == seat and not p.face_up]


def play_out(seed: int, opts: dict[str, Any], check_views: bool) -> TienGowDeal:
    deal = GAME.new_deal(seed, options=opts)
    rng = random.Random(seed ^ 0x5EED)
    face_up_plays: list[tuple[int, list[str]]] = []
    high = None
    tricks = 0
    while not deal.is_over():
        seat = deal.to_act()
        assert seat is not None
        legal = deal.legal_actions()
        assert len(legal) > 0 and all(p.seat == seat for p in legal)
        play = rng.choice(legal)
        leading = sum(deal.hand_sizes) % 4 == 0 and not deal.view(seat).trick
        if play.face_up:
            group = group_of(play.tiles)
            assert group is not None
            if not leading:  # face-up plays rise strictly within a trick
                assert high is not None and group.beats(high)
            high = group
            face_up_plays.append((seat, play.codes))
        deal.apply(play)
        # 32 tiles conserved: what is held plus what was played is the set
        held = Counter(t.code for s in range(4) for t in deal.hand(s))
        played = Counter(t.code for p in deal.history for t in p.tiles)
        assert held + played == Counter(t.code for t in full_set())
        if deal.trick_count > tricks:
            tricks = deal.trick_count
            assert sum(deal.immediate) == 0  # money sums to 0 after every trick
            assert len(set(deal.hand_sizes)) == 1
        if check_views:
            for s in range(4):
                check_view_hides(deal, s, face_up_plays)
    return deal


def check_result(deal: TienGowDeal) -> None:
    result = deal.result()
    assert result is not None
    assert sum(result["columns"]) == 8
    assert result["columns"][result["winner"]] >= 2
    assert 2 <= len(result["tricks"]) <= 8
    assert sum(t["size"] for t in result["tricks"]) == 8
    assert sum(result["immediate"]) == sum(result["settlement"]) == sum(result["net"]) == 0
    assert result["net"] == [a + b for a, b in zip(result["immediate"], result["settlement"], strict=True)]
    assert result["next_banker"] == result["winner"] == result["tricks"][-1]["winner"]
    for before, after in zip(result["tricks"], result["tricks"][1:], strict=False):
        assert after["leader"] == before["winner"]
    assert result["tricks"][0]["leader"] == deal.banker


@settings(max_examples=DEALS, deadline=None)
@given(seed=seeds)
def test_random_deals_keep_the_invariants_and_hide_what_is_hidden(seed: int) -> None:
    deal = play_out(seed, {}, check_views=True)
    check_result(deal)
    # the record replays to the same outcome
    record = json.loads(json.dumps(deal.to_record()))
    rebuilt, actions = GAME.deal_from_record(record)
    for action in actions:
        rebuilt.apply(action)
    assert rebuilt.result() == deal.result() and rebuilt.to_record() == record
    # after the end the views still hold no hidden tile
    for s in range(4):
        view = deal.view(s).to_json()
        assert view["hand"] == [] and view["legal"] == [] and view["result"] == deal.result()


@settings(max_examples=OPTION_DEALS, deadline=None)
@given(seed=seeds, opts=options)
def test_random_deals_under_random_options(seed: int, opts: dict[str, Any]) -> None:
    deal = play_out(seed, opts, check_views=False)
    check_result(deal)
    record = json.loads(json.dumps(deal.to_record()))
    rebuilt, actions = GAME.deal_from_record(record)
    for action in actions:
        rebuilt.apply(action)
    assert rebuilt.result() == deal.result()


@settings(max_examples=30, deadline=None)
@given(seed=seeds, cut=st.integers(min_value=0, max_value=40))
def test_clones_and_rebuilt_deals_play_on_identically(seed: int, cut: int) -> None:
    deal = GAME.new_deal(seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if deal.is_over():
            break
        deal.apply(rng.choice(deal.legal_actions()))
    twin = deal.clone()
    rebuilt, actions = GAME.deal_from_record(deal.to_record())
    for action in actions:
        rebuilt.apply(action)
    for copy in (twin, rebuilt):
        assert copy.view(0).to_json() == deal.view(0).to_json()
        assert [p.to_json() for p in copy.legal_actions()] == [p.to_json() for p in deal.legal_actions()]
    while not deal.is_over():
        i = rng.randrange(len(deal.legal_actions()))
        for d in (deal, twin, rebuilt):
            d.apply(d.legal_actions()[i])
    assert deal.result() == twin.result() == rebuilt.result()


@settings(max_examples=40, deadline=None)
@given(seed=seeds)
def test_random_legal_action_is_among_the_legal_actions(seed: int) -> None:
    deal = GAME.new_deal(seed)
    rng = random.Random(seed)
    while not deal.is_over():
        play = deal.random_legal_action(rng)
        legal = list(deal.legal_actions())
        assert play in legal and play in deal.legal_actions()
        assert len(set(legal)) == len(legal)
        deal.apply(play)


@settings(max_examples=40, deadline=None)
@given(seed=seeds)
def test_apply_accepts_exactly_the_legal_actions(seed: int) -> None:
    """Random tries from the acting seat's hand: apply succeeds iff the play is in legal_actions()."""
    deal = GAME.new_deal(seed)
    rng = random.Random(seed)
    while not deal.is_over():
        seat = deal.to_act()
        assert seat is not None
        hand = list(deal.hand(seat))
        legal = deal.legal_actions()
        for _ in range(6):
            k = rng.randint(1, min(4, len(hand)))
            tiles = sort_tiles(rng.sample(hand, k))
            play = Play(seat, tiles, rng.random() < 0.5)
            twin = deal.clone()
            if play in legal:
                twin.apply(play)
            else:
                before = twin.to_record()
                try:
                    twin.apply(play)
                except IllegalAction as exc:
                    assert exc.code in MESSAGES and exc.message
                    assert twin.to_record() == before
                else:  # pragma: no cover
                    raise AssertionError(f"{play} was applied but is not legal")
        deal.apply(rng.choice(legal))
