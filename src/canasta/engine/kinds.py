"""The action kinds: for each ``Op``, the phases it may be played in, its check and its effect.

``GameState.why_illegal`` and ``GameState.apply_unchecked`` dispatch through this one table; the
check and the effect of each kind live in its own module (``take.py`` for ``take``, ...), beside its
move generator, which ``GameState.legal_actions`` calls in the phase's fixed order. Every check takes
the state and the action and returns ``None`` or ``(code, data)`` (``canasta.refusals``); every
effect plays a legal action (the check has passed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from ..actions import Action, Op
from .ask import do_answer, do_ask, why_not_ask
from .common import OP_YES, PLAY_PHASE, Problem
from .declare import do_declare, special_award
from .discard import do_discard, why_not_discard
from .draw import do_draw, do_upcard, why_not_draw, why_not_replacement, why_not_upcard
from .end import do_end, do_pass, why_not_end, why_not_pass
from .meld import do_add, do_meld, why_not_add, why_not_meld
from .merge import do_merge, why_not_merge
from .retract import do_retract, why_not_retract
from .take import do_take, why_not_take
from .top import do_top, why_not_top

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class ActionKind:
    """One kind of action. ``in_draw``/``in_play``: whether it may be played before and after the
    draw (``yes``/``no`` are played only in the answer phase, which ``why_illegal`` handles first)."""

    __slots__ = ("check", "in_draw", "in_play", "play")

    def __init__(self, in_draw: bool, in_play: bool, check: Callable[[GameState, Action], Problem],
                 play: Callable[[GameState, Action], None]) -> None:
        self.in_draw = in_draw
        self.in_play = in_play
        self.check = check
        self.play = play


# the uniform entry points, (state, action), of the modules' checks and effects, where a module's own
# function does not take them already (the hottest effects do: a call less per action)
def _check_draw(s: GameState, a: Action) -> Problem:
    if s.phase is PLAY_PHASE:  # the further card for a red trey disclosed at once (S0 [F](i){c})
        return why_not_replacement(s) if s.bonus_draws else ("already_drawn", {})
    return why_not_draw(s)


def _check_upcard(s: GameState, a: Action) -> Problem:
    return why_not_upcard(s)


def _play_upcard(s: GameState, a: Action) -> None:
    do_upcard(s)


def _check_meld(s: GameState, a: Action) -> Problem:
    return why_not_meld(s, a.cards)


def _check_add(s: GameState, a: Action) -> Problem:
    return why_not_add(s, a.meld, a.cards)


def _check_discard(s: GameState, a: Action) -> Problem:
    return why_not_discard(s, a.cards)


def _check_ask(s: GameState, a: Action) -> Problem:
    return why_not_ask(s)


def _play_ask(s: GameState, a: Action) -> None:
    do_ask(s)


def _check_answer(s: GameState, a: Action) -> Problem:
    return None  # asked: the partner answers either way (why_illegal checks the phase)


def _play_answer(s: GameState, a: Action) -> None:
    do_answer(s, a.op is OP_YES)


def _check_retract(s: GameState, a: Action) -> Problem:
    return why_not_retract(s)


def _play_retract(s: GameState, a: Action) -> None:
    do_retract(s)


def _check_end(s: GameState, a: Action) -> Problem:
    return why_not_end(s)


def _play_end(s: GameState, a: Action) -> None:
    do_end(s)


def _check_pass(s: GameState, a: Action) -> Problem:
    return why_not_pass(s)


def _play_pass(s: GameState, a: Action) -> None:
    do_pass(s)


def _check_merge(s: GameState, a: Action) -> Problem:
    return why_not_merge(s, a)


def _check_declare(s: GameState, a: Action) -> Problem:
    why = special_award(s, a)
    return why if isinstance(why, tuple) else None


ACTION_KINDS: Final[dict[Op, ActionKind]] = {
    #                  before the draw, after it, check, effect
    Op.DRAW: ActionKind(True, True, _check_draw, do_draw),  # after it: a red trey's further card
    Op.TAKE: ActionKind(True, False, why_not_take, do_take),
    Op.UPCARD: ActionKind(True, False, _check_upcard, _play_upcard),
    Op.MELD: ActionKind(True, True, _check_meld, do_meld),  # before the draw: to take the pile
    Op.ADD: ActionKind(True, True, _check_add, do_add),
    Op.DISCARD: ActionKind(False, True, _check_discard, do_discard),
    Op.ASK: ActionKind(True, True, _check_ask, _play_ask),
    Op.YES: ActionKind(False, False, _check_answer, _play_answer),
    Op.NO: ActionKind(False, False, _check_answer, _play_answer),
    Op.RETRACT: ActionKind(True, True, _check_retract, _play_retract),
    Op.END: ActionKind(True, True, _check_end, _play_end),
    Op.PASS: ActionKind(False, True, _check_pass, _play_pass),
    Op.MERGE: ActionKind(False, True, _check_merge, do_merge),
    Op.DECLARE: ActionKind(True, True, _check_declare, do_declare),
    Op.TOP: ActionKind(True, False, why_not_top, do_top),
}
assert set(ACTION_KINDS) == set(Op), "every action kind has its row"

# the table's columns as tuples indexed by the Op's value, for the hot paths
IN_DRAW: Final[tuple[bool, ...]] = tuple(ACTION_KINDS[op].in_draw for op in sorted(Op))
IN_PLAY: Final[tuple[bool, ...]] = tuple(ACTION_KINDS[op].in_play for op in sorted(Op))
CHECKS: Final[tuple[Callable[[GameState, Action], Problem], ...]] = tuple(
    ACTION_KINDS[op].check for op in sorted(Op))
EFFECTS: Final[tuple[Callable[[GameState, Action], None], ...]] = tuple(
    ACTION_KINDS[op].play for op in sorted(Op))
