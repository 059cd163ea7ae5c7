"""Live standings (issue 15): by total points, by wins or by match points, with stated tie-breaks.

The sheets rank nothing (S3 §B says who wins a game, not an event), so the ranking and each tie-break
is a director's decision, written down as ``RankOptions`` with its source and printed with the
standings. Pairs still equal after every tie-break share the place (1, 2, 2, 4 ...): a list order by
name would look like a decision nobody took.

Match points compare results, as in duplicate bridge: a pair scores 2 for each pair it beats and 1
for each pair it ties with ("2 per pair beaten, 1 per tie", the ACBL's convention, which keeps every
figure a whole number; the EBU's 1 and 1/2 are half these). Without duplicate deals the result
compared is each game's margin (own score minus the opponents') among all games of the round; with
duplicate deals it is each deal's margin among the pairs that sat the same direction (``duplicate``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .movements import PHANTOM
from .options import TournamentError
from .words import LINES, ORDINALS, RANKED

RANK_BY = ("points", "wins", "match_points")
TIE_BREAKS = ("points", "wins", "match_points", "head_to_head", "margin")
SIT_OUT = ("average", "nothing")


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game at one table: pair ``a`` scored ``score_a`` against pair ``b``'s ``score_b``."""

    round: int
    a: str
    b: str
    score_a: int
    score_b: int


RANK_SOURCES: dict[str, str] = {
    "rank_by": "director (S3 B ranks nothing): games won, as the frame's standings",
    "tie_breaks": "director: then total points, then games won between the tied pairs only; pairs "
                  "still equal share the place",
    "sit_out": "director: a pair sitting out scores its own average per game played for the round "
               "(bridge clubs' habit), so a sit-out neither helps nor hurts",
}


@dataclass(frozen=True, slots=True)
class RankOptions:
    """How the standings are ordered. ``table()`` says who decided what: the default's source, or
    ``decided_by`` (the event's director) for a value changed from the default."""

    rank_by: str = "wins"
    tie_breaks: tuple[str, ...] = ("points", "head_to_head")
    sit_out: str = "average"
    decided_by: str = "the event's director"

    def table(self) -> dict[str, tuple[object, str]]:
        """Each option with its value and source, for the standings page."""
        default = RankOptions()
        return {k: (getattr(self, k), RANK_SOURCES[k] if getattr(self, k) == getattr(default, k)
                    else f"{self.decided_by} (changed from the default)") for k in RANK_SOURCES}

    def __post_init__(self) -> None:
        if self.rank_by not in RANK_BY:
            raise TournamentError("rank_by_value", value=repr(self.rank_by))
        for t in self.tie_breaks:
            if t not in TIE_BREAKS:
                raise TournamentError("tie_break_value", value=repr(t))
        if len(set(self.tie_breaks)) != len(self.tie_breaks) or self.rank_by in self.tie_breaks:
            raise TournamentError("tie_breaks_once", value=str(self.tie_breaks), rank_by=repr(self.rank_by))
        if self.sit_out not in SIT_OUT:
            raise TournamentError("sit_out_value", value=repr(self.sit_out))

    def rule(self) -> dict[str, Any]:
        """The ranking for a page to say in its reader's language: the sentence (``key``, by the
        number of criteria) with each criterion's words (``tournament.criterion.<name>``) as its
        data, and the sit-out's sentence (``sit_out``)."""
        keys = (self.rank_by, *self.tie_breaks)
        return {"key": RANKED[len(keys) - 1], "criteria": dict(zip(ORDINALS, keys, strict=False)),
                "sit_out": f"tournament.sit_out.{self.sit_out}"}

    def text(self) -> str:
        """The ranking in words for the standings page and print-out (no option names)."""
        then = ", then ".join(_WORDS[t] for t in self.tie_breaks) or "nothing"
        sit_out = ("its own average" if self.sit_out == "average" else "nothing")
        return f"ranked by {_WORDS[self.rank_by]}, then {then}; a sit-out scores {sit_out}"


_WORDS = {k: str(LINES[f"tournament.criterion.{k}"]) for k in TIE_BREAKS}


@dataclass(frozen=True, slots=True)
class Ranked:
    place: int
    pair: str
    points: float
    wins: float
    match_points: float
    margin: float
    games: int


def match_points(results: Mapping[str, float]) -> dict[str, int]:
    """Match points among results compared with each other: 2 per result beaten, 1 per tie."""
    return {p: sum(2 if v > w else 1 if v == w else 0 for q, w in results.items() if q != p)
            for p, v in results.items()}


