"""The random-play runner: one game as a pure function of (rules, seed), aggregation kept separate."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace

import pytest

from canasta import GameState, rules
from canasta.sim import REASONS, GameStats, aggregate, play_game, play_random, random_game, simulate
from helpers import ALL_PRESETS, PRESET_IDS


def _same(a: GameStats, b: GameStats) -> bool:
    """Equal apart from the time taken."""
    return replace(a, seconds=0.0) == replace(b, seconds=0.0)


def test_random_game_is_a_pure_function_of_rules_and_seed() -> None:
    rs = rules("classic")
    assert _same(random_game(rs, 7), random_game(rs, 7))
    assert not _same(random_game(rs, 7), random_game(rs, 8))


def test_random_game_plays_to_the_end_and_its_numbers_add_up() -> None:
    """R 1.1: the game is 5,000; the winner is the side with the higher total at or over it (C4)."""
    for name in ("classic", "gvr-club", "spanish"):
        rs = rules(name)
        g = random_game(rs, 3)
        assert g.seed == 3
        assert g.hands >= 1 and len(g.hand_totals) == g.hands
        assert all(reason in REASONS for reason in g.hand_reasons)
        # the final score of each side is the sum of its hand scores
        assert tuple(sum(t[i] for t in g.hand_totals) for i in range(rs.sides)) == g.scores
        assert g.scores[g.winner] == max(g.scores) >= rs.target_score
        assert g.actions > 0


@pytest.mark.parametrize("name", ALL_PRESETS, ids=PRESET_IDS)
def test_random_hands_add_up_in_every_preset(name: str) -> None:
    """Every preset (and any new one): a few random hands end for a known reason, and each side's
    score is the sum of its hand scores; a finished game has its winner at or over the target."""
    rs = rules(name)
    g = random_game(rs, 5, max_hands=3)
    assert 1 <= g.hands <= 3 and len(g.hand_totals) == g.hands
    assert all(reason in REASONS for reason in g.hand_reasons)
    assert tuple(sum(t[i] for t in g.hand_totals) for i in range(rs.sides)) == g.scores
    if g.finished:
        assert g.scores[g.winner] == max(g.scores)
    else:
        assert g.winner == -1 and g.hands == 3


def test_random_game_matches_a_hand_played_game() -> None:
    """The runner's choices come from random.Random(seed), independent of the deal's own seed."""
    rs = rules("gvr-club")
    state = GameState.new(rs, seed=11)
    rng = random.Random(11)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))  # the checked path gives the same game
    g = random_game(rs, 11)
    assert g.actions == state.nactions
    assert g.scores == tuple(state.scores)
    assert g.hand_reasons == tuple(r.reason for r in state.results)


def test_play_game_from_plain_options_is_picklable_work() -> None:
    """What a process pool or Ray would run: plain options in, a small picklable value out."""
    rs = rules("spanish", players=3)
    options = pickle.loads(pickle.dumps(rs.options()))
    g = play_game(options, 5)
    assert _same(g, random_game(rs, 5))
    assert len(g.scores) == 3  # S4: three players each play alone, so three sides
    assert _same(pickle.loads(pickle.dumps(g)), g)


def test_runaway_cap_names_the_seed() -> None:
    state = GameState.new(rules("classic"), seed=42)
    with pytest.raises(RuntimeError, match="seed 42") as info:
        play_random(state, random.Random(42), max_actions=10)
    assert "10 actions" in str(info.value)


def test_simulate_uses_consecutive_seeds_and_counts_consistently() -> None:
    rs = rules("classic")
    seen: list[GameStats] = []
    report = simulate(rs, games=4, seed=20, progress=seen.append)
    assert [g.seed for g in seen] == [20, 21, 22, 23]
    assert all(_same(g, random_game(rs, g.seed)) for g in seen)
    assert report.games == 4
    assert report.first_seed == 20
    assert report.hands == sum(g.hands for g in seen) == sum(report.reasons.values())
    assert report.actions == sum(g.actions for g in seen)
    assert sum(report.wins) == 4
    assert report.wins == tuple(sum(1 for g in seen if g.winner == s) for s in range(2))
    for side in range(2):
        total = sum(t[side] for g in seen for t in g.hand_totals)
        assert report.mean_hand_score[side] == pytest.approx(total / report.hands)
    assert report.elapsed > 0
    assert report.hands_per_second == pytest.approx(report.hands / report.elapsed)
    assert report.actions_per_second == pytest.approx(report.actions / report.elapsed)


def test_aggregate_is_independent_of_order_and_handles_nothing() -> None:
    rs = rules("classic")
    games = [random_game(rs, s) for s in (1, 2, 3)]
    a = aggregate(games, 2, 1.0)
    b = aggregate(reversed(games), 2, 1.0)
    assert a == b
    assert a.first_seed == 1
    empty = aggregate([], 2, 0.0)
    assert (empty.games, empty.hands, empty.wins, empty.hands_per_second) == (0, 0, (0, 0), 0.0)
    assert empty.reasons == {"went_out": 0, "stock_out": 0, "last_red3": 0, "special": 0}


def test_report_to_dict_is_json_ready() -> None:
    import json

    report = simulate(rules("gvr-club"), games=1, seed=1)
    d = json.loads(json.dumps(report.to_dict()))
    assert d["games"] == 1
    assert d["hands"] == sum(d["reasons"].values())
    assert set(d) >= {"mean_hand_score", "wins", "actions", "elapsed", "hands_per_second",
                      "actions_per_second"}


def test_batch_gc_raises_the_first_threshold_and_restores_it() -> None:
    """canasta.batchgc: games run with fewer cyclic collections; the process's setting comes back,
    also after an error, and a higher threshold someone set is never lowered."""
    import gc

    from canasta.batchgc import THRESHOLD, batch_gc

    before = gc.get_threshold()
    with batch_gc():
        assert gc.get_threshold() == (max(THRESHOLD, before[0]), before[1], before[2])
    assert gc.get_threshold() == before
    with pytest.raises(RuntimeError), batch_gc():
        raise RuntimeError("a game failed")
    assert gc.get_threshold() == before
    gc.set_threshold(10 * THRESHOLD, before[1], before[2])
    try:
        with batch_gc():
            assert gc.get_threshold()[0] == 10 * THRESHOLD
    finally:
        gc.set_threshold(*before)
