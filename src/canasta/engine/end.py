"""Ending without a discard: ``end`` (the stock's last card was a red three, or the stock is gone
and the pile is declined) and ``pass`` (S1: one card left and no going out).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from .common import BLACK3_MELD, OP_TAKE, PLAY_PHASE, Problem
from .conditions import canasta_counts, go_out_problem, open_after
from .discard import must_go_out, opening_short
from .flow import check_failed_go_out, next_turn
from .take import any_take, pile_block, why_not_take

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


def why_not_pass(s: GameState) -> Problem:
    """S1: a player who may not go out melds down to one card and says pass."""
    if not s.rules.pass_allowed:
        return ("no_pass", {})
    seat = s.current
    side = s.side_of(seat)
    if s.hn[seat] != 1:
        return ("pass_one_card", {})
    if go_out_problem(s, canasta_counts(s, side), open_after(s, side, 0),
                            s.goes_out_concealed()) is None:
        return ("pass_can_go_out", {})
    if not open_after(s, side, 0) and s.turn_points:
        return opening_short(s, side)
    return None


def why_not_end(s: GameState) -> Problem:
    """Why ``end`` is refused: after the draw only after a last-card red three, before it only with the
    stock gone."""
    if s.phase is PLAY_PHASE:
        if not s.no_discard:
            return ("no_end", {})
        side = s.side_of(s.current)
        if not open_after(s, side, 0) and s.turn_points:
            return opening_short(s, side)
        return must_go_out(s)
    if s.stock:
        return ("no_end_stock", {})
    if s.pre_draw:
        return ("shown_melds", {})
    if forced_take(s):
        return ("must_take", {})
    return None


def forced_take(s: GameState) -> bool:
    """Classic end of stock: must the player take the discard (``stock_out_must_take``)?"""
    rule = s.rules.stock_out_must_take
    if rule == "never" or pile_block(s) is not None:
        return False
    if rule == "any":
        return any_take(s)
    side = s.side_of(s.current)
    return any(why_not_take(s, Action(OP_TAKE, (), i)) is None
               for i, m in enumerate(s.melds[side]) if m.type is not BLACK3_MELD)


def do_end(s: GameState) -> None:
    """The hand ends: after a last-card red three, or declining the pile with the stock gone."""
    s.log_event(s.current, "end")
    if s.phase is PLAY_PHASE:
        check_failed_go_out(s)
        s.end_hand("last_red3", -1)
    else:
        s.end_hand("stock_out", -1)


def do_pass(s: GameState) -> None:
    """The player keeps the one card and the turn passes (S1)."""
    s.log_event(s.current, "pass")
    check_failed_go_out(s)
    next_turn(s)
