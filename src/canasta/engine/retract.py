"""Taking back provisional opening melds (``retract``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import Problem

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


def why_not_retract(s: GameState) -> Problem:
    """There must be provisional opening melds to take back."""
    side = s.seat_side[s.current]  # (side_of, by its table: this is asked in every position)
    if s.opened[side] or not s.melds[side]:
        return ("nothing_to_retract", {})
    return None


def do_retract(s: GameState) -> None:
    """The provisional melds go back to the hand (S0: boxed until the discard)."""
    seat = s.current
    side = s.side_of(seat)
    back: list[int] = []
    for m in s.melds[side]:
        back.extend(m.cards)
    s.melds[side] = []
    if s.rules.retract_boxes:
        # S0 [G](ii): a lay-down abandoned half way: the shown cards are boxed until the discard
        s.boxed[seat].extend(back)
        s.log_event(seat, "box", tuple(back))
        s.turn_points = 0
        s.turn_canasta = False
        s.turn_melded = False
        s.pre_draw = False
        s.retracted = True
        return
    for f in back:
        s.give_card(seat, f)
    s.turn_points = 0
    s.turn_canasta = False
    s.turn_melded = False
    s.pre_draw = False
    s.retracted = True
    s.log_event(seat, "retract", tuple(back))
