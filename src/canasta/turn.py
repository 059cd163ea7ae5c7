"""The turn in progress: what the player to move has done since the turn began.

``GameState.turn`` is one ``Turn``, made anew when a turn begins (``engine.flow.start_turn``):
nothing of a turn outlives it, and no flag is reset one by one. Its fields are listed here once, by
the names views and positions use (``views.turn_state``, a position's ``turn_state``);
``GameState.clone`` copies it (``copy``). The true/false facts are ``TURN_FLAGS``, the counts
``TURN_COUNTS``; the partner's answer and the table when told yes are written in views their own way.

What the facts amount to, the turn's *stage*, is named by ``Stage`` (``GameState.stage``): the
phase (``Phase``: draw, play, answer, over) says whose move it is and which actions may come at
all; the stage says which of them this turn still allows, as OpenSpiel's gin rummy names its
phases (draw, discard, knock, layoff, wall) where a flag would otherwise hide one.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import IntEnum
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # pragma: no cover
    from .melds import Meld

# the partner's answer this turn (``Turn.answer``)
NONE: Final = -1
SAID_NO: Final = 0
SAID_YES: Final = 1

# S0 [J](v): the side's melds and opened flag, and the red treys the player had laid, when told "yes"
YesSnapshot = tuple[tuple["Meld", ...], bool, int]
# where the check of a binding "yes" last found no way out this turn: the seat's hand, and the
# stock's and the pile's sizes, the retracted and no-discard flags and the boxed cards' count
# (``engine.discard.must_go_out``)
NoOut = tuple[list[int], tuple[int, int, int, int, int]]


@dataclass(slots=True)
class Turn:
    """What the player to move has done this turn (see the module docstring)."""

    took_pile: bool = False                 # the pile (or S0's top card) was taken
    melded: bool = False                    # a meld or an addition was made
    made_canasta: bool = False              # a canasta of the turn's own was completed (C1)
    laid_off: bool = False                  # a card went onto a meld from before the turn (C1)
    retracted: bool = False                 # the opening melds were taken back: no more melds
    shown_before_draw: bool = False         # opening melds shown before the draw, toward a take
    asked: bool = False                     # the partner was asked "may I go out?"
    answer_binds: bool = False              # the partner's answer binds (``ask_partner``)
    must_end_without_discard: bool = False  # the stock's last card was a red three: meld, then end
    upcard_lock: bool = False               # S0 [A](i): the upcard was taken, no lay-down this turn
    shown: bool = False                     # a card was shown (S0 [J](ii): ask before showing one)
    opening_points: int = 0                 # the turn's melds' points toward the opening
    melds_before_turn: int = 0              # the side's melds when the turn began
    replacement_draws: int = 0              # further cards owed for red treys disclosed at once
    answer: int = NONE                      # the partner's answer: NONE, SAID_NO or SAID_YES
    table_at_yes: YesSnapshot | None = None  # S0 [J](v): the table when told yes (boxing)
    no_out: NoOut | None = None             # a cache of the binding yes' check: no part of the position

    def copy(self) -> Turn:
        """An independent copy (every field is immutable, or replaced and never changed in place)."""
        return Turn(self.took_pile, self.melded, self.made_canasta, self.laid_off, self.retracted,
                    self.shown_before_draw, self.asked, self.answer_binds, self.must_end_without_discard,
                    self.upcard_lock, self.shown, self.opening_points, self.melds_before_turn,
                    self.replacement_draws, self.answer, self.table_at_yes, self.no_out)


# the turn's facts in views and positions, by name: the true/false ones and the counts
TURN_FLAGS: Final = tuple(f.name for f in fields(Turn) if f.default is False)
TURN_COUNTS: Final = tuple(f.name for f in fields(Turn) if type(f.default) is int and f.default == 0)


class Stage(IntEnum):
    """What the turn still allows, named (``GameState.stage``): the facts of ``Turn`` read together
    with the phase."""

    PICK_UP = 0          # draw, take the pile (or the upcard, S0's top card), or show melds toward a take
    SHOWN = 1            # opening melds shown before the draw: take the pile (more melds, or retract)
    PLAY = 2             # meld, add, ask, then discard
    NO_LAY_DOWN = 3      # S0 [A](i): after the upcard, no lay-down this turn (red treys disclosed)
    RETRACTED = 4        # the opening taken back: no meld this turn, draw or discard
    END_WITHOUT_DISCARD = 5  # the stock's last card was a red three: meld, then end the hand
    ANSWER = 6           # the partner answers "may I go out?"
    OVER = 7             # the game has ended
