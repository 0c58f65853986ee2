"""The Pai Gow levels: Easy is MAX-LOW, Normal MAX-HIGH, Hard the exact best response; each decides
from its seat's view only, with a reason in a player's words."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from cardavia.bots.pai_gow import BOTS
from cardavia.bots.pai_gow.exact import HANDS, value_splits
from cardavia.bots.pai_gow.levels import HardBot, split_of
from cardavia.bots.pai_gow.messages import HINTS
from cardavia.games.pai_gow import DEFAULT_OPTIONS, GAME, PaiGowDeal, View, result, splits_of, tile
from cardavia.games.pai_gow.tiles import Tile, unseen_by


def view_of(codes: str, seat: int = 0, banker: int = 1) -> View:
    """Seat ``seat``'s view of a deal where it holds ``codes`` (the other seats hold the rest, any way)."""
    mine = [tile(c) for c in codes.split()]
    others = unseen_by(mine)
    hands: list[list[Tile]] = [others[4 * i : 4 * i + 4] for i in range(3)]
    hands.insert(seat, mine)
    return PaiGowDeal(hands, banker).view(seat)


def chosen(level: str, codes: str, seat: int = 0, banker: int = 1) -> tuple[str, str, str]:
    view = view_of(codes, seat, banker)
    decision = BOTS[level].decide(view, random.Random(0))
    split = split_of(view, decision.action)
    return "+".join(t.code for t in split.high), "+".join(t.code for t in split.low), decision.reason.text


def test_normal_puts_the_strongest_hand_behind_and_easy_the_strongest_in_front() -> None:
    # {2-2, 1-5, 5-6, 3-6}: 0/0, 5/5, 7/3
    assert chosen("normal", "2-2 1-5 5-6 3-6")[:2] == ("5-6+1-5", "2-2+3-6")
    assert chosen("easy", "2-2 1-5 5-6 3-6")[:2] == ("2-2+5-6", "1-5+3-6")


def test_among_equal_high_hands_normal_takes_the_higher_low_and_easy_the_reverse() -> None:
    # {6-6, 1-1, 4-5, 3-6}: Teen-Wong/Day-Wong, 6-6+1-1 (4)/nines pair, ...: Normal takes the nines pair
    assert chosen("normal", "6-6 1-1 4-5 3-6")[:2] == ("3-6+4-5", "6-6+1-1")
    # easy: the highest low hand is Day-Wong (with Teen-Wong behind)
    high, low, _ = chosen("easy", "6-6 1-1 4-5 3-6")
    assert {high, low} == {"6-6+4-5", "1-1+3-6"} or {high, low} == {"6-6+3-6", "1-1+4-5"}


def test_normal_says_why_in_a_player_s_words() -> None:
    # what goes behind, what can still beat it (from the seat's own tiles only), what goes in front
    _, _, text = chosen("normal", "6-6 6-6 1-4 2-5")
    assert (
        text
        == "keeps the Heaven pair behind: it beats every banker's hand but the Supreme; 2-5+1-4 goes in front"
    )
    _, _, text = chosen("normal", "6-6 6-6 1-4 2-5", seat=1, banker=1)
    assert (
        text
        == "keeps the Heaven pair behind: it beats every player's hand but the Supreme; 2-5+1-4 goes in front"
    )
    _, _, text = chosen("normal", "6-6 6-6 2-4 2-5")  # holding a tile of the Supreme: no one else has it
    assert text == (
        "keeps the Heaven pair behind: with a tile of the Supreme in your hand no one can hold the Supreme, "
        "so nothing beats it; 2-5+2-4 goes in front"
    )
    _, _, text = chosen("normal", "2-4 1-2 1-4 2-5")
    assert text == "keeps the Supreme behind: nothing beats it; 2-5+1-4 goes in front"
    _, _, text = chosen("normal", "1-1 1-1 1-4 2-5")
    assert text == "keeps the Earth pair behind: only a higher pair beats it; 2-5+1-4 goes in front"
    _, _, text = chosen("normal", "4-5 3-6 1-4 2-5")
    assert text == "keeps the nine pair behind: only a higher pair beats it; 2-5+1-4 goes in front"
    _, _, text = chosen("normal", "6-6 4-5 1-4 2-5")
    assert text == "puts the Heaven Wong (6-6+4-5) behind: only a pair ranks above it; 2-5+1-4 goes in front"
    _, _, text = chosen("normal", "1-1 3-6 1-4 2-5")
    assert text.startswith(
        "puts the Earth Wong (1-1+3-6) behind: only a pair or a Heaven Wong ranks above it"
    )
    _, _, text = chosen("normal", "6-6 3-5 1-4 2-5")
    assert text.startswith("puts the Heaven Gong (6-6+3-5) behind: only a pair or a Wong ranks above it")
    _, _, text = chosen("normal", "1-1 4-4 1-4 2-5")
    assert text.startswith("puts the Earth Gong (1-1+4-4) behind: only a pair, a Wong or a Heaven Gong ranks")
    _, _, text = chosen("normal", "2-2 1-5 5-6 3-6")
    assert text == (
        "puts 5-6+1-5 behind, 7 points, the strongest hand these tiles make, and 2-2+3-6 in front, 3 points"
    )
    _, _, text = chosen("normal", "1-4 1-5 1-6 3-3")  # 1 and 0: the plural phrases
    assert text.endswith("in front, 1 point")
    _, _, text = chosen("normal", "4-6 5-5 5-6 6-6")
    assert text.endswith("in front, 0 points")
    _, _, text = chosen("easy", "2-2 1-5 5-6 3-6")
    assert text == "puts 1-5+3-6 in front, the strongest front hand these tiles allow, and 2-2+5-6 behind"


