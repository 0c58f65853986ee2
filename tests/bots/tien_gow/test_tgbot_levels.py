"""Every level plays only legal plays, to the end of the deal, each with a reason a player can read."""

from __future__ import annotations

import random
import string

import pytest

from cardavia.bots.base import LEVELS
from cardavia.bots.registry import choose, suggest
from cardavia.bots.tien_gow import BOTS
from cardavia.bots.tien_gow.levels import HardBot
from cardavia.bots.tien_gow.messages import HINTS
from cardavia.games.tien_gow import GAME


@pytest.mark.parametrize("level", LEVELS)
def test_levels_play_legal_plays_with_reasons(level: str) -> None:
    bot = HardBot(max_samples=2) if level == "hard" else BOTS[level]
    for seed in range(3 if level == "hard" else 12):
        deal = GAME.new_deal(seed)
        rng = random.Random(seed)
        while (seat := deal.to_act()) is not None:
            view = deal.view(seat)
            decision = bot.decide(view, rng)
            assert decision.action in view.legal
            assert decision.reason.id in HINTS
            assert decision.reason.text and "{" not in decision.reason.text
            deal.apply(decision.action)
        assert deal.is_over()


def test_hint_names_the_tiles_it_is_about() -> None:
    deal = GAME.new_deal(5)
    for _ in range(10):
        seat = deal.to_act()
        assert seat is not None
        hint = suggest("tien-gow", deal.view(seat))
        assert hint.action in deal.view(seat).legal
        # the move is said with its tiles (where there was a choice, apart from why: as the review's
        # better move; else in the rule of thumb's reason itself)
        said = hint.move if hint.move is not None else hint.reason
        codes = said.params.get("tiles")
        assert codes and all(c in said.text for c in codes) and sorted(codes) == sorted(hint.action.codes)
        # the English text is the template filled in: the translators get the same id and params
        for reason in (hint.reason, said):
            template = HINTS[reason.id]
            fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
            assert fields <= set(reason.params)
        deal.apply(hint.action)


def test_registry_choose_is_repeatable_under_a_seed() -> None:
    deal = GAME.new_deal(8)
    view = deal.view(deal.to_act() or 0)
    assert choose("tien-gow", "easy", view, 4) == choose("tien-gow", "easy", view, 4)
    with pytest.raises(ValueError):
        choose("tien-gow", "grandmaster", view, 4)


def test_easy_follows_hunches_face_up_and_down_but_never_on_the_last_trick() -> None:
    hunches = {"hunch": 0, "hunch-down": 0}
    for seed in range(40):
        deal = GAME.new_deal(seed)
        rng = random.Random(seed)
        while (seat := deal.to_act()) is not None:
            view = deal.view(seat)
            decision = BOTS["easy"].decide(view, rng)
            if decision.reason.id in hunches:
                hunches[decision.reason.id] += 1
                # the last trick is never played on a whim: a seat still holds more than one group
                assert len(view.hand) > 2
            deal.apply(decision.action)
    assert hunches["hunch"] > 0 and hunches["hunch-down"] > 0
