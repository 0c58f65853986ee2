"""The parameters a game's engine, bots and review really give the templates a page renders: its
refusals (``GameError``: code and params; of a move, or of malformed input), its hint reasons
(every level's, the review's reasons and its names of the moves), and the reasons of its payments
(``explain`` of a finished deal's view), gathered over seeded deals the bots play through, for tests
that render those templates as a player would see them. Only the engines' and bots' own answers
are used: nothing here knows a game's rules.
"""

from __future__ import annotations

import itertools
import json
import random
import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from cardavia.bots.registry import NoReview, analyst_for, get_bot
from cardavia.bots.review import ExactAnalyst
from cardavia.games.errors import GameError
from cardavia.games.protocol import acting_seats
from cardavia.games.registry import get_game

JSON = dict[str, Any]
# Refusals of input no page sends (a malformed action, record or rule option): the API answers
# them with a code, and the page has a translated template for some of them only.
MALFORMED = "malformed"
PROBE_EVERY = 3  # decisions between two rounds of refused actions and review reasons
HARD_EVERY = 8  # the hard level is slow: asked at one decision in this many
# wrong values for a field: of the right JSON kinds and of others (a field's value is never an
# array or an object here: how each game refuses those is the malformed-input tests' business)
GARBAGE: tuple[Any, ...] = ("x", -1, 99, None, True)


@dataclass
class Given:
    """What a game's templates were given: each (kind, id, params) met once, and every value seen
    for each parameter name (in the order met)."""

    samples: list[tuple[str, str, JSON]] = field(default_factory=list)
    values: dict[str, list[Any]] = field(default_factory=dict)
    _seen: set[str] = field(default_factory=set)

    def add(self, kind: str, template: str, params: Mapping[str, Any]) -> None:
        params = json.loads(json.dumps(dict(params)))  # as the API sends them
        key = json.dumps([kind, template, params], sort_keys=True)
        if key in self._seen:
            return
        self._seen.add(key)
        self.samples.append((kind, template, params))
        for name, value in params.items():
            known = self.values.setdefault(name, [])
            if value not in known:
                known.append(value)

    def ids(self, kind: str) -> set[str]:
        return {template for k, template, _ in self.samples if k == kind}


def placeholders(template: str) -> set[str]:
    """The ``{name}`` placeholders of a template."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def filled_params(template: str, given: Given, variant: int = 0) -> tuple[JSON, set[str]]:
    """Parameters for every placeholder of ``template`` from the values the game really gave under
    that name (``{x_name}`` is filled from ``x``: the page names it; ``variant`` picks among the
    values met), and the names it never gave (filled with 1, which any parameter may show: a
    count, a bid, a seat)."""
    params: JSON = {}
    never: set[str] = set()
    for name in sorted(placeholders(template)):
        source = name if name in given.values else name.removesuffix("_name")
        if source not in given.values:
            never.add(name)
            params[source] = 1
            continue
        values = given.values[source]
        params[source] = values[variant % len(values)]
    return params, never


def _send(out: Given, deal: Any, impl: Any, action: Any, seat: int) -> bool:
    """Send ``action`` as ``seat``'s: a refusal is kept (the deal is left as it was); True if the
    engine took it as a move (and played it)."""
    try:
        parsed = impl.action_from_json(action, seat)
    except GameError as exc:
        out.add(MALFORMED, exc.code, exc.params)
        return False
    try:
        deal.apply(parsed)
    except GameError as exc:
        out.add("errors", exc.code, exc.params)
        return False
    return True


def _refuse(out: Given, deal: Any, impl: Any, action: Any, seat: int) -> None:
    """Send ``action``, a move the engine must refuse, as ``seat``'s: its refusal is kept."""
    if _send(out, deal, impl, action, seat):
        raise AssertionError(f"{impl.name}: {action} of seat {seat} was not refused")


def _variants(action: JSON, hand: list[Any]) -> Iterator[JSON]:
    """``action`` with one field changed: a list of pieces to up to four of the hand's (every
    combination), a piece to each of the hand's, anything to garbage, or left out."""
    for key, value in action.items():
        if key == "seat":
            continue
        if isinstance(value, list):
            for size in range(1, min(4, len(hand)) + 1):
                for combo in itertools.combinations(hand, size):
                    yield {**action, key: list(combo)}
        elif isinstance(value, str) and value in hand:
            for code in hand:
                yield {**action, key: code}
        for bad in GARBAGE:
            yield {**action, key: bad}
        yield {k: v for k, v in action.items() if k != key}


