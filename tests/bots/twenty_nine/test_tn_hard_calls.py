"""``hard``'s first stage: the calls seen read as evidence of the hands (``calls``), worlds drawn to fit
them, legal and repeatable decisions in every phase of the first stage, and hand-made positions whose
answer follows from the rules and the scoring (spec: a contract made wins the multiplier, failed loses
it; the 28 card points are J 3, 9 2, A and T 1 in each suit)."""

from __future__ import annotations

import random
import statistics

from cardavia.bots.twenty_nine import BOTS
from cardavia.bots.twenty_nine.calls import Call, auction_evidence, fitting_draws, world_weight
from cardavia.bots.twenty_nine.normal import limit_of
from cardavia.bots.twenty_nine.sampler import first_stage_draws
from cardavia.games.packs.french import CODES
from cardavia.games.twenty_nine import GAME, Action, TwentyNineDeal
from cardavia.games.twenty_nine.position import FIRST_STAGE

A = Action


def _deal_with(first_fours: list[str]) -> TwentyNineDeal:
    """Dealer 3's deal (seat 0 eldest) whose seats' first four are given; the rest of the pack, shuffled
    once with a fixed seed, fills the second fours (no seat sees them in the first stage)."""
    firsts = [f.split() for f in first_fours]
    rest = [c for c in CODES if not any(c in f for f in firsts)]
    random.Random(7).shuffle(rest)
    hands = [[CODES.index(c) for c in [*f, *rest[4 * s : 4 * s + 4]]] for s, f in enumerate(firsts)]
    return TwentyNineDeal.from_hands(3, hands)


def _hard_calls(first_fours: list[str], actions: list[Action], seat: int, seeds: int = 3) -> set[str]:
    deal = _deal_with(first_fours)
    for a in actions:
        deal.apply(a)
    view = deal.view(seat)
    return {BOTS["hard"].decide(view, random.Random(s)).action.do for s in range(seeds)}


def test_the_auction_replayed_as_evidence() -> None:
    # the spec's Deal A: S0 16, S1 17, S0 17, S1 pass, S2 18, S0 pass, S3 19, S2 19, S3 pass
    deal = _deal_with(["Jc Ac 7d 8d", "Jh 9h Th Qd", "Js 9s Ah Jd", "9d Ad Td Kc"])
    for seat, value in [
        (0, 16),
        (1, 17),
        (0, 17),
        (1, None),
        (2, 18),
        (0, None),
        (3, 19),
        (2, 19),
        (3, None),
    ]:
        deal.apply(A(seat, "pass") if value is None else A(seat, "bid", value=value))
    assert auction_evidence(deal.view(0)) == [
        Call(1, 17, True),  # the opening says nothing; S1 raises
        Call(0, 17, True),  # S0 holds
        Call(1, 18, False),  # S1 would have had to bid 18
        Call(2, 20, True),  # S2 overcalls its partner: three above the bid
        Call(0, 21, False),  # S0 leaves its partner's 18 alone
        Call(3, 19, True),
        Call(2, 19, True),
        Call(3, 20, False),
    ]


def test_worlds_fit_the_calls_seen() -> None:
    # S0 opens (forced), S1 jumps to 21: S1's drawn fours are stronger than any four, and the
    # eldest's never pointless (it would have annulled the deal)
    deal = GAME.new_deal(5, dealer=3)
    deal.apply(A(0, "bid", value=16))
    deal.apply(A(1, "bid", value=21))
    view = deal.view(2)
    fitted = [d for d, _ in fitting_draws(view, random.Random(1), 200)]
    plain = first_stage_draws(view, random.Random(1), 200)
    assert len(fitted) == 200
    assert (
        statistics.mean(limit_of(d.holdings[1]) for d in fitted)
        > statistics.mean(limit_of(d.holdings[1]) for d in plain) + 2
    )
    evidence = auction_evidence(view)
    assert all(world_weight(view, evidence, d) > 0 for d in fitted)
    assert all(any(c[0] in "J9AT" for c in d.holdings[0]) for d in fitted)


def test_first_stage_decisions_are_legal_and_fixed_by_the_seed() -> None:
    phases: set[str] = set()
    for seed in range(4):
        runs = []
        for _ in range(2):
            deal = GAME.new_deal(seed)
            rng = random.Random(seed)
            taken = []
            while deal.phase in FIRST_STAGE and (seat := deal.to_act()) is not None:
                view = deal.view(seat)
                action = BOTS["hard"].decide(view, rng).action
                assert action in view.legal
                phases.add(view.phase)
                taken.append(action)
                deal.apply(action)
            runs.append(taken)
        assert runs[0] == runs[1]
    assert {"auction", "trump", "double"} <= phases


def test_a_weak_hand_passes_and_a_strong_trump_suit_bids() -> None:
    others = ["9c Ac 9d Ad", "", "Kh Qh 8h 9h", "Js As Ks Qs"]
    # no point card among four: the side would need 18 of the 28 points from the other 12 cards
    weak = _hard_calls([others[0], "7c 8d 7h Qs", *others[2:]], [A(0, "bid", value=18)], 1)
    assert weak == {"pass"}
    # J 9 A T of clubs: named trumps they are the four highest, 7 points, and every trick they win
    strong = _hard_calls(
        ["9h Ah 9d Ad", "Jc 9c Ac Tc", "Kh Qh 8h 7h", "9s As Ks Qs"], [A(0, "bid", value=18)], 1
    )
    assert strong == {"bid"}


def test_four_jacks_defend_and_double_the_opponents_16() -> None:
    # four jacks hold 12 of the 28 points in the highest card of every suit: an opponent's 16 needs
    # every other point card or a jack trumped, so letting them play it and doubling wins the most
    fours = ["9c Ac 9d Ad", "Jc Jd Jh Js", "Kh Qh 8h 7h", "9s As Ks Qs"]
    assert _hard_calls(fours, [A(0, "bid", value=16)], 1) == {"pass"}
    auction = [A(0, "bid", value=16), A(1, "pass"), A(2, "pass"), A(3, "pass"), A(0, "trump", suit=2)]
    assert _hard_calls(fours, auction, 1) == {"double"}


def test_an_18_is_doubled_by_the_top_cards_and_redoubled_with_the_top_trumps() -> None:
    auction = [
        *(A(0, "bid", value=16), A(1, "pass"), A(2, "pass"), A(3, "bid", value=17), A(0, "bid", value=18)),
        *(A(3, "pass"), A(0, "trump", suit=2)),
    ]
    # J and 9 of two suits: 10 points in the two highest cards of each, whatever the trump
    strong = _hard_calls(["Ah Th Kh Qs", "Jc 9c Jd 9d", "As Ts 8s 7s", "Ac Ad Tc Td"], auction, 1)
    assert strong == {"double"}
    # a 17 in clubs on J 9 A T of clubs (the four highest trumps), doubled: redouble; on K 8 7 of
    # clubs (no trump that wins a trick before the top four are gone, no point), do not
    doubled = [*(A(0, "bid", value=16), A(1, "bid", value=17), A(0, "pass"), A(2, "pass"), A(3, "pass"))]
    doubled += [A(1, "trump", suit=0), A(2, "double")]
    assert _hard_calls(["9h Ah 9d Ad", "Jc 9c Ac Tc", "Kh Qh 8h 7h", "9s As Ks Qs"], doubled, 1) == {
        "redouble"
    }
    assert _hard_calls(["9h Ah 9d Ad", "Kc 8c 7c Qd", "Jh Js 8h 7h", "9s As Ks Qs"], doubled, 1) == {"pass"}
