"""Opening plans for the American games (R 1.2, S3 D and J): how an unopened side reaches its
minimum (125, 155 or 180) with what the hand can show.

An opening is a set of melds laid in one turn (provisional until they reach the minimum):

* every natural group the hand holds (three or more naturals of a rank): the opening needs a
  natural meld of three (R 1.2, S3 D), and a natural group costs nothing the hand could use better;
* pairs with one or two wild cards, and further wild cards (at most ``max_wilds`` a meld, never on
  a rank in ``no_wild_ranks``: 7s) on the groups; the rule of five (``wild_needs_naturals``) applies
  only after the opening turn, so in the opening any group may take its two wild cards;
* 7s and aces (a pure meld left short costs 2,500, R 1.2 / S3 G) only as a natural canasta, or
  aces with a wild card (a mixed ace meld is not penalised);
* a natural canasta opens whatever its points (R 1.2, S3 D: seven sixes make 35 and open).

With the pile (R 1.2, S3 J): a natural pair of the top card takes it; what the take counts toward
the minimum follows the rules (``pile_top_counts``: the top card; ``take_cards_count``: the hand's
cards of the take, N7 — NVSO counts neither), and the rest of the opening is shown from hand first.

Among the openings that reach the minimum and keep a card to discard, the plan uses the fewest
wild cards, then the fewest pairs: wild cards and pairs are what later builds canastas and takes
the pile. The search is over subsets of the hand's pairs (a hand has few) and counts of wild cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from ..cards import is_wild
from ..melds import wild_room
from ..model import opening_met, rule_facts
from .plan import GROUP, risky_rank

if TYPE_CHECKING:
    from .heuristic import Obs

MAX_PAIRS = 6  # pairs tried with wild cards (the highest first): 2**6 subsets at most


@dataclass(frozen=True)
class OpeningPlan:
    """An opening: new melds from hand (naturals first, then their wild cards), cards onto the
    side's provisional melds (meld index, face), and the hand cards of the pile take (empty: none)."""

    melds: tuple[tuple[int, ...], ...]
    adds: tuple[tuple[int, int], ...]
    take: tuple[int, ...]
    points: int
    wilds: int
    canasta: bool = False  # opens by a natural canasta (R 1.2, S3 D)


def _rank(f: int) -> int:
    return f // 4 + 2


def _cap(o: Obs, rank: int, naturals: int, wilds: int) -> int:
    """Wild cards a group of ``rank`` with this many naturals and wilds may still take in the
    opening turn (R 1.2: at most two, never more than the naturals; none on 7s)."""
    r = o.rules
    if rank in r.no_wild_ranks:
        return 0
    return wild_room(r, naturals, wilds)


