"""The review engine: certain answers, what it may read, determinism, and bad records."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardavia.bots.registry import get_bot
from cardavia.bots.review import LABELS, Thresholds, review_record
from cardavia.games.registry import get_game
from cardavia.games.replay import ReplayRejected


def _bots_play(deal: Any, game: str, rng: random.Random, level: str = "normal") -> None:
    bot = get_bot(game, level)
    while (s := deal.to_act()) is not None:
        deal.apply(bot.decide(deal.view(s), rng).action)


@pytest.mark.parametrize("game_id", ["tien-gow", "cherki"])
def test_review_is_deterministic_and_well_formed(game_id: str) -> None:
    game = get_game(game_id)
    deal = game.new_deal(9)
    _bots_play(deal, game_id, random.Random(9), "easy")
    record = deal.to_record()
    first = review_record(record, 0, seed=4)
    assert first.to_json(full=True) == review_record(record, 0, seed=4).to_json(full=True)
    out = first.to_json()
    assert set(out) == {"game", "seat", "decisions", "summary"}
    assert out["game"] == game_id and out["seat"] == 0
    assert out["summary"]["decisions"] == len(out["decisions"]) > 0
    key = "plays" if game_id == "tien-gow" else "actions"
    forced = 0
    for d in out["decisions"]:
        assert set(d) == {"index", "chosen", "best", "loss", "ci95", "label"}
        assert record[key][d["index"]] == d["chosen"]
        assert d["label"] in LABELS and d["loss"] >= 0
        if d["label"] == "best":
            assert d["loss"] == 0 and d["chosen"] == d["best"]
    # forced turns are not decisions
    deal2, actions = game.deal_from_record(record)
    for i, a in enumerate(actions):
        if deal2.to_act() == 0 and len(deal2.view(0).legal) == 1:
            forced += 1
            assert all(d["index"] != i for d in out["decisions"])
        deal2.apply(a)
    assert 0 <= out["summary"]["accuracy"] <= 100
    assert out["summary"]["points_lost"] == pytest.approx(sum(d["loss"] for d in out["decisions"]), abs=0.05)


def test_labels_need_the_lower_bound_to_clear_the_threshold() -> None:
    t = Thresholds(2.0, 5.0, 10.0)
    assert [t.label(x) for x in (-1.0, 1.99, 2.0, 4.9, 5.0, 9.99, 10.0)] == [
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
    ]


def test_unfinished_records_and_bad_seats_are_refused_with_a_reason() -> None:
    from cardavia.bots.review import ReviewError

    game = get_game("tien-gow")
    deal = game.new_deal(1)
    deal.apply(deal.legal_actions()[0])
    with pytest.raises(ReviewError) as exc:
        review_record(deal.to_record(), 0)
    assert exc.value.code == "unfinished"
    _bots_play(deal, "tien-gow", random.Random(1))
    with pytest.raises(ReviewError) as exc:
        review_record(deal.to_record(), 4)
    assert exc.value.code == "bad-seat"
    with pytest.raises(ReplayRejected):
        review_record({"game": "tien-gow", "banker": 0}, 0)


class _ToyAnalyst:
    """Actions are numbers whose play-out is worth ``means[a]`` plus the sample's luck (common to every
    action, as a sampled deal is) plus noise of ``spread`` points that differs between actions."""

    thresholds = Thresholds(1.0, 3.0, 6.0)

    def __init__(self, means: list[float], spread: float) -> None:
        from cardavia.bots.review import Sampling

        self.means = means
        self.spread = spread
        self.sampling = Sampling(screen=16, keep=3, min_samples=32, max_samples=512, batch=16, precision=0.5)
        self.calls: dict[int, int] = {}

    def is_decision(self, view: Any) -> bool:
        return True

    def prepare(self, view: Any) -> Any:
        return None

    def sample(self, prepared: Any, rng: random.Random) -> float:
        return rng.gauss(0.0, 10.0)  # the luck of the deal: the same for every alternative

    def outcome(self, prepared: Any, world: float, action: int, rng: random.Random) -> float:
        self.calls[action] = self.calls.get(action, 0) + 1
        noise = random.Random(f"{world}:{action}").gauss(0.0, self.spread)
        return world + self.means[action] + noise

    def key(self, action: int) -> int:
        return action

    def describe(self, action: int) -> Any:
        from cardavia.bots.base import Reason

        return Reason("toy", f"play {action}", {})

    def reason(self, view: Any, action: int, chosen: int, samples: int, mean: float) -> Any:
        return self.describe(action)


class _ToyGame:
    def action_to_json(self, action: int) -> dict[str, int]:
        return {"a": action}


def _toy(means: list[float], spread: float, chosen: int = 0) -> tuple[Any, _ToyAnalyst]:
    from types import SimpleNamespace

    from cardavia.bots.review import review_decision

    analyst = _ToyAnalyst(means, spread)
    view = SimpleNamespace(legal=list(range(len(means))))
    d = review_decision(analyst, _ToyGame(), view, chosen, 0, seed=4)  # type: ignore[arg-type]
    assert d is not None
    return d, analyst


def test_a_clear_decision_stops_early_and_a_close_one_samples_on() -> None:
    clear, _ = _toy([0.0, 8.0, -5.0], spread=0.5)
    assert clear.best == {"a": 1} and clear.label == "blunder" and clear.samples == 32
    assert clear.ci95[0] <= 8.0 <= clear.ci95[1]
    # a loss of 0.8 under 4 points of noise: the label could still change, so it samples on
    close, _ = _toy([0.0, 0.8, -5.0], spread=4.0)
    assert close.samples > 32 and close.ci95[0] <= 0.8 <= close.ci95[1]
    # the chosen action leads by a little: it samples on until no other can beat it by 0.5 points
    leads, _ = _toy([0.3, 0.0, -5.0], spread=4.0)
    assert leads.samples > 32 and leads.label == "best" and leads.loss == 0


def test_an_alternative_clearly_below_the_leader_gets_no_more_samples() -> None:
    d, analyst = _toy([0.0, 0.6, 0.5, -9.0], spread=4.0)
    assert d.samples > 32
    # the hopeless one is left out after the screen (the three best go on); the chosen one is
    # measured on every sample the best met
    assert analyst.calls[3] == 16 and analyst.calls[0] == d.samples
    # one clearly below the leader is dropped at the first check (after min_samples)
    d, analyst = _toy([0.0, 0.05, -9.0], spread=4.0, chosen=1)
    assert d.label == "best" and analyst.calls[2] == 32 < analyst.calls[1]


def test_biggest_losses_are_the_decisions_labelled_a_loss_biggest_first() -> None:
    from cardavia.bots.base import Reason
    from cardavia.bots.review import DecisionReview, Review, biggest_losses

    def decision(index: int, loss: float, label: str) -> DecisionReview:
        why = Reason("toy", "why", {})
        return DecisionReview(index, {}, {}, loss, (loss / 2, loss * 2), label, 64, loss * 3, why, 3)

    review = Review(
        "toy",
        0,
        (
            decision(0, 0.0, "best"),
            decision(1, 0.8, "good"),  # a loss the samples cannot tell from noise: not listed
            decision(2, 2.5, "inaccuracy"),
            decision(3, 7.0, "blunder"),
            decision(4, 2.5, "mistake"),
        ),
    )
    assert [d.index for d in biggest_losses(review)] == [3, 2, 4]
    assert review.to_json(full=True)["losses"] == [3, 2, 4]
