"""A plain-text plan of an event: the frame's options, each table's position draw, the movement.

Kept out of the CLI so that the command stays a few lines and the text is testable on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import card_str
from ..messages import render
from .draw import draw_for_positions
from .movement import movement, repeat_meetings
from .options import NVSO_FRAME, SOURCES, FrameOptions, TournamentError
from .words import PLAN

#: Says a line of the plan by its key and data in the reader's language.
Say = Callable[[str, dict[str, Any]], str]


def event_plan(tables: int, seed: int, options: FrameOptions = NVSO_FRAME,
               say: Say | None = None) -> str:
    """The director's plan for ``tables`` tables: teams "A<t>" and "B<t>" draw at table t; the team
    sitting North-South there is then "NS<t>", the other "EW<t>" (the chooser's choice is theirs).
    ``say(key, data)`` makes a line of :data:`~canasta.tournament.words.PLAN` in the reader's
    language (default: English, as a Python user reads it)."""
    if tables < 1:
        raise TournamentError("tables_at_least", tables=tables)
    said: Say = say if say is not None else _english
    o = options
    frame = "cli.plan.frame" if o.games > 1 else "cli.plan.frame_one_game"
    lines = [said(frame, {"n": tables, "tables": str(tables), "games": str(o.games),
                          "minutes": str(o.game_minutes),
                          "warning": str(o.game_minutes - o.warning_minutes)})]
    lines += ["  " + said("cli.plan.option", {
        "name": name, "value": str(value), "source": said(f"cli.frame_source.{name}", {})})
        for name, (value, _source) in o.table().items()]
    lines.append(said("cli.plan.draws", {"seed": str(seed)}))
    for t in range(1, tables + 1):
        d = draw_for_positions(f"{seed}/{t}", o)
        teams = (f"A{t}", f"B{t}")
        cards = ", ".join(said("cli.plan.drew", {"team": teams[team], "card": card_str(c)})
                          for team, c in d.draws)
        lines.append("  " + said("cli.plan.draw_table", {"table": str(t), "draws": cards,
                                                                "chooser": teams[d.chooser]}))
    if o.format == "knockout":
        lines.append(said("cli.plan.knockout", {}))
        return "\n".join(lines)
    ns = [f"NS{t}" for t in range(1, tables + 1)]
    ew = [f"EW{t}" for t in range(1, tables + 1)]
    rounds = movement(ns, ew, o.games)
    lines.append(said("cli.plan.movement", {}))
    for game in rounds:
        seats = "  ".join(said("cli.plan.seat", {"table": str(s.table), "ns": s.ns, "ew": s.ew})
                          for s in game)
        lines.append("  " + said("cli.plan.game", {"game": str(game[0].game), "seats": seats}))
    repeats = repeat_meetings(rounds)
    if repeats:
        again = ", ".join(said("cli.plan.meeting", {"ns": a, "ew": b, "game": str(g)})
                          for a, b, g in repeats)
        lines.append(said("cli.plan.repeats", {"meetings": again}))
    return "\n".join(lines)


def _english(key: str, data: dict[str, Any]) -> str:
    if key.startswith("cli.frame_source."):
        return SOURCES[key.removeprefix("cli.frame_source.")]
    return render(PLAN[key], data)
