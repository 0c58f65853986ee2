"""Hand-written Tien Gow play from one seat's knowledge: the ``normal`` level, and the search's play-outs.

Every choice returns ``(mask, face_up, reason_id, shown_mask)``; the reason is the idea a player
would recognise ("keep Heaven–nine for the last trick"). The policy reads only the acting seat's
hand, the tiles it has seen (``gone``) and public state, so it is fair both as a bot and inside a
sampled world.

Ideas, in the order they are tried:
- a *run-out*: when the whole hand splits into groups nobody can beat, lead them, saving a
  Supreme or quartet (double money) for the last trick;
- the Supreme is led at once (nobody can beat it, and each opponent pays);
- lead what cannot be beaten (every higher tile has been seen), but keep the best finisher;
- win a column before the last trick (early death: a seat with no column may not win a final single);
- the Little Three (1-2) is a liability near the end while Big Six (2-4) is out: shed it early;
- follow by beating whenever that does not spend a sure finisher (columns cut what a loser
  pays), with the lowest group nobody can beat, else the lowest (singles) or highest beater;
- put down face down the tiles least likely to win anything.
"""

from __future__ import annotations

from cardavia.bots.tien_gow.sim import Sim, split, unseen_of
from cardavia.games.tien_gow.deal import down_masks
from cardavia.games.tien_gow.groups import (
    BEATERS,
    BIG_SIX_BIT,
    GROUP_TYPE,
    LITTLE_THREE_BIT,
    QUARTET_MASKS,
    SUPREME_MASK,
    lead_masks,
)
from cardavia.games.tien_gow.tiles import CIVIL_HI, NUM_SLOTS, SLOT_TILE, normalize
from cardavia.games.tien_gow.tricks import early_death, up_follows

Choice = tuple[int, bool, str, int]  # (mask, face up, reason id, mask shown in the reason)


def _higher_masks() -> tuple[int, ...]:
    out = []
    for slot in range(NUM_SLOTS):
        t = SLOT_TILE[slot]
        m = 0
        for other in range(NUM_SLOTS):
            o = SLOT_TILE[other]
            if o.civil == t.civil and o.rank < t.rank:
                m |= 1 << other
        out.append(m)
    return tuple(out)


HIGHER: tuple[int, ...] = _higher_masks()
"""For each slot, every slot of a tile that beats it as a single."""


def single_beaters(bit: int, unseen: int) -> int:
    """How many tiles the seat cannot see would beat the tile ``bit`` led as a single."""
    return (unseen & HIGHER[bit.bit_length() - 1]).bit_count()


def is_safe(group: int, unseen: int) -> bool:
    """Whether nobody can beat ``group`` led now: every group over it needs a tile the seat has seen."""
    return all(b & ~unseen for b in BEATERS[group])


def beater_count(group: int, unseen: int) -> int:
    """How many different groups the unseen tiles could beat ``group`` with (0: it is safe)."""
    return sum(1 for b in BEATERS[group] if not b & ~unseen)


_CACHE_MAX = 200_000
_VALUES: dict[tuple[int, int], dict[int, float]] = {}
_RUNOUT: dict[tuple[int, int], list[int] | None] = {}


def tile_values(hand: int, unseen: int) -> dict[int, float]:
    """Cached :func:`_tile_values` (play-outs meet the same hands and knowledge again and again)."""
    key = (hand, unseen)
    found = _VALUES.get(key)
    if found is None:
        if len(_VALUES) >= _CACHE_MAX:
            _VALUES.clear()
        found = _VALUES[key] = _tile_values(hand, unseen)
    return found


def _tile_values(hand: int, unseen: int) -> dict[int, float]:
    """How much each tile of the hand is worth keeping (higher: keep), by slot bit.

    A tile is worth more the fewer unseen tiles beat it, and more again when it is part of a group
    the hand can lead. Little Three is a debt while Big Six may catch it on the last trick.
    """
    in_group = 0
    for g in lead_masks(hand):
        if g.bit_count() > 1:
            in_group |= g
    values = {}
    for bit in split(hand):
        v = 10.0 - min(10, single_beaters(bit, unseen))
        slot = bit.bit_length() - 1
        if SLOT_TILE[slot].civil:
            partner = bit << 1 if bit & ~CIVIL_HI else bit >> 1
            grouped = bool(in_group & (bit | partner))
        else:
            grouped = bool(in_group & bit)
        if grouped:
            v += 3.0
        if bit == LITTLE_THREE_BIT and not hand & BIG_SIX_BIT and unseen & BIG_SIX_BIT:
            v -= 3.0
        elif bit == BIG_SIX_BIT and unseen & LITTLE_THREE_BIT:
            v += 1.0
        values[bit] = v
    return values


def cheapest_down(hand: int, k: int, values: dict[int, float]) -> int:
    """The ``k`` tiles least worth keeping."""
    if k == 1:
        return min(values, key=lambda b: (values[b], b))
    # ties go to the first combination, as min keeps the first of equals
    return min(down_masks(hand, k), key=lambda m: group_value(m, values))


def runout(hand: int, unseen: int) -> list[int] | None:
    """Groups that lead out the whole hand with none beatable, the last one the best finisher."""
    key = (hand, unseen)
    if key in _RUNOUT:
        return _RUNOUT[key]
    if len(_RUNOUT) >= _CACHE_MAX:
        _RUNOUT.clear()
    plan = _RUNOUT[key] = _plan_runout(hand, unseen)
    return plan


