"""The score sheet handed to the Event Director at the end of each game (S3 §B, §K).

One column per team (side 0 = North-South, seats 0 and 2, North keeping score, so "We"; side 1 =
East-West, "They"), one block per hand: the meld requirement, §K's Base (threes, canastas, going out,
a special hand's award) and Count (cards on the table less cards in hand), a Penalties line for what
§G/§L add (incomplete 7s, aces or wilds; 7s or aces stuck in a hand; table penalties), the hand's
Total and the running game total. Base + Count + Penalties = Total, so the arithmetic can be checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .clock import Call, Decision
from .options import TournamentError

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState

Pair = tuple[int, int]

ENDINGS = {"went_out": "went out", "special": "special hand", "stock_out": "stock out",
           "last_red3": "a three as the last card"}


@dataclass(frozen=True, slots=True)
class SheetHand:
    """One hand's lines on the sheet (``hand`` numbered from 1, as on paper)."""

    hand: int
    ended: str    # how the hand ended (ENDINGS), with the seat going out or declaring
    meld: Pair
    base: Pair
    count: Pair
    penalties: Pair
    total: Pair
    running: Pair


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A game's sheet; ``winner`` is 0 or 1, or -1 while undecided or for a tie."""

    teams: tuple[str, str]
    hands: tuple[SheetHand, ...]
    winner: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: per hand, each line as a two-item list (side 0, side 1)."""
        return {"teams": list(self.teams),
                "hands": [{"hand": h.hand, "ended": h.ended, "meld": list(h.meld), "base": list(h.base),
                           "count": list(h.count), "penalties": list(h.penalties),
                           "total": list(h.total), "running": list(h.running)} for h in self.hands],
                "winner": self.teams[self.winner] if self.winner >= 0 else None}

    def text(self) -> str:
        """Plain text, as the scorekeeper writes it."""
        width = max(9, *(len(t) + 1 for t in self.teams))
        lines = [f"{'Score sheet':<14}" + "".join(f"{t:>{width}}" for t in self.teams)]
        for h in self.hands:
            lines.append(f"Hand {h.hand} ({h.ended})")
            for label, pair in (("Meld", h.meld), ("Base", h.base), ("Count", h.count),
                                ("Penalties", h.penalties), ("Total", h.total), ("Game", h.running)):
                lines.append(f"  {label:<12}" + "".join(f"{v:>{width},}" for v in pair))
        lines.append("Winner: " + (self.teams[self.winner] if self.winner >= 0 else "not decided"))
        return "\n".join(lines)


def score_sheet(state: GameState, teams: tuple[str, str] = ("We", "They"),
                decision: Decision | None = None) -> ScoreSheet:
    """The sheet of the hands finished in ``state`` (a game of two teams, e.g. ``nvso-tournament``).

    The winner is the director's ``decision`` when it stopped a timed game, else the engine's once
    the game is over; a hand stopped by the clock (``on_time="stop_hand"``) is not on the sheet.
    """
    r = state.rules
    if r.sides != 2:
        raise TournamentError("sheet_sides", sides=r.sides)
    if len(teams) != 2 or teams[0] == teams[1]:
        raise TournamentError("sheet_teams", value=repr(teams))
    hands = []
    for res in state.results:
        s0, s1 = res.sides
        before = [after - s.total for after, s in zip(res.scores_after, res.sides, strict=True)]
        base = (s0.base, s1.base)
        count = (s0.count, s1.count)
        total = (s0.total, s1.total)
        ended = ENDINGS.get(res.reason, res.reason)
        if res.out_seat >= 0:
            ended += f", seat {res.out_seat}"
        hands.append(SheetHand(
            hand=res.hand + 1, ended=ended,
            meld=(r.opening_for(before[0], res.hand), r.opening_for(before[1], res.hand)),
            base=base, count=count,
            penalties=(s0.all_penalties, s1.all_penalties),
            total=total, running=(res.scores_after[0], res.scores_after[1])))
    if decision is not None and decision.call is Call.STOP:
        winner = decision.winner
    else:
        winner = state.winner if state.is_over else -1
    return ScoreSheet((teams[0], teams[1]), tuple(hands), winner)
