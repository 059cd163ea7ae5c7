"""Can the player to move go out this turn? (A plan exists: meld everything, maybe discard one.)

Used to hold a player to a binding "yes" from the partner (S1 "Going out": "Partner says yes or no
and you must abide by the answer"): a player told "yes" must go out if the cards allow it, and only
a player who truly cannot is let off (with the rule set's penalty). Asked in the play phase.

Two exact solvers answer it. Where a side has one group meld per rank and nothing else (the
two-deck classic family) a direct count suffices: the cards left after an optional final discard
must all be melded, naturals onto the side's meld of their rank or into new melds, wild cards into
the free wild places of those melds, black threes together. Elsewhere (sequences, several groups
of a rank and merges, wild-card melds, red-three melds) a search over partitions of the hand
decides (``goingout_search``). Either way the side must then have its canastas (and its sequence canasta)
and, if it has not opened, the opening minimum or a concealed going out.
"""

from __future__ import annotations

from operator import mul
from typing import TYPE_CHECKING

from .goingout_search import can_go_out_general
from .melds import GROUP_MELD, black_threes_meld, room_within
from .model import opening_met

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState



def can_go_out(state: GameState) -> bool:
    """Whether some sequence of legal plays this turn empties the player's hand (a special hand
    declared, where the rules have them, ends the hand as going out does)."""
    r = state.rf
    seat = state.current
    side = seat % state.sides  # (side_of, inline: a call less)
    hk = state.hk[seat]
    m = state.model
    if m.special_hands and state.declarable_specials():
        return True
    if state.turn.retracted and not state.opened[side]:
        return False  # a player who took back an opening may not meld again this turn
    if (r.sequences or r.wild_melds or not r.one_meld_per_rank or r.merge_groups
            or r.red3_mode != "lay" or not r.wild_to_canasta or m.wild_kinds != (m.joker, m.deuce)
            or r.wild_needs_naturals or r.no_wild_ranks or r.opening_wild_ranks or r.black3_out_no_discard
            or r.black3_meld_wilds > 1 or r.opening_natural_meld or r.canasta_opens):
        # the count below is exact for one group per rank only, where any group takes wild cards, a
        # black-three meld at most one, and the opening is its points alone
        return can_go_out_general(state)
    # the ranks of the side's group melds (flags by rank, not bits: Python 3.11 specializes a list's
    # subscript, not the int's shifts and ands)
    existing = [False] * 15
    for mm in state.melds[side]:
        if mm.type is GROUP_MELD:
            existing[mm.rank] = True
    # a rank held short of a new meld (fewer than ``min_naturals``, no meld of it on the side)
    # fails every plan that keeps a card of it (``_plan_ok``): two such ranks fail them all, one
    # leaves only its own discards to try
    short = -1
    for rank in range(4, 15):
        if existing[rank]:
            continue
        nat = 0
        for k in m.natural_kinds[rank]:
            nat += hk[k]
        if 0 < nat < r.min_naturals:
            if short >= 0:
                return False
            short = rank
    # the discards to try: none (where the rules allow it) and each kind held, or where one rank is
    # short only that rank's kinds (a card of it kept fails the plan)
    discards: list[int] = [-1] if r.go_out_discard == "optional" and short < 0 else []
    # after a last-card red three the hand must be melded out entirely
    if not state.turn.must_end_without_discard:
        for k in m.natural_kinds[short] if short >= 0 else range(m.nkinds):
            if hk[k]:
                discards.append(k)
    value = m.value
    # the hand's points count only short of the opening (``_plan_ok``'s last line)
    points = 0
    if not state.opened[side]:
        points = sum(map(mul, value, state.hands[seat]))  # (every card's points at C speed)
    for d in discards:
        hand = list(hk)
        pts = points
        if d >= 0:
            hand[d] -= 1
            pts -= value[m.faces_of[d][0]]
        if _plan_ok(state, hand, pts):
            return True
    return False


def _plan_ok(state: GameState, hand: list[int], points: int) -> bool:
    """Can every card of ``hand`` (kind counts, worth ``points``) be melded this turn?"""
    m = state.model
    r = state.rf
    seat = state.current
    side = seat % state.sides  # (side_of, inline)
    if hand[m.red3]:
        return False
    wild_total = hand[m.joker] + hand[m.deuce]
    # black threes: all together when going out
    b3 = hand[m.black3]
    if b3 and not black_threes_meld(state.rules, b3, 0):
        if wild_total and black_threes_meld(state.rules, b3, 1):
            wild_total -= 1
        else:
            return False
    # groups: existing melds of the side take naturals of their rank; other ranks need new melds
    size = r.canasta_size
    canastas = 0
    slots: list[tuple[int, int, int, bool]] = []  # (size after naturals, least wilds, most wilds, own)
    layoff = False
    existing = [False] * 15  # the ranks of the side's group melds (as can_go_out)
    nks = m.natural_kinds
    # melds.wild_room from the model's table (as the move generators): a group holds at most every
    # natural of its rank, so ``wild_cap`` covers every count of naturals here (room_within)
    cap = m.wild_cap
    maxsize = r.max_meld_size
    for i, mm in enumerate(state.melds[side]):
        if mm.type is not GROUP_MELD:
            continue
        existing[mm.rank] = True
        nat = 0
        for k in nks[mm.rank]:
            nat += hand[k]
        if nat and len(mm.cards) >= size and not r.add_to_canasta:
            return False
        if nat and i < state.turn.melds_before_turn:
            layoff = True
        n_after = len(mm.cards) + nat
        if maxsize and n_after > maxsize:
            return False
        wilds = mm.wilds
        naturals = mm.naturals + nat
        room = room_within(cap[naturals], maxsize, naturals, wilds)
        if not r.wild_to_canasta:
            room = min(room, max(0, size - 1 - len(mm.cards)))
        slots.append((n_after, 0, room, i >= state.turn.melds_before_turn))
    for rank in range(4, 15):
        if existing[rank] and r.one_meld_per_rank:
            continue
        nat = 0
        for k in nks[rank]:
            nat += hand[k]
        if not nat:
            continue
        if nat < r.min_naturals:
            return False
        least = max(0, 3 - nat)
        room = room_within(cap[nat], maxsize, nat, 0)
        if least > room:
            return False
        slots.append((nat, least, room, True))
    least_total = most_total = 0
    for sl in slots:
        least_total += sl[1]
        most_total += sl[2]
    if wild_total < least_total or wild_total > most_total:
        return False
    # place the spare wild cards so as to complete as many canastas as possible
    spare = wild_total - least_total
    own_canasta = False
    needs: list[tuple[int, bool]] = []
    for n_after, least, room, own in slots:
        if n_after + least >= size:
            canastas += 1
            own_canasta = own_canasta or own
            continue
        deficit = size - n_after - least
        if deficit <= room - least:
            needs.append((deficit, own))
    for deficit, own in sorted(needs):
        if deficit > spare:
            break
        spare -= deficit
        canastas += 1
        own_canasta = own_canasta or own
    if canastas < r.go_out_canastas:
        return False
    if wild_total and not slots:
        return False
    if state.permission_problem():
        return False
    # short of the opening minimum, only a concealed going out (C1) waives it (the rules that ask
    # the opening for a natural meld or open it by a canasta take the general search)
    return (state.opened[side]
            or opening_met(r, state.minimum[side], state.turn.opening_points + points, True, False)
            or state.goes_out_concealed(layoff, own_canasta))