def test_every_hint_is_a_template_with_parameters_the_table_can_show() -> None:
    # no parameter of a reason holds words of its own (a hand's description): codes, a tile's
    # name, whole numbers; each template's placeholders are among its parameters or counts
    for codes in (
        "6-6 6-6 1-4 2-5",
        "2-4 1-2 1-4 2-5",
        "4-5 3-6 1-4 2-5",
        "1-1 4-4 1-4 2-5",
        "2-2 1-5 5-6 3-6",
    ):
        for level in ("easy", "normal", "hard"):
            reason = BOTS[level].decide(view_of(codes), random.Random(0)).reason
            for key, value in reason.params.items():
                assert isinstance(value, int | float | str | list), (key, value)
                if isinstance(value, list):
                    assert all(isinstance(v, str) and "-" in v for v in value), (key, value)
            assert reason.id in HINTS


def test_hard_takes_the_exact_best_and_says_what_it_gains_over_normal() -> None:
    high, low, text = chosen("hard", "3-4 2-5 6-6 5-6")
    assert {high, low} in ({"6-6+3-4", "5-6+2-5"}, {"6-6+2-5", "5-6+3-4"})
    assert text.endswith(
        "win more on average than the strongest hand behind, counting every hand the others may hold"
    )
    reason = BOTS["hard"].decide(view_of("3-4 2-5 6-6 5-6"), random.Random(0)).reason
    assert reason.params["ev"] == pytest.approx(0.4539, abs=0.0001)
    assert reason.params["gain"] == pytest.approx(0.4539 - 0.2099, abs=0.0002)
    high, low, text = chosen("hard", "2-2 1-5 5-6 3-6")
    assert (high, low) == ("2-2+5-6", "1-5+3-6")  # 5/5, not Normal's 7/3
    assert chosen("hard", "2-4 1-2 6-6 1-6") == (
        "1-2+2-4",
        "6-6+1-6",
        "1-2+2-4 behind and 6-6+1-6 in front win the most on average of the 3 splits, counting every hand "
        "the others may hold",
    )


def test_hard_breaks_ties_by_normal_s_choice() -> None:
    # two pairs of alike tiles: 6-6+6-6 / 1-1+1-1 and 6-6+1-1 twice; both players' keys order
    view = view_of("6-6 6-6 1-1 1-1")
    valued = value_splits(0, view.hand, 1, ("normal",) * 4)
    decision = BOTS["hard"].decide(view, random.Random(0))
    best = max(v.ev for v in valued)
    ties = [v for v in valued if v.ev == best]
    assert split_of(view, decision.action).orders == max(v.split.orders for v in ties)


