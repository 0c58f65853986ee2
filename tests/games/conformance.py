"""The questions every registered game must answer the same way (after OpenSpiel's random_sim_test).

Plain functions of a game id and a seed, so that any game in the registry, a toy game registered
by a test included, runs the same checks: each plays a random deal with random legal actions and
asserts one property of the ``Game``/``Deal`` protocols at every step. They use nothing but the
protocols (``cardavia.games.protocol``), never a game's own types, and return how many things they
checked, so that a caller can make sure the check had teeth.

- :func:`check_legal_accepted`: every legal action is accepted (on a clone);
- :func:`check_illegal_refused`: actions not in the legal list (other seats', other positions',
  mutated JSON) are refused with ``IllegalAction`` or ``RecordError`` and change nothing;
- :func:`check_clones_independent`: a clone played to its end leaves the original as it was;
- :func:`check_record_replays`: the record of a finished deal replays to the same outcome;
- :func:`check_action_json`: every legal action survives ``action_to_json`` and back;
- :func:`check_nothing_hidden_shown`: no view or redacted action of a seat names a piece whose
  every copy is hidden from that seat (``Deal.hidden_from``);
- :func:`check_outcome`: returns sum to zero, are zeros when drawn, and read back from the result;
- :func:`check_forced`: a forced action, when there is one, is the only legal action;
- :func:`check_view_keys`: every seat's view JSON has the keys layers above a game read
  (``VIEW_KEYS``), agreeing with the deal;
- :func:`observed_profile`: what a deal shows of what the game's profile declares (what is hidden,
  seats acting at once, a fused random play-out);
- :func:`perft` counts the action sequences of a given depth (exhaustive move generation).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from cardavia.games.errors import IllegalAction, RecordError
from cardavia.games.profile import Hidden
from cardavia.games.protocol import VIEW_KEYS, Deal, Game, acting_seats
from cardavia.games.registry import get_game
from cardavia.games.replay import replay_record
from json_strings import strings

AnyDeal = Deal[Any, Any]
AnyGame = Game[Any, Any]


def _walk(
    game_id: str, seed: int, log: list[tuple[int, dict[str, Any]]] | None = None
) -> Iterator[tuple[AnyGame, AnyDeal, random.Random]]:
    """A fresh deal of ``seed`` played to its end with random legal actions: yields before each one
    and once more at the end (the caller may look at the deal or clone it, not change it).
    ``log``, if given, receives each action taken as (seat, action JSON)."""
    game = get_game(game_id)
    deal = game.new_deal(seed)
    rng = random.Random(f"conformance:{game_id}:{seed}")
    while True:
        yield game, deal, rng
        seat = deal.to_act()
        if seat is None:
            assert deal.is_over() and not deal.legal_actions()
            return
        acting = acting_seats(game, deal)
        assert seat in acting, f"{game_id} seed {seed}: to_act {seat} is not among the acting {acting}"
        if len(acting) > 1:  # seats deciding at once act in any order: any of them, its own actions
            seat = acting[rng.randrange(len(acting))]
            legal = deal.view(seat).legal
        else:
            legal = deal.legal_actions()
        assert legal, f"{game_id} seed {seed}: seat {seat} is to act with no legal action"
        action = legal[rng.randrange(len(legal))]
        deal.apply(action)
        if log is not None:
            log.append((seat, game.action_to_json(action)))


def snapshot(deal: AnyDeal) -> str:
    """Everything a deal shows: its record and every seat's view (to tell whether it changed)."""
    views = [deal.view(seat).to_json() for seat in range(deal.num_seats)]
    return json.dumps([deal.to_record(), views, deal.to_act()], sort_keys=True)


def check_legal_accepted(game_id: str, seed: int) -> int:
    """Every legal action, at every step, is accepted by a clone (and makes the clone move on)."""
    checked = 0
    for _game, deal, _rng in _walk(game_id, seed):
        for action in deal.legal_actions():
            child = deal.clone()
            child.apply(action)
            assert child.to_record() != deal.to_record()
            checked += 1
    return checked


