"""Taking back provisional opening melds (``retract``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import Problem
from .flow import box_cards, retracted, take_back_melds

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
    back = take_back_melds(s, s.side_of(seat))
    if s.rules.retract_boxes:
        # S0 [G](ii): a lay-down abandoned half way: the shown cards are boxed until the discard
        box_cards(s, seat, back)
        s.log_event(seat, "box", tuple(back))
    else:
        for f in back:
            s.give_card(seat, f)
        s.log_event(seat, "retract", tuple(back))
    retracted(s)
