"""Environment steps per second with observations and masks: ours and canasta-openspiel side by side.

Run: ``python benchmarks/bench_rl.py --other PATH [--games 20] [--max-hands 2] [--rounds 3]``, where
PATH is a checkout of https://github.com/jhtschultz/canasta-openspiel (classic rules for OpenSpiel,
pure Python; its package is also called ``canasta``, so it runs in a child process of the same
Python, which needs ``open_spiel`` and ``numpy``). Both games are played through the same OpenSpiel
API with uniformly random legal actions, chance outcomes drawn at random, the classic rules, for
``--games`` games of at most ``--max-hands`` hands. A *step* is one player decision; at each one the
loop asks, as an RL environment does:

- ``tensor``: ``state.legal_actions()``, ``state.observation_tensor(player)`` and
  ``state.legal_actions_mask(player)`` (Python lists through OpenSpiel's C++ API), then
  ``state.apply_action``;
- ``observer``: ``state.legal_actions()`` and the game's Python observer
  (``open_spiel.python.observation.make_observation(game).set_from(state, player)``, a NumPy array
  filled in place), then ``state.apply_action``;
- ``infostate``: as ``tensor`` with ``state.information_state_tensor(player)`` for the observation
  (what a learner with perfect recall asks, and ``rl_environment`` for every seat; ours is the
  observation and what the seat remembers of the hand's log, 1,143 floats in classic; the peer's is
  its observation again, 275 floats).

Ours also runs as the PettingZoo environment (``env.last()``: the observation dict with its mask,
``env.step``), and as the bare engine (``legal_actions`` and ``apply_unchecked``, no observation),
for reference. CPU time; the runs alternate (``--rounds``) so that other load hits all alike; the
median of the rounds is printed with the lowest and highest, and the ratio of ours to theirs per
round (the two ran one after the other). The first line says which engine ran (compiled after
``pip install .``, plain after ``pip install -e .``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python.observation import make_observation

import canasta.rl.openspiel as cos
from canasta import ENGINE, GameState, rules
from canasta.rl import env

THEIRS = '''
import json, random, sys, time
other, games, max_hands, mode = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
sys.path.insert(0, other)
import pyspiel
from open_spiel.python.observation import make_observation
from canasta.canasta_game import CanastaGame
game = CanastaGame()
obs = make_observation(game) if mode == "observer" else None
steps = hands = 0
t0 = time.process_time()
for g in range(games):
    rng = random.Random(g)
    s = game.new_initial_state()
    while not s.is_terminal() and s._hand_number < max_hands:
        if s.is_chance_node():
            s.apply_action(rng.choice(s.chance_outcomes())[0])
            continue
        legal = s.legal_actions()  # may end the hand itself (an empty stock), then lists nothing
        if not legal:
            continue
        p = s.current_player()
        if mode == "infostate":
            s.information_state_tensor(p)
            s.legal_actions_mask(p)
        elif obs is None:
            s.observation_tensor(p)
            s.legal_actions_mask(p)
        else:
            obs.set_from(s, p)
        s.apply_action(rng.choice(legal))
        steps += 1
    hands += s._hand_number + (1 if s.is_terminal() else 0)
print(json.dumps({"steps": steps, "hands": hands, "seconds": time.process_time() - t0}))
'''


def ours_openspiel(games: int, max_hands: int, mode: str) -> dict[str, float]:
    game = pyspiel.load_game(cos.GAME_NAME, {"preset": "classic", "max_hands": max_hands})
    obs = make_observation(game) if mode == "observer" else None
    steps = hands = 0
    t0 = time.process_time()
    for g in range(games):
        rng = random.Random(g)
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.choice(s.chance_outcomes())[0])
                continue
            legal = s.legal_actions()
            p = s.current_player()
            if mode == "infostate":
                s.information_state_tensor(p)
                s.legal_actions_mask(p)
            elif obs is None:
                s.observation_tensor(p)
                s.legal_actions_mask(p)
            else:
                obs.set_from(s, p)
            s.apply_action(rng.choice(legal))
            steps += 1
        hands += len(s.episode.state.results)
    return {"steps": steps, "hands": hands, "seconds": time.process_time() - t0}


def ours_pettingzoo(games: int, max_hands: int) -> dict[str, float]:
    e = env("classic", max_hands=max_hands)
    steps = hands = 0
    t0 = time.process_time()
    for g in range(games):
        rng = np.random.default_rng(g)
        e.reset(seed=g)
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        hands += len(e.state.results)
    return {"steps": steps, "hands": hands, "seconds": time.process_time() - t0}


def ours_engine(games: int, max_hands: int) -> dict[str, float]:
    rs = rules("classic")
    steps = hands = 0
    t0 = time.process_time()
    for g in range(games):
        s = GameState.new(rs, seed=g)
        rng = random.Random(g)
        while not s.is_over and len(s.results) < max_hands:
            s.apply_unchecked(rng.choice(s.legal_actions()))
            steps += 1
        hands += len(s.results)
    return {"steps": steps, "hands": hands, "seconds": time.process_time() - t0}


def theirs(python: str, other: Path, games: int, max_hands: int, mode: str) -> dict[str, float]:
    out = subprocess.run([python, "-c", THEIRS, str(other), str(games), str(max_hands), mode],
                         capture_output=True, text=True, check=True, cwd=tempfile.gettempdir())
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--other", type=Path, required=True, help="checkout of jhtschultz/canasta-openspiel")
    ap.add_argument("--python", default=sys.executable, help="interpreter for theirs (open_spiel, numpy)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--max-hands", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    runs = {"ours, OpenSpiel tensor": lambda: ours_openspiel(args.games, args.max_hands, "tensor"),
            "theirs, OpenSpiel tensor": lambda: theirs(args.python, args.other.resolve(), args.games,
                                                       args.max_hands, "tensor"),
            "ours, OpenSpiel observer": lambda: ours_openspiel(args.games, args.max_hands, "observer"),
            "theirs, OpenSpiel observer": lambda: theirs(args.python, args.other.resolve(), args.games,
                                                         args.max_hands, "observer"),
            "ours, OpenSpiel infostate": lambda: ours_openspiel(args.games, args.max_hands, "infostate"),
            "theirs, OpenSpiel infostate": lambda: theirs(args.python, args.other.resolve(), args.games,
                                                          args.max_hands, "infostate"),
            "ours, PettingZoo": lambda: ours_pettingzoo(args.games, args.max_hands),
            "ours, engine alone": lambda: ours_engine(args.games, args.max_hands)}
    rates: dict[str, list[float]] = {k: [] for k in runs}
    hand_rates: dict[str, list[float]] = {k: [] for k in runs}
    for _ in range(args.rounds):
        for name, run in runs.items():
            r = run()
            rates[name].append(r["steps"] / r["seconds"])
            hand_rates[name].append(r["hands"] / r["seconds"])
    med = {k: statistics.median(v) for k, v in rates.items()}
    med_hands = {k: statistics.median(v) for k, v in hand_rates.items()}
    print(f"engine: {ENGINE}; random classic play, {args.games} games of at most {args.max_hands} hands, "
          f"median of {args.rounds} rounds (lowest-highest), CPU time")
    for name, rate in med.items():
        lo, hi = min(rates[name]), max(rates[name])
        print(f"{name:28s} {rate:9.0f} steps/s ({lo:.0f}-{hi:.0f})  {1e6 / rate:7.1f} us/step  "
              f"{med_hands[name]:7.1f} hands/s")
    for mode in ("tensor", "observer", "infostate"):
        ours, theirs_ = f"ours, OpenSpiel {mode}", f"theirs, OpenSpiel {mode}"
        # the ratio of each round (ours and theirs ran one after the other, under the same load)
        per_round = [a / b for a, b in zip(rates[ours], rates[theirs_], strict=True)]
        print(f"ratio, OpenSpiel {mode}: {med[ours] / med[theirs_]:.1f}x per step (of the medians; per round "
              f"{statistics.median(per_round):.1f}x, {min(per_round):.1f}-{max(per_round):.1f}), "
              f"{med_hands[ours] / med_hands[theirs_]:.1f}x per hand")


if __name__ == "__main__":
    main()
