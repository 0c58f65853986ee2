"""The Twenty-Nine bots (easy, normal; hard's legality and fixed work): legal actions with reasons
in words, decisions from the seat's view only (the hidden trump cannot change a non-bidder's
choice), the trump inferred before the reveal, and the ladder random < easy < normal on fixed deals
(teams of one level against two of another, each deal played twice with the teams' seats swapped)."""

from __future__ import annotations

import random
import statistics

import pytest

from cardavia.bots.twenty_nine import BOTS
from cardavia.bots.twenty_nine.lean import LeanWorld, play_out
from cardavia.bots.twenty_nine.messages import COUNTS, HINTS
from cardavia.bots.twenty_nine.normal import limit_of
from cardavia.bots.twenty_nine.reading import trump_weights
from cardavia.games.errors import IllegalAction
from cardavia.games.packs.french import CODES
from cardavia.games.twenty_nine import GAME, Action, TwentyNineDeal
from cardavia.games.twenty_nine.position import FIRST_STAGE


def play(seed: int, levels: list[str]) -> TwentyNineDeal:
    deal = GAME.new_deal(seed)
    rng = random.Random(seed)
    while (seat := deal.to_act()) is not None:
        decision = BOTS[levels[seat]].decide(deal.view(seat), rng)
        assert decision.action in deal.legal_actions()
        assert "{" not in decision.reason.text and decision.reason.id in {*HINTS, "random"}
        deal.apply(decision.action)
    return deal


@pytest.mark.parametrize("levels", [["easy"] * 4, ["normal"] * 4, ["normal", "easy", "random", "easy"]])
def test_bots_play_legal_actions_with_reasons(levels: list[str]) -> None:
    for seed in range(40):
        assert play(seed, levels).is_over()


def test_every_hint_counts_its_numbers() -> None:
    for text in HINTS.values():
        for key in ("points", "count"):
            assert "{" + key + "}" not in text or key in COUNTS


def _deal_with(first_fours: list[str]) -> TwentyNineDeal:
    """Dealer 3's deal whose seats' first four are given; the rest of the pack fills the second fours."""
    firsts = [f.split() for f in first_fours]
    rest = [c for c in CODES if not any(c in f for f in firsts)]
    hands = [[CODES.index(c) for c in [*f, *rest[4 * s : 4 * s + 4]]] for s, f in enumerate(firsts)]
    return TwentyNineDeal.from_hands(3, hands)


def test_a_bid_says_why_in_words() -> None:
    deal = _deal_with(["Jc Tc 8d 7s", "Jh 9h Ah 7c", "Kc Qd 8s 7h", "9s Ks Qs 8c"])
    opening = BOTS["normal"].decide(deal.view(0), random.Random(0))
    assert opening.reason.text == "open at 16: the eldest hand must bid"
    deal.apply(opening.action)
    challenge = BOTS["normal"].decide(deal.view(1), random.Random(0))
    assert challenge.action == Action(1, "bid", value=17)
    assert challenge.reason.text == (
        "bid 17: 6 points in hand (Jack of Hearts, Nine of Hearts and Ace of Hearts),"
        " and 3 cards of Hearts can be trumps"
    )
    assert challenge.reason.params == {
        "value": 17,
        "cards": ["Jh", "9h", "Ah"],
        "points": 6,
        "count": 3,
        "suit": "h",
    }
    assert limit_of(("Jh", "9h", "Ah", "7c")) == 12 + 6 + 2 + 2 and limit_of(("Kc", "Qd", "8s", "7h")) == 12