def round_match_points(games: Iterable[GameResult]) -> dict[tuple[int, str], int]:
    """Per (round, pair): match points of the pair's margin against every other pair's margin that
    round (the phantom's results count for comparison, so a pair is not rewarded for meeting it)."""
    by_round: dict[int, dict[str, float]] = {}
    for g in games:
        r = by_round.setdefault(g.round, {})
        for p, m in ((g.a, g.score_a - g.score_b), (g.b, g.score_b - g.score_a)):
            if p in r and p != PHANTOM:
                raise TournamentError("plays_twice", pair=p, round=g.round)
            r[p if p != PHANTOM else f"{PHANTOM}/{g.a}{g.b}"] = m
    return {(rnd, p): v for rnd, r in by_round.items() for p, v in match_points(r).items()}


def rank(games: Iterable[GameResult], options: RankOptions = RankOptions(),
         sit_outs: Mapping[str, int] | None = None,
         extra_match_points: Mapping[str, float] | None = None) -> list[Ranked]:
    """The standings of the ``games`` played so far. ``sit_outs``: rounds each pair sat out;
    ``extra_match_points``: match points from elsewhere (duplicate deals) replacing the round ones.
    The phantom pair is never ranked."""
    games = list(games)
    for g in games:
        if g.a == g.b:
            raise TournamentError("plays_itself", pair=g.a)
    totals: dict[str, dict[str, float]] = {}

    def row(p: str) -> dict[str, float]:
        return totals.setdefault(p, {"points": 0, "wins": 0, "match_points": 0, "margin": 0, "games": 0})

    mps = round_match_points(games) if extra_match_points is None else {}
    for g in games:
        for p, own, other in ((g.a, g.score_a, g.score_b), (g.b, g.score_b, g.score_a)):
            t = row(p)
            t["points"] += own
            t["margin"] += own - other
            t["wins"] += 1.0 if own > other else 0.5 if own == other else 0.0
            t["games"] += 1
            t["match_points"] += mps.get((g.round, p), 0)
    for p, v in (extra_match_points or {}).items():
        row(p)["match_points"] += v
    totals.pop(PHANTOM, None)
    for p, n in (sit_outs or {}).items():
        t = row(p)
        if options.sit_out == "average" and t["games"]:
            share = n / t["games"]
            for k in ("points", "wins", "match_points", "margin"):
                t[k] += t[k] * share

    def head_to_head(p: str, tied: set[str]) -> float:
        return sum((1.0 if sa > sb else 0.5 if sa == sb else 0.0)
                   for g in games for me, them, sa, sb in ((g.a, g.b, g.score_a, g.score_b),
                                                           (g.b, g.a, g.score_b, g.score_a))
                   if me == p and them in tied)

    keys = (options.rank_by, *options.tie_breaks)
    order: list[list[str]] = [sorted(totals)]
    for k in keys:  # split each group of equal pairs by the next key, best first
        split: list[list[str]] = []
        for group in order:
            if len(group) == 1:
                split.append(group)
                continue
            tied = set(group)
            value = {p: head_to_head(p, tied) if k == "head_to_head" else totals[p][k] for p in group}
            for v in sorted(set(value.values()), reverse=True):
                split.append(sorted(p for p in group if value[p] == v))
        order = split
    out = []
    place = 1
    for group in order:
        for p in group:
            t = totals[p]
            out.append(Ranked(place, p, t["points"], t["wins"], t["match_points"], t["margin"],
                              int(t["games"])))
        place += len(group)
    return out


def standings_text(table: list[Ranked], options: RankOptions = RankOptions()) -> str:
    """The standings as printed for the room, with the ranking rule stated."""
    lines = [f"Standings ({options.text()})",
             f"{'Place':>5}  {'Pair':<12}{'Wins':>6}{'Points':>9}{'MPs':>7}"]
    lines += [f"{r.place:>5}  {r.pair:<12}{r.wins:>6g}{r.points:>9,g}{r.match_points:>7g}" for r in table]
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Standing:
    team: str
    wins: float
    points: int


def standings(games: Iterable[tuple[str, str, int, int]]) -> list[Standing]:
    """S3 B's frame: teams ranked by games won, then total points (director's ranking: the sheet has
    none); ``games`` holds (team, opponent, team's score, opponent's score) once per game; a tied game
    (``time_tie="draw"``) counts half a win for both. ``rank`` with those two keys, teams still equal
    listed by name."""
    options = RankOptions(rank_by="wins", tie_breaks=("points",), sit_out="nothing")
    played = [GameResult(i, a, b, sa, sb) for i, (a, b, sa, sb) in enumerate(games)]
    return [Standing(r.pair, r.wins, int(r.points)) for r in rank(played, options)]
