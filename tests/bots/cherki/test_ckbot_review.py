"""Reviews of Cherki deals: discarding your own wait costs points, keeping a call for the next turn costs
nothing; the review never reads a hidden card."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cardavia.bots.cherki.review import ANALYST
from cardavia.bots.registry import get_bot
from cardavia.bots.review import review_record
from cardavia.games.cherki import FACE_CODES, discard
from cardavia.games.registry import get_game
from cardavia.games.replay import ReplayRejected, replay_record


def _bots_play(deal: Any, game: str, rng: random.Random, level: str = "normal") -> None:
    bot = get_bot(game, level)
    while (s := deal.to_act()) is not None:
        deal.apply(bot.decide(deal.view(s), rng).action)


def cherki_wait_discard_record(discard: str) -> dict[str, Any]:
    """Seat 0 (first to play) holds 5 5 5 7 7 7 9 9 and draws 2c: discarding ``discard``."""
    hand = ["5c", "5s", "5m", "7c", "7s", "7m", "9c", "9s"]
    left = Counter({code: 4 for code in FACE_CODES})
    left.subtract(Counter([*hand, "2c"]))
    rest = [code for code in FACE_CODES for _ in range(left[code])]
    random.Random(5).shuffle(rest)
    deck: list[str | None] = [None] * 120
    seat0 = [0, 1, 6, 7, 12, 13, 18, 19]  # the dealer's left-hand neighbour's deal positions
    for pos, code in zip(seat0, hand, strict=True):
        deck[pos] = code
    deck[24] = "2c"  # the first card drawn from the stock
    it = iter(rest)
    full = [c if c is not None else next(it) for c in deck]
    record = {
        "game": "cherki",
        "dealer": 2,
        "deck": full,
        "actions": [{"seat": 0, "do": "draw"}, {"seat": 0, "do": "discard", "card": discard, "call": False}],
    }
    game = get_game("cherki")
    deal, actions = game.deal_from_record(record)
    for a in actions:
        deal.apply(a)
    _bots_play(deal, "cherki", random.Random(1))
    return deal.to_record()


def test_cherki_discarding_your_own_wait_loses_points() -> None:
    review = review_record(cherki_wait_discard_record("9c"), 0, seed=2)
    d = next(d for d in review.decisions if d.index == 1)
    assert d.chosen["card"] == "9c"
    assert d.best["do"] == "discard" and d.best["card"] == "2c"
    assert d.loss > 0 and d.ci95[0] > 0
    assert d.label in ("inaccuracy", "mistake", "blunder")
    # keeping the hand ready costs nothing that the review can tell
    kept = review_record(cherki_wait_discard_record("2c"), 0, seed=2)
    assert next(d for d in kept.decisions if d.index == 1).label in ("best", "good")


def test_a_call_kept_for_the_start_of_the_next_turn_costs_nothing() -> None:
    # hard keeps its call back a turn (the right-hand neighbour then discards once more without
    # knowing) and calls at the start of that turn, when it may still win: on every guess of the hidden
    # cards the play-out must end as if it had called with the discard
    record = cherki_wait_discard_record("2c")
    deal, actions = get_game("cherki").deal_from_record(record)
    deal.apply(actions[0])  # seat 0 draws 2c and holds 5 5 5 7 7 7 9 9 2
    prepared = ANALYST.prepare(deal.view(0))
    rng = random.Random(3)
    quiet, called = discard(0, "2c", False), discard(0, "2c", True)
    wins = 0
    for _ in range(200):
        world = ANALYST.sample(prepared, rng)
        assert world is not None
        net = ANALYST.outcome(prepared, world, quiet, rng)
        assert net == ANALYST.outcome(prepared, world, called, rng)
        wins += net > 0
    assert wins > 0  # and the hand does win on some guesses
    review = review_record(record, 0, seed=2)
    d = next(d for d in review.decisions if d.index == 1)
    assert d.chosen == {"seat": 0, "do": "discard", "card": "2c", "call": False}
    assert d.label == "best" and d.loss == 0


def _cherki_twin(record: dict[str, Any], seat: int) -> dict[str, Any]:
    """The same record with cards ``seat`` never saw moved: the undrawn stock shuffled, and one card an
    opponent held all deal without showing swapped with an undrawn one."""
    deck = list(record["deck"])
    actions = record["actions"]
    drawn = sum(1 for a in actions if a["do"] == "draw")
    undrawn = list(range(24 + drawn, 120))
    tail = [deck[i] for i in undrawn]
    random.Random(seat).shuffle(tail)
    for i, c in zip(undrawn, tail, strict=True):
        deck[i] = c
    # a card of a non-calling opponent that it never discarded: swap it with an undrawn card
    dealer = record["dealer"]
    shown = {a.get("card") for a in actions if a["do"] == "discard"}
    callers = {a["seat"] for a in actions if a["do"] == "call" or a.get("call")}
    for opp in [(seat + 1) % 3, (seat + 2) % 3]:
        if opp in callers:
            continue
        first = (opp - dealer - 1) % 3
        positions = [first * 2 + 6 * r + j for r in range(4) for j in range(2)]
        for p in positions:
            if deck[p] not in shown:
                q = next((q for q in undrawn if deck[q] != deck[p] and deck[q] not in shown), None)
                if q is not None:
                    deck[p], deck[q] = deck[q], deck[p]
                    return {**record, "deck": deck}
    return {**record, "deck": deck}


def test_cherki_review_never_reads_a_hidden_card() -> None:
    game = get_game("cherki")
    checked = 0
    for seed in range(8):
        deal = game.new_deal(seed)
        _bots_play(deal, "cherki", random.Random(seed))
        a = deal.to_record()
        seat = seed % 3
        b = _cherki_twin(a, seat)
        try:
            replay_record(b)
        except ReplayRejected:
            continue  # the swap made an opponent's recorded action illegal: not a twin
        if a["deck"] == b["deck"]:
            continue
        ra = review_record(a, seat, seed=5).to_json(full=True)
        rb = review_record(b, seat, seed=5).to_json(full=True)
        assert ra == rb
        checked += 1
    assert checked >= 4


def test_the_better_move_names_the_card_to_discard() -> None:
    review = review_record(cherki_wait_discard_record("9c"), 0, seed=2).to_json(full=True)
    d = next(d for d in review["decisions"] if d["index"] == 1)
    # the best keeps the hand ready (and calls, when the play-outs say so): the move says which
    calls = d["best"].get("call", False)
    assert d["better"] == {
        "id": "move-discard-call" if calls else "move-discard",
        "text": "discard 2 of Coins (2c)" + (" and call Cherki" if calls else ""),
        "params": {"card": "2c"},
    }


def test_the_reasons_say_what_the_better_move_keeps_or_makes_never_the_play_outs_figures() -> None:
    from cardavia.bots.cherki.messages import HINTS

    game = get_game("cherki")
    ids = set()
    for seed in range(3):
        deal = game.new_deal(seed)
        _bots_play(deal, "cherki", random.Random(seed), level="easy")
        review = review_record(deal.to_record(), 0, seed=1, max_samples=24).to_json(full=True)
        for d in review["decisions"]:
            reason = d["reason"]
            ids.add(reason["id"])
            assert reason["id"] in HINTS and not reason["id"].startswith("search"), reason
            assert not {"rounds", "net"} & set(reason["params"]), reason
            if reason["id"] == "discard-keep":
                # the card kept is the one the player discarded instead (where the player's discard
                # was the best, the one the rule of thumb or the next best discards: the figures' other)
                other = d["values"]["move"]["params"] if d["values"]["versus"] != "yours" else d["chosen"]
                assert reason["params"]["kept"] == other["card"], (d, reason)
                assert reason["params"]["card"] == d["best"]["card"], (d, reason)
    assert ids


def test_a_better_discard_says_the_card_it_keeps() -> None:
    from cardavia.bots.cherki.messages import hint

    reason = hint("discard-keep", card="2c", kept="9c", distance=1, ways=6)
    assert reason.text == (
        "it keeps 9 of Coins (9c): you stay 1 card from ready and 6 unseen cards would improve your hand"
    )
    assert reason.params == {"card": "2c", "kept": "9c", "distance": 1, "ways": 6}
