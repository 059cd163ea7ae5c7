"""A plain-text plan of an event: the frame's options, each table's position draw, the movement.

Kept out of the CLI so that the command stays a few lines and the text is testable on its own.
"""

from __future__ import annotations

from .draw import draw_for_positions
from .movement import movement, repeat_meetings
from .options import NVSO_FRAME, FrameOptions, TournamentError


def event_plan(tables: int, seed: int, options: FrameOptions = NVSO_FRAME) -> str:
    """The director's plan for ``tables`` tables: teams "A<t>" and "B<t>" draw at table t; the team
    sitting North-South there is then "NS<t>", the other "EW<t>" (the chooser's choice is theirs)."""
    if tables < 1:
        raise TournamentError("tables_at_least", tables=tables)
    o = options
    lines = [f"Tournament frame: {tables} table{'s' if tables > 1 else ''}, {o.games} game"
             f"{'s' if o.games > 1 else ''} of {o.game_minutes} minutes, warning at "
             f"{o.game_minutes - o.warning_minutes} minutes"]
    lines += [f"  {name} = {value}: {source}" for name, (value, source) in o.table().items()]
    lines.append(f"Position draws (seed {seed}), the high card chooses North-South or East-West:")
    for t in range(1, tables + 1):
        d = draw_for_positions(f"{seed}/{t}", o)
        lines.append(f"  table {t}: {d.text((f'A{t}', f'B{t}'))}")
    if o.format == "knockout":
        lines.append("Single elimination: the winners of tables 1 and 2 meet at table 1, of 3 and 4 "
                     "at table 2, ...; an odd winner has a bye.")
        return "\n".join(lines)
    ns = [f"NS{t}" for t in range(1, tables + 1)]
    ew = [f"EW{t}" for t in range(1, tables + 1)]
    rounds = movement(ns, ew, o.games)
    lines.append("Movement: North-South teams stay; East-West teams move to the next higher table, "
                 "the highest table's to table 1:")
    for game in rounds:
        seats = "  ".join(f"T{s.table} {s.ns}-{s.ew}" for s in game)
        lines.append(f"  game {game[0].game}: {seats}")
    repeats = repeat_meetings(rounds)
    if repeats:
        lines.append("Pairs meeting again (fewer tables than games): "
                     + ", ".join(f"{a}-{b} in game {g}" for a, b, g in repeats))
    return "\n".join(lines)
