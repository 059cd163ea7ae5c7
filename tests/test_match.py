"""Matches and the parallel runner (issue 5): reproducible from the seed whatever runs them, duplicate
deals, the report's arithmetic, and the ``canasta match`` command."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from typer.testing import CliRunner

from canasta import rules
from canasta.cli import app
from canasta.match import (
    GameResult,
    match_jobs,
    play_match_game,
    run_match,
    seat_is_a,
    summarize,
    wilson,
)
from canasta.sim import simulate

runner = CliRunner()


def _core(results: list[GameResult]) -> list[GameResult]:
    """Results without the decision times (wall clock)."""
    return [replace(r, times_a=(), times_b=()) for r in results]


def test_duplicate_deals_swap_the_sides() -> None:
    """Game 2i and 2i+1 share deal seed S + i, with A on the even sides then on the odd ones."""
    jobs = match_jobs(rules("gvr-club"), "heuristic", "random", 4, 10)
    assert [(j[1], j[4]) for j in jobs] == [(10, False), (10, True), (11, False), (11, True)]
    rs = rules("gvr-club")
    assert [seat_is_a(rs, s, False) for s in range(4)] == [True, False, True, False]
    assert [seat_is_a(rs, s, True) for s in range(4)] == [False, True, False, True]
    three = rules("spanish", players=3)   # alone: seats alternate A, B, A
    assert [seat_is_a(three, s, False) for s in range(3)] == [True, False, True]


def test_a_match_is_reproducible_and_the_pool_changes_nothing() -> None:
    rs = rules("gvr-club")
    one = run_match(rs, "heuristic", "random", 4, seed=3, workers=1)
    again = run_match(rs, "heuristic", "random", 4, seed=3, workers=1)
    pool = run_match(rs, "heuristic", "random", 4, seed=3, workers=2)
    assert _core(one.results) == _core(again.results) == _core(pool.results)
    assert one.wins_a == pool.wins_a and one.mean_score_diff == pool.mean_score_diff
    assert one.games == 4 and one.times_a.decisions > 0


def test_a_game_is_a_pure_function_of_its_arguments() -> None:
    opts = rules("spanish", players=3).options()
    a = play_match_game(opts, 5, "easy", "random", True, 3)
    b = play_match_game(opts, 5, "easy", "random", True, 3)
    assert replace(a, times_a=(), times_b=()) == replace(b, times_a=(), times_b=())
    assert a.hands <= 3


def test_unfinished_games_are_reported() -> None:
    """A hand limit of 1: no game reaches 5,000 in one hand of random play."""
    r = run_match(rules("classic"), "random", "random", 2, seed=1, workers=1, max_hands=1)
    assert r.unfinished == 2 and r.wins_a == r.wins_b == 0
    assert r.win_rate_a == 0.5  # an unfinished game counts half a win each way
    assert r.mean_hands == 1.0


def test_wilson_interval_by_hand() -> None:
    """5 wins of 10, z = 1.96: centre (0.5 + 1.96²/20) / (1 + 1.96²/10) = 0.69208 / 1.38416 = 0.5;
    half-width 1.96 * sqrt(0.025 + 0.009604) / 1.38416 = 1.96 * 0.186022 / 1.38416 = 0.26341."""
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.5 - 0.26341, abs=1e-4) and hi == pytest.approx(0.5 + 0.26341, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_arithmetic() -> None:
    """Two games: A wins one by 5000-3000, loses one 4000-5100; mean difference
    ((5000 - 3000) + (4000 - 5100)) / 2 = (2000 - 1100) / 2 = 450; hands (3 + 5) / 2 = 4."""
    g1 = GameResult(1, False, 1, 5000, 3000, 3, True, (0.1, 0.3), (0.2,))
    g2 = GameResult(1, True, 0, 4000, 5100, 5, True, (0.2,), ())
    r = summarize(rules("gvr-club"), "a", "b", 1, [g1, g2], 2.0)
    assert (r.wins_a, r.wins_b, r.unfinished) == (1, 1, 0)
    assert r.mean_score_diff == 450 and r.mean_hands == 4
    assert r.times_a.decisions == 3 and r.times_a.median == 0.2 and r.times_a.max == 0.3
    assert r.games_per_second == 1.0


def test_simulate_on_a_pool_gives_the_same_report() -> None:
    rs = rules("gvr-club")
    a = simulate(rs, 6, 1)
    b = simulate(rs, 6, 1, workers=2)
    assert (a.games, a.hands, a.reasons, a.wins, a.actions) == (b.games, b.hands, b.reasons, b.wins,
                                                                b.actions)


def test_a_ray_run_gives_the_same_results() -> None:
    """A local Ray of two CPUs plays the same games as the process pool for the same seeds (CI
    installs the ``[ray]`` extra, so this runs there)."""
    ray = pytest.importorskip("ray")
    rs = rules("gvr-club")
    pool = run_match(rs, "heuristic", "random", 4, seed=4, workers=2)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote = run_match(rs, "heuristic", "random", 4, seed=4, ray_address="auto")
    finally:
        ray.shutdown()
    assert _core(pool.results) == _core(remote.results)
    assert [(r.seed, r.swapped) for r in remote.results] == [(4, False), (4, True), (5, False), (5, True)]


def test_cli_match_json() -> None:
    res = runner.invoke(app, ["match", "--variant", "gvr-club", "--a", "heuristic", "--b", "random",
                              "--games", "2", "--seed", "1", "--workers", "1", "--json"])
    assert res.exit_code == 0, res.stderr
    d = json.loads(res.stdout)
    assert d["games"] == 2 and d["bot_a"] == "heuristic" and d["bot_b"] == "random"
    assert d["wins_a"] + d["wins_b"] + d["draws"] + d["unfinished"] == 2
    assert 0 <= d["ci95"][0] <= d["win_rate_a"] <= d["ci95"][1] <= 1
    assert set(d["decision_seconds"]["a"]) == {"decisions", "mean", "median", "max"}


def test_cli_match_table() -> None:
    res = runner.invoke(app, ["match", "--variant", "spanish", "--players", "3", "--a", "medium",
                              "--b", "easy", "--games", "2", "--workers", "1"], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.stderr
    assert "A wins" in res.stdout and "95% CI" in res.stdout and "decision time A" in res.stdout


def test_cli_match_takes_a_thinking_budget() -> None:
    res = runner.invoke(app, ["match", "--variant", "gvr-club", "--a", "expert:2", "--b", "club",
                              "--games", "1", "--max-hands", "1", "--workers", "1", "--json"])
    assert res.exit_code == 0, res.stderr
    assert json.loads(res.stdout)["bot_a"] == "expert:2"


@pytest.mark.parametrize(("args", "words"), [
    (["--a", "grandmaster"], "unknown bot 'grandmaster'"),
    (["--a", "club:2"], "unknown bot 'club:2'"),
    (["--b", "nobody"], "unknown bot 'nobody'"),
    (["--variant", "bridge"], "unknown rule set 'bridge'"),
])
def test_cli_match_errors(args: list[str], words: str) -> None:
    res = runner.invoke(app, ["match", "--games", "1", *args])
    assert res.exit_code == 2
    assert words in res.stderr and len(res.stderr.strip().splitlines()) == 1
    assert "Traceback" not in res.stdout + res.stderr


def test_an_interrupted_match_resumes_where_it_stopped() -> None:
    """issue 5 (long Bolivia matches): games already played are passed in, not played again, and the
    report is that of the whole match played at once (decision times aside)."""
    rs = rules("gvr-club")
    whole = run_match(rs, "heuristic", "random", 4, 11, workers=1, max_hands=2)
    resumed = run_match(rs, "heuristic", "random", 4, 11, workers=1, max_hands=2,
                        done=whole.results[:3])
    assert all(a is b for a, b in zip(resumed.results[:3], whole.results[:3], strict=True))
    assert resumed.results[3] is not whole.results[3]  # played again: the same game

    def key(r: GameResult) -> tuple[object, ...]:
        return (r.seed, r.swapped, r.winner_is_a, r.score_a, r.score_b, r.hands, r.finished)
    assert [key(r) for r in resumed.results] == [key(r) for r in whole.results]
    assert (resumed.wins_a, resumed.wins_b, resumed.games) == (whole.wins_a, whole.wins_b, 4)
