"""Engine speed per preset: random-play hands/s and actions/s, clone time, legal-action counts.

Run: ``python benchmarks/bench_engine.py [--games N] [--presets a,b] [--json]``. One process, one
core, with the engine as installed: compiled with mypyc after ``pip install .``, pure Python after
``pip install -e .`` (the table's first line says which). CPU time (``time.process_time``) is
reported, so other load on the machine skews it less than wall time would. This is a measurement,
never a test: targets are checked by reading the table.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import time
from typing import Any

from canasta import ENGINE, GameState, rules
from canasta.batchgc import batch_gc
from canasta.presets import PRESETS

# random-play hands/s on one core: issue 2 (gvr-club), issue 3 (three-pack), issue 4 (American)
TARGETS = {"gvr-club": 500, "samba": 300, "bolivia": 300, "trey-canasta": 300, "american": 400,
           "nvso-tournament": 400}


def bench(name: str, games: int, seed: int, max_hands: int = 200) -> dict[str, Any]:
    rs = rules(name)
    hands = actions = 0
    counts: list[int] = []
    samples: list[GameState] = []
    t0 = time.process_time()
    for g in range(games):
        s = GameState.new(rs, seed=seed + g)
        rng = random.Random(seed + g)
        while not s.is_over and len(s.results) < max_hands:  # random American play never ends
            legal = s.legal_actions()
            s.apply_unchecked(rng.choice(legal))
            actions += 1
        hands += len(s.results)
    play = time.process_time() - t0
    # legal-action counts and clone time on states sampled along fresh games (not timed above)
    for g in range(min(games, 20)):
        s = GameState.new(rs, seed=10_000 + g)
        rng = random.Random(g)
        while not s.is_over and len(s.results) < max_hands:
            legal = s.legal_actions()
            counts.append(len(legal))
            if rng.random() < 0.02:
                samples.append(s.clone())
            s.apply_unchecked(rng.choice(legal))
    reps = 200
    t0 = time.perf_counter()
    for st in samples:
        for _ in range(reps):
            st.clone()
    clone_us = (time.perf_counter() - t0) / (len(samples) * reps) * 1e6
    t0 = time.perf_counter()
    for st in samples:
        for _ in range(reps):
            st.legal_actions()
    legal_us = (time.perf_counter() - t0) / (len(samples) * reps) * 1e6
    counts.sort()
    return {
        "preset": name, "games": games, "hands": hands, "actions": actions,
        "hands_per_s": hands / play, "actions_per_s": actions / play,
        "actions_per_hand": actions / hands,
        "clone_us": clone_us, "legal_actions_us": legal_us,
        "legal_median": statistics.median(counts), "legal_p99": counts[int(len(counts) * 0.99)],
        "legal_max": counts[-1],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--presets", nargs="+", default=[",".join(PRESETS)],
                    help="presets, separated by commas or spaces")
    ap.add_argument("--max-hands", type=int, default=200, help="stop a game after this many hands")
    ap.add_argument("--default-gc", action="store_true",
                    help="CPython's default garbage-collection thresholds instead of those of "
                         "`canasta simulate` and `canasta match` (canasta.batchgc)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    names = [n for group in args.presets for n in group.split(",") if n]
    gc_mode = "CPython default" if args.default_gc else "batch_gc, as canasta simulate and match"
    with contextlib.nullcontext() if args.default_gc else batch_gc():
        rows = [bench(n, args.games, args.seed, args.max_hands) for n in names]
    if args.json:
        print(json.dumps({"engine": ENGINE, "gc": gc_mode, "presets": rows}, indent=1))
        return
    print(f"engine: {ENGINE}; garbage collection: {gc_mode}")
    head = (f"{'preset':10} {'hands/s':>8} {'actions/s':>10} {'act/hand':>8} {'clone us':>9} "
            f"{'legal us':>9} {'legal med':>9} {'p99':>5} {'max':>5}  target")
    print(head)
    print("-" * len(head))
    for r in rows:
        target = TARGETS.get(r["preset"])
        verdict = ""
        if target is not None:
            verdict = f">= {target} hands/s: {'met' if r['hands_per_s'] >= target else 'MISSED'}"
        print(f"{r['preset']:10} {r['hands_per_s']:8.0f} {r['actions_per_s']:10.0f} "
              f"{r['actions_per_hand']:8.0f} {r['clone_us']:9.1f} {r['legal_actions_us']:9.1f} "
              f"{r['legal_median']:9.0f} {r['legal_p99']:5d} {r['legal_max']:5d}  {verdict}")
    print("clone target: <= 20 us")


if __name__ == "__main__":
    main()
