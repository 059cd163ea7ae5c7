"""Fit the search bot's cut-off estimate to heuristic self-play (issue 5): a measurement, never a test.

Run: ``python benchmarks/calibrate_estimate.py [--variants bolivia,gvr-club] [--games 400]``.

For each preset, plays heuristic-vs-heuristic games and fits the weights of
:meth:`canasta.bots.search.SearchBot.estimate` by least squares (:mod:`canasta.bots.calibrate`). It
prints the weights with the fit's R^2 and the R^2 of the weights the bot uses now
(``canasta.bots.search.estimate_for``); the weights go into the rule set's record
(``canasta.presets.BotTuning.estimate``) once a strength run (``bench_bots.py``) confirms them. It
also prints how far one hand moves a game (``BotTuning.hand_spread``, for playing to win) and how
far hands end from the fitted estimate.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from canasta import ENGINE
from canasta.batchgc import batch_gc
from canasta.bots.calibrate import NAMES, as_estimate, as_weights, fit, hand_spread, r2, residual_sd, samples
from canasta.bots.search import estimate_for


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description="Fit the search bot's cut-off estimate.")
    ap.add_argument("--variants", default="bolivia,gvr-club")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--share", type=float, default=0.25, help="share of turn starts sampled")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    report: dict[str, Any] = {"engine": ENGINE}
    with batch_gc():
        for variant in args.variants.split(","):
            hands: list[tuple[int, ...]] = []
            data = samples(variant, args.games, args.seed, args.share, hands)
            w = fit(data)
            now = as_weights(estimate_for(variant))
            sd, mean = hand_spread(hands)
            report[variant] = {"samples": len(data), "weights": dict(zip(NAMES, w, strict=True)),
                               "r2": r2(data, w), "r2_now": r2(data, now), "hands": len(hands),
                               "hand_sd": sd, "hand_mean": mean, "residual_sd": residual_sd(data, w)}
            if not args.json:
                print(f"{variant}: {len(data)} turn starts, R^2 {report[variant]['r2']:.3f} "
                      f"(the bot's weights now: {report[variant]['r2_now']:.3f})")
                print("   ", ", ".join(f"{n}={v:.3g}" for n, v in zip(NAMES, w, strict=True)))
                e = as_estimate([float(f"{v:.3g}") for v in w])
                row = (e.hand_value, e.card, e.wild_card, e.near)
                print(f'    BotTuning.estimate of "{variant}": {row!r}')
                print(f'    BotTuning.hand_spread ({len(hands)} hands): ({sd:.0f}.0, {mean:.0f}.0); '
                      f"the rest of a hand from a turn's start: {report[variant]['residual_sd']:.0f}")
    if args.json:
        print(json.dumps(report, indent=2))
    return report


if __name__ == "__main__":
    main()
