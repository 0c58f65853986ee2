"""The exact review hook (``ExactAnalyst``): a game that values each choice exactly is reviewed
without sampling, through the same ``review_record``, ``Review`` JSON and labels; a sampled
review's output is unchanged. Shown on the toy game with an analyst of made-up values."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable, Iterator
from typing import Any

import pytest

from cardavia.bots.base import Reason
from cardavia.bots.review import Exact, ExactAnalyst, Thresholds, actor, review_record
from cardavia.games.profile import Review
from cardavia.games.registry import registered
from toy import ENTRY
from toy.engine import GAME, Play, ToyView


class Values:
    """Made-up exact values: a piece is worth its number / 10, a Four as much as a Five."""

    thresholds = Thresholds(0.1, 0.2, 0.4)
    version = 3

    def is_decision(self, view: ToyView) -> bool:
        return len(set(view.legal)) > 1

    def exact(self, view: ToyView) -> Exact:
        values = tuple((a, 0.5 if a.piece == "4" else int(a.piece) / 10) for a in view.legal)
        return Exact(values, Reason("against", "against you"))

    def choice(self, view: ToyView, action: Play) -> Hashable:
        return action.piece

    def describe(self, view: ToyView, action: Play) -> Reason:
        return Reason("play", f"play {action.piece}", {"piece": action.piece})

    def reason(self, view: ToyView, action: Play, chosen: Play, value: float) -> Reason:
        return Reason("higher", f"{action.piece} is worth {value}")


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # the toy as a game whose profile says its decisions are valued exactly (its analyst: Values)
    monkeypatch.setattr(GAME, "profile", dataclasses.replace(GAME.profile, review=Review.EXACT))
    with registered(ENTRY):
        yield


def _record(seed: int, pick: Any) -> dict[str, Any]:
    deal = GAME.new_deal(seed)
    while (seat := deal.to_act()) is not None:
        deal.apply(pick(deal.view(seat)))
    return dict(deal.to_record())


def test_an_analyst_with_exact_is_an_exact_one() -> None:
    assert isinstance(Values(), ExactAnalyst)


def test_each_decision_is_priced_exactly_with_every_choice_listed() -> None:
    record = _record(4, lambda view: min(view.legal, key=lambda a: a.piece))  # the lowest piece
    review = review_record(record, 1, analyst=Values())
    assert review.exact and review.version == 3
    deal, actions = GAME.deal_from_record(record)
    mine = []
    for index, action in enumerate(actions):
        if deal.to_act() == 1 and len(set(deal.view(1).legal)) > 1:
            mine.append((index, deal.view(1)))
        deal.apply(action)
    assert [d.index for d in review.decisions] == [i for i, _ in mine]
    for d, (_, view) in zip(review.decisions, mine, strict=True):
        worth = {a.piece: 0.5 if a.piece == "4" else int(a.piece) / 10 for a in view.legal}
        chosen = d.chosen["piece"]
        assert d.loss == pytest.approx(max(worth.values()) - worth[chosen])
        assert d.ci95 == (d.loss, d.loss) and d.samples == 0
        assert d.label == ("best" if d.loss == 0 else Values.thresholds.label(d.loss, d.spread))
        # every choice once, the best first
        pieces = list(dict.fromkeys(a.piece for a in view.legal))
        assert [o.action["piece"] for o in d.options] == sorted(pieces, key=lambda p: -worth[p])
        assert [o.chosen for o in d.options] == [o.action["piece"] == chosen for o in d.options]
        assert sum(o.best for o in d.options) == 1
        out = d.to_json()
        assert out["exact"] is True and out["against"] == {
            "id": "against",
            "text": "against you",
            "params": {},
        }
        assert [o["value"] for o in out["options"]] == [worth[o.action["piece"]] for o in d.options]
    full = review.to_json(full=True)
    assert full["exact"] is True and full["version"] == 3
    assert review.points_lost == pytest.approx(sum(d.loss for d in review.decisions))


def test_an_equally_good_choice_is_the_best() -> None:
    # a Four is worth a Five: whoever plays a Four where a Five (and nothing higher) was there lost nothing
    def four_first(view: ToyView) -> Play:
        fours = [a for a in view.legal if a.piece == "4"]
        return fours[0] if fours else view.legal[0]

    for seed in range(40):
        record = _record(seed, four_first)
        for seat in range(3):
            for d in review_record(record, seat, analyst=Values()).decisions:
                if d.chosen["piece"] == "4" and max(int(o.action["piece"]) for o in d.options) == 5:
                    assert d.label == "best" and d.loss == 0 and d.better is None
                    assert next(o for o in d.options if o.chosen).best
                    return
    pytest.fail("no deal had a Four chosen beside a Five")


def test_the_review_needs_no_seed_and_draws_nothing() -> None:
    record = _record(2, lambda view: random.Random(len(view.hand)).choice(view.legal))
    a = review_record(record, 0, analyst=Values(), seed=1).to_json(full=True)
    b = review_record(record, 0, analyst=Values(), seed=2, max_samples=2).to_json(full=True)
    a.pop("seed")
    b.pop("seed")
    assert a == b


def test_the_actor_of_a_one_seat_game_is_the_seat_to_act() -> None:
    deal = GAME.new_deal(1)
    seat = deal.to_act()
    assert actor(GAME, deal, deal.legal_actions()[0]) == seat and deal.to_act() == seat
