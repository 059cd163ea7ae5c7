"""Asking the partner whether the player may go out (``ask``) and the answer (``yes``/``no``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import ANSWER_PHASE, DRAW_PHASE, SAID_NO, SAID_YES, Problem
from .take import any_take
from .top import any_top

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


def why_not_ask(s: GameState) -> Problem:
    """Why ``ask`` is refused now: the basic conditions, and when in the turn a question helps."""
    why = ask_basic(s)
    if why:
        return why
    if s.phase is DRAW_PHASE:
        # before drawing, asking matters only to go out by taking the pile (or, with the lay-down
        # facility, its top card alone: the list of legal actions offers ask for either)
        if s.pre_draw or not (any_take(s) or (s.rules.laydown_facility and any_top(s))):
            return ("ask_after_draw", {})
    elif s.hn[s.current] < 2:
        return ("ask_late", {})
    return None


def ask_basic(s: GameState) -> Problem:
    """The conditions of ``ask`` that do not depend on the hand: a partner, the rules' moment, once."""
    seat = s.current
    rf = s.rf
    mode = rf.ask_partner
    if rf.team_size != 2 or mode == "none":  # (no partner: ``GameState.partner`` is -1 exactly then)
        return ("no_partner", {})
    if s.rf.ask_after_pickup:
        if s.phase is DRAW_PHASE:
            return ("ask_after_pickup", {})
        if s.shown:
            return ("ask_after_showing", {})
    if s.asked_turn:
        return ("asked", {})
    if mode == "once" and s.asks[seat]:
        return ("asked_once", {})
    return None


def do_ask(s: GameState) -> None:
    """The partner is asked: the answer phase, the partner to act."""
    seat = s.current
    s.asks[seat] += 1
    s.asked_turn = True
    s.ask_phase = s.phase
    s.phase = ANSWER_PHASE
    s.actor = s.partner(seat)
    s.log_event(seat, "ask")


def do_answer(s: GameState, yes: bool) -> None:
    """The partner answers (``yes``: binding where the rules say), and play returns to the player."""
    seat = s.current
    mode = s.rules.ask_partner
    s.binding = mode != "first_binding" or s.answers[seat] == 0
    s.answers[seat] += 1
    s.permission = SAID_YES if yes else SAID_NO
    side = s.side_of(seat)
    # S0 [J](v): what is on the table when told yes (cards shown later may be boxed)
    s.yes_snapshot = ((tuple(s.melds[side]), s.opened[side], len(s.red3[seat]))
                         if yes and s.rules.failed_go_out_boxes else None)
    s.log_event(s.actor, "yes" if yes else "no")
    s.phase = s.ask_phase
    s.actor = seat
