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


def test_the_reasons_say_what_the_better_move_wins_or_keeps_never_the_play_outs_figures() -> None:
    from cardavia.bots.tien_gow.messages import HINTS

    game = get_game("tien-gow")
    kept_seen = 0
    for seed in range(4):
        deal = game.new_deal(seed)
        _bots_play(deal, "tien-gow", random.Random(seed), level="easy")  # a beginner errs often
        review = review_record(deal.to_record(), 0, seed=1, max_samples=48).to_json(full=True)
        for d in review["decisions"]:
            reason = d["reason"]
            assert reason["id"] in HINTS and reason["id"] != "search", reason
            assert not {"samples", "score"} & set(reason["params"]), reason
            assert "{" not in reason["text"], reason
            if "kept" in reason["params"]:
                # the tiles kept are the player's own move's tiles that the better move did not spend
                # (where the player's was the best, those of the rule of thumb's or the next best)
                other = d["chosen"] if d["values"]["versus"] == "yours" else d["values"]["move"]["params"]
                assert reason["params"]["kept"], reason
                assert all(code in other["tiles"] for code in reason["params"]["kept"]), (d, reason)
                assert all(code not in d["best"]["tiles"] for code in reason["params"]["kept"]), (d, reason)
                kept_seen += 1
            # the figures the reasons no longer carry are in the decision itself
            assert d["samples"] > 0 and isinstance(d["mean"], float)
    assert kept_seen > 0


def test_a_face_down_better_move_keeps_the_tiles_the_player_spent() -> None:
    from cardavia.bots.tien_gow.review import _keeping, _less
    from cardavia.games.tien_gow.actions import make_play
    from cardavia.games.tien_gow.tiles import BY_CODE

    spent = (BY_CODE["6-6"], BY_CODE["1-3"], BY_CODE["1-3"])
    assert [t.code for t in _less(spent, (BY_CODE["1-3"],))] == ["6-6", "1-3"]  # one copy of two
    reason = _keeping(make_play(1, ["2-2"], face_up=False), _less((BY_CODE["6-6"],), ()))
    assert reason.to_json() == {
        "id": "keep",
        "text": "it keeps Heaven 6-6 for a later trick",
        "params": {"tiles": ["2-2"], "kept": ["6-6"]},
    }
