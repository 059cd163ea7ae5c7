"""The tournament frame of S3 §B: what the event adds around the games the engine plays.

- ``clock``: 50-minute games with a 10-minute warning, the go-ahead, and what happens at time;
- ``draw``: the high-card draw for North-South or East-West;
- ``movement``: East-West teams move one table up each game (and the knockout reading);
- ``sheet``: the score sheet handed to the Event Director (S3 §K's Base / Count / Total);
- ``plan``: the event's plan as text (``canasta tournament``);
- ``movements``: Mitchell for any number of pairs, Howell, round robin, guide and table cards;
- ``partners``: GVR's second-game partnering (S2);
- ``ranking``: standings by points, wins or match points, with stated tie-breaks;
- ``duplicate``: the same deals at every table of a round, match points per deal;
- ``fair``: commitments to each deal's seed, revealed after each hand of a fair game (``canasta verify``).

Options (``FrameOptions``) carry their source: the sheet, or a director's decision where it is silent.
"""

from __future__ import annotations

from .clock import Call, ClockStatus, Decision, clock_status, director_call, remaining
from .draw import PositionDraw, choose_positions, draw_for_positions, draw_key, high_card_draw
from .duplicate import (
    CONVENTION,
    DealResult,
    DealScore,
    deal_results,
    draw_round_seed,
    duplicate_scores,
    duplicate_tables,
    duplicate_totals,
)
from .fair import (
    Commitment,
    Verdict,
    commit_game,
    commit_hands,
    commitment,
    commitments_json,
    is_fair_seed,
    new_fair_seed,
    read_commitments,
    verify_deals,
    verify_reveals,
)
from .movement import (
    Seating,
    first_game,
    knockout_pairings,
    move_east_west,
    movement,
    repeat_meetings,
)
from .movements import (
    ODD_SOURCE,
    PHANTOM,
    Movement,
    guide_cards,
    howell,
    mitchell,
    repeats,
    round_robin,
    table_cards,
)
from .options import NVSO_FRAME, SOURCES, FrameOptions, TournamentError, frame_options
from .partners import SOURCE as GVR_SOURCE
from .partners import TableSeats, gvr_second_game, gvr_third_game
from .plan import event_plan
from .ranking import (
    RANK_SOURCES,
    GameResult,
    Ranked,
    RankOptions,
    Standing,
    match_points,
    rank,
    round_match_points,
    standings,
    standings_text,
)
from .sheet import ScoreSheet, SheetHand, score_sheet

__all__ = [
    "CONVENTION",
    "GVR_SOURCE",
    "NVSO_FRAME",
    "ODD_SOURCE",
    "PHANTOM",
    "RANK_SOURCES",
    "SOURCES",
    "Call",
    "ClockStatus",
    "Commitment",
    "DealResult",
    "DealScore",
    "Decision",
    "FrameOptions",
    "GameResult",
    "Movement",
    "PositionDraw",
    "RankOptions",
    "Ranked",
    "ScoreSheet",
    "Seating",
    "SheetHand",
    "Standing",
    "TableSeats",
    "TournamentError",
    "Verdict",
    "choose_positions",
    "clock_status",
    "commit_game",
    "commit_hands",
    "commitment",
    "commitments_json",
    "deal_results",
    "director_call",
    "draw_for_positions",
    "draw_key",
    "draw_round_seed",
    "duplicate_scores",
    "duplicate_tables",
    "duplicate_totals",
    "event_plan",
    "first_game",
    "frame_options",
    "guide_cards",
    "gvr_second_game",
    "gvr_third_game",
    "high_card_draw",
    "howell",
    "is_fair_seed",
    "knockout_pairings",
    "match_points",
    "mitchell",
    "move_east_west",
    "movement",
    "new_fair_seed",
    "rank",
    "read_commitments",
    "remaining",
    "repeat_meetings",
    "repeats",
    "round_match_points",
    "round_robin",
    "score_sheet",
    "standings",
    "standings_text",
    "table_cards",
    "verify_deals",
    "verify_reveals",
]
