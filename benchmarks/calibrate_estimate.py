"""Fit the search bot's cut-off estimate to heuristic self-play (issue 5): a measurement, never a test.

Run: ``python benchmarks/calibrate_estimate.py [--variants bolivia,gvr-club] [--games 400]``.

The search bot cuts its playouts off after a few turns and scores them with
:meth:`canasta.bots.search.SearchBot.estimate`: the side's score if the hand ended now, plus weights
times :func:`canasta.bots.search.estimate_features` (points, cards and wild cards in hand, melds one,
two or three cards short of a canasta). This script plays heuristic-vs-heuristic games, records
those features at the start of a quarter of the turns (each side against the mean of the others), and
fits by least squares how the hand then ended: the side's hand score minus the others' mean, less the
difference of the scores if the hand had ended there. The fitted weights are the rows of
``canasta.bots.search.ESTIMATES``; the script prints them with the fit's R^2 and that of the weights
the bot has now.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from canasta import ENGINE, GameState, rules
from canasta.batchgc import batch_gc
from canasta.bots.heuristic import Heuristic, Obs
from canasta.bots.search import ESTIMATES, GAPS, estimate_features
from canasta.state import Phase

NAMES = ("turn", "hand_value", "card", "wild_card", *(f"near{k}" for k in range(1, GAPS + 1)))


def features(s: GameState, side: int) -> tuple[float, list[float]]:
    """(score now, the features besides it), each this side's minus the mean of the others'."""
    def one(x: int) -> list[float]:
        now, points, cards, wilds, near = estimate_features(s, x, GAPS)
        return [now, points, cards, wilds, *near]
    mine = one(side)
    others = [one(x) for x in range(s.sides) if x != side]
    diff = [a - sum(o[i] for o in others) / len(others) for i, a in enumerate(mine)]
    return diff[0], [1.0, *diff[1:]]


def samples(variant: str, games: int, seed: int, share: float) -> list[tuple[list[float], float]]:
    """(features, hand outcome less the score now) at the start of ``share`` of the turns."""
    rs = rules(variant)
    h = Heuristic()
    rng = random.Random(seed)
    out: list[tuple[list[float], float]] = []
    for g in range(games):
        s = GameState.new(rs, seed=seed + g)
        pending: list[tuple[int, float, list[float]]] = []
        done = 0
        while True:
            if len(s.results) > done:
                totals = s.results[done].totals
                done = len(s.results)
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


def fit(data: list[tuple[list[float], float]], ridge: float = 1e-3) -> list[float]:
    """Least squares (normal equations with a touch of ridge, Gauss-Jordan)."""
    k = len(data[0][0])
    a = [[0.0] * (k + 1) for _ in range(k)]
    for x, y in data:
        for i in range(k):
            a[i][k] += x[i] * y
            for j in range(k):
                a[i][j] += x[i] * x[j]
    for i in range(k):
        a[i][i] += ridge * len(data)
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(k):
            if r != c and a[c][c]:
                f = a[r][c] / a[c][c]
                a[r] = [v - f * w for v, w in zip(a[r], a[c], strict=True)]
    return [a[i][k] / a[i][i] if a[i][i] else 0.0 for i in range(k)]


def r2(data: list[tuple[list[float], float]], w: list[float]) -> float:
    ys = [y for _, y in data]
    mean = sum(ys) / len(ys)
    total = sum((y - mean) ** 2 for y in ys)
    err = sum((sum(a * b for a, b in zip(w, x, strict=True)) - y) ** 2 for x, y in data)
    return 1 - err / total if total else 0.0


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variants", default="bolivia,gvr-club")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--share", type=float, default=0.25, help="share of turn starts sampled")
    args = ap.parse_args(argv)
    print(f"engine: {ENGINE}")
    report: dict[str, Any] = {}
    with batch_gc():
        for variant in args.variants.split(","):
            data = samples(variant, args.games, args.seed, args.share)
            w = fit(data)
            now = ESTIMATES.get(variant, ESTIMATES["*"])
            current = [0.0, now.hand_value, now.card, now.wild_card, *now.near]
            report[variant] = {"samples": len(data), "weights": dict(zip(NAMES, w, strict=True)),
                               "r2": r2(data, w), "r2_current": r2(data, current)}
            print(f"{variant}: {len(data)} turn starts, R^2 {report[variant]['r2']:.3f} "
                  f"(the bot's weights now: {report[variant]['r2_current']:.3f})")
            print("   ", ", ".join(f"{n}={v:.3g}" for n, v in zip(NAMES, w, strict=True)))
    return report


if __name__ == "__main__":
    main()