def _probe(out: Given, deal: Any, impl: Any, seat: int, met: list[JSON]) -> None:
    """Every action ``seat`` may not make now that the deal's legal actions suggest: those met
    earlier in the deal, and each legal one with one field changed; the refusals are kept (tried
    on a copy of the deal: one the engine reads as a legal move is played there, and forgotten)."""
    view = deal.view(seat)
    legal = [impl.action_to_json(a) for a in view.legal]
    hand = list(view.to_json().get("hand") or [])
    tried: list[JSON] = []
    trial = deal.clone()
    for action in itertools.chain(met, *(_variants(a, hand) for a in legal)):
        if action in legal or action in tried:
            continue
        tried.append(action)
        if _send(out, trial, impl, action, seat):
            trial = deal.clone()


def _reasons(out: Given, game: str, view: Any) -> None:
    """The review's names of every legal move of ``view`` and its reasons for each being better
    than the first, where the game has a review."""
    try:
        analyst = analyst_for(game)
    except NoReview:
        return
    exact = isinstance(analyst, ExactAnalyst)
    first = view.legal[0]
    for action in list(view.legal)[:8]:
        moved = analyst.describe(view, action) if exact else analyst.describe(action)
        out.add("hints", moved.id, moved.params)
        why = (
            analyst.reason(view, action, first, 0.0)
            if exact
            else analyst.reason(view, action, first, 16, 0.0)
        )
        out.add("hints", why.id, why.params)


def _malformed(out: Given, impl: Any, deal: Any) -> None:
    """The refusals of malformed input: actions, records and rule options."""
    for action in ("x", {}, {"do": "x"}, [], None):
        try:
            impl.action_from_json(action, 0)
        except GameError as exc:
            out.add(MALFORMED, exc.code, exc.params)
    record = deal.to_record()
    for key in record:
        for bad in GARBAGE:
            try:
                impl.deal_from_record({**record, key: bad})
            except GameError as exc:
                out.add(MALFORMED, exc.code, exc.params)
    options = dict(deal.view(0).to_json().get("options") or {})
    for changed in ({"x": 1}, *({name: "x"} for name in options), *({name: -1} for name in options)):
        try:
            impl.new_deal(0, options=changed)
        except GameError as exc:
            out.add(MALFORMED, exc.code, exc.params)


@cache
def given(game: str, deals: int = 8) -> Given:
    """What ``game``'s templates are given over ``deals`` seeded deals, each played by the easy or
    the normal level in every seat (in turn): at every decision the easy and normal levels'
    reasons (the hard level's at one in a few); at every few, the review's reasons and the
    refusals of actions not legal then; at each end, a move too late and the payments' reasons;
    once, malformed actions, records and options."""
    impl = get_game(game)
    out = Given()
    decisions = 0
    for seed in range(deals):
        deal = impl.new_deal(seed)
        rng = random.Random(seed)
        player = get_bot(game, ("easy", "normal")[seed % 2])
        met: list[JSON] = []
        last: tuple[JSON, int] | None = None
        while not deal.is_over():
            acting = acting_seats(impl, deal)
            for seat in acting:
                view = deal.view(seat)
                levels = ("easy", "normal", "hard") if decisions % HARD_EVERY == 0 else ("easy", "normal")
                for level in levels:
                    reason = get_bot(game, level).decide(view, random.Random(decisions)).reason
                    out.add("hints", reason.id, reason.params)
                decisions += 1
                if decisions % PROBE_EVERY == 0:
                    _reasons(out, game, view)
                    _probe(out, deal, impl, seat, met)
                met.extend(a for a in (impl.action_to_json(x) for x in view.legal) if a not in met)
            seat = acting[0]
            action = impl.action_to_json(player.decide(deal.view(seat), rng).action)
            others = [s for s in range(impl.num_seats) if s not in acting]
            if others:  # the move of the seat to act, sent as another's: not their turn
                _refuse(out, deal, impl, {**action, "seat": others[0]}, others[0])
            deal.apply(impl.action_from_json(action, seat))
            last = (action, seat)
        if last is not None:
            _refuse(out, deal, impl, *last)  # the deal is over
        explain = deal.view(0).to_json().get("explain") or {}
        for line in explain.get("lines", []):
            for factor in line.get("factors", []):
                out.add("explain", factor["id"], {**factor.get("params", {}), "value": factor["value"]})
        if seed == 0:
            _malformed(out, impl, deal)
    return out
