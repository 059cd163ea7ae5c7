"""The tournament frame's options (S3 §B), each with its source, and the frame's error type.

These are event rules, not hand rules: the engine's RuleSet knows one game; the director's clock,
position draw, table movement and score sheets live here. Where the sheet is silent the value is a
director's decision, kept as an option so another event can choose differently.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Final

from ..errors import CanastaError, RuleError
from ..messages import render
from .words import MESSAGES


class TournamentError(CanastaError, ValueError):
    """Bad input to the tournament frame (a negative time, too few tables, an unknown team ...): a
    code of ``words.MESSAGES`` and its data, with the English sentence as ``message`` (the server
    says it in the reader's language). A text that is not a code (none the package raises) is said as
    it is, with an empty code."""

    def __init__(self, code: str, /, **data: Any) -> None:
        template = MESSAGES.get(code)
        self.code = code if template is not None else ""
        self.data: dict[str, Any] = data
        self.message = render(template, data) if template is not None else code
        # the exception's own text, whatever the other bases' constructors take (FrameError's RuleError)
        Exception.__init__(self, self.message)


class FrameError(TournamentError, RuleError):
    """A frame option that cannot be: a rule of the event (``RuleError``), said by its code."""


CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "on_time": ("finish_hand", "stop_hand", "play_out"),
    "time_tie": ("extra_hand", "draw"),
    "draw_joker": ("redraw", "high"),
    "draw_deuce": ("low", "redraw"),
    "draw_ties": ("redraw", "suits"),
    "format": ("movement", "knockout"),
}

SOURCES: Final[dict[str, str]] = {
    "games": "S3 B: 'There will be 3 games of 50 minutes each.'",
    "game_minutes": "S3 B: '3 games of 50 minutes each'",
    "warning_minutes": "S3 B: 'a 10 minute warning to alert players of the end of the game'",
    "on_time": "director (S3 B silent on time called mid-game): no new hand after time; the hand in "
               "progress is finished; the game is decided on the totals so far",
    "time_tie": "director: totals tied when time is called -> play on, one full hand at a time, until "
                "they differ (single elimination needs a winner; as the engine's tie after hand 3)",
    "draw_joker": "director (S3 B 'high card draw', rank order not stated): jokers are void and redrawn "
                  "(Official Canasta Laws)",
    "draw_deuce": "director: deuces rank lowest, A K Q ... 3 2 (Official Canasta Laws)",
    "draw_ties": "director: equal ranks draw again (the sheet gives no suit order)",
    "format": "director: S3 B's movement for all games ('single elimination' is the knockout option; "
              "the two contradict, see docs/tournament.md)",
}


@dataclass(frozen=True, slots=True)
class FrameOptions:
    """One event's frame: games, the game clock, the position draw and the format."""

    games: int = 3
    game_minutes: int = 50
    warning_minutes: int = 10
    on_time: str = "finish_hand"
    time_tie: str = "extra_hand"
    draw_joker: str = "redraw"
    draw_deuce: str = "low"
    draw_ties: str = "redraw"
    format: str = "movement"

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise FrameError("frame_choice", name=name, value=repr(value), allowed=", ".join(allowed))
        if self.games < 1:
            raise FrameError("games_at_least", games=self.games)
        if self.game_minutes < 1:
            raise FrameError("frame_minutes", minutes=self.game_minutes)
        if not 0 <= self.warning_minutes < self.game_minutes:
            raise FrameError("frame_warning", minutes=self.warning_minutes, game_minutes=self.game_minutes)

    def table(self) -> dict[str, tuple[Any, str]]:
        """Every option with its value and source, for a rules card."""
        return {f.name: (getattr(self, f.name), SOURCES[f.name]) for f in fields(self)}


NVSO_FRAME: Final = FrameOptions()


def frame_options(**overrides: Any) -> FrameOptions:
    """The NVSO frame with an event's changes; an unknown option or a bad value raises RuleError."""
    unknown = sorted(set(overrides) - set(SOURCES))
    if unknown:
        raise FrameError("frame_unknown", names=", ".join(unknown), options=", ".join(SOURCES))
    for name, value in overrides.items():
        number = isinstance(getattr(NVSO_FRAME, name), int)
        if number != (isinstance(value, int) and not isinstance(value, bool)):
            raise FrameError("frame_number" if number else "frame_text", name=name, value=repr(value))
    return replace(NVSO_FRAME, **overrides)
