"""Fitting the search bot's cut-off estimate (``canasta.presets.BotTuning.estimate``) to play.

The search bot cuts its playouts off after a few turns and scores them with
:meth:`~canasta.bots.search.SearchBot.estimate`: the side's score if the hand ended now, plus weights
times :func:`~canasta.bots.search.estimate_features`. :func:`samples` plays heuristic-vs-heuristic
games (the heuristic is what the playouts play) and records those features at the start of a share
of the turns, each side's against the mean of the others', with what the hand then really scored
beyond the score at that moment; :func:`fit` finds the weights by least squares. The command is
``benchmarks/calibrate_estimate.py``.
"""

from __future__ import annotations

import math
import random

from ..presets import rules
from ..state import GameState, Phase
from .heuristic import Heuristic, Obs
from .search import GAPS, Estimate, estimate_features

# the fitted weights: a constant (the side to move), then the Estimate's fields in order
NAMES = ("turn", "hand_value", "card", "wild_card", *(f"near{k}" for k in range(1, GAPS + 1)))
Sample = tuple[list[float], float]


def features(s: GameState, side: int) -> tuple[float, list[float]]:
    """(score now, [1, the other features]), each this side's minus the mean of the others'."""
    def one(x: int) -> list[float]:
        now, points, cards, wilds, near = estimate_features(s, x, GAPS)
        return [now, float(points), float(cards), float(wilds), *map(float, near)]
    mine = one(side)
    others = [one(x) for x in range(s.sides) if x != side]
    diff = [a - sum(o[i] for o in others) / len(others) for i, a in enumerate(mine)]
    return diff[0], [1.0, *diff[1:]]


def samples(variant: str, games: int, seed: int = 1000, share: float = 0.25,
            hands: list[tuple[int, ...]] | None = None) -> list[Sample]:
    """(features, the hand's final score difference less the difference then) at the start of
    ``share`` of the turns of ``games`` heuristic games of preset ``variant``; each hand's side
    totals are appended to ``hands`` if given (for :func:`hand_spread`)."""
    rs = rules(variant)
    h = Heuristic()
    rng = random.Random(seed)
    out: list[Sample] = []
    for g in range(games):
        s = GameState.new(rs, seed=seed + g)
        pending: list[tuple[int, float, list[float]]] = []
        done = 0
        while True:
            if len(s.results) > done:
                totals = s.results[done].totals
                done = len(s.results)
                if hands is not None:
                    hands.append(totals)
                for side, now, x in pending:
                    others = [t for i, t in enumerate(totals) if i != side]
                    out.append((x, totals[side] - sum(others) / len(others) - now))
                pending = []
            if s.is_over:
                break
            if s.phase is Phase.DRAW and rng.random() < share:
                side = s.side_of(s.current)
                now, x = features(s, side)
                pending.append((side, now, x))
            legal = s.legal_actions()
            s.apply(legal[0] if len(legal) == 1 else h.decide(Obs.from_state(s, s.actor), legal)[0])
    return out


def fit(data: list[Sample], ridge: float = 1e-3) -> list[float]:
    """Least-squares weights (normal equations, a touch of ridge against collinear features)."""
    k = len(data[0][0])
    a = [[0.0] * (k + 1) for _ in range(k)]
    for x, y in data:
        for i in range(k):
            a[i][k] += x[i] * y
            for j in range(k):
                a[i][j] += x[i] * x[j]
    for i in range(k):
        a[i][i] += ridge * len(data)
    for c in range(k):  # Gauss-Jordan with partial pivoting
        p = max(range(c, k), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        if a[c][c] == 0:
            continue
        for r in range(k):
            if r != c:
                f = a[r][c] / a[c][c]
                a[r] = [v - f * w for v, w in zip(a[r], a[c], strict=True)]
    return [a[i][k] / a[i][i] if a[i][i] else 0.0 for i in range(k)]


def r2(data: list[Sample], w: list[float]) -> float:
    """The share of the outcomes' variance that weights ``w`` explain."""
    ys = [y for _, y in data]
    mean = sum(ys) / len(ys)
    total = sum((y - mean) ** 2 for y in ys)
    err = sum((sum(a * b for a, b in zip(w, x, strict=True)) - y) ** 2 for x, y in data)
    return 1 - err / total if total else 0.0


def residual_sd(data: list[Sample], w: list[float]) -> float:
    """How far, in points (root mean square), hands end from what weights ``w`` expect at a
    turn's start: the spread of the rest of a hand that a cut-off playout leaves unknown."""
    err = sum((sum(a * b for a, b in zip(w, x, strict=True)) - y) ** 2 for x, y in data)
    return math.sqrt(err / len(data))


def hand_spread(hands: list[tuple[int, ...]]) -> tuple[float, float]:
    """(the standard deviation of a hand's score difference between a side and the mean of the
    others, a side's mean hand score): how far one hand moves a game (``BotTuning.hand_spread``)."""
    diffs = [t[i] - sum(t[j] for j in range(len(t)) if j != i) / (len(t) - 1)
             for t in hands for i in range(len(t))]
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / len(diffs))
    return sd, sum(sum(t) for t in hands) / sum(len(t) for t in hands)


def as_weights(e: Estimate) -> list[float]:
    """An :class:`Estimate` as a weight vector of :data:`NAMES` (no constant)."""
    return [0.0, e.hand_value, e.card, e.wild_card, *e.near]


def as_estimate(w: list[float]) -> Estimate:
    """Fitted weights (:data:`NAMES`) as an :class:`Estimate` (the constant dropped: it is the same
    for every candidate of a decision)."""
    return Estimate(w[1], w[2], w[3], (w[4], w[5], w[6]))
