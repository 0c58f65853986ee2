"""What a Gaple move does, as a club player weighs it from one seat's view: the ``normal`` level's scores
of its legal actions, and the reason for any action in a player's words (what it sheds, the pip it puts
at an end and who has shown it holds none, the pips it keeps, whether it closes the line on a low
count), which every level, the hint and the review give.

A play's score (higher is better):

- its pips (what it sheds if the deal ends blocked or someone goes out), four more for a double (it
  fits only one pip: the hardest tile to place later);
- two if the hand still holds a tile for the new ends, minus five if not (a pass comes next);
- for the pip it puts at an end: 1.2 for each other tile of that pip in hand (the end stays one's own),
  minus 0.3 for each of that pip's tiles still out;
- for each other seat that has shown it lacks the pips at the ends once it is laid (it must pass): four
  for an opponent (six for the next one to play), minus four for a partner; one (minus one) when it
  lacks one of the two;
- minus two for each opponent that lacks a pip the tile spends without putting it at an end (a tile
  kept to starve that seat later), less the more of that pip the hand keeps;
- a play that closes the line: far ahead when this seat's count (its team's, with partners) is below
  the others' expected counts by three pips or more, far behind otherwise; going out: first of all.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardavia.bots.base import Reason
from cardavia.bots.gaple.messages import hint
from cardavia.bots.gaple.reading import Reading, ends_after, exposed, fits, pips_of, read
from cardavia.games.gaple import Action, GapleView
from cardavia.games.packs.double_six import CODES, HIGH, LOW, TILE_PIPS, WITH_PIP, tiles_in

NUM_SEATS = 4
OUT = 1000.0
CLOSE = 500.0
CLOSE_MARGIN = 3.0  # pips this side's count must be below the others' expected ones to close the line


@dataclass(frozen=True, slots=True)
class Assessment:
    action: Action
    score: float
    reason: Reason


def _double(t: int) -> bool:
    return LOW[t] == HIGH[t]


def expected_counts(r: Reading) -> list[float]:
    """Each seat's count as this seat can expect it: its own exactly, another's as its tiles (hand and
    dead) times the mean pips of the tiles unseen."""
    unseen = tiles_in(r.unseen)
    mean = sum(TILE_PIPS[t] for t in unseen) / len(unseen) if unseen else 0.0
    view = r.view
    return [
        float(r.count()) if s == r.seat else mean * (view.hand_sizes[s] + view.dead_sizes[s])
        for s in range(NUM_SEATS)
    ]


def closing_wins(r: Reading, after_count: int) -> bool:
    """Whether closing the line now (this seat's count ``after_count`` once its tile is laid) is
    likely to win: below every other side's expected count by ``CLOSE_MARGIN``."""
    expected = expected_counts(r)
    expected[r.seat] = float(after_count)
    if r.teams:
        mine = expected[r.seat] + expected[(r.seat + 2) % NUM_SEATS]
        theirs = expected[(r.seat + 1) % NUM_SEATS] + expected[(r.seat + 3) % NUM_SEATS]
        return mine + CLOSE_MARGIN <= theirs
    return all(after_count + CLOSE_MARGIN <= expected[s] for s in range(NUM_SEATS) if s != r.seat)


def _closes(r: Reading, t: int, new: tuple[int, int], after: int) -> bool:
    """Whether laying ``t`` leaves no tile this seat knows could still fit the new ends in any hand."""
    live = (WITH_PIP[new[0]] | WITH_PIP[new[1]]) & ~(r.line | 1 << t)
    return not live & (after | r.unseen)


def _starved(r: Reading, new: tuple[int, int]) -> list[tuple[int, int]]:
    """The other seats still playing that lack both pips at the new ends, as (seat, pip lacked), in
    turn order from this seat's next."""
    return [
        (s, new[0] if r.lacks(s, new[0]) else new[1])
        for s in r.players_after()
        if r.lacks(s, new[0]) and r.lacks(s, new[1])
    ]


def score_play(r: Reading, action: Action) -> float:
    """The ``normal`` level's score of a play (see the module docstring)."""
    t = action.tile
    assert t is not None
    after = r.hand & ~(1 << t)
    if not after:
        return OUT
    new = ends_after(r.view.ends, action)
    if r.view.ends is not None and _closes(r, t, new, after):
        return CLOSE if closing_wins(r, pips_of(after) + pips_of(r.own_dead)) else -CLOSE
    score = TILE_PIPS[t] + (4.0 if _double(t) else 0.0)
    score += 2.0 if fits(after, new) else -5.0
    pip = exposed(r.view.ends, action)
    score += 1.2 * (after & WITH_PIP[pip]).bit_count() - 0.3 * (r.unseen & WITH_PIP[pip]).bit_count()
    nxt = r.players_after()[:1]
    for seat in r.players_after():
        both = r.lacks(seat, new[0]) and r.lacks(seat, new[1])
        one = r.lacks(seat, new[0]) or r.lacks(seat, new[1])
        if r.opponent(seat):
            score += (6.0 if seat in nxt else 4.0) if both else 1.0 if one else 0.0
        else:
            score -= 4.0 if both else 1.0 if one else 0.0
    if r.view.ends is not None:
        for half in {LOW[t], HIGH[t]} - {pip}:
            lacking = sum(1 for s in range(NUM_SEATS) if r.opponent(s) and r.lacks(s, half))
            score -= 2.0 * lacking / (1 + (after & WITH_PIP[half]).bit_count())
    return score


def score_discard(r: Reading, action: Action) -> float:
    """How good a tile is to lay face down: the fewer tiles still out that carry its pips (the less
    likely they are ever at an end), the better."""
    t = action.tile
    assert t is not None
    alive = (r.unseen & (WITH_PIP[LOW[t]] | WITH_PIP[HIGH[t]])).bit_count()
    return -float(alive)


def score(r: Reading, action: Action) -> float:
    if action.do == "play":
        return score_play(r, action)
    if action.do == "discard":
        return score_discard(r, action)
    return 0.0


def reason_for(view: GapleView, action: Action, r: Reading | None = None) -> Reason:
    """Why ``action`` (a legal action of ``view``), in a player's words: what it does at the table, as
    this seat sees it; never another seat's tiles."""
    r = read(view) if r is None else r
    t = action.tile
    if action.do == "pass":
        ends = view.ends or (0, 0)
        return hint("pass", left=ends[0], right=ends[1])
    assert t is not None
    code = CODES[t]
    if action.do == "discard":
        best = max(score_discard(r, a) for a in view.legal)
        return hint("discard" if score_discard(r, action) >= best else "discard-casual", tile=code)
    if view.ends is None:
        return _opening_reason(r, action)
    after = r.hand & ~(1 << t)
    if not after:
        return hint("out", tile=code)
    new = ends_after(view.ends, action)
    if _closes(r, t, new, after):
        total = pips_of(after) + pips_of(r.own_dead)
        if closing_wins(r, total):
            return hint("block-low", tile=code, total=total)
    starved = [(s, pip) for s, pip in _starved(r, new) if r.opponent(s)]
    if starved:
        seat, pip = starved[0]
        return hint("starve", tile=code, pip=pip, seat=seat, times=r.passes[seat][pip])
    plays = [a for a in view.legal if a.do == "play" and a.tile is not None]
    kept = _kept_pip(r, action, plays)
    if kept is not None:
        pip, seat = kept
        return hint("keep-pip", tile=code, pip=pip, seat=seat, times=r.passes[seat][pip])
    spared = _spared_pip(r, action, plays)
    if spared is not None:
        return hint("spare-partner", tile=code, pip=spared)
    if len({a.tile for a in plays}) == 1:
        return hint("only", tile=code)
    if _double(t):
        return hint("double", tile=code)
    if TILE_PIPS[t] >= max(TILE_PIPS[a.tile] for a in plays if a.tile is not None):
        return hint("heavy", tile=code, pips=TILE_PIPS[t])
    pip = exposed(view.ends, action)
    follow = (after & WITH_PIP[pip]).bit_count()
    if follow >= 2:
        return hint("control", tile=code, pip=pip, count=follow)
    if fits(after, new):
        return hint("options", tile=code)
    return hint("casual", tile=code)


def _kept_pip(r: Reading, action: Action, plays: list[Action]) -> tuple[int, int] | None:
    """A pip (and the opponent lacking it, the one that passed on it most) this play keeps: the hand
    holds tiles of it, the play spends none, and another legal play would have."""
    t = action.tile
    assert t is not None
    for pip in range(7):
        if pip in (LOW[t], HIGH[t]) or not r.hand & WITH_PIP[pip]:
            continue
        if not any(a.tile is not None and pip in (LOW[a.tile], HIGH[a.tile]) for a in plays):
            continue
        lacking = [s for s in range(NUM_SEATS) if r.opponent(s) and r.lacks(s, pip)]
        if lacking:
            return pip, max(lacking, key=lambda s: (r.passes[s][pip], -((s - r.seat) % NUM_SEATS)))
    return None


def _spared_pip(r: Reading, action: Action, plays: list[Action]) -> int | None:
    """With partners: a pip the partner lacks that another legal play would put at an end and this one
    does not."""
    partner = r.partner_of(r.seat)
    if partner is None or not r.view.hand_sizes[partner]:
        return None
    new = ends_after(r.view.ends, action)
    for a in plays:
        other = ends_after(r.view.ends, a)
        for pip in other:
            if r.lacks(partner, pip) and pip not in new:
                return pip
    return None


def _opening_reason(r: Reading, action: Action) -> Reason:
    t = action.tile
    assert t is not None
    code = CODES[t]
    view = r.view
    if len(view.legal) == 1 and view.first:
        return hint("open-first", tile=code)
    if _double(t) and all(a.tile is not None and _double(a.tile) for a in view.legal):
        heaviest = max(TILE_PIPS[a.tile] for a in view.legal if a.tile is not None)
        if TILE_PIPS[t] == heaviest:
            return hint("open-double", tile=code)
    after = r.hand & ~(1 << t)
    if after & WITH_PIP[LOW[t]] and after & WITH_PIP[HIGH[t]]:
        return hint("open-heavy", tile=code, pips=TILE_PIPS[t])
    return hint("open-casual", tile=code)


def assess(view: GapleView) -> list[Assessment]:
    """Every legal action of ``view`` with the ``normal`` level's score and its reason, in legal order."""
    r = read(view)
    return [Assessment(a, score(r, a), reason_for(view, a, r)) for a in view.legal]