def _mutations(obj: Any, codes: list[str], words: list[str], rng: random.Random) -> Iterator[Any]:
    """Variants of an action JSON, each one value changed: a piece code for another, a word for
    another seen in the game's actions, a flag flipped, a number moved, a piece dropped or added."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            for changed in _mutations(value, codes, words, rng):
                yield {**obj, key: changed}
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            for changed in _mutations(value, codes, words, rng):
                yield [*obj[:i], changed, *obj[i + 1 :]]
        if obj:
            yield obj[:-1]
        yield [*obj, rng.choice(codes)]
    elif isinstance(obj, bool):
        yield not obj
    elif isinstance(obj, int):
        yield obj + 1
        yield obj - 1
    elif isinstance(obj, str):
        pool = codes if obj in codes else words
        others = [w for w in pool if w != obj]
        yield from rng.sample(others, min(3, len(others)))


def _words(obj: Any) -> Iterator[str]:
    if isinstance(obj, dict):
        for value in obj.values():
            yield from _words(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from _words(value)
    elif isinstance(obj, str):
        yield obj


STEP_SHARE = 0.3  # the share of a deal's steps the refusal check tries (each try replays views)


def check_illegal_refused(game_id: str, seed: int) -> int:
    """Actions outside the legal list are refused and leave the deal exactly as it was.

    Candidates, at every step: legal actions seen at other steps of the deal (other seats, other
    positions) and mutations of this step's legal actions' JSON. Each is read with the acting
    seat; one that does not read (``RecordError``) is refused already; one that reads and is not
    in the legal list must raise ``IllegalAction`` from ``apply`` without changing the deal, unless
    it is a legal move written another way (every seat's view after it is the view after a legal
    action: Cherki's ``{"do": "take"}`` names no card, as records may write it).
    """
    game = get_game(game_id)
    codes = [p.code for p in game.pieces]
    seen: list[dict[str, Any]] = []
    checked = 0
    for game, deal, rng in _walk(game_id, seed):
        seat = deal.to_act()
        legal = deal.legal_actions()
        legal_json = [game.action_to_json(a) for a in legal]
        if seat is not None and rng.random() > STEP_SHARE:
            seen += legal_json
            continue
        words = sorted({w for obj in [*seen, *legal_json] for w in _words(obj)} - set(codes))
        candidates = rng.sample(seen, min(8, len(seen)))
        for obj in legal_json[:6]:
            candidates += list(_mutations(obj, codes, words, rng))
        candidates = rng.sample(candidates, min(10, len(candidates)))
        if seat is None:  # over: every action is refused
            candidates += seen[-3:]
        before = snapshot(deal)
        moves: list[str] | None = None  # every seat's views after each legal action, when needed
        for obj in candidates:
            try:
                action = game.action_from_json(obj, 0 if seat is None else seat)
            except RecordError:
                checked += 1
                continue
            if action in legal:
                continue
            trial = deal.clone()
            try:
                trial.apply(action)
            except IllegalAction:
                checked += 1
                assert snapshot(trial) == before, f"{game_id} seed {seed}: refusing {obj} changed the deal"
                continue
            # accepted: then it must be a legal move written another way (a shorthand the JSON allows)
            if moves is None:
                moves = [_views(_applied(deal, a)) for a in legal]
            assert _views(trial) in moves, f"{game_id} seed {seed}: {obj} is not legal but was accepted"
        seen += legal_json
    return checked


def _applied(deal: AnyDeal, action: Any) -> AnyDeal:
    child = deal.clone()
    child.apply(action)
    return child


def _views(deal: AnyDeal) -> str:
    return json.dumps([deal.view(seat).to_json() for seat in range(deal.num_seats)], sort_keys=True)


def check_clones_independent(game_id: str, seed: int) -> int:
    """A clone played on to its end changes nothing of the original, and the original's next moves
    change nothing of the clone."""
    game = get_game(game_id)
    deal = game.new_deal(seed)
    rng = random.Random(f"conformance-clones:{game_id}:{seed}")
    checked = 0
    while not deal.is_over():
        legal = deal.legal_actions()
        if rng.random() < 0.2:
            before = snapshot(deal)
            child = deal.clone()
            while not child.is_over():
                options = child.legal_actions()
                child.apply(options[rng.randrange(len(options))])
            assert snapshot(deal) == before, f"{game_id} seed {seed}: playing a clone changed the original"
            twin = deal.clone()
            deal.apply(legal[rng.randrange(len(legal))])
            assert snapshot(twin) == before, f"{game_id} seed {seed}: a move changed a clone"
            checked += 1
        else:
            deal.apply(legal[rng.randrange(len(legal))])
    return checked


def _finished(game_id: str, seed: int) -> tuple[AnyGame, AnyDeal]:
    walk = _walk(game_id, seed)
    for game, deal, _rng in walk:
        if deal.is_over():
            return game, deal
    raise AssertionError("unreachable: a walk ends on a finished deal")


def check_record_replays(game_id: str, seed: int) -> int:
    """The record of a finished deal replays (``cardavia replay``) to the deal's own outcome."""
    game, deal = _finished(game_id, seed)
    record = json.loads(json.dumps(deal.to_record()))  # as a file holds it
    replayed = replay_record(record)
    assert replayed.finished, f"{game_id} seed {seed}: the record of a finished deal replays unfinished"
    assert replayed.to_json() == deal.result()
    assert game.outcome_of(replayed.to_json()) == deal.outcome()
    return 1


def check_action_json(game_id: str, seed: int) -> int:
    """Every legal action reads back from its JSON (``action_from_json(action_to_json(a), seat) == a``),
    and that JSON is plain JSON."""
    checked = 0
    for game, deal, _rng in _walk(game_id, seed):
        seat = deal.to_act()
        for action in deal.legal_actions():
            assert seat is not None
            obj = json.loads(json.dumps(game.action_to_json(action)))
            assert game.action_from_json(obj, seat) == action, obj
            checked += 1
    return checked


def check_nothing_hidden_shown(game_id: str, seed: int) -> int:
    """No view of seat A, and no action as redacted for A, names a piece whose copies are all
    hidden from A (``Deal.hidden_from``). Returns how many (seat, hidden code) pairs were checked."""
    copies = {p.code: p.copies for p in get_game(game_id).pieces}
    checked = 0
    log: list[tuple[int, dict[str, Any]]] = []
    redacted: list[set[str]] = []  # per seat: every string of the actions so far, as redacted for it
    for game, deal, _rng in _walk(game_id, seed, log):
        if not redacted:
            redacted = [set() for _ in range(deal.num_seats)]
        for seat in range(deal.num_seats):
            if log:
                actor, action = log[-1]
                redacted[seat].update(strings(game.redact(action, actor, seat)))
            hidden = deal.hidden_from(seat)
            assert set(hidden) <= set(copies), f"unknown piece codes hidden: {set(hidden) - set(copies)}"
            assert all(0 <= n <= copies[code] for code, n in hidden.items()), hidden
            forbidden = {code for code, n in hidden.items() if n >= copies[code]}
            leaked = forbidden & (redacted[seat] | set(strings(deal.view(seat).to_json())))
            assert not leaked, f"{game_id} seed {seed}: seat {seat} is shown hidden pieces {sorted(leaked)}"
            checked += len(forbidden)
    return checked


def check_outcome(game_id: str, seed: int) -> int:
    """No outcome while the deal goes on; at its end, returns for every seat summing to zero (all
    zeros and no winner when drawn), whose JSON is the result and reads back through ``outcome_of``."""
    checked = 0
    for game, deal, _rng in _walk(game_id, seed):
        outcome = deal.outcome()
        if not deal.is_over():
            assert outcome is None and deal.result() is None
            continue
        assert outcome is not None
        assert len(outcome.returns) == deal.num_seats == game.num_seats
        assert sum(outcome.returns) == 0, outcome.returns
        if outcome.drawn:
            assert not any(outcome.returns) and outcome.winner is None
        else:
            assert outcome.winner in range(deal.num_seats)
        assert outcome.to_json() == deal.result()
        assert game.outcome_of(json.loads(json.dumps(outcome.to_json()))) == outcome
        checked += 1
    return checked


def check_forced(game_id: str, seed: int) -> int:
    """A forced action, when the deal names one, is the seat's only legal action; returns how many
    forced actions were seen."""
    checked = 0
    for _game, deal, _rng in _walk(game_id, seed):
        forced = deal.forced_action()
        if forced is None:
            continue
        assert list(deal.legal_actions()) == [forced]
        checked += 1
    return checked


def perft(deal: AnyDeal, depth: int) -> int:
    """The number of action sequences of length ``depth`` from ``deal`` (shorter where it ends)."""
    if depth == 0 or deal.is_over():
        return 1
    total = 0
    for action in deal.legal_actions():
        child = deal.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def check_view_keys(game_id: str, seed: int) -> int:
    """At every step, every seat's ``view(seat).to_json()`` has each key of ``VIEW_KEYS`` and says
    what the deal says: its seat, its hand as codes counted in ``hand_sizes``, who is to act, the
    result once over. Returns the views checked."""
    checked = 0
    for game, deal, _rng in _walk(game_id, seed):
        codes = {piece.code for piece in game.pieces}
        for seat in range(deal.num_seats):
            view = deal.view(seat).to_json()
            where = f"{game_id} seed {seed} seat {seat}"
            assert set(VIEW_KEYS) <= set(view), f"{where}: no {sorted(set(VIEW_KEYS) - set(view))}"
            assert view["seat"] == seat, where
            assert isinstance(view["hand"], list) and set(view["hand"]) <= codes, where
            sizes = view["hand_sizes"]
            assert isinstance(sizes, list) and len(sizes) == deal.num_seats, where
            assert all(isinstance(n, int) and n >= 0 for n in sizes) and sizes[seat] == len(view["hand"]), (
                where
            )
            assert view["to_act"] == deal.to_act(), where
            assert view["result"] == deal.result(), where
            if "acting" in view:  # a game's own answer agrees with the one the service writes
                assert view["acting"] == list(acting_seats(game, deal)), where
            if view["seat"] in acting_seats(game, deal):  # every acting seat has its own legal actions
                assert deal.view(seat).legal, where
            json.dumps(view)  # it is JSON
            checked += 1
    return checked


def observed_profile(game_id: str, seed: int) -> dict[str, Any]:
    """What one random deal shows of what the game's profile declares (``cardavia.games.profile``):
    the kinds of things hidden from a seat (``hidden``: the other hands at the start, pieces dealt
    to no seat hidden at the start, an action some seat is shown redacted), whether several seats
    were acting at once (``simultaneous``), and whether the deal's ``random_playout``, where the
    profile declares one, ended exactly where the generic loop of uniform random legal choices ends
    (``random_playout``: None where it declares none)."""
    hidden: set[Hidden] = set()
    together = False
    log: list[tuple[int, dict[str, Any]]] = []
    game = get_game(game_id)
    total = sum(piece.copies for piece in game.pieces)
    for game, deal, _rng in _walk(game_id, seed, log):
        if not log:  # the deal as dealt: what each seat cannot see of the others and of the rest
            for seat in range(deal.num_seats):
                sizes = deal.view(seat).to_json()["hand_sizes"]
                others = sum(sizes) - sizes[seat]
                unseen = sum(deal.hidden_from(seat).values())
                if others and unseen >= others:
                    hidden.add(Hidden.HANDS)
                if total > sum(sizes) and unseen > others:
                    hidden.add(Hidden.STOCK)
        else:
            actor, action = log[-1]
            if any(game.redact(action, actor, seat) != action for seat in range(deal.num_seats)):
                hidden.add(Hidden.ACTIONS)
        together = together or len(acting_seats(game, deal)) > 1
    playout = None
    if game.profile.random_playout:
        generic, fused = game.new_deal(seed), game.new_deal(seed)
        rng = random.Random(seed)
        while generic.to_act() is not None:
            generic.apply(rng.choice(tuple(generic.legal_actions())))
        fused.random_playout(random.Random(seed))  # type: ignore[attr-defined]
        playout = fused.to_record() == generic.to_record() and fused.result() == generic.result()
    return {"hidden": hidden, "simultaneous": together, "random_playout": playout}


CHECKS: dict[str, Callable[[str, int], int]] = {
    "legal-accepted": check_legal_accepted,
    "illegal-refused": check_illegal_refused,
    "clones-independent": check_clones_independent,
    "record-replays": check_record_replays,
    "action-json": check_action_json,
    "nothing-hidden-shown": check_nothing_hidden_shown,
    "outcome": check_outcome,
    "forced": check_forced,
    "view-keys": check_view_keys,
}