def _plan_runout(hand: int, unseen: int) -> list[int] | None:
    plan = _runout(hand, unseen)
    if plan is None:
        return None
    # save the Supreme or a quartet (final-trick factor) for the last trick
    plan.sort(key=lambda g: (g == SUPREME_MASK or g in QUARTET_MASKS, g.bit_count()), reverse=False)
    return plan


def _runout(hand: int, unseen: int) -> list[int] | None:
    if not hand:
        return []
    low = hand & -hand
    # the biggest groups first: fewer tricks to the end, and quartets or the Supreme collect money
    for g in reversed(lead_masks(hand)):
        if g & low and is_safe(g, unseen):
            rest = _runout(_minus(hand, g), unseen)
            if rest is not None:
                return [g, *rest]
    return None


def _minus(hand: int, g: int) -> int:
    return normalize(hand & ~g)


def choose(sim: Sim, seat: int) -> Choice:
    """The play of ``seat`` (to act in ``sim``) from its own knowledge."""
    hand = sim.hands[seat]
    unseen = unseen_of(hand, sim.gone)
    if not sim.size:
        return lead(sim, seat, hand, unseen)
    return follow(sim, seat, hand, unseen)


def lead(sim: Sim, seat: int, hand: int, unseen: int) -> Choice:
    n = hand.bit_count()
    leads = lead_masks(hand)
    if n == 1:
        return hand, True, "last-tile", hand
    plan = runout(hand, unseen)
    if plan is not None:
        first = plan[0]
        if len(plan) == 1:
            return first, True, "runout-final", first
        return first, True, "runout", plan[-1]
    if SUPREME_MASK in leads:  # measured: cashing it at once beats keeping it as an entry
        return SUPREME_MASK, True, "supreme", SUPREME_MASK
    if hand in GROUP_TYPE:
        # the whole hand is one group: lead it as the final trick rather than split a finisher
        return hand, True, "final-group", hand
    values = tile_values(hand, unseen)
    keeper = max(values, key=lambda b: (values[b], b))
    no_column = sim.columns[seat] == 0
    safe = [g for g in leads if is_safe(g, unseen) and g != SUPREME_MASK]
    spare = [g for g in safe if not g & keeper and g.bit_count() < n]
    if spare:
        g = max(spare, key=lambda g: (g.bit_count(), -group_value(g, values)))
        return g, True, "safe-lead", g
    if no_column and safe:
        g = max(safe, key=lambda g: (g.bit_count(), -group_value(g, values)))
        return g, True, "need-column", g
    if n == 2 and hand & LITTLE_THREE_BIT and not hand & BIG_SIX_BIT and unseen & BIG_SIX_BIT:
        return LITTLE_THREE_BIT, True, "little-three-guard", LITTLE_THREE_BIT
    if no_column:
        # the group the fewest unseen groups can beat, preferring more tiles (more columns)
        cands = [g for g in leads if not g & keeper or g.bit_count() > 1] or list(leads)
        g = min(cands, key=lambda g: (beater_count(g, unseen) - g.bit_count(), -group_value(g, values)))
        return g, True, "need-column", g
    keeper_first = keeper >> 1 if keeper & CIVIL_HI else keeper  # a single is led by its first slot
    singles = [g for g in leads if g.bit_count() == 1 and g != keeper_first]
    if not singles:
        singles = [g for g in leads if g.bit_count() == 1]
    g = min(singles, key=lambda g: (values.get(g, 0.0), g))
    return g, True, "dump-lead", keeper


def group_value(g: int, values: dict[int, float]) -> float:
    """What the tiles of ``g`` are worth keeping, together (see :func:`tile_values`).

    A tile counted by its second-copy slot is valued as its first copy (both copies are equal).
    """
    return sum(values.get(b, values.get(b >> 1, 0.0)) for b in split(g))


def follow(sim: Sim, seat: int, hand: int, unseen: int) -> Choice:
    k = sim.size
    dies_early = early_death(k, sim.final, sim.columns[seat])
    ups = up_follows(hand, sim.high, k, sim.final, sim.columns[seat])
    if sim.final:
        if ups:
            g = ups[-1]
            reason = "catch" if g == BIG_SIX_BIT and sim.lead == LITTLE_THREE_BIT else "beat-final"
            return g, True, reason, g
        return hand, False, ("early-death" if dies_early else "cannot-beat"), hand
    values = tile_values(hand, unseen)
    if ups:
        sure = [g for g in ups if is_safe(g, unseen)]
        for g in ups:
            rest = _minus(hand, g)
            if rest and runout(rest, unseen) is not None and (g in sure or sim.played == 3):
                return g, True, "beat-runout", g
        keeper = max(values, key=lambda b: (values[b], b))
        keeper_safe = single_beaters(keeper, unseen) == 0
        if sim.played == 3:
            pick = ups[0]  # last to play: the lowest winner is enough
        elif sure:
            pick = sure[0]  # the lowest group nobody can beat
        else:
            pick = ups[-1] if k > 1 else ups[0]
        costs_keeper = bool(pick & keeper) and keeper_safe and hand.bit_count() > k
        if sim.columns[seat] == 0 and hand.bit_count() > k:
            return pick, True, "need-column", pick
        if not costs_keeper:
            return pick, True, ("beat-cheap" if k == 1 else "beat"), pick
    down = cheapest_down(hand, k, values)
    return down, False, "discard", down
