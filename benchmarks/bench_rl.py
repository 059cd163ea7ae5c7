"""Environment steps per second with observations and masks: ours and canasta-openspiel side by side.

Run: ``python benchmarks/bench_rl.py --other PATH [--games 20] [--max-hands 2] [--rounds 3]
[--loops openspiel,direct]``, where
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

``--loops direct`` steps the same Python state objects without OpenSpiel's bridge, as a researcher
who writes their own loop in Python may: the game's own Python methods, which the bridge calls back
(``state._legal_actions(player)``, the game's Python observer's ``set_from`` into one array,
``state._apply_action(action)``; ``current_player``, ``is_terminal`` and ``chance_outcomes`` are
Python in both games), so no call of the loop goes through OpenSpiel's C++ side (the peer's
``_apply_action`` itself asks ``is_chance_node()`` through it once a move: that is its code).
``direct`` gives the observation, ``direct infostate`` ours with the information state (the peer's
is its observation again, so its ``direct`` run stands for both).

Ours also runs as the PettingZoo environment (``env.last()``: the observation dict with its mask,
``env.step``), as its episode without any OpenSpiel object (``Episode.legal``, ``Observer.write``
of ``seat_view`` into one array, ``Episode.step``: the PettingZoo loop without PettingZoo), and as the
bare engine (``legal_actions`` and ``apply_unchecked``, no observation), for reference.

CPU time; the runs alternate (``--rounds``) so that other load hits all alike; the
median of the rounds is printed with the lowest and highest, and the ratio of ours to theirs per
round (the two ran one after the other). The first line says which engine ran (compiled after
``pip install .``, plain after ``pip install -e .``), the last the machine's load (1-minute
average) before and after the run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python.observation import make_observation

import canasta.rl.openspiel as cos
from canasta import ENGINE, GameState, rules
from canasta.rl import env
from canasta.rl.core import Episode, make_options
from canasta.rl.observation import Observer
from canasta.views import seat_view

THEIRS = '''
import json, random, sys, time
other, games, max_hands, mode = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
sys.path.insert(0, other)
import pyspiel
from open_spiel.python.observation import make_observation
from canasta.canasta_game import CanastaGame
game = CanastaGame()
obs = make_observation(game) if mode == "observer" else game.make_py_observer() if mode == "direct" else None
steps = hands = 0
t0 = time.process_time()
for g in range(games):
    rng = random.Random(g)
    s = game.new_initial_state()
    while not s.is_terminal() and s._hand_number < max_hands:
        if mode == "direct":  # the state's own Python methods, which OpenSpiel's bridge calls back
            p = s.current_player()
            if p < 0:
                s._apply_action(rng.choice(s.chance_outcomes())[0])
                continue
            legal = s._legal_actions(p)  # may end the hand itself (an empty stock), then lists nothing
            if not legal:
                continue
            obs.set_from(s, p)
            s._apply_action(rng.choice(legal))
            steps += 1
            continue
        if s.is_chance_node():
            s.apply_action(rng.choice(s.chance_outcomes())[0])
            continue
        legal = s.legal_actions()  # (as above)
        if not legal:
            continue
        p = s.current_player()
        if mode == "infostate":
            s.information_state_tensor(p)
            s.legal_actions_mask(p)
        elif mode == "tensor":
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


def ours_direct(games: int, max_hands: int, perfect_recall: bool) -> dict[str, float]:
    """The OpenSpiel state's own Python methods, which the bridge calls back (no C++ call)."""
    game = pyspiel.load_game(cos.GAME_NAME, {"preset": "classic", "max_hands": max_hands})
    ob = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=perfect_recall))
    steps = hands = 0
    t0 = time.process_time()
    for g in range(games):
        rng = random.Random(g)
        s = game.new_initial_state()
        while not s.is_terminal():
            p = s.current_player()
            if p < 0:
                s._apply_action(rng.choice(s.chance_outcomes())[0])
                continue
            legal = s._legal_actions(p)
            ob.set_from(s, p)
            s._apply_action(rng.choice(legal))
            steps += 1
        hands += len(s.episode.state.results)
    return {"steps": steps, "hands": hands, "seconds": time.process_time() - t0}


