"""S3 §B's movement between games and the knockout reading of "single elimination" (standings:
``ranking``).

"The East-West team will move to the next higher numbered table. The team with the highest numbered
table moves to Table 1." North-South teams stay. With N tables, an East-West team meets each
North-South team once in N games; with fewer tables than games, pairs meet again (reported).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .options import TournamentError


@dataclass(frozen=True, slots=True)
class Seating:
    """Who plays at one table in one game (tables and games numbered from 1, as at the event)."""

    game: int
    table: int
    ns: str
    ew: str


def _check_teams(ns_teams: Sequence[str], ew_teams: Sequence[str]) -> None:
    if not ns_teams or len(ns_teams) != len(ew_teams):
        raise TournamentError("team_counts", ns_teams=len(ns_teams), ew_teams=len(ew_teams))
    names = [*ns_teams, *ew_teams]
    if len(set(names)) != len(names):
        raise TournamentError("team_names_differ", names=str(names))


def first_game(ns_teams: Sequence[str], ew_teams: Sequence[str]) -> list[Seating]:
    """Game 1: table i has the i-th North-South and the i-th East-West team (after the draws)."""
    _check_teams(ns_teams, ew_teams)
    return [Seating(1, i + 1, ns, ew) for i, (ns, ew) in enumerate(zip(ns_teams, ew_teams, strict=True))]


def move_east_west(game: Sequence[Seating]) -> list[Seating]:
    """The next game: each East-West team to the next higher table, the highest table's to table 1."""
    n = len(game)
    if n == 0 or [s.table for s in game] != list(range(1, n + 1)):
        raise TournamentError("seating_order")
    return [Seating(s.game + 1, s.table, s.ns, game[(s.table - 2) % n].ew) for s in game]


def movement(ns_teams: Sequence[str], ew_teams: Sequence[str], games: int = 3) -> list[list[Seating]]:
    """Every game's seatings, game 1 first."""
    if games < 1:
        raise TournamentError("games_at_least", games=games)
    rounds = [first_game(ns_teams, ew_teams)]
    while len(rounds) < games:
        rounds.append(move_east_west(rounds[-1]))
    return rounds


def repeat_meetings(rounds: Iterable[Sequence[Seating]]) -> list[tuple[str, str, int]]:
    """(North-South, East-West, game) for every meeting of a pair that already met earlier."""
    seen: set[tuple[str, str]] = set()
    repeats = []
    for game in rounds:
        for s in game:
            if (s.ns, s.ew) in seen:
                repeats.append((s.ns, s.ew, s.game))
            seen.add((s.ns, s.ew))
    return repeats


def knockout_pairings(winners: Sequence[str]) -> tuple[list[tuple[int, str, str]], str | None]:
    """Single elimination: the next game's tables (table, team, team) pairing the winners in table
    order (table 1's winner with table 2's ...), and the team with a bye when their number is odd.
    Positions at the new table are drawn again (S3 B's high-card draw)."""
    if len(set(winners)) != len(winners):
        raise TournamentError("team_wins_twice", names=str(list(winners)))
    pairs = [(i // 2 + 1, winners[i], winners[i + 1]) for i in range(0, len(winners) - 1, 2)]
    bye = winners[-1] if len(winners) % 2 else None
    return pairs, bye