def _world(seed: int, actions: list[Action], trump: int) -> TwentyNineDeal:
    deal = GAME.new_deal(seed)
    for a in actions:
        deal.apply(Action(a.seat, "trump", suit=trump) if a.do == "trump" else a)
    return deal


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_non_bidder_decides_the_same_whatever_the_hidden_trump(
    level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cardavia.bots.twenty_nine.hard as hard

    monkeypatch.setattr(hard, "WORLDS", 4)  # the same search, fewer worlds: the test is about inputs
    compared = 0
    for seed in range(30):
        deal = play(seed, ["normal"] * 4)
        if deal.bidder is None:
            continue
        actions = list(deal.log)
        for cut in range(len(actions)):
            if any(a.do == "reveal" for a in actions[:cut]):
                break
            seat = actions[cut].seat
            if seat == deal.bidder or not any(a.do == "trump" for a in actions[:cut]):
                continue
            choices = set()
            for trump in range(4):
                try:
                    world = _world(seed, actions[:cut], trump)
                except IllegalAction:  # the bidder's leads may be illegal under another trump
                    continue
                decision = BOTS[level].decide(world.view(seat), random.Random(cut))
                choices.add((decision.action, repr(decision.reason.to_json())))
            assert len(choices) == 1
            compared += 1
    assert compared > 200


def test_normal_infers_the_trump_before_the_reveal() -> None:
    """At the first lead of trick 4, still hidden, the suit ``trump_weights`` ranks first is the real
    trump far more often than one time in four."""
    right = looked = 0
    for seed in range(200):
        deal = GAME.new_deal(seed)
        rng = random.Random(seed)
        while (seat := deal.to_act()) is not None:
            view = deal.view(seat)
            if len(view.tricks) == 4 and not view.trick and view.reveal is None and seat != view.bidder:
                weights = trump_weights(view)
                right += max(weights, key=lambda s: weights[s]) == deal.trump_code()
                looked += 1
            deal.apply(BOTS["normal"].decide(view, rng).action)
    assert looked > 30 and right / looked > 0.5


def _duel(a: str, b: str, pairs: int) -> list[float]:
    """Per deal, the mean return of a seat of level ``a``'s team, playing each deal both ways round."""
    out = []
    for seed in range(pairs):
        one = play(seed, [a, b, a, b]).outcome()
        two = play(seed, [b, a, b, a]).outcome()
        assert one is not None and two is not None
        out.append((one.returns[0] - two.returns[0]) / 2)
    return out


@pytest.mark.parametrize(("better", "worse"), [("easy", "random"), ("normal", "easy")])
def test_the_ladder_on_fixed_deals(better: str, worse: str) -> None:
    diffs = _duel(better, worse, 150)
    mean = statistics.mean(diffs)
    low = mean - 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    assert low > 0, (better, worse, mean, low)


def test_hard_plays_legal_actions_and_its_work_is_fixed_by_public_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each decision of ``hard`` plays out exactly (worlds) x (candidates) worlds: FIRST_STAGE_WORLDS in
    the first stage, WORLDS in the play; in the auction the pass and the lowest bid with each limit up
    to REACH above it. Every count is public, so its thinking does not depend on the hidden cards."""
    import cardavia.bots.twenty_nine.hard as hard

    calls: list[int] = []

    def counted(
        world: LeanWorld, first: Action | None, rng: random.Random, limit: tuple[int, int] | None = None
    ) -> None:
        calls.append(1)
        play_out(world, first, rng, limit)

    monkeypatch.setattr(hard, "play_out", counted)
    for seed in range(3):
        deal = GAME.new_deal(seed)
        rng = random.Random(seed)
        while (seat := deal.to_act()) is not None:
            view = deal.view(seat)
            level = "hard" if seat in (0, 1) else "normal"
            calls.clear()
            decision = BOTS[level].decide(view, rng)
            assert decision.action in deal.legal_actions()
            assert "{" not in decision.reason.text
            if level == "hard":
                worlds = hard.FIRST_STAGE_WORLDS if view.phase in FIRST_STAGE else hard.WORLDS
                assert len(calls) == worlds * len(hard.candidates(view))
                bids = [a.value for a in view.legal if a.value is not None]
                if view.phase == "auction" and any(a.do == "pass" for a in view.legal):
                    reach = min(hard.REACH, view.options.max_bid - min(bids)) + 1
                    assert len(calls) == (1 + reach) * worlds  # the pass, and the lowest bid per limit
                elif view.phase != "auction":
                    assert len(calls) == (worlds * len(view.legal) if len(view.legal) > 1 else 0)
            deal.apply(decision.action)


def test_the_hints_say_why_an_ask_and_a_pair_in_words() -> None:
    from cardavia.bots.twenty_nine.explain import reason_for

    asks = pairs = shows = 0
    for seed in range(120):
        deal = GAME.new_deal(seed)
        rng = random.Random(seed)
        while (seat := deal.to_act()) is not None:
            view = deal.view(seat)
            for action in view.legal:
                if action.do == "reveal":
                    led = view.trick[0][1][-1]
                    text = reason_for(view, action).text
                    name = {"c": "Clubs", "d": "Diamonds", "h": "Hearts", "s": "Spades"}[led]
                    # the bidder asks nobody: it shows its own trump
                    said = "show your trump" if seat == view.bidder else "ask for the trump"
                    assert text.startswith(f"{said}: you cannot follow {name}"), text
                    asks += 1
                    shows += seat == view.bidder
                if action.do == "pair":
                    assert view.bidder is not None
                    reason = reason_for(view, action)
                    if view.bidder % 2 == seat % 2:
                        assert reason.text == (
                            f"declare the pair: your side's target drops from {view.bid} to {view.bid - 4}"
                        )
                    else:
                        target = min(view.bid + 4, 28)
                        assert reason.text == (
                            f"declare the pair: the bidders' target rises from {view.bid} to {target}"
                        )
                    pairs += 1
            deal.apply(BOTS["normal"].decide(view, rng).action)
    assert asks > 20 and pairs > 3 and shows > 0


def test_a_hint_never_names_a_trump_the_seat_does_not_know() -> None:
    """Before the reveal a non-bidder's reasons (its guess included) are the same whatever the hidden
    trump: they come from its view only."""
    from cardavia.bots.twenty_nine.explain import reason_for

    looked = 0
    for seed in range(40):
        deal = play(seed, ["normal"] * 4)
        if deal.bidder is None:
            continue
        actions = list(deal.log)
        for cut in range(len(actions)):
            worlds = []
            for trump in range(4):
                try:
                    worlds.append(_world(seed, actions[:cut], trump))
                except IllegalAction:
                    break
            if len(worlds) < 4 or worlds[0].reveal is not None or worlds[0].to_act() in (None, deal.bidder):
                continue
            seat = worlds[0].to_act()
            assert seat is not None
            views = [w.view(seat) for w in worlds]
            if any(v.legal != views[0].legal for v in views):
                continue
            for action in views[0].legal:
                texts = {reason_for(v, action).to_json().__repr__() for v in views}
                assert len(texts) == 1
                looked += 1
    assert looked > 200


def test_the_arena_seats_partners_with_one_level_and_swaps_the_teams() -> None:
    from cardavia.bots.arena import play_duplicate, summarize, team_levels
    from cardavia.games.protocol import teams_of
    from games.twenty_nine.twenty_nine_helpers import twenty_nine_registered

    assert teams_of(GAME) == ((0, 2), (1, 3))  # the engine says who plays with whom
    with twenty_nine_registered():
        assert team_levels("twenty-nine", ["easy", "random", "easy", "random"]) == ["easy", "random"]
        with pytest.raises(ValueError, match="partners"):
            team_levels("twenty-nine", ["easy", "random", "random", "random"])
        plays = play_duplicate("twenty-nine", ["easy", "random"], seed=1, index=0)
        assert [p.levels for p in plays] == [
            ("easy", "random", "easy", "random"),
            ("random", "easy", "random", "easy"),
        ]
        for p in plays:
            assert p.net[0] == p.net[2] and p.net[1] == p.net[3] and p.net[0] == -p.net[1]
        figures = summarize([plays])
        assert figures["easy"].mean_net == pytest.approx(-figures["random"].mean_net)
