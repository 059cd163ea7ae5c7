"""Matches between bots (run by the parallel runner of :mod:`canasta.parallel`, shared with
random-play simulation).

The unit of work is a pure function of small picklable values: :func:`play_match_game` takes the
rule options, a deal seed, the two bot names and which way round they sit, and returns a small
:class:`GameResult`. Any executor can run it: :func:`canasta.parallel.run_parallel` uses a local process pool
(``concurrent.futures.ProcessPoolExecutor``), in this process for one worker, or Ray tasks with
``ray_address`` (the optional ``ray`` extra; ``"auto"`` starts a local Ray). Results come back in the
order of the work, so the same seeds give the same report whichever way the games were run.

Duplicate deals: deal seed ``S + i`` is played twice, once with bot A on side 0 (and B on side 1),
once with the sides swapped, which cancels most of the luck of the cards. Seats are given to A or B
by the parity of their side (``side % 2``): partnerships play side against side, players alone
alternate round the table.

>>> from canasta import rules
>>> r = run_match(rules("gvr-club"), "heuristic", "random", games=2, seed=1, workers=1)
>>> r.games, r.wins_a + r.wins_b + r.draws + r.unfinished == r.games
(2, True)
"""

from __future__ import annotations

import math
import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .batchgc import batch_gc
from .bots import Bot, make_bot
from .parallel import run_parallel
from .presets import cached_rules_from_options
from .rules import RuleSet
from .sim import MAX_HANDS
from .state import GameState
from .views import view


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of a match, from bot A's point of view."""

    seed: int
    swapped: bool                       # True: A sat on the odd sides
    winner_is_a: int                    # 1 A won, 0 B won, -1 unfinished
    score_a: float                      # mean final score of A's sides
    score_b: float
    hands: int
    finished: bool
    times_a: tuple[float, ...]          # seconds per decision of A's bots
    times_b: tuple[float, ...]


def seat_is_a(rules: RuleSet, seat: int, swapped: bool) -> bool:
    return ((seat % rules.sides) % 2 == 0) != swapped


def play_match_game(options: dict[str, Any], seed: int, bot_a: str, bot_b: str, swapped: bool,
                    max_hands: int = MAX_HANDS) -> GameResult:
    """One game: deal seed ``seed``; A on the even sides (odd ones if ``swapped``). Pure: the same
    arguments give the same game (decision times aside)."""
    with batch_gc():
        return _play_match_game(options, seed, bot_a, bot_b, swapped, max_hands)


def _play_match_game(options: dict[str, Any], seed: int, bot_a: str, bot_b: str, swapped: bool,
                     max_hands: int) -> GameResult:
    rs = cached_rules_from_options(options)
    state = GameState.new(rs, seed=seed)
    bots: list[Bot] = []
    is_a: list[bool] = []
    for seat in range(rs.players):
        a = seat_is_a(rs, seat, swapped)
        b = make_bot(bot_a if a else bot_b, f"{seed}/{int(swapped)}/{seat}")
        b.start(rs, seat)
        bots.append(b)
        is_a.append(a)
    times: tuple[list[float], list[float]] = ([], [])
    clock = time.perf_counter
    while not state.is_over and len(state.results) < max_hands:
        seat = state.actor
        legal = state.legal_actions()
        v = view(state, seat)
        t0 = clock()
        action = bots[seat].choose(v, legal)
        times[0 if is_a[seat] else 1].append(clock() - t0)
        state.apply(action)
    return game_result(state, seed, swapped, times)


def game_result(state: GameState, seed: int, swapped: bool,
                times: tuple[list[float], list[float]]) -> GameResult:
    """The :class:`GameResult` of a game played to its end (or stopped), A on the even sides (the odd
    ones if ``swapped``), with A's and B's decision times: also for matches run by other loops
    (``benchmarks/bench_ismcts.py``)."""
    rs = state.rules
    sides_a = [s for s in range(rs.sides) if s % 2 == int(swapped)]
    sides_b = [s for s in range(rs.sides) if s % 2 != int(swapped)]
    score_a = sum(state.scores[s] for s in sides_a) / len(sides_a)
    score_b = sum(state.scores[s] for s in sides_b) / len(sides_b)
    won = (1 if state.winner in sides_a else 0) if state.is_over else -1
    return GameResult(seed, swapped, won, score_a, score_b, len(state.results), state.is_over,
                      tuple(times[0]), tuple(times[1]))