def plan_opening(o: Obs, top: int | None = None) -> OpeningPlan | None:
    """The cheapest opening of ``o.hand`` (with a take of the pile's ``top`` card when given), or
    None when none reaches the minimum still needed this turn."""
    r = o.rules
    val = o.model.value
    hand = o.hand
    side_melds = o.melds[o.side]
    natural_have = any(m.kind == GROUP and m.wilds == 0 and m.naturals >= 3 for m in side_melds)
    keeper = False  # a natural meld of three kept free of wild cards has been chosen
    by_rank: dict[int, list[int]] = {}
    wilds: list[int] = []
    for f in hand:
        if is_wild(f):
            wilds.append(f)
        elif f // 4 != 1:
            by_rank.setdefault(_rank(f), []).append(f)
    wilds.sort(key=lambda f: -val[f])
    take: tuple[int, ...] = ()
    take_pts = 0
    take_natural = False
    take_room = 0
    if top is not None:
        rt = _rank(top)
        held = by_rank.pop(rt, [])
        if len(held) < 2 or any(m.kind == GROUP and m.rank == rt for m in side_melds):
            return None
        if risky_rank(o, rt) and len(held) + 1 < r.canasta_size:
            return None  # a pure meld of 7s or aces left short costs 2,500 (R 1.2, S3 G)
        take = tuple(held)
        if r.pile_top_counts:
            take_pts += o.model.open_value[top]
        if r.take_cards_count:
            take_pts += sum(val[f] for f in held)
            take_natural = len(held) >= 2
            take_room = _cap(o, rt, len(held) + 1, 0)
            if r.canasta_opens and len(held) + 1 >= r.canasta_size:
                return OpeningPlan((), (), take, take_pts, 0, True)
    # the side's provisional melds: naturals of their ranks go on, wild cards where room is left
    adds: list[tuple[int, int]] = []
    base_pts = take_pts
    slots: list[tuple[int, int]] = []  # (meld index or -1 - new meld number, wild room)
    for i, m in enumerate(side_melds):
        if m.kind != GROUP or m.canasta:
            continue
        nat = by_rank.pop(m.rank, [])
        if (r.canasta_opens and not m.wilds and m.naturals + len(nat) >= r.canasta_size
                and len(hand) - len(take) > len(nat)):
            return OpeningPlan((), tuple((i, f) for f in nat), (), sum(val[f] for f in nat), 0, True)
        for f in nat:
            adds.append((i, f))
            base_pts += val[f]
        room = _cap(o, m.rank, m.naturals + len(nat), m.wilds)
        if m.wilds == 0 and m.naturals >= 3 and not keeper:
            keeper, room = True, 0  # the opening's natural meld stays natural (R 1.2, S3 D)
        if room:
            slots.append((i, room))
    groups: list[tuple[int, ...]] = []
    pairs: list[tuple[int, ...]] = []
    for rank in sorted(by_rank, reverse=True):
        nat = by_rank[rank]
        n = len(nat)
        if r.canasta_opens and n >= r.canasta_size and len(hand) - len(take) > n:
            return OpeningPlan((tuple(nat),), (), (), sum(val[f] for f in nat), 0, True)
        if n >= 3 and not risky_rank(o, rank):
            groups.append(tuple(nat))
        elif n >= 2 and _cap(o, rank, n, 0) and (n == 2 or risky_rank(o, rank)):
            pairs.append(tuple(nat))  # a pair, or 7s / aces that need a wild card to be safe
    base_pts += sum(val[f] for g in groups for f in g)
    natural_ok = natural_have or bool(groups) or take_natural
    group_room = [_cap(o, _rank(g[0]), len(g), 0) for g in groups]
    if not keeper and groups:
        keeper = True
        group_room[max(range(len(groups)), key=lambda i: len(groups[i]))] = 0
    if not keeper:
        take_room = 0  # the take is the natural meld: no wild card on it
    base_cards = sum(len(g) for g in groups) + len(adds) + len(take)
    pairs.sort(key=lambda p: -sum(val[f] for f in p))
    pairs = pairs[:MAX_PAIRS]
    spare = len(hand) + (o.pile_size - 1 if top is not None else 0)
    best: tuple[tuple[int, int, int], OpeningPlan] | None = None
    for k_pairs in range(len(pairs) + 1):
        for chosen in combinations(range(len(pairs)), k_pairs):
            plan = _fill(o, base_pts, natural_ok, base_cards, spare, groups, group_room,
                         [pairs[i] for i in chosen], slots, take_room, wilds, adds, take)
            if plan is None:
                continue
            key = (plan.wilds, k_pairs, -plan.points)
            if best is None or key < best[0]:
                best = (key, plan)
        if best is not None and best[0][0] <= k_pairs:
            break  # more pairs need more wild cards than the best already uses
    return None if best is None else best[1]


def _fill(o: Obs, base_pts: int, natural_ok: bool, base_cards: int, spare: int,
          groups: list[tuple[int, ...]], group_room: list[int], pairs: list[tuple[int, ...]],
          slots: list[tuple[int, int]], take_room: int, wilds: list[int],
          adds: list[tuple[int, int]], take: tuple[int, ...]) -> OpeningPlan | None:
    """The opening with these pairs and the fewest wild cards (the highest first), or None
    (``natural_ok``: a natural meld of three or more is among them or on the table)."""
    if len(pairs) > len(wilds):
        return None
    rf = rule_facts(o.rules)
    val = o.model.value
    pts = base_pts + sum(val[f] for p in pairs for f in p)
    # each pair takes one wild card; then further ones where there is room
    rooms = [_cap(o, _rank(p[0]), len(p), 1) for p in pairs] + group_room + [s[1] for s in slots]
    extra_max = min(len(wilds) - len(pairs), sum(rooms) + take_room)
    cards = base_cards + sum(len(p) for p in pairs)
    for extra in range(extra_max + 1):
        k = len(pairs) + extra
        got = pts + sum(val[f] for f in wilds[:k])
        if not opening_met(rf, o.minimum[o.side], o.opening_points + got, natural_ok, False):
            continue
        if spare - cards - k < 1:
            return None  # a card must be left to discard
        return _build(o, groups, pairs, rooms, slots, wilds[:k], adds, take, got)
    return None


def _build(o: Obs, groups: list[tuple[int, ...]], pairs: list[tuple[int, ...]], rooms: list[int],
           slots: list[tuple[int, int]], use: list[int], adds: list[tuple[int, int]],
           take: tuple[int, ...], points: int) -> OpeningPlan:
    """Place the wild cards: one on each pair, the rest on the pairs, the new groups, the side's
    melds and last the take (a take with a wild card is no natural meld)."""
    left = list(use)
    new = [[*p, left.pop(0)] for p in pairs] + [list(g) for g in groups]
    out_adds = list(adds)
    take_cards = list(take)
    room_new = rooms[:len(new)]
    for i, room in enumerate(room_new):
        while room and left:
            new[i].append(left.pop(0))
            room -= 1
    for idx, room in slots:
        while room and left:
            out_adds.append((idx, left.pop(0)))
            room -= 1
    take_cards.extend(left)
    # natural groups first: the opening's natural meld is laid before the wild ones
    new.sort(key=lambda fs: sum(1 for f in fs if is_wild(f)))
    return OpeningPlan(tuple(tuple(m) for m in new), tuple(out_adds), tuple(take_cards), points, len(use))
