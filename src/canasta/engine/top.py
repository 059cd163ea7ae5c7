"""S0 [G](i){a}{b}{c}, the lay-down facility: the top discard alone with cards from hand as a new
lay-down meld (``top``). Check, generator and effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import JOKER, is_red_three, is_wild
from ..melds import meld_type, new_meld, sequence_fits, wild_problem
from ..model import frozen_by
from .common import OP_TOP, PLAY_PHASE, Problem, card_action, multisets
from .conditions import canasta_counts, finish_problem, has_cards, open_points
from .flow import lift_top_with, meld_points

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


def why_not_top(s: GameState, a: Action) -> Problem:
    """S0 [G](i){a}{b}{c}: the top discard alone with two or more cards from hand as a new meld that
    makes the lay-down; the rest of the pile stays."""
    seat = s.current
    side = s.side_of(seat)
    level = s.facility_level(side)
    if level == 0:
        return ("no_facility", {})
    if not s.pile:
        return ("pile_empty", {})
    if s.pile_stopped():
        return ("black_three_stop", {})
    miss = has_cards(s, seat, a.cards)
    if miss:
        return miss
    if len(a.cards) < 2:
        return ("top_size", {})
    top = s.pile[-1]
    wf = s.model.wild_face
    if a.meld >= 0:
        return ("top_new_meld", {})
    if any(wf[f] or f // 4 == 1 for f in a.cards):
        return ("top_naturals", {})
    if is_red_three(top):
        return ("red_three_on_top", {})
    ranks = {f // 4 for f in a.cards}
    if is_wild(top):
        if level < 3:
            return ("facility_turns", {})
        if len(ranks) != 1:
            return ("top_mixed_ranks", {})
    elif ranks == {top // 4}:
        pass
    else:
        cards = (top, *a.cards)
        if level < 2 or len(a.cards) != 2 or not_a_run(s, cards):
            if level >= 2:
                return ("top_wrong_rank_run", {"rank": top // 4 + 2})
            return ("top_wrong_rank", {"rank": top // 4 + 2})
    cards = (top, *a.cards)
    nat = sum(1 for f in cards if not wf[f])
    why = wild_problem(s.rules, nat, len(cards) - nat)
    if why:
        return why
    points = open_points(s, cards)
    if s.turn_points + points < s.minimum[side]:
        return ("laydown_minimum", {"minimum": s.minimum[side], "points": s.turn_points + points})
    return finish_problem(s, s.hn[seat] - len(a.cards), canasta_counts(s, side), True, False, a)


def not_a_run(s: GameState, cards: tuple[int, ...]) -> bool:
    """True when these three natural cards are not a run of one suit inside a window."""
    suits = {f % 4 for f in cards}
    ranks = sorted(f // 4 + 2 for f in cards)
    return (len(cards) != 3 or len(suits) != 1 or ranks[1] != ranks[0] + 1
            or ranks[2] != ranks[1] + 1 or not sequence_fits(s.rules, ranks[0], ranks[2]))


def top_possible(s: GameState, level: int) -> bool:
    """Could the hand make a top-card take at this facility level (the points aside)?"""
    if s.pile_stopped():
        return False
    top = s.pile[-1]
    h = s.hands[s.current]
    if is_red_three(top):
        return False
    if is_wild(top):
        return level >= 3 and any(sum(h[b:b + 4]) >= 2 for b in range(8, 52, 4))
    base = top // 4 * 4
    if sum(h[base:base + 4]) >= 2:
        return True
    r, suit = top // 4 + 2, top % 4
    return level >= 2 and any(
        lo >= 4 and lo + 2 <= 14 and all(h[(x - 2) * 4 + suit] for x in range(lo, lo + 3) if x != r)
        for lo in (r - 2, r - 1, r))


def gen_tops(s: GameState, out: list[Action]) -> None:
    """The facility's top-card takes (S0 [G](i)): groups of the top rank, runs, a wild top."""
    seat = s.current
    level = s.facility_level(s.side_of(seat))
    if not level or not s.pile or s.pile_stopped():
        return
    top = s.pile[-1]
    if is_red_three(top) or (is_wild(top) and level < 3):
        return
    h = s.hands[seat]
    cands: list[tuple[int, ...]] = []
    ranks = range(4, 15) if is_wild(top) else (top // 4 + 2,)
    for rank in ranks:
        base = (rank - 2) * 4
        held = tuple((base + i, h[base + i]) for i in range(4) if h[base + i])
        if sum(c for _, c in held) < 2:
            continue
        for size in range(2, sum(c for _, c in held) + 1):
            cands.extend(multisets(held, size))
    if level >= 2 and not is_wild(top):
        r, suit = top // 4 + 2, top % 4
        for lo in (r - 2, r - 1, r):
            run = [(x - 2) * 4 + suit for x in range(lo, lo + 3) if x != r]
            if lo >= 4 and lo + 2 <= 14 and all(0 <= f < JOKER and h[f] for f in run):
                cands.append(tuple(run))
    for c in cands:
        a = card_action(OP_TOP, c)
        if why_not_top(s, a) is None:
            out.append(a)


def any_top(s: GameState) -> bool:
    """Whether any top-card take of the facility is legal now."""
    out: list[Action] = []
    gen_tops(s, out)
    return bool(out)


def do_top(s: GameState, a: Action) -> None:
    """S0 [G](i){a}{b}{c}: the top card alone with cards from hand as a new lay-down meld."""
    seat = s.current
    side = s.side_of(seat)
    r = s.rules
    top = lift_top_with(s, seat, a.cards)
    cards = (top, *a.cards)
    meld = new_meld(cards, meld_type(cards, r.red3_wild), r.red3_wild)
    s.melds[side].append(meld)
    s.pile_frozen = frozen_by(s.model, s.pile)
    s.log_event(seat, "take", cards)
    s.pre_draw = False
    s.first_turn = False
    meld_points(s, side, open_points(s, cards), meld.size >= r.canasta_size)
    s.phase = PLAY_PHASE
