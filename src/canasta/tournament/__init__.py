"""The tournament frame of S3 §B: what the event adds around the games the engine plays.

- ``clock``: 50-minute games with a 10-minute warning, the go-ahead, and what happens at time;
- ``draw``: the high-card draw for North-South or East-West;
- ``movement``: East-West teams move one table up each game (and the knockout reading);
- ``sheet``: the score sheet handed to the Event Director (S3 §K's Base / Count / Total);
- ``plan``: the event's plan as text (``canasta tournament``).

Options (``FrameOptions``) carry their source: the sheet, or a director's decision where it is silent.
"""

from __future__ import annotations

from .clock import Call, ClockStatus, Decision, clock_status, director_call, remaining
from .draw import PositionDraw, choose_positions, draw_for_positions, draw_key, high_card_draw
from .movement import (
    Seating,
    Standing,
    first_game,
    knockout_pairings,
    move_east_west,
    movement,
    repeat_meetings,
    standings,
)
from .options import NVSO_FRAME, SOURCES, FrameOptions, TournamentError, frame_options
from .plan import event_plan
from .sheet import ScoreSheet, SheetHand, score_sheet

__all__ = [
    "NVSO_FRAME", "SOURCES", "Call", "ClockStatus", "Decision", "FrameOptions", "PositionDraw",
    "ScoreSheet", "Seating", "SheetHand", "Standing", "TournamentError", "choose_positions",
    "clock_status", "director_call", "draw_for_positions", "draw_key", "event_plan", "first_game",
    "frame_options", "high_card_draw", "knockout_pairings", "move_east_west", "movement", "remaining",
    "repeat_meetings", "score_sheet", "standings",
]
