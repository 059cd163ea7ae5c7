"""The game clock of S3 §B and the director's call at any moment of a timed game.

Pure functions of the elapsed time: the caller measures seconds since the director's go-ahead and
passes them in (``None`` before it), so the logic is testable and replayable without a real clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from .options import NVSO_FRAME, FrameOptions, TournamentError

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class ClockStatus(StrEnum):
    WAITING = "waiting"   # seated: shuffle, deal and sort, but no play before the go-ahead
    PLAYING = "playing"
    WARNING = "warning"   # the last warning_minutes of the game
    TIME = "time"         # time has been called


class Call(StrEnum):
    WAIT = "wait"    # do not start: the director has not given the go-ahead
    PLAY = "play"    # play on: the hand in progress, or a new hand
    STOP = "stop"    # the game is over; the score sheet goes to the director


@dataclass(frozen=True, slots=True)
class Decision:
    """What the table does now; ``winner`` is the winning side (0 = N-S, 1 = E-W) once stopped,
    -1 while playing or for a tie recorded as such (``time_tie="draw"``)."""

    call: Call
    winner: int
    reason: str   # waiting, playing, warning, play_out, finish_hand, tie_extra_hand, time, tie, game_over


def _seconds(elapsed: float | None) -> float | None:
    if elapsed is not None and not elapsed >= 0:  # also refuses NaN
        raise TournamentError("elapsed", value=repr(elapsed))
    return elapsed


def clock_status(elapsed: float | None, options: FrameOptions = NVSO_FRAME) -> ClockStatus:
    """The clock at ``elapsed`` seconds after the go-ahead (``None``: not given yet)."""
    t = _seconds(elapsed)
    if t is None:
        return ClockStatus.WAITING
    end = options.game_minutes * 60
    if t >= end:
        return ClockStatus.TIME
    if t >= end - options.warning_minutes * 60:
        return ClockStatus.WARNING
    return ClockStatus.PLAYING


def remaining(elapsed: float | None, options: FrameOptions = NVSO_FRAME) -> float:
    """Seconds left in the game (the whole game before the go-ahead, 0 once time is called)."""
    t = _seconds(elapsed)
    end = float(options.game_minutes * 60)
    return end if t is None else max(0.0, end - t)


def director_call(state: GameState, elapsed: float | None, hand_started: bool,
                  options: FrameOptions = NVSO_FRAME) -> Decision:
    """Play on, wait or stop, for a two-sided game ``state`` at ``elapsed`` seconds.

    ``hand_started``: a player has acted in the hand now dealt (the engine deals the next hand as
    soon as one ends, so only the caller knows whether it has begun). The scores compared when time
    is called are ``state.scores``: finished hands only, so a hand stopped under ``stop_hand`` counts
    nothing.
    """
    if len(state.scores) != 2:
        raise TournamentError("timed_two_teams", sides=len(state.scores))
    status = clock_status(elapsed, options)
    if state.is_over:  # S3 B: the three hands are played (or 8,500 reached): the engine decided
        return Decision(Call.STOP, state.winner, "game_over")
    if status is ClockStatus.WAITING:
        if hand_started:
            raise TournamentError("hand_before_go")
        return Decision(Call.WAIT, -1, "waiting")
    if status is not ClockStatus.TIME:
        return Decision(Call.PLAY, -1, status.value)
    if options.on_time == "play_out":
        return Decision(Call.PLAY, -1, "play_out")
    a, b = state.scores
    tied = a == b
    if hand_started and options.on_time == "finish_hand":
        return Decision(Call.PLAY, -1, "finish_hand")
    if tied:
        if options.time_tie == "extra_hand":
            return Decision(Call.PLAY, -1, "tie_extra_hand")
        return Decision(Call.STOP, -1, "tie")
    return Decision(Call.STOP, 0 if a > b else 1, "time")
