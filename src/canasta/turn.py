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


class Turn:
    """What the player to move has done this turn (see the module docstring).

    A plain class, not a dataclass: the compiled engine makes one at every turn and copies one at every
    clone, and a dataclass's generated ``__init__`` stays interpreted Python where the rest is compiled
    (it cost the compiled classic game about a tenth of its speed). The fields are named once more in
    ``TURN_FIELDS`` for views, positions and tests."""

    def __init__(self,
                 took_pile: bool = False,                # the pile (or S0's top card) was taken
                 melded: bool = False,                   # a meld or an addition was made
                 made_canasta: bool = False,             # a canasta of the turn's own was completed (C1)
                 laid_off: bool = False,                 # a card went onto a meld from before the turn (C1)
                 retracted: bool = False,                # the opening melds were taken back: no more melds
                 shown_before_draw: bool = False,        # opening melds shown before the draw, toward a take
                 asked: bool = False,                    # the partner was asked "may I go out?"
                 answer_binds: bool = False,             # the partner's answer binds (``ask_partner``)
                 must_end_without_discard: bool = False,  # the stock's last card was a red three: meld, end
                 upcard_lock: bool = False,              # S0 [A](i): the upcard was taken, no lay-down
                 shown: bool = False,                    # a card was shown (S0 [J](ii): ask before showing)
                 opening_points: int = 0,                # the turn's melds' points toward the opening
                 melds_before_turn: int = 0,             # the side's melds when the turn began
                 replacement_draws: int = 0,             # further cards owed for red treys disclosed at once
                 answer: int = NONE,                     # the partner's answer: NONE, SAID_NO or SAID_YES
                 table_at_yes: YesSnapshot | None = None,  # S0 [J](v): the table when told yes (boxing)
                 no_out: NoOut | None = None,            # a cache of the binding yes' check: no way out
                 ) -> None:
        self.took_pile = took_pile
        self.melded = melded
        self.made_canasta = made_canasta
        self.laid_off = laid_off
        self.retracted = retracted
        self.shown_before_draw = shown_before_draw
        self.asked = asked
        self.answer_binds = answer_binds
        self.must_end_without_discard = must_end_without_discard
        self.upcard_lock = upcard_lock
        self.shown = shown
        self.opening_points = opening_points
        self.melds_before_turn = melds_before_turn
        self.replacement_draws = replacement_draws
        self.answer = answer
        self.table_at_yes = table_at_yes
        self.no_out = no_out

    def copy(self) -> Turn:
        """An independent copy (every field is immutable, or replaced and never changed in place)."""
        return Turn(self.took_pile, self.melded, self.made_canasta, self.laid_off, self.retracted,
                    self.shown_before_draw, self.asked, self.answer_binds, self.must_end_without_discard,
                    self.upcard_lock, self.shown, self.opening_points, self.melds_before_turn,
                    self.replacement_draws, self.answer, self.table_at_yes, self.no_out)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Turn) and all(getattr(self, n) == getattr(other, n) for n in TURN_FIELDS)

    __hash__ = None  # type: ignore[assignment]  # mutable, compared by value

    def __repr__(self) -> str:
        return "Turn(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in TURN_FIELDS) + ")"


# the turn's facts in views and positions, by name (the order of ``Turn``'s arguments): the true/false
# ones and the counts
TURN_FIELDS: Final = ("took_pile", "melded", "made_canasta", "laid_off", "retracted", "shown_before_draw",
                      "asked", "answer_binds", "must_end_without_discard", "upcard_lock", "shown",
                      "opening_points", "melds_before_turn", "replacement_draws", "answer", "table_at_yes",
                      "no_out")
TURN_FLAGS: Final = TURN_FIELDS[:11]
TURN_COUNTS: Final = TURN_FIELDS[11:14]


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