def _brute_force_player(hand: list[Tile], banker_level: str) -> list[float]:
    """Every split's EV by the definition, one banker hand at a time through the engine's splits."""
    hidden = unseen_by(hand)
    out = []
    for mine in splits_of(hand):
        total = 0
        for four in combinations(hidden, 4):
            splits = splits_of(list(four))
            if banker_level == "easy":
                bank = max(splits, key=lambda s: (s.orders[1], s.orders[0]))
            else:
                bank = max(splits, key=lambda s: s.orders)
            total += result(mine.orders, bank.orders, DEFAULT_OPTIONS)
        out.append(total / HANDS)
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("codes", "level"), [("1-1 4-5 2-2 1-2", "easy")])  # Normal: the spec's values
def test_the_fast_enumeration_is_the_definition(codes: str, level: str) -> None:
    hand = [tile(c) for c in codes.split()]
    fast = value_splits(0, hand, 1, ("normal", level, "normal", "normal"))
    slow = _brute_force_player(hand, level)
    by_split = {frozenset(map(tuple, v.split.to_json().values())): float(v.ev) for v in fast}
    for s, ev in zip(splits_of(hand), slow, strict=True):
        assert by_split[frozenset(map(tuple, s.to_json().values()))] == pytest.approx(ev, abs=1e-12)


def test_the_banker_s_value_is_the_sum_over_the_players() -> None:
    hand = [tile(c) for c in ["6-6", "1-1", "4-5", "2-2"]]
    alone = value_splits(1, hand, 1, ("normal", "easy", "normal", "easy"))
    normal = value_splits(1, hand, 1, ("normal",) * 4)
    easy = value_splits(1, hand, 1, ("easy",) * 4)
    for a, n, e in zip(alone, normal, easy, strict=True):
        assert a.ev == (2 * n.ev + e.ev) / 3  # players 0 and 2 Normal, 3 Easy


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_each_level_sets_legally_from_its_view_alone(level: str) -> None:
    bot = BOTS[level]
    for seed in range(25):
        deal = GAME.new_deal(seed)
        twin_hands = []
        for seat in range(4):
            decision = bot.decide(deal.view(seat), random.Random(seed))
            assert decision.action in deal.view(seat).legal and decision.reason.text
            twin_hands.append(decision.action)
        for seat in (2, 0, 3, 1):
            deal.apply(twin_hands[seat])
        assert deal.is_over()


def test_a_decision_depends_on_the_view_only() -> None:
    """The same seat's view in deals whose other seats hold other tiles: the same decision."""
    deal = GAME.new_deal(5)
    for seat in range(4):
        mine = deal.hand(seat)
        rest = unseen_by(list(mine))
        random.Random(seat).shuffle(rest)
        hands: list[list[Tile]] = [rest[4 * i : 4 * i + 4] for i in range(3)]
        hands.insert(seat, list(mine))
        twin = PaiGowDeal(hands, deal.banker)
        for level in ("easy", "normal", "hard"):
            a = BOTS[level].decide(deal.view(seat), random.Random(1))
            b = BOTS[level].decide(twin.view(seat), random.Random(2))
            assert a == b


def test_a_seat_that_has_set_has_nothing_to_decide() -> None:
    deal = GAME.new_deal(5)
    deal.apply(deal.legal_actions_of(0)[0])
    for level in ("easy", "normal", "hard"):
        with pytest.raises(ValueError):
            BOTS[level].decide(deal.view(0), random.Random(0))


def test_hard_can_be_told_the_other_seats_levels() -> None:
    # against an Easy banker, Hard answers Easy's sets: the split with the best EV against Easy
    view = view_of("2-2 1-5 5-6 3-6")
    levels = ("normal", "easy", "normal", "normal")
    decision = HardBot(levels=levels).decide(view, random.Random(0))
    valued = value_splits(0, view.hand, 1, levels)
    assert decision.reason.params["ev"] == pytest.approx(float(max(v.ev for v in valued)), abs=0.0001)
    bank_view = view_of("2-2 1-5 5-6 3-6", seat=1, banker=1)
    levels = ("easy", "normal", "normal", "easy")
    decision = HardBot(levels=levels).decide(bank_view, random.Random(0))
    valued = value_splits(1, bank_view.hand, 1, levels)
    assert decision.reason.params["ev"] == pytest.approx(float(max(v.ev for v in valued)), abs=0.0001)
