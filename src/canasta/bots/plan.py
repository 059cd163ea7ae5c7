"""How a hand could be laid out: the heuristic's suit-aware hand evaluation.

:func:`plan_hand` splits a hand into the melds it could lay now (sequences of one suit, groups of a
rank, a pair with a wild card, wild-card melds), the cards that go onto the side's melds on the table
(naturals of a group's rank, the cards that extend a sequence at either end) and the cards left over.
The heuristic uses it to open (the points of the planned melds), to judge when it can go out (the
leftover) and to keep the cards that belong to a run when it discards.

Where a card could serve a sequence or a group, both orders are tried (sequences first, groups first)
and the layout with fewer leftover cards (then more points) wins: a greedy split, cheap enough for the
search bot's playouts (a hand is at most a few dozen cards).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..cards import JOKER, is_black_three, is_red_three, is_wild
from ..melds import black_threes_meld, red_three_melds_alone, wilds_allowed

if TYPE_CHECKING:
    from .heuristic import Obs

GROUP, SEQ, WILD, BLACK3 = "group", "seq", "wild", "black3"

# A meld that costs a penalty when left incomplete (R 1.2, S3 G, H: 7s and aces -2,500, wild cards
# -2,000) is started only with this many of its cards in hand (the heuristic's weights); the hand
# plan (going out, the opening) counts one only as a whole canasta from hand.
RISKY_RANK_MIN = 5
RISKY_WILD_MIN = 6


def short_penalty(o: Obs, rank: int) -> int:
    """What a pure meld of ``rank`` left short of a canasta costs (R 1.2, S3 G: 7s and aces 2,500;
    0 for other ranks)."""
    for r, penalty in o.rules.rank_incomplete_penalty:
        if r == rank:
            return penalty
    return 0


def risky_rank(o: Obs, rank: int) -> bool:
    """A rank whose incomplete meld costs a penalty (R 1.2, S3 G: 7s and aces)."""
    return short_penalty(o, rank) > 0


def wild_rank_ok(o: Obs, rank: int, naturals: int = 99) -> bool:
    """May a meld of ``rank`` with ``naturals`` natural cards take a wild card now (R 1.2, S3 G:
    never 7s; aces only in the opening; after the opening turn only with five naturals)?"""
    r = o.rules
    if rank in r.no_wild_ranks:
        return False
    after = o.opened[o.side] and not o.opening_points
    return not after or (rank not in r.opening_wild_ranks and naturals >= r.wild_needs_naturals)


def _wild_room(o: Obs, melds: list[tuple[str, list[int]]], counts: list[int]) -> int:
    """Wild cards the planned groups and the side's melds can still take where the rules limit
    them per meld (R 1.2: the rule of five, no wild 7s, aces only in the opening)."""
    r = o.rules
    room = 0
    for t, fs in melds:
        nat = [f for f in fs if not is_wild(f)]
        if t == GROUP and nat and wild_rank_ok(o, nat[0] // 4 + 2, len(nat)):
            room += max(0, wilds_allowed(r, len(nat)) - (len(fs) - len(nat)))
    for m in o.melds[o.side]:
        if m.kind == WILD and m.size < r.canasta_size:
            room += r.canasta_size - m.size
        elif m.kind == GROUP:
            base = (m.rank - 2) * 4
            more = sum(counts[base:base + 4])  # the hand's naturals that go onto it
            if m.size + more < r.canasta_size and wild_rank_ok(o, m.rank, m.naturals + more):
                room += max(0, min(wilds_allowed(r, m.naturals + more) - m.wilds,
                                   r.canasta_size - m.size - more))
    return room


@dataclass
class HandPlan:
    melds: list[tuple[str, list[int]]] = field(default_factory=list)  # new melds: (type, faces)
    adds: list[int] = field(default_factory=list)        # faces that go onto the side's melds
    left: list[int] = field(default_factory=list)        # faces left over
    points: int = 0                                       # card points of melds and adds

    def cards_in(self, kind: str) -> set[int]:
        return {f for t, fs in self.melds if t == kind for f in fs}


def _fits(o: Obs, lo: int, hi: int) -> bool:
    return any(a <= lo and hi <= b for a, b in o.rules.sequences)


def _extend_table(o: Obs, counts: list[int], adds: list[int]) -> None:
    """Cards extending the side's open sequences (repeatedly, at both ends) and group naturals."""
    r = o.rules
    size = r.canasta_size
    for m in o.melds[o.side]:
        if m.kind == SEQ and m.size < size:
            lo, hi, n = m.rank, m.high, m.size
            grown = True
            while grown and n < size:
                grown = False
                for rank in (lo - 1, hi + 1):
                    if 4 <= rank <= 14 and n < size:
                        f = (rank - 2) * 4 + m.suit
                        if counts[f] and _fits(o, min(lo, rank), max(hi, rank)):
                            counts[f] -= 1
                            adds.append(f)
                            lo, hi, n = min(lo, rank), max(hi, rank), n + 1
                            grown = True
        elif m.kind == GROUP and (m.size < size or r.add_to_canasta):
            base = (m.rank - 2) * 4
            for f in range(base, base + 4):
                while counts[f]:
                    counts[f] -= 1
                    adds.append(f)


