"""Bot strength and match speed (issues 5 and 16): a measurement, never a test.

Run: ``python benchmarks/bench_bots.py [--games N] [--search-games N] [--ladder-games N] [--workers K]
[--json]``.

* heuristic vs random (duplicate deals) in each preset: target >= 95% wins;
* search vs heuristic over duplicate deals in every preset (``--search-variants``): target >= 65%
  wins, the search bot's median decision <= 0.3 s and its longest <= 2 s (on one core: each game
  runs in one process);
* the level ladder (issue 16): each level of the seat menu against the one below it (beginner
  against random at the bottom), in every preset (``--ladder-variants``): target >= 60% wins;
* games per second of a process pool with 2 workers against 1 worker: target >= 1.8x.

Bolivia games are long (15,000 points, five to six hands; a search game took about 3.5 minutes of one
core on the shared 2-core machine, load 6-10): ``--progress FILE``
appends one JSON line per finished game, so a run cut short still gives its partial result
(``--summarize FILE`` prints it, with its confidence interval), and ``--resume`` plays only the games
of each match not yet in the file (the same seeds give the same games, so a long match can be played
over several sittings).

``--max-hands N`` stops a game after N hands (reported as unfinished, counted half a win in the rate):
random players in Trey Canasta, where only going out wins (S0 [K](i)), may never end a game.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from dataclasses import asdict
from typing import Any

from canasta import ENGINE, rules
from canasta.bots import LEVEL_NAMES, LEVELS
from canasta.match import GameResult, MatchReport, run_match, summarize
from canasta.sim import MAX_HANDS

STRENGTH = ("classic", "gvr-club", "spanish", "samba", "bolivia", "trey-canasta", "american",
            "nvso-tournament")
# each level against the one below it; the beginner against random (weak, never random)
LADDER = (("beginner", "random"), *zip(list(LEVELS)[1:], list(LEVELS)[:-1], strict=True))


def _report_row(r: MatchReport) -> dict[str, Any]:
    return {"variant": r.variant, "a": r.bot_a, "b": r.bot_b, "games": r.games, "wins_a": r.wins_a,
            "wins_b": r.wins_b, "unfinished": r.unfinished, "win_rate_a": round(r.win_rate_a, 4),
            "ci95": [round(x, 4) for x in r.ci95], "mean_score_diff": round(r.mean_score_diff, 1),
            "mean_hands": round(r.mean_hands, 2), "median_decision_a_s": round(r.times_a.median, 5),
            "mean_decision_a_s": round(r.times_a.mean, 5), "max_decision_a_s": round(r.times_a.max, 4),
            "seconds": round(r.elapsed, 1)}


def _logged(path: str) -> dict[tuple[str, str, str, int], list[GameResult]]:
    """The games logged in ``path``, by match (variant, bots, match seed)."""
    groups: dict[tuple[str, str, str, int], list[GameResult]] = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            d = json.loads(line)
            key = (d.pop("variant"), d.pop("a"), d.pop("b"), d.pop("match_seed"))
            d["times_a"], d["times_b"] = tuple(d["times_a"]), tuple(d["times_b"])
            groups.setdefault(key, []).append(GameResult(**d))
    return groups


def _row(name: str, a: str, b: str, games: int, workers: int, seed: int,
         progress: str | None = None, max_hands: int = MAX_HANDS, resume: bool = False) -> dict[str, Any]:
    rs = rules(name)
    log = None
    done: list[GameResult] = []
    if progress and resume and os.path.exists(progress):
        done = _logged(progress).get((name, a, b, seed), [])
    if progress:
        log = open(progress, "a", encoding="utf-8")  # noqa: SIM115 - closed below

        def note(g: GameResult) -> None:
            assert log is not None
            log.write(json.dumps({"variant": name, "a": a, "b": b, "match_seed": seed, **asdict(g)}) + "\n")
            log.flush()
    try:
        r = run_match(rs, a, b, games, seed, workers=workers, progress=note if log else None,
                      max_hands=max_hands, done=done)
    finally:
        if log is not None:
            log.close()
    return _report_row(r)


def summarize_file(path: str) -> list[dict[str, Any]]:
    """The report of the games logged in ``path`` (by variant and bots), complete or not."""
    return [_report_row(summarize(rules(v), a, b, seed, res, 0.0))
            for (v, a, b, seed), res in _logged(path).items()]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200, help="heuristic-vs-random games per preset")
    ap.add_argument("--strength-variants", default=",".join(STRENGTH))
    ap.add_argument("--search-games", type=int, default=400, help="search-vs-heuristic games")
    ap.add_argument("--search-variants", default=",".join(STRENGTH))
    ap.add_argument("--ladder-games", type=int, default=400, help="games of each rung of the level ladder")
    ap.add_argument("--ladder-variants", default=",".join(STRENGTH))
    ap.add_argument("--ladder-levels", default="",
                    help="only the rungs whose upper level is in this comma list (default: all)")
    ap.add_argument("--speed-games", type=int, default=40, help="games for the pool speed-up")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--skip", default="", help="comma list of parts to skip: strength,search,ladder,speed")
    ap.add_argument("--progress", default=None, help="append one JSON line per finished game here")
    ap.add_argument("--resume", action="store_true",
                    help="with --progress: play only the games of each match not yet logged there")
    ap.add_argument("--summarize", default=None, help="only report the games logged in this file")
    ap.add_argument("--max-hands", type=int, default=MAX_HANDS, help="stop a game after this many hands")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out: dict[str, Any] = {}
    if args.summarize:
        out["logged"] = summarize_file(args.summarize)
        args.skip = "strength,search,ladder,speed"
    skip = set(filter(None, args.skip.split(",")))
    if "strength" not in skip:
        out["heuristic_vs_random"] = [
            _row(n, "heuristic", "random", args.games, args.workers, args.seed, args.progress, args.max_hands,
                 args.resume)
            for n in filter(None, args.strength_variants.split(","))]
    if "search" not in skip:
        out["search_vs_heuristic"] = [
            _row(n, "search", "heuristic", args.search_games, args.workers, args.seed, args.progress,
                 args.max_hands, args.resume)
            for n in filter(None, args.search_variants.split(","))]
    if "ladder" not in skip:
        wanted = set(filter(None, args.ladder_levels.split(",")))
        out["level_ladder"] = [
            _row(n, a, b, args.ladder_games, args.workers, args.seed, args.progress, args.max_hands,
                 args.resume)
            for a, b in LADDER if not wanted or a in wanted
            for n in filter(None, args.ladder_variants.split(","))]
    if "speed" not in skip:
        rs = rules("gvr-club")
        rates = {}
        for w in (1, 2):
            t0 = time.perf_counter()
            run_match(rs, "heuristic", "heuristic", args.speed_games, args.seed, workers=w)
            rates[w] = args.speed_games / (time.perf_counter() - t0)
        out["pool_speedup"] = {"games_per_s_1": round(rates[1], 2), "games_per_s_2": round(rates[2], 2),
                               "speedup": round(rates[2] / rates[1], 2)}
    out["engine"] = ENGINE
    if args.json:
        print(json.dumps(out))
        return
    for key, val in out.items():
        if key in ("level_ladder", "search_vs_heuristic", "heuristic_vs_random", "logged"):
            print(key)
            print(_table(val))
            continue
        print(key)
        for row in val if isinstance(val, list) else [val]:
            print("  " + json.dumps(row))


def _name(bot: str) -> str:
    return LEVEL_NAMES.get(bot, bot)


def _table(rows: list[dict[str, Any]]) -> str:
    """A Markdown table: who against whom, games, A's win rate with its 95% interval, decisions."""
    lines = ["| preset | A | against B | games | A wins | 95% interval | unfinished | score/game | "
             "A's median / max decision |", "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lo, hi = r["ci95"]
        lines.append(f"| {r['variant']} | {_name(r['a'])} | {_name(r['b'])} | {r['games']} | "
                     f"{100 * r['win_rate_a']:.1f}% | {100 * lo:.1f}–{100 * hi:.1f}% | {r['unfinished']} | "
                     f"{r['mean_score_diff']:+,.0f} | {r['median_decision_a_s'] * 1000:.1f} ms / "
                     f"{r['max_decision_a_s']:.2f} s |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