# ------------------------------------------------------------------------------- reports
@dataclass
class BotTimes:
    decisions: int = 0
    mean: float = 0.0
    median: float = 0.0
    max: float = 0.0

    @staticmethod
    def of(times: list[float]) -> BotTimes:
        if not times:
            return BotTimes()
        return BotTimes(len(times), sum(times) / len(times), statistics.median(times), max(times))


@dataclass
class MatchReport:
    variant: str
    bot_a: str
    bot_b: str
    games: int
    seed: int
    wins_a: int
    wins_b: int
    draws: int
    unfinished: int
    win_rate_a: float
    ci95: tuple[float, float]
    mean_score_diff: float
    mean_hands: float
    times_a: BotTimes
    times_b: BotTimes
    elapsed: float
    results: list[GameResult] = field(default_factory=list, repr=False)

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed if self.elapsed > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant, "bot_a": self.bot_a, "bot_b": self.bot_b, "games": self.games,
            "seed": self.seed, "wins_a": self.wins_a, "wins_b": self.wins_b, "draws": self.draws,
            "unfinished": self.unfinished, "win_rate_a": self.win_rate_a, "ci95": list(self.ci95),
            "mean_score_diff": self.mean_score_diff, "mean_hands": self.mean_hands,
            "decision_seconds": {
                "a": vars(self.times_a), "b": vars(self.times_b),
            },
            "elapsed": self.elapsed, "games_per_second": self.games_per_second,
        }


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def match_jobs(rules: RuleSet, bot_a: str, bot_b: str, games: int, seed: int,
               max_hands: int = MAX_HANDS) -> list[tuple[Any, ...]]:
    """Game i: deal seed ``seed + i // 2``, sides swapped when i is odd (duplicate pairs)."""
    opts = rules.options()
    return [(opts, seed + i // 2, bot_a, bot_b, i % 2 == 1, max_hands) for i in range(games)]


def summarize(rules: RuleSet, bot_a: str, bot_b: str, seed: int, results: list[GameResult],
              elapsed: float) -> MatchReport:
    n = len(results)
    wins_a = sum(1 for r in results if r.winner_is_a == 1)
    wins_b = sum(1 for r in results if r.winner_is_a == 0)
    unfinished = sum(1 for r in results if not r.finished)
    finished = n - unfinished
    # an unfinished game counts half a win each way in the rate (it is reported apart)
    rate = (wins_a + 0.5 * unfinished) / n if n else 0.0
    ci = wilson(wins_a + 0.5 * unfinished, n)
    diff = sum(r.score_a - r.score_b for r in results) / n if n else 0.0
    hands = sum(r.hands for r in results) / n if n else 0.0
    ta = [t for r in results for t in r.times_a]
    tb = [t for r in results for t in r.times_b]
    return MatchReport(rules.name, bot_a, bot_b, n, seed, wins_a, wins_b, finished - wins_a - wins_b,
                       unfinished, rate, ci, diff, hands, BotTimes.of(ta), BotTimes.of(tb), elapsed,
                       results)


def run_match(rules: RuleSet, bot_a: str, bot_b: str, games: int, seed: int, workers: int | None = None,
              ray_address: str | None = None, max_hands: int = MAX_HANDS,
              progress: Callable[[GameResult], None] | None = None,
              done: Sequence[GameResult] = ()) -> MatchReport:
    """Play ``games`` games (duplicate pairs, see the module docstring) and report on them. Games in
    ``done`` (results of an earlier, interrupted run of the same match) are not played again but
    counted: a long match can be resumed."""
    for name in (bot_a, bot_b):
        make_bot(name)  # ValueError for an unknown bot, before any work starts
    if games < 0:
        raise ValueError("the number of games must not be negative")
    jobs = match_jobs(rules, bot_a, bot_b, games, seed, max_hands)
    played = {(r.seed, r.swapped): r for r in done}
    todo = [job for job in jobs if (job[1], job[4]) not in played]
    start = time.perf_counter()
    fresh = iter(run_parallel(play_match_game, todo, workers or os.cpu_count() or 1, ray_address, progress))
    results = [played[(job[1], job[4])] if (job[1], job[4]) in played else next(fresh) for job in jobs]
    return summarize(rules, bot_a, bot_b, seed, results, time.perf_counter() - start)