def _runs(o: Obs, counts: list[int], melds: list[tuple[str, list[int]]]) -> None:
    size = o.rules.canasta_size
    for suit in range(4):
        rank = 4
        while rank <= 14:
            if not counts[(rank - 2) * 4 + suit]:
                rank += 1
                continue
            start = rank
            while rank <= 14 and counts[(rank - 2) * 4 + suit] and rank - start < size:
                rank += 1
            # ranks start .. rank-1 held; keep the longest part that fits a window
            lo, hi = start, rank - 1
            while hi - lo >= 2 and not _fits(o, lo, hi):
                lo += 1
            if hi - lo >= 2:
                faces = [(x - 2) * 4 + suit for x in range(lo, hi + 1)]
                for f in faces:
                    counts[f] -= 1
                melds.append((SEQ, faces))


def _groups(o: Obs, counts: list[int], melds: list[tuple[str, list[int]]]) -> None:
    if not o.model.meld3_ok:
        return
    for rank in range(14, 3, -1):
        base = (rank - 2) * 4
        n = counts[base] + counts[base + 1] + counts[base + 2] + counts[base + 3]
        if n >= 3 and (n >= o.rules.canasta_size or not risky_rank(o, rank)):
            faces = [f for f in range(base, base + 4) for _ in range(counts[f])]
            for f in faces:
                counts[f] -= 1
            melds.append((GROUP, faces))


def _layout(o: Obs, counts: list[int], wilds: list[int], seq_first: bool) -> HandPlan:
    counts = counts[:]
    before_adds = counts[:]
    plan = HandPlan()
    _extend_table(o, counts, plan.adds)
    if seq_first:
        if o.rules.sequences:
            _runs(o, counts, plan.melds)
        _groups(o, counts, plan.melds)
    else:
        _groups(o, counts, plan.melds)
        if o.rules.sequences:
            _runs(o, counts, plan.melds)
    wilds = sorted(wilds, key=lambda f: o.model.value[f])
    if o.model.meld21_ok:
        for rank in range(14, 3, -1):
            base = (rank - 2) * 4
            if not wilds:
                break
            if sum(counts[base:base + 4]) == 2 and wild_rank_ok(o, rank, 2) and not risky_rank(o, rank):
                faces = [f for f in range(base, base + 4) for _ in range(counts[f])]
                for f in faces:
                    counts[f] -= 1
                plan.melds.append((GROUP, [*faces, wilds.pop(0)]))
    # wild cards left: onto a group meld (planned or on the table), or a wild meld of their own
    groups = sum(1 for t, _ in plan.melds if t == GROUP) + sum(
        1 for m in o.melds[o.side] if m.kind in (GROUP, WILD) and m.size < o.rules.canasta_size)
    if wilds and groups:
        r = o.rules
        if r.wild_needs_naturals or r.no_wild_ranks or r.opening_wild_ranks:
            room = _wild_room(o, plan.melds, before_adds)
        else:  # each group's limit by its naturals (a wild meld's: the per-meld cap, as an estimate)
            room = sum(wilds_allowed(r, sum(1 for f in fs if not is_wild(f)))
                       for t, fs in plan.melds if t == GROUP) + sum(
                wilds_allowed(r, m.naturals) if m.kind == GROUP else r.max_wilds
                for m in o.melds[o.side] if m.kind in (GROUP, WILD) and m.size < r.canasta_size)
        plan.adds.extend(wilds[:room])
        wilds = wilds[room:]
    wild_min = o.rules.canasta_size if any(o.rules.wild_incomplete_by_jokers) else 3
    if len(wilds) >= wild_min and o.rules.wild_melds:
        plan.melds.append((WILD, wilds))
        wilds = []
    plan.left = [f for f in range(JOKER) for _ in range(counts[f])] + wilds
    val = o.model.value
    plan.points = sum(val[f] for _, fs in plan.melds for f in fs) + sum(val[f] for f in plan.adds)
    return plan


def plan_hand(o: Obs) -> HandPlan:
    """The best greedy layout of ``o.hand`` (see the module docstring); threes go to ``left``
    except the red threes that may be melded one by one (S1) and black threes that would go out."""
    counts = [0] * (JOKER + 1)
    wilds: list[int] = []
    threes: list[int] = []
    for f in o.hand:
        if is_wild(f):
            wilds.append(f)
        elif f // 4 == 1:
            threes.append(f)
        else:
            counts[f] += 1
    best = _layout(o, counts, wilds, True)
    if o.rules.sequences and best.melds:
        other = _layout(o, counts, wilds, False)
        if (len(other.left), -other.points) < (len(best.left), -best.points):
            best = other
    red = [f for f in threes if is_red_three(f)]
    black = [f for f in threes if is_black_three(f)]
    if red_three_melds_alone(o.rules):  # S1; S0 [F](i){c}: may be disclosed at any time
        best.adds.extend(red)
    else:
        best.left.extend(red)
    if black and black_threes_meld(o.rules, len(black), 0):
        best.melds.append((BLACK3, black))
    else:
        best.left.extend(black)
    return best