def ours_episode(games: int, max_hands: int) -> dict[str, float]:
    """The environments' episode and observer, no OpenSpiel or PettingZoo object."""
    options = make_options("classic", max_hands=max_hands)
    obs = Observer(options.rules)
    buf = np.empty(obs.size, np.float32)
    steps = hands = 0
    t0 = time.process_time()
    for g in range(games):
        rng = random.Random(g)
        ep = Episode.new(options, g)
        while not ep.done:
            ids = ep.legal()[0]
            obs.write(seat_view(ep.state, ep.state.actor), buf)
            ep.step(rng.choice(ids))
            steps += 1
        hands += len(ep.state.results)
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
    ap.add_argument("--loops", default="openspiel,direct",
                    help="openspiel (tensor, observer, infostate), direct, or both (comma-separated)")
    args = ap.parse_args()
    loops = set(args.loops.split(","))
    if not loops or loops - {"openspiel", "direct"}:
        ap.error(f"--loops: openspiel, direct or both, not {args.loops!r}")
    g, h, other = args.games, args.max_hands, args.other.resolve()

    def peer(mode: str) -> Callable[[], dict[str, float]]:
        return lambda: theirs(args.python, other, g, h, mode)

    def ours_os(mode: str) -> Callable[[], dict[str, float]]:
        return lambda: ours_openspiel(g, h, mode)

    runs: dict[str, Callable[[], dict[str, float]]] = {}
    pairs: list[tuple[str, str]] = []  # (ours, theirs) to compare
    if "openspiel" in loops:
        for mode in ("tensor", "observer", "infostate"):
            runs[f"ours, OpenSpiel {mode}"] = ours_os(mode)
            runs[f"theirs, OpenSpiel {mode}"] = peer(mode)
            pairs.append((f"ours, OpenSpiel {mode}", f"theirs, OpenSpiel {mode}"))
    if "direct" in loops:
        runs["ours, direct"] = lambda: ours_direct(g, h, False)
        runs["ours, direct infostate"] = lambda: ours_direct(g, h, True)
        runs["theirs, direct"] = peer("direct")
        runs["ours, episode (no OpenSpiel)"] = lambda: ours_episode(g, h)
        pairs += [("ours, direct", "theirs, direct"), ("ours, direct infostate", "theirs, direct"),
                  ("ours, episode (no OpenSpiel)", "theirs, direct")]
    runs["ours, PettingZoo"] = lambda: ours_pettingzoo(g, h)
    runs["ours, engine alone"] = lambda: ours_engine(g, h)
    peer_run = "theirs, direct" if "direct" in loops else "theirs, OpenSpiel observer"
    pairs.append(("ours, PettingZoo", peer_run))
    load_before = os.getloadavg()[0]
    rates: dict[str, list[float]] = {k: [] for k in runs}
    hand_rates: dict[str, list[float]] = {k: [] for k in runs}
    for _ in range(args.rounds):
        for name, run in runs.items():
            r = run()
            rates[name].append(r["steps"] / r["seconds"])
            hand_rates[name].append(r["hands"] / r["seconds"])
    load_after = os.getloadavg()[0]
    med = {k: statistics.median(v) for k, v in rates.items()}
    med_hands = {k: statistics.median(v) for k, v in hand_rates.items()}
    print(f"engine: {ENGINE}; random classic play, {g} games of at most {h} hands, "
          f"median of {args.rounds} rounds (lowest-highest), CPU time")
    for name, rate in med.items():
        lo, hi = min(rates[name]), max(rates[name])
        print(f"{name:30s} {rate:9.0f} steps/s ({lo:.0f}-{hi:.0f})  {1e6 / rate:7.1f} us/step  "
              f"{med_hands[name]:7.1f} hands/s")
    for ours, theirs_ in pairs:
        # the ratio of each round (ours and theirs ran in the same round, under the same load)
        per_round = [a / b for a, b in zip(rates[ours], rates[theirs_], strict=True)]
        print(f"ratio, {ours} / {theirs_}: {med[ours] / med[theirs_]:.1f}x per step (of the medians; "
              f"per round {statistics.median(per_round):.1f}x, {min(per_round):.1f}-{max(per_round):.1f}), "
              f"{med_hands[ours] / med_hands[theirs_]:.1f}x per hand")
    print(f"load (1-minute average): {load_before:.2f} before, {load_after:.2f} after")

if __name__ == "__main__":
    main()
