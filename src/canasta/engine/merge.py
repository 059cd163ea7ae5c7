"""Merging two group melds of one rank (``merge``, S1, R 1.3): check, generator and effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..melds import wild_problem
from .common import GROUP_MELD, OP_MERGE, PLAY_PHASE, Problem, card_action
from .flow import meld_points

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


def merge_options(s: GameState) -> list[Action]:
    """The merges the rules allow now, before the check that the player can still finish."""
    out: list[Action] = []
    gen_merges(s, out, False)
    return out


def why_not_merge(s: GameState, a: Action, finish: bool = True) -> Problem:
    """S1: two group melds of the same rank may be merged. ``finish``: also refuse a merge that
    would leave a player holding one card unable to go out (no pass here)."""
    why = merge_problem(s, a)
    if (why is None and finish and s.phase is PLAY_PHASE and s.hn[s.current] == 1
            and not s.rf.pass_allowed and not s.no_discard and not s.last_card_goes_out(a)):
        return ("merge_keep_card", {})
    return why


def merge_problem(s: GameState, a: Action) -> Problem:
    """``why_not_merge`` without the check that a player holding one card can still finish."""
    rf = s.rf
    if not rf.merge_groups:
        return ("no_merge", {})
    if s.upcard_lock:
        return ("laydown_locked", {})
    melds = s.melds[s.seat_side[s.current]]  # (side_of, by its table: asked per pair of melds of a rank)
    i, j = a.meld, a.other
    if not (0 <= i < len(melds) and 0 <= j < len(melds)) or i == j:
        return ("merge_melds", {})
    if j < i:
        return ("merge_order", {"meld": j, "other": i})
    mi, mj = melds[i], melds[j]
    if mi.type is not GROUP_MELD or mj.type is not GROUP_MELD or mi.rank != mj.rank:
        return ("merge_ranks", {})
    size = rf.canasta_size
    i_can = len(mi.cards) >= size  # (not ``Meld.size``: a property is a call)
    j_can = len(mj.cards) >= size
    if (i_can or j_can) and not rf.add_to_canasta:
        return ("canasta_closed", {})
    if ((mj.wilds and i_can) or (mi.wilds and j_can)) and not rf.wild_to_canasta:
        return ("canasta_closed_wild", {})
    return wild_problem(s.rules, mi.naturals + mj.naturals, mi.wilds + mj.wilds)


def gen_merges(s: GameState, out: list[Action], finish: bool = True) -> None:
    """Merges of two group melds of one rank (``finish``: only those after which the player can finish)."""
    melds = s.melds[s.seat_side[s.current]]  # (side_of, by its table: hot)
    seen = dup = 0  # ranks of the group melds, and of those with two or more, a bit each
    for mi in melds:
        if mi.type is GROUP_MELD:
            bit = 1 << mi.rank
            if seen & bit:
                dup |= bit
            seen |= bit
    if not dup:
        return  # no two group melds of one rank
    # (only the ranks with two or more: the others list no merge, and a list each cost more than
    # the rest; the ranks keep the order in which they first appear)
    by_rank: dict[int, list[int]] = {}
    for i, mi in enumerate(melds):
        if mi.type is GROUP_MELD and dup >> mi.rank & 1:
            by_rank.setdefault(mi.rank, []).append(i)
    for idx in by_rank.values():
        for x, i in enumerate(idx):
            for j in idx[x + 1:]:
                a = card_action(OP_MERGE, (), i, j)
                if why_not_merge(s, a, finish) is None:
                    out.append(a)


def do_merge(s: GameState, a: Action) -> None:
    """Meld ``other`` joins meld ``meld``; the melds after it move down one place."""
    seat = s.current
    side = s.side_of(seat)
    melds = s.melds[side]
    into, other = melds[a.meld], melds[a.other]
    merged = into.with_cards(other.cards, s.rules.red3_wild)
    size = s.rules.canasta_size
    del melds[a.other]
    melds[a.meld if a.other > a.meld else a.meld - 1] = merged
    if a.other < s.turn_base:
        s.turn_base -= 1
    s.log_event(seat, "merge", other.cards)
    s.shown = True
    meld_points(s, side, 0, into.size < size <= merged.size and a.meld >= s.turn_base)
