"""Reviews of Tien Gow deals: a certain blunder, and a review that never reads a hidden tile."""

from __future__ import annotations

import random
from typing import Any

from tgbot_helpers import hidden_twin

from cardavia.bots.registry import get_bot
from cardavia.bots.review import biggest_losses, review_record
from cardavia.bots.tien_gow.review import ANALYST
from cardavia.games.registry import get_game


def _bots_play(deal: Any, game: str, rng: random.Random, level: str = "normal") -> None:
    bot = get_bot(game, level)
    while (s := deal.to_act()) is not None:
        deal.apply(bot.decide(deal.view(s), rng).action)


def heaven_face_down_record() -> tuple[dict[str, Any], int]:
    """Seed 47 played by ``normal``: seat 2 is left with Heaven 6-6 alone on a final single civil lead
    (not Heaven) with a column won, and puts it face down. Returns the record and that play's index."""
    game = get_game("tien-gow")
    deal = game.new_deal(47)
    rng = random.Random(47)
    bot = get_bot("tien-gow", "normal")
    while (s := deal.to_act()) is not None:
        view = deal.view(s)
        if s == 2 and [t.code for t in view.hand] == ["6-6"] and view.trick:
            lead = view.trick[0]
            assert lead.count == 1 and lead.tiles[0].civil and lead.tiles[0].code != "6-6"
            assert view.columns[2] > 0 and view.hand_sizes[2] == 1
            index = len(deal.history)
            down = next(p for p in view.legal if not p.face_up)
            deal.apply(down)
            _bots_play(deal, "tien-gow", rng)
            return deal.to_record(), index
        deal.apply(bot.decide(view, rng).action)
    raise AssertionError("the position was not reached")


def test_heaven_face_down_on_the_last_single_is_a_certain_blunder() -> None:
    record, index = heaven_face_down_record()
    review = review_record(record, 2, seed=3)
    d = next(d for d in review.decisions if d.index == index)
    assert d.chosen == {"seat": 2, "tiles": ["6-6"], "face": "down"}
    assert d.best == {"seat": 2, "tiles": ["6-6"], "face": "up"}
    assert d.label == "blunder"
    # every hidden tile is known at the last trick's end: the loss is the same on every sample
    assert d.ci95[0] == d.ci95[1] == d.loss >= 10
    assert biggest_losses(review)[0] == d


def test_tien_gow_review_never_reads_a_hidden_tile() -> None:
    game = get_game("tien-gow")
    checked = 0
    for seed in range(6):
        deal = game.new_deal(seed)
        _bots_play(deal, "tien-gow", random.Random(seed))
        seat = seed % 4
        twin = hidden_twin(deal, seat, random.Random(seed))
        a, b = deal.to_record(), twin.to_record()
        if a["hands"] == b["hands"]:
            continue  # nothing was hidden from this seat at the end (no face-down play by another)
        assert a["hands"][seat] == b["hands"][seat]
        ra = review_record(a, seat, seed=11).to_json(full=True)
        rb = review_record(b, seat, seed=11).to_json(full=True)
        assert ra == rb
        checked += 1
    assert checked >= 3


def test_the_better_move_is_named_as_a_move_to_make_face_up_or_down() -> None:
    record, index = heaven_face_down_record()
    d = next(
        d for d in review_record(record, 2, seed=3).to_json(full=True)["decisions"] if d["index"] == index
    )
    # the chosen move was Heaven face down: the better one says "face up" and names the tile
    assert d["better"] == {"id": "move-up", "text": "play Heaven 6-6 face up", "params": {"tiles": ["6-6"]}}
    game = get_game("tien-gow")
    down = ANALYST.describe(game.action_from_json(d["chosen"], 2))
    assert down.to_json() == {
        "id": "move-down",
        "text": "put Heaven 6-6 face down",
        "params": {"tiles": ["6-6"]},
    }
