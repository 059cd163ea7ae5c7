"""Can the player go out this turn? The exact search for every rule set (``can_go_out_general``).

Every card left after the final discard (where one is made) must be melded this turn. The order
of the plays matters only inside one meld (a new meld is three cards, then one card at a time, wild
cards before a canasta closes), for the black threes (last, all together), and for merges: a play
that empties the hand goes out at once, so a canasta made by merging two melds counts for it only
if the merge comes before it (with a final discard the merges may come after every card play: the
engine lets the hand hold one card when merges can still make the canastas,
``engine.lastcard.last_card_out``). Otherwise a plan is a partition of the hand:

* naturals of rank r and suit s: into group melds of rank r, or into sequences of suit s (new
  runs, or extensions of the side's sequences at either end);
* wild cards: into group melds, wild-card melds, or the black-three meld;
* red threes (where they may be melded) one by one; black threes together at the end.

Sequences are found by a sweep over the ranks whose state is the runs still open in each suit; at
each rank the naturals kept for groups go to a small exact search over that rank's group melds
(additions, new melds, merges, in every order). The sweep's values are sets of small tuples (wilds
placed, canastas, sequence canastas, own canastas, ...), counts capped at what going out needs.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING, Final

from .melds import (
    BLACK3_MELD,
    GROUP_MELD,
    SEQUENCE_MELD,
    red_three_melds_alone,
    sequence_fits,
    wild_fits,
)
from .rules import RuleSet

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState

# A value of the search: (wilds placed, canastas, sequence canastas, own canastas, discard made,
# waits, last): "waits" = a canasta made by a merge with no card play after it (fine when a discard
# ends the turn), "last" = some card play can come after every merge (see ``_group_outcomes``).
Value = tuple[int, int, int, int, int, int, int]
Caps = tuple[int, int, int]            # what going out needs of the three canasta counts
Group = tuple[int, int, bool]          # (naturals, wilds, laid this turn)
GroupEnd = tuple[int, int, int, int]   # (canastas, own canastas, waits, last)
Outcomes = dict[int, set[GroupEnd]]  # wilds used -> group outcomes
FREE: Final = -2  # ``_plan_exists``: the final discard (any one card, or none where optional) is searched
# what the "own canastas" count of a value counts
OWN: Final = 0
NATURAL: Final = 1
NATURAL_CANASTA: Final = 2


def can_go_out_general(state: GameState, quick: bool = True) -> bool:
    """Whether some sequence of legal plays this turn goes out (any rule set the engine plays).
    ``quick=False`` turns off the sweep's quick paths (``_Sweep.run``), for the tests that compare
    them with it."""
    r = state.rules
    seat = state.current
    if state.permission_problem():
        return False
    hand = list(state.hands[seat])
    bare = r.go_out_discard == "optional" or _black3_bare(r)  # may the turn end without a discard?
    if state.no_discard:  # after a last-card red three the hand must be melded out entirely
        return bare and _plan_exists(state, hand, -1, quick)
    if state.opened[state.side_of(seat)]:
        return _plan_exists(state, hand, FREE, quick)
    # short of the opening the discard's points matter: try each card
    held = [state.face_of_kind(seat, k) for k, n in enumerate(state.hk[seat]) if n]
    choices = ([-1] if bare else []) + held
    # but a natural that fits no meld with the whole hand fits none after another discard either
    # (``_lone_naturals``), and a plan leaves none: two answer no at once, one is the only discard
    lone = _lone_naturals(state, hand)
    if len(lone) > 1:
        return False
    if lone:
        choices = [d for d in choices if d == lone[0]]
    for d in choices:
        h = list(hand)
        if d >= 0:
            h[d] -= 1
        if _plan_exists(state, h, d, quick):
            return True
    return False


def _lone_naturals(state: GameState, h: list[int]) -> list[int]:
    """The naturals of ``h`` that ``_stranded`` counts with every group meld and every open sequence
    of the side: the most any route of ``_plan_route`` lets grow, so each of these is stranded there
    too, whatever else is discarded (a card taken out of the hand strands no fewer others)."""
    size = state.rf.canasta_size
    groups: dict[int, list[Group]] = {}
    seqs: list[tuple[int, int, int, bool]] = []
    for mm in state.melds[state.side_of(state.current)]:
        if mm.type is GROUP_MELD:
            groups[mm.rank] = []
        elif mm.type is SEQUENCE_MELD and mm.size < size:
            seqs.append((mm.suit, mm.rank, mm.high, True))
    out: list[int] = []
    _stranded(state.rules, _rows(h), groups, 0, seqs, out)
    return out


def _rows(h: list[int]) -> list[list[int]]:
    """The naturals of ``h`` per suit, indexed by rank (ranks 4 to 14 read; 15 and up empty): for
    rank r, ``h[(r - 2) * 4 + s]``, by slices of the hand."""
    return [[h[s - 8], h[s - 4], *h[s:52:4], 0] for s in range(4)]


def _black3_bare(rules: RuleSet) -> bool:
    """Does a black-three meld end the turn without the discard the rules otherwise require? (S0
    [F](ii){b}, option ``black3_out_no_discard`` where the rule set has it.)"""
    return rules.black3_out_no_discard


def _plan_exists(state: GameState, h: list[int], discard: int, quick: bool = True) -> bool:
    """Can the cards ``h`` (face counts) all be melded this turn, bar the final discard, meeting
    the going-out terms? ``discard``: the face already taken out of ``h`` (-1: none), or FREE."""
    r = state.rules
    m = state.model
    seat = state.current
    side = state.side_of(seat)
    if any(h) and state.retracted and not state.opened[side]:
        return False  # a player who took back an opening may not meld again this turn
    # (may the side's old melds be used, "marked" melds needed and which (OWN canastas, NATURAL
    # groups of three or more, natural canastas), sequence canastas needed)
    routes = [(True, 0, OWN, 0)]
    if discard != FREE and not state.opened[side]:
        value = m.open_value  # points toward the opening (S0: treys none)
        points = sum(value[f] * n for f, n in enumerate(h) if n)
        routes = []
        if state.turn_points + points >= state.minimum[side]:
            if r.opening_natural_meld:
                # R 1.2: the opening includes a natural meld of three or more. The side opens as
                # soon as its points and such a meld are on the table, so wild cards may join that
                # meld afterwards if the points before them suffice: the cheapest wilds go there
                wild_values = sorted(value[f] for k in m.wild_kinds for f in m.faces_of[k]
                                     for _ in range(h[f]))
                late = 0
                while (late < len(wild_values) and state.turn_points + points
                       - sum(wild_values[:late + 1]) >= state.minimum[side]):
                    late += 1
                # (the side opens only after a play: one that is not such a wild must come first)
                late = min(late, max(0, sum(h) - 1))
                routes.append((True, len(wild_values) + 1 - late, NATURAL, 0))
            else:
                routes.append((True, 0, OWN, 0))
        # short of the opening minimum: a concealed going out waives it (C1) ...
        # (what it needs besides a canasta of its own, which the route asks for)
        if state.goes_out_concealed(new_canasta=True):
            routes.append((r.concealed_allows_layoff,
                           1 if r.concealed_needs_canasta and not state.turn_canasta else 0, OWN, 0))
        # ... and so does a natural canasta (R 1.2) or a sequence canasta (S0 [G](i){d}) where
        # it opens by itself
        if r.canasta_opens:
            routes.append((True, 1, NATURAL_CANASTA, 0))
        if r.sequence_canasta_opens:
            routes.append((True, 0, OWN, 1))
    return any(_plan_route(state, h, discard, *route, quick) for route in routes)


def _plan_route(state: GameState, h: list[int], discard: int, use_old: bool, need_own: int,
                mark: int, need_seq: int, quick: bool = True) -> bool:
    """``_plan_exists`` for one way of meeting the opening: ``use_old`` the side's melds from
    before this turn may grow, ``need_own`` melds of the kind ``mark`` (the player's own canastas,
    natural groups of three or more, natural canastas) and ``need_seq`` sequence canastas the plan
    must hold besides the going-out requirement."""
    r = state.rules
    m = state.model
    rf = state.rf
    seat = state.current
    side = state.side_of(seat)
    free = discard == FREE
    wild_kinds = set(m.wild_kinds)
    wilds = sum(h[f] for k in wild_kinds for f in m.faces_of[k])
    forced = 0  # cards that can only be the final discard
    single3 = red_three_melds_alone(r)  # a red three may be melded as a single card
    # red threes that are wild cards may be laid singly instead (S0 [F](i){c}): wilds to spare
    spare = sum(h[f] for f in m.faces_of[m.red3]) if m.red3 in wild_kinds and single3 else 0
    red3 = 0 if m.red3 in wild_kinds else sum(h[f] for f in m.faces_of[m.red3])
    if red3 and not single3:
        forced += red3  # red threes here are never melded
        red3 = 0
    # black threes: all together, last, when going out; a lone one can only be discarded
    b3w: set[int] = {0}
    b3 = 0 if m.black3 in wild_kinds else sum(h[f] for f in m.faces_of[m.black3])
    if b3 == 1 or (b3 and rf.black3_meld == "none"):
        forced += b3
    elif b3:
        if discard >= 0 and m.kind_of[discard] == m.black3:
            return False  # all black threes are melded at once, so none can be discarded after
        if _black3_bare(r):  # S0 [F](ii){b}: melded black treys are the last act, no discard follows
            if discard >= 0:
                return False
            free = False
        b3w = set()
        if b3 >= rf.black3_meld_min:
            b3w.add(0)
        if b3 == 2:
            b3w.update(range(1, rf.black3_meld_wilds + 1))
        if not b3w:
            return False
    if forced and (forced > 1 or not free):
        return False
    caps: Caps = (rf.go_out_canastas, max(need_seq, 1 if rf.go_out_sequence else 0), need_own)
    bare = rf.go_out_discard == "optional" or (_black3_bare(r) and b3 > 1)
    if discard == -1 and not bare:
        return False
    size = rf.canasta_size
    fixed = [0, 0, 0]
    groups: dict[int, list[Group]] = {}
    group_ranks: set[int] = set()
    seqs: list[tuple[int, int, int, bool]] = []  # (suit, low, high, own) of growable sequences
    wild_melds: list[tuple[int, bool]] = []
    for i, mm in enumerate(state.melds[side]):
        own = i >= state.turn_base
        if mm.type is BLACK3_MELD:
            continue
        if mm.type is GROUP_MELD:
            group_ranks.add(mm.rank)
        closed = mm.type is not GROUP_MELD and mm.size >= size
        if closed or not (use_old or own):
            if mm.size >= size:  # stays as it is
                fixed[0] += 1
                fixed[1] += mm.type is SEQUENCE_MELD
                fixed[2] += own and mark == OWN
            continue
        if mm.type is GROUP_MELD:  # (third: own, or for NATURAL: a natural meld now)
            mark3 = own if mark != NATURAL else not mm.wilds
            groups.setdefault(mm.rank, []).append((mm.naturals, mm.wilds, mark3))
        elif mm.type is SEQUENCE_MELD:
            seqs.append((mm.suit, mm.rank, mm.high, own))
        else:
            wild_melds.append((mm.size, own))
    # naturals that fit no meld at all, more than the one discard: no (asked before the wild-card
    # melds' outcomes below, which most checks that answer no never need)
    nat = _rows(h)
    if _stranded(r, nat, groups, wilds, seqs) > (1 if free and not forced else 0):
        return False
    # the discard: made already (or none), forced, a wild card or red three, or a natural (sweep);
    # (wilds it takes, discard made, red threes left to meld)
    made = 1 if discard >= 0 or forced else 0
    firsts = [(0, made, red3)]
    if free and not forced:
        firsts += [(1, 1, red3)] if wilds else []
        firsts += [(0, 1, red3 - 1)] if red3 else []
    start: set[tuple[int, int, int, int, int]] = set()
    for x, tos in _wild_meld_outcomes(_limits(r), tuple(sorted(wild_melds)), wilds).items():
        for bw in b3w:
            for t, o in tos:
                for dw, dd, r3 in firsts:
                    if x + bw + dw <= wilds:
                        last = int(x > 0 or b3 > 1 or r3 > 0)  # plays that may come last
                        o = o if mark == OWN else 0
                        start.add((x + bw + dw, fixed[0] + t, dd, fixed[2] + o, last))
    if not start:
        return False
    most, most_seq = _canastas_at_most(r, nat, groups, wilds, seqs, wild_melds)
    if fixed[0] + most < caps[0] or fixed[1] + most_seq < caps[1]:
        return False  # not enough canastas, however the cards are played
    solver = _Sweep(state, groups, group_ranks, wilds, caps, mark)
    plans = []
    for extra, left in _extensions(r, seqs, nat):
        eo = extra[2] if mark == OWN else 0
        begin = {_cap((w, t + extra[0], fixed[1] + extra[1], o + eo, dd, 0, last | extra[3]),
                      caps) for w, t, dd, o, last in start}
        plans.append((begin, left))
    # first without short sequences (quick, and usually enough), then with everything
    for short in (False, True) if r.sequences and sum(h) > 15 else (True,):
        for begin, left in plans:
            if solver.run(begin, left, free and not forced, short, bare, spare, quick):
                return True
    return False


def _stranded(rules: RuleSet, nat: list[list[int]], groups: dict[int, list[Group]], wilds: int,
              seqs: list[tuple[int, int, int, bool]], faces: list[int] | None = None) -> int:
    """Naturals that can join no meld however the rest is played: the only one of its rank in
    hand, no group meld of that rank on the side, and no run of three of its suit through it nor
    a side's sequence it could reach. (A quick count: each of them can only be the discard.)
    ``faces``: where given, their faces are appended to it."""
    if rules.min_naturals < 2:
        return 0
    out = 0
    n0, n1, n2, n3 = nat  # (the four suits' rows: a plain sum, no generator per rank)
    for rank in range(4, 15):
        if n0[rank] + n1[rank] + n2[rank] + n3[rank] != 1 or rank in groups:
            continue
        suit = next(s for s in range(4) if nat[s][rank])
        row = nat[suit]
        runs = rules.sequences and any(
            all(row[x] or x == rank for x in range(a, a + 3)) and sequence_fits(rules, a, a + 2)
            for a in range(max(4, rank - 2), min(rank, 12) + 1))
        if runs or any(s == suit and _reaches(row, rank, lo, hi) for s, lo, hi, _ in seqs):
            continue
        out += 1
        if faces is not None:
            faces.append((rank - 2) * 4 + suit)
    return out


def _canastas_at_most(rules: RuleSet, nat: list[list[int]], groups: dict[int, list[Group]],
                      wilds: int, seqs: list[tuple[int, int, int, bool]],
                      wild_melds: list[tuple[int, bool]]) -> tuple[int, int]:
    """Upper bounds on the canastas (all, and sequence canastas) the growable melds and the hand
    can hold at the end (a quick count: every canasta needs ``canasta_size`` cards, a sequence
    canasta that many cards of a suit in a row)."""
    size = rules.canasta_size
    total = 0
    n0, n1, n2, n3 = nat
    for rank in range(4, 15):
        done = loose = 0
        for n, w, _ in groups.get(rank, ()):
            if n + w >= size:
                done += 1
            else:
                loose += n + w
        total += done + (loose + n0[rank] + n1[rank] + n2[rank] + n3[rank] + wilds) // size
    if rules.wild_melds or wild_melds:
        total += (wilds + sum(n for n, _ in wild_melds)) // size
    seq = 0
    for suit, lo, hi, _ in seqs:
        row = nat[suit]
        down = up = 0
        while lo - down - 1 >= 4 and row[lo - down - 1]:
            down += 1
        while hi + up + 1 <= 14 and row[hi + up + 1]:
            up += 1
        seq += hi - lo + 1 + down + up >= size
    if rules.sequences:
        for row in nat:
            # some ``size`` ranks in a row held, within 4..14 (one scan for the longest run)
            run = best = 0
            for x in range(4, 15):
                if row[x]:
                    run += 1
                    if run > best:
                        best = run
                else:
                    run = 0
            if best >= size:
                seq += sum(row[4:15]) // size
    return total + seq, seq


def _reaches(row: list[int], rank: int, lo: int, hi: int) -> bool:
    """Could ``rank`` extend the sequence lo..hi (held cards of the suit filling the gap)?"""
    if rank < lo:
        return all(row[x] for x in range(rank + 1, lo))
    if rank > hi:
        return all(row[x] for x in range(hi + 1, rank))
    return False


def _cap(v: Value, caps: Caps) -> Value:
    return (v[0], min(v[1], caps[0]), min(v[2], caps[1]), min(v[3], caps[2]), v[4], v[5], v[6])


def _fits_some(rules: RuleSet, low: int, high: int) -> bool:
    return any(lo <= low and high <= hi for lo, hi in rules.sequences)


def _extensions(rules: RuleSet, seqs: list[tuple[int, int, int, bool]], nat: list[list[int]]
                ) -> list[tuple[tuple[int, int, int, int], list[list[int]]]]:
    """Every way to extend the side's open sequences at either end from the hand: (canastas,
    sequence canastas, own canastas it completes, 1 if it plays a card), and the naturals left;
    the longest extensions first: a plan must meld every card, and where many ways are tried (a
    large hand, several sequences) the one that goes out mostly uses the held cards that fit."""
    out: list[tuple[tuple[int, int, int, int], list[list[int]]]] = []
    _extend(rules, rules.canasta_size, seqs, 0, (0, 0, 0, 0), nat, out)
    return out


def _extend(rules: RuleSet, size: int, seqs: list[tuple[int, int, int, bool]], i: int,
            counts: tuple[int, int, int, int], left: list[list[int]],
            out: list[tuple[tuple[int, int, int, int], list[list[int]]]]) -> None:
    """``_extensions`` from the ``i``-th sequence on, into ``out``. (A module function, not a
    closure: a closure that calls itself is a reference cycle, garbage that only the collector
    frees, and in samba these made half of what set it off.)"""
    if i == len(seqs):
        out.append((counts, left))
        return
    suit, low, high, own = seqs[i]
    row = left[suit]
    down = 0
    while low - down - 1 >= 4 and row[low - down - 1] > 0:
        down += 1
    up = 0
    while high + up + 1 <= 14 and row[high + up + 1] > 0:
        up += 1
    n = high - low + 1
    for d in range(down, -1, -1):
        for e in range(up, -1, -1):
            if n + d + e > size or not sequence_fits(rules, low - d, high + e):
                continue
            new = [list(x) for x in left]
            for rank in (*range(low - d, low), *range(high + 1, high + e + 1)):
                new[suit][rank] -= 1
            full = n + d + e >= size
            _extend(rules, size, seqs, i + 1, (counts[0] + full, counts[1] + full,
                                                counts[2] + (full and own), counts[3] | (d + e > 0)),
                    new, out)


class _Limits:
    """A rule set as a cache key hashed by identity (one per rule set): hashing the whole frozen
    rule set on every cached call would cost more than the search. Also says whether every run of
    three to ``canasta_size`` ranks inside a span of joined windows fits a window (``free_runs``,
    true for the Samba/Bolivia windows): then a run that will not be a canasta may be any length
    of three or more (it splits into legal sequences of three to five cards; canastas of five or
    more cards), so the sweep tracks it by its length class only (1, 2, 3 or more) instead of its
    first rank."""

    __slots__ = ("free_runs", "rules", "span_of")

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        spans: list[list[int]] = []
        for lo, hi in sorted(rules.sequences):
            if spans and lo <= spans[-1][1]:
                spans[-1][1] = max(spans[-1][1], hi)
            else:
                spans.append([lo, hi])
        span_of = [-1] * 18
        for i, (lo, hi) in enumerate(spans):
            for rank in range(lo, hi + 1):
                span_of[rank] = i
        self.span_of = tuple(span_of)
        self.free_runs = rules.canasta_size >= 5 and all(
            sequence_fits(rules, a, b) for lo, hi in spans
            for a in range(lo, hi + 1) for b in range(a + 2, min(hi, a + rules.canasta_size - 1) + 1))


_LIMITS: Final[dict[int, _Limits]] = {}


def _limits(rules: RuleSet) -> _Limits:
    """The rule set's ``_Limits``, found by identity: hashing the frozen rule set (a dataclass
    ``__hash__`` over every field, plain Python even in the compiled engine) cost more than the
    rest of a quick going-out check. The entry holds the rule set, so its id is not reused while
    the entry lives."""
    lim = _LIMITS.get(id(rules))
    if lim is None or lim.rules is not rules:
        if len(_LIMITS) >= 64:
            _LIMITS.clear()
        lim = _LIMITS[id(rules)] = _Limits(rules)
    return lim


@lru_cache(maxsize=4096)
def _wild_meld_outcomes(lim: _Limits, melds: tuple[tuple[int, bool], ...], wilds: int
                        ) -> dict[int, frozenset[tuple[int, int]]]:
    """Wild cards into wild-card melds (new ones of three or more, or the side's open ones, each
    closed at a canasta): wilds used -> (canastas, own canastas) of all those melds."""
    rules = lim.rules
    size = rules.canasta_size
    acc: dict[int, set[tuple[int, int]]] = {0: {(0, 0)}}
    for n, own in melds:
        nxt: dict[int, set[tuple[int, int]]] = {}
        for x, tos in acc.items():
            for add in range(0, min(size - n, wilds - x) + 1):
                done = int(n + add >= size)
                nxt.setdefault(x + add, set()).update((t + done, o + done * own) for t, o in tos)
        acc = nxt
    if rules.wild_melds:
        nxt = {}
        for x, tos in acc.items():
            for y in range(0, wilds - x + 1):
                if 0 < y < 3:
                    continue
                full = 0
                while y - size * (full + 1) == 0 or y - size * (full + 1) >= 3:
                    full += 1
                nxt.setdefault(x + y, set()).update((t + full, o + full) for t, o in tos)
        acc = nxt
    return {x: frozenset(tos) for x, tos in acc.items()}


class _Sweep:
    """The rank sweep: open runs per suit as state, groups settled rank by rank."""

    def __init__(self, state: GameState, groups: dict[int, list[Group]], group_ranks: set[int],
                 wilds: int, caps: Caps, mark: int = 0) -> None:
        self.rules = state.rules
        self.rf = state.rf
        self.lim = _limits(state.rules)
        self.groups = {rank: tuple(sorted(gs)) for rank, gs in groups.items()}
        self.group_ranks = group_ranks
        self.wilds = wilds
        self.caps = caps
        self.mark = mark
        side = state.side_of(state.current)
        # R 1.2 wild rules, fixed for the turn: once the side opened before this turn, a wild card
        # joins only a group with ``wild_needs_naturals`` naturals, never one of the opening-only
        # ranks; the no-wild ranks never take one (``engine.conditions.wild_rule``)
        self.after_opening = state.opened[side] and not state.turn_points
        self.memo: dict[int, tuple[tuple[int, int, int, int, int], ...]] = {}

    def wild_min(self, rank: int) -> int:
        """Naturals a group of ``rank`` must hold before a wild card joins it (99: never)."""
        r = self.rf
        if rank in r.no_wild_ranks:
            return 99
        if self.after_opening:
            return 99 if rank in r.opening_wild_ranks else r.wild_needs_naturals
        return 0

    def group(self, rank: int, k: int) -> tuple[tuple[int, int, int, int, int], ...] | None:
        """(wilds used, canastas, own canastas, waits, last) for ``k`` naturals of ``rank`` in
        groups, fewest wilds first (None: they cannot all be melded)."""
        if k < 0:
            return None
        if rank > 14:
            return ((0, 0, 0, 0, 0),) if k == 0 else None
        key = rank * 256 + k  # (k: at most the naturals of a rank, far fewer than 256)
        flat = self.memo.get(key)
        if flat is None:
            new_ok = not (self.rf.one_meld_per_rank and rank in self.group_ranks)
            flat = self.memo[key] = _group_flat(self.lim, self.groups.get(rank, ()), new_ok, k,
                                                self.wilds, self.caps[0], self.caps[2],
                                                self.wild_min(rank), self.mark)
        return flat or None

    def run(self, begin: set[Value], nat: list[list[int]], may_discard: bool,
            short: bool = True, bare: bool = True, spare: int = 0, quick: bool = True) -> bool:
        """From the values ``begin``, can the naturals ``nat`` (per suit and rank) all be placed,
        going out? ``may_discard``: one natural may still be the final discard; ``short``:
        False tries sequences that make canastas only (a quicker search; True is complete);
        ``bare``: the turn may end without a discard; ``spare``: wild cards that may be laid
        singly instead of placed (red threes that are wild); ``quick``: skip the ranks that
        cannot change the values, and step the groups alone where no run can be (False: the
        general step at every rank, for the tests)."""
        lim = self.lim
        seq = bool(self.rules.sequences)
        free = lim.free_runs
        if not short and not free:
            seq = False
        limit = max(self.caps)  # canastas the sequences could usefully make
        prune = free and seq and limit < 4  # (a free suit state: 3 counts, then the canasta runs)
        none: tuple[int, ...] = (0, 0, 0) if free else ()
        empty = (none, none, none, none)
        # ``lone``: the values while no run is open and that state is the only one (then ``cur`` is
        # not used): the quick paths below test it instead of hashing the empty state at every rank
        lone: frozenset[Value] | None = frozenset(begin)
        cur: dict[tuple[tuple[int, ...], ...], frozenset[Value]] = {}
        groups = self.groups
        settled = False  # have the values been through ``_pareto``?
        for rank in range(4, 16):
            if (quick and lone is not None and rank not in groups and not nat[0][rank]
                    and not nat[1][rank] and not nat[2][rank] and not nat[3][rank]):
                # no run open, no card of this rank held, no group of it to take wild cards:
                # every suit's only option keeps it empty and the groups' only outcome adds
                # nothing, so the step would give back the same values (a quick path for the
                # many ranks a short hand lacks; ``_pareto`` gives back its own output unchanged,
                # so only the first values need it)
                if not settled:
                    lone = frozenset(_pareto(set(lone)))
                    settled = True
                continue
            settled = True
            if quick and lone is not None and (rank >= 14 or all(
                    not (row[rank] and row[rank + 1] and row[rank + 2]) for row in nat)):
                # no run open, and none can start here (no suit holds this rank and the next
                # two): every suit's only option keeps it empty and leaves its cards to the
                # groups, so the step is the groups' alone (the general step below, without
                # combining the suits' options)
                here = nat[0][rank] + nat[1][rank] + nat[2][rank] + nat[3][rank]
                alone = self._step(lone, rank, 0, here, may_discard, False)
                if not alone:
                    return False
                lone = frozenset(_pareto(alone))
                continue
            if lone is not None:
                cur = {empty: lone}
                lone = None
            nxt: dict[tuple[tuple[int, ...], ...], set[Value]] = {}
            cache: dict[tuple[frozenset[Value], int, int], set[Value]] = {}
            counts = [(nat[s][rank], nat[s][rank + 1] if rank < 15 else 0,
                       nat[s][rank + 2] if rank < 14 else 0) for s in range(4)]
            here = sum(c[0] for c in counts)
            # a suit's options depend on its own state only: looked up once per state and rank
            # (a plain dictionary per suit, cheaper than the cached function's argument key)
            memos: list[dict[tuple[int, ...], tuple[tuple[tuple[int, ...], int, int], ...]]] = [
                {}, {}, {}, {}]
            for key, vals in cur.items():
                # the four suits' choices, combined suit by suit: (runs, canastas closed, naturals
                # left, runs meant to be canastas); where at most ``limit`` runs may be meant to be
                # canastas in all, a partial combination past it is dropped at once (the count
                # only grows with the suits still to come)
                acc: dict[tuple[tuple[tuple[int, ...], ...], int, int, int], None] = {
                    ((), 0, 0, 0): None}
                for s in range(4):
                    if not seq:
                        opts: tuple[tuple[tuple[int, ...], int, int], ...] = ((none, 0, counts[s][0]),)
                    else:
                        st = key[s]
                        memo = memos[s]
                        found = memo.get(st)
                        if found is None:
                            c0, c1, c2 = counts[s]
                            found = memo[st] = (
                                _free_options(lim, st, c0, c1, c2, rank, limit, short) if free
                                else _suit_options(lim, st, c0, c1, c2, rank))
                        opts = found
                    if prune:
                        acc = {((*runs, o[0]), full + o[1], k + o[2], n + len(o[0]) - 3): None
                               for runs, full, k, n in acc for o in opts
                               if n + len(o[0]) - 3 <= limit}
                    else:
                        acc = {((*runs, o[0]), full + o[1], k + o[2], 0): None
                               for runs, full, k, _ in acc for o in opts}
                for runs, full, k, _ in acc:
                    ck = (vals, full, k)
                    out = cache.get(ck)
                    if out is None:
                        out = cache[ck] = self._step(vals, rank, full, k, may_discard, here > k)
                    if out:
                        bucket = nxt.get(runs)
                        if bucket is None:
                            nxt[runs] = set(out)
                        else:
                            bucket |= out
            cur = {key: frozenset(_pareto(vals)) for key, vals in nxt.items()}
            if not cur:
                return False
            if len(cur) == 1 and empty in cur:
                lone = cur[empty]
        need = self.caps
        for w, t, q, o, dd, waits, last in lone if lone is not None else cur.get(empty, ()):
            if w < self.wilds - spare or (t, q, o) != need:
                continue
            if w < self.wilds:
                last = 1  # a red three laid singly can be the last play
            if dd or (bare and (not waits or last)):
                # with a final discard the merges may follow every card play (the hand held at one
                # card meanwhile: ``engine.lastcard.last_card_out``); without one the last card play
                # goes out, so a merge that makes a canasta must come before it
                return True
        return False

    def _step(self, vals: frozenset[Value], rank: int, full: int, k: int, may_discard: bool,
              in_runs: bool) -> set[Value]:
        """The values after ``full`` sequence canastas closed and ``k`` naturals of ``rank`` put in
        groups (or ``k - 1``, the other one discarded); ``in_runs``: some went into sequences."""
        keep = self.group(rank, k)
        drop = self.group(rank, k - 1) if may_discard else None
        if keep is None and drop is None:
            return set()
        cap_t, cap_q, cap_o = self.caps
        wmax = self.wilds
        out: set[Value] = set()
        mark = self.mark
        own_full = full if mark == OWN else 0  # closed runs are own canastas, not groups
        # (the rank's group outcomes, and 1 where they take the final discard)
        sources: list[tuple[tuple[tuple[int, int, int, int, int], ...], int]] = []
        if keep is not None:
            sources.append((keep, 0))
        if drop is not None:
            sources.append((drop, 1))
        for w, t, q, o, dd, waits, last in vals:
            t, o = t + full, o + own_full
            if full:
                q = min(q + full, cap_q)
            if in_runs:
                last = 1
            room = wmax - w
            for outs, takes in sources:
                if takes and dd:
                    continue
                d2 = 1 if takes else dd
                for gw, gt, go, gwait, glast in outs:
                    if gw > room:
                        break
                    tt, oo = t + gt, (o + go if mark != NATURAL else max(o, go))
                    # (``out.add`` itself: compiled, that is a direct call; a bound method kept in
                    # a local is called through Python's protocol)
                    out.add((w + gw, tt if tt < cap_t else cap_t, q, oo if oo < cap_o else cap_o,
                             d2, waits | gwait, last | glast))
        return out  # (a new set: callers copy it before changing it, or freeze it)


def _pareto(vals: set[Value]) -> set[Value]:
    """Drop values another beats (more canastas, no more waiting, a last play) with the same
    wilds and discard."""
    if len(vals) < 8:
        return vals
    by: dict[tuple[int, int], list[tuple[int, int, int, int, int]]] = {}
    for w, t, q, o, dd, waits, last in vals:
        by.setdefault((w, dd), []).append((t, q, o, -waits, last))
    out: set[Value] = set()
    for (w, dd), counts in by.items():
        counts.sort(reverse=True)  # a value's betters come before it
        best: list[tuple[int, int, int, int, int]] = []
        for a in counts:
            a0, a1, a2, a3, a4 = a
            for b0, b1, b2, b3, b4 in best:
                if b0 >= a0 and b1 >= a1 and b2 >= a2 and b3 >= a3 and b4 >= a4:
                    break
            else:
                best.append(a)
                out.add((w, a0, a1, a2, dd, -a3, a4))
    return out


@lru_cache(maxsize=8192)
def _free_options(lim: _Limits, st: tuple[int, ...], cards: int, next1: int, next2: int, rank: int,
                  limit: int, short_ok: bool = True) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """``_suit_options`` where every run fits (``_Limits.free_runs``). A suit's state is (runs of
    one card, of two, of three or more, then the lengths of the runs meant to be canastas): runs
    of one or two cards must go on, runs of three or more may stop, canasta runs go on to
    ``canasta_size`` exactly. Returns (state, canastas closed, naturals left for groups)."""
    size = lim.rules.canasta_size
    span = lim.span_of
    c1, c2, c3 = st[0], st[1], st[2]
    lengths = st[3:]
    here = span[rank] >= 0 and span[rank] == span[rank - 1]  # open runs may take this rank
    onward = next1 > 0 and rank < 14 and span[rank + 1] == span[rank] >= 0
    forced = c1 + c2 + len(lengths)
    if (forced and not here) or forced > cards or (c1 and not onward):
        return ()
    full = 0
    kept: list[int] = []
    for n in lengths:
        if n + 1 == size:
            full += 1
        elif not onward:
            return ()
        else:
            kept.append(n + 1)
    can_start = (rank <= 12 and next2 > 0 and onward and span[rank + 2] == span[rank])
    out: list[tuple[tuple[int, ...], int, int]] = []
    for j in range(min(c3, cards - forced) + 1) if here else (0,):
        three = c2 + j if onward else 0  # runs of three or more that go on (else closed here)
        left = cards - forced - j
        most = min(left, next1, next2) if can_start else 0
        for short in range(most + 1 if short_ok else 1):
            for long in range(min(most - short, limit - len(kept)) + 1):
                # runs of three or more beyond the cards the next rank has after the runs that
                # must go on can only stop: stopping them here changes nothing
                room = max(0, next1 - short - c1 - len(kept) - long)
                state = (short, c1, min(three, room), *sorted(kept + [1] * long))
                out.append((state, full, left - short - long))
    return tuple(out)


@lru_cache(maxsize=8192)
def _suit_options(lim: _Limits, starts: tuple[int, ...], cards: int, next1: int, next2: int,
                  rank: int) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """At ``rank``, one suit holding ``cards`` of it (``next1``, ``next2`` at the next two ranks):
    (runs left open, sequence canastas closed, naturals left for groups) for every way to continue
    or close the open runs (``starts``: their lowest ranks) and to start new ones. A run that could
    not take a card at the next rank is closed at once, so dead ends never enter the state."""
    rules = lim.rules
    size = rules.canasta_size
    distinct = sorted(set(starts))
    per: list[list[tuple[tuple[int, ...], int, int]]] = []  # per start: (kept starts, full, used)
    for a in distinct:
        mult = starts.count(a)
        length = rank - a  # cards so far: a .. rank-1
        can_go_on = length + 1 <= size and rank <= 14 and _fits_some(rules, a, rank)
        # after taking this rank's card: can it go on, or must it be closed here?
        onward = next1 > 0 and length + 2 <= size and rank < 14 and _fits_some(rules, a, rank + 1)
        opts: list[tuple[tuple[int, ...], int, int]] = []
        for go_on in range(mult + 1):
            if go_on and not can_go_on:
                break
            stop = mult - go_on
            if stop and length < 3:
                continue
            done = stop if length == size else 0
            if go_on and not onward:
                if length + 1 < 3:
                    continue
                opts.append(((), done + (go_on if length + 1 == size else 0), go_on))
            else:
                opts.append(((a,) * go_on, done, go_on))
        if not opts:
            return ()
        per.append(opts)
    out: list[tuple[tuple[int, ...], int, int]] = []
    can_start = rank <= 12 and _fits_some(rules, rank, rank + 2)
    most_new = min(next1, next2) if can_start else 0
    for combo in product(*per):
        used = sum(c[2] for c in combo)
        if used > cards:
            continue
        kept = tuple(x for c in combo for x in c[0])
        full = sum(c[1] for c in combo)
        for new in range(0, min(cards - used, most_new) + 1):
            out.append((tuple(sorted(kept + (rank,) * new)), full, cards - used - new))
    return tuple(out)


@lru_cache(maxsize=65536)
def _group_flat(lim: _Limits, groups: tuple[Group, ...], new_ok: bool, k: int, wilds: int,
                cap_t: int, cap_o: int, wild_min: int, mark: int
                ) -> tuple[tuple[int, int, int, int, int], ...]:
    """``_group_outcomes`` as (wilds used, canastas, own canastas, waits, last), fewest wilds
    first, cached as such: every sweep asks for it afresh, and flattening and sorting it each
    time cost more than the lookup."""
    out = _group_outcomes(lim, groups, new_ok, k, wilds, cap_t, cap_o, wild_min, mark)
    return tuple(sorted((w, *end) for w, tos in out.items() for end in tos))


def _group_outcomes(lim: _Limits, groups: tuple[Group, ...], new_ok: bool, k: int, wilds: int,
                    cap_t: int, cap_o: int, wild_min: int = 0, mark: int = 0) -> Outcomes:
    """Rank by rank: ``k`` naturals (and any wild cards, at most ``wilds``) into the side's group
    melds of that rank (``groups``), new groups, and merges, by legal one-card steps. Returns
    wilds used -> {(canastas, own canastas, waits, last)} among that rank's groups. The order of
    the steps is searched too, for one thing: without a final discard, a merge that makes a
    canasta must come before the player's last card play (emptying the hand goes out at once), so
    "waits" says such a merge has no card play of this rank after it, and "last" that a card play
    of this rank can come after every such merge."""
    search = _GroupSearch(lim.rules, new_ok, wilds, cap_t, cap_o, wild_min, mark)
    search.visit(search.norm(list(groups)), k, 0, 0)
    # (not cached itself: its one caller, ``_group_flat``, is cached by the same arguments, so a
    # cache here was never hit and only kept a second copy of every answer for the collector)
    return search.out


class _GroupSearch:
    """``_group_outcomes``' search: its settings, the states seen and the outcomes found. (A class,
    not closures: a closure that calls itself is a reference cycle, and with it the search's sets
    would be garbage that only the collector frees.)"""

    def __init__(self, rules: RuleSet, new_ok: bool, wilds: int, cap_t: int, cap_o: int,
                 wild_min: int, mark: int) -> None:
        self.rules = rules
        self.new_ok = new_ok
        self.wilds = wilds
        self.cap_t = cap_t
        self.cap_o = cap_o
        self.wild_min = wild_min
        self.mark = mark
        self.size = size = rules.canasta_size
        self.nat_can = rules.add_to_canasta
        self.wild_can = rules.add_to_canasta and rules.wild_to_canasta
        self.capn = size if rules.wild_ratio == "any" and not rules.max_meld_size else 1 << 30
        self.starts = [(a, 3 - a) for a in (3, 2, 1) if a >= rules.min_naturals
                       and wild_fits(rules, a, 3 - a)]
        self.out: dict[int, set[GroupEnd]] = {}
        self.seen: set[tuple[tuple[Group, ...], int, int, int]] = set()

    def norm(self, gs: list[Group]) -> tuple[Group, ...]:
        capn, size = self.capn, self.size
        return tuple(sorted((min(n, capn) if n + w >= size else n, w, o) for n, w, o in gs))

    def visit(self, gs: tuple[Group, ...], left: int, used: int, when: int) -> None:
        # when: 0 nothing yet, 1 a card play last (it may end the turn), 2 a canasta-making merge
        # with no card play after it
        key = (gs, left, used, when)
        if key in self.seen:
            return
        self.seen.add(key)
        rules = self.rules
        size = self.size
        mark = self.mark
        wilds = self.wilds
        wild_min = self.wild_min
        if left == 0:
            t = sum(1 for n, w, _ in gs if n + w >= size)
            if mark == OWN:
                o = sum(1 for n, w, own in gs if own and n + w >= size)
            elif mark == NATURAL:  # a natural meld of three at some time: wilds + 1 - its wilds
                o = max((wilds + 1 - w for n, w, was in gs if was and n >= 3), default=0)
            else:  # natural canastas
                o = sum(1 for n, w, _ in gs if not w and n >= size)
            self.out.setdefault(used, set()).add((min(t, self.cap_t), min(o, self.cap_o),
                                                  int(when == 2), int(when == 1)))
        for i, (n, w, own) in enumerate(gs):
            if i and gs[i - 1] == gs[i]:
                continue
            full = n + w >= size
            rest = list(gs[:i] + gs[i + 1:])
            if left and (not full or self.nat_can) and wild_fits(rules, n + 1, w):
                self.visit(self.norm([*rest, (n + 1, w, own)]), left - 1, used, 1)
            if (used < wilds and (not full or self.wild_can) and n >= wild_min
                    and wild_fits(rules, n, w + 1)):
                self.visit(self.norm([*rest, (n, w + 1, own)]), left, used + 1, 1)
        if self.new_ok and not (rules.one_meld_per_rank and gs):
            for a, b in self.starts:
                if a <= left and used + b <= wilds and (not b or a >= wild_min):
                    self.visit(self.norm([*gs, (a, b, mark != NATURAL or not b)]), left - a,
                               used + b, 1)
        if rules.merge_groups:
            for i in range(len(gs)):
                for j in range(i + 1, len(gs)):
                    if _merge_ok(rules, gs[i], gs[j]):
                        rest = [g for x, g in enumerate(gs) if x not in (i, j)]
                        (n1, w1, o1), (n2, w2, o2) = gs[i], gs[j]
                        made = n1 + w1 < size and n2 + w2 < size <= n1 + n2 + w1 + w2
                        both = o1 and o2 if mark != NATURAL else False  # (NATURAL: not tracked)
                        self.visit(self.norm([*rest, (n1 + n2, w1 + w2, both)]), left, used,
                                   2 if made else when)


def _merge_ok(rules: RuleSet, a: Group, b: Group) -> bool:
    """The checks of ``engine.merge.merge_problem`` on two groups of one rank."""
    size = rules.canasta_size
    a_full, b_full = a[0] + a[1] >= size, b[0] + b[1] >= size
    if (a_full or b_full) and not rules.add_to_canasta:
        return False
    if not rules.wild_to_canasta and ((b[1] and a_full) or (a[1] and b_full)):
        return False
    return wild_fits(rules, a[0] + b[0], a[1] + b[1])
