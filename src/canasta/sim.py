"""Random-play simulation: whole games with uniformly random legal actions, and their statistics.

The work is split so it can be spread over processes or machines later:

* :func:`play_game` is a pure function of (rule options, seed) returning a small picklable
  :class:`GameStats`; it is what a process pool or a Ray task would run.
* :func:`aggregate` folds any collection of :class:`GameStats` into a :class:`SimReport`.
* :func:`simulate` runs the games one after another in this process and aggregates them.

Game ``i`` of a run with seed ``S`` uses seed ``S + i`` both for the deal and for the random
choices (two independent generators), so every game of a report can be replayed on its own.

>>> from canasta import rules
>>> report = simulate(rules("classic"), games=2, seed=1)
>>> report.games, report.hands == sum(report.reasons.values())
(2, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, replace
from typing import Any

from .batchgc import batch_gc
from .parallel import check_games, stream_parallel
from .presets import cached_rules_from_options
from .rules import RuleSet
from .state import GameState

#: Safety net against a game that never ends; real games take a few thousand actions.
MAX_ACTIONS = 200_000

#: Random play can drift for ever without reaching the target (five players alone rarely score):
#: a game still going after this many hands is stopped and reported as unfinished.
MAX_HANDS = 200

#: The ways a hand can end, in the order reports list them.
REASONS: tuple[str, ...] = ("went_out", "stock_out", "last_red3", "special")


@dataclass(frozen=True, slots=True)
class GameStats:
    """What one random game produced: small and picklable, for pools and remote workers."""

    seed: int
    hand_reasons: tuple[str, ...]             # how each hand ended, in order
    hand_totals: tuple[tuple[int, ...], ...]  # each hand's score per side
    scores: tuple[int, ...]                   # final score per side
    winner: int                               # winning side (-1 if unfinished)
    actions: int                              # player actions in the game
    seconds: float                            # time spent playing it
    finished: bool = True                     # False: stopped at the hand limit

    @property
    def hands(self) -> int:
        return len(self.hand_reasons)


@dataclass(frozen=True, slots=True)
class SimReport:
    """Totals over many games. ``mean_hand_score[i]`` is side i's average score per hand."""

    games: int
    hands: int
    reasons: dict[str, int]
    mean_hand_score: tuple[float, ...]
    wins: tuple[int, ...]
    actions: int
    elapsed: float
    first_seed: int | None = None
    unfinished: int = 0                       # games stopped at the hand limit

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.elapsed if self.elapsed > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, rates included."""
        d = asdict(self)
        d["mean_hand_score"] = list(self.mean_hand_score)
        d["wins"] = list(self.wins)
        d["hands_per_second"] = self.hands_per_second
        d["actions_per_second"] = self.actions_per_second
        return d


def play_random(state: GameState, rng: random.Random, max_actions: int = MAX_ACTIONS,
                max_hands: int | None = None) -> GameState:
    """Play ``state`` to the end (or until ``max_hands`` hands are over) with uniformly random legal
    actions chosen by ``rng``."""
    n = 0
    legal = state.legal_actions
    apply = state.apply_unchecked  # unchecked fast path: every action comes from legal_actions
    choice = rng.choice
    results = state.results
    while not state.is_over and (max_hands is None or len(results) < max_hands):
        if n >= max_actions:
            raise RuntimeError(f"random game with seed {state.seed!r} did not end within {max_actions} "
                               f"actions (hand {state.hand_no + 1}, scores {state.scores})")
        actions = legal()
        if not actions:
            raise RuntimeError(f"random game with seed {state.seed!r}: no legal action in phase "
                               f"{state.phase.name} of hand {state.hand_no + 1}")
        apply(choice(actions))
        n += 1
    return state


def random_game(rules: RuleSet, seed: int, max_hands: int = MAX_HANDS) -> GameStats:
    """One whole game of ``rules`` with game seed ``seed`` and random choices from ``Random(seed)``,
    stopped as unfinished after ``max_hands`` hands."""
    start = time.perf_counter()
    with batch_gc():
        state = play_random(GameState.new(rules, seed=seed), random.Random(seed), max_hands=max_hands)
    return GameStats(
        seed=seed,
        hand_reasons=tuple(r.reason for r in state.results),
        hand_totals=tuple(r.totals for r in state.results),
        scores=tuple(state.scores),
        winner=state.winner,
        actions=state.nactions,
        seconds=time.perf_counter() - start,
        finished=state.is_over,
    )


def play_game(options: dict[str, Any], seed: int, max_hands: int = MAX_HANDS) -> GameStats:
    """:func:`random_game` from plain rule options (``RuleSet.options()``): the unit of work to ship
    to another process or machine."""
    return random_game(cached_rules_from_options(options), seed, max_hands)


def aggregate(stats: Iterable[GameStats], sides: int, elapsed: float) -> SimReport:
    """Fold games into a report; ``elapsed`` is the wall-clock time of the whole run."""
    games = hands = actions = unfinished = 0
    reasons = dict.fromkeys(REASONS, 0)
    score_sum = [0] * sides
    wins = [0] * sides
    first: int | None = None
    for g in stats:
        games += 1
        unfinished += not g.finished
        if first is None or g.seed < first:
            first = g.seed
        hands += g.hands
        actions += g.actions
        for reason in g.hand_reasons:
            reasons[reason] = reasons.get(reason, 0) + 1
        for totals in g.hand_totals:
            for i, t in enumerate(totals):
                score_sum[i] += t
        if 0 <= g.winner < sides:
            wins[g.winner] += 1
    mean = tuple(s / hands if hands else 0.0 for s in score_sum)
    return SimReport(games, hands, reasons, mean, tuple(wins), actions, elapsed, first, unfinished)


def simulate(rules: RuleSet, games: int, seed: int,
             progress: Callable[[GameStats], None] | None = None,
             max_hands: int = MAX_HANDS, workers: int = 1, ray_address: str | None = None) -> SimReport:
    """Play ``games`` random games (game i with seed ``seed + i``) and report on them.
    ``progress`` is called with each game's stats as it finishes. With ``workers`` > 1 the games
    run on a local process pool, with ``ray_address`` as Ray tasks (the runner of
    :mod:`canasta.parallel`); the report is the same either way, times aside."""
    check_games(games)
    start = time.perf_counter()
    if workers > 1 or ray_address is not None:
        opts = rules.options()
        # (the jobs as a stream, and the games folded as they finish: nothing grows with the games)
        jobs = ((opts, seed + i, max_hands) for i in range(games))
        stats: Iterable[GameStats] = stream_parallel(play_game, jobs, workers, ray_address, progress,
                                                      count=games)
    else:
        stats = (_reported(random_game(rules, seed + i, max_hands), progress) for i in range(games))
    report = aggregate(stats, rules.sides, 0.0)
    return replace(report, elapsed=time.perf_counter() - start)


def _reported(g: GameStats, progress: Callable[[GameStats], None] | None) -> GameStats:
    if progress is not None:
        progress(g)
    return g

