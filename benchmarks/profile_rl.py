"""Where an OpenSpiel step of ours goes: each call an RL loop makes, timed on its own, per step.

Run: ``python benchmarks/profile_rl.py [--games 10] [--max-hands 2] [--rounds 3]`` (after
``pip install .`` for the compiled engine; the first line says which ran). Random classic play as in
``bench_rl.py``; at every decision each call below is timed alone on the same state (the same
position each time: the calls change nothing, but for ``apply_action``, timed last), with
``time.process_time_ns`` (CPU time: other load does not count) less the cost of an empty
timing, with the garbage collector off (its pauses would land on whichever call runs then). The
median of the rounds' means per step:

- through OpenSpiel's API, as a loop in Python asks (``os:``): ``legal_actions()``,
  ``current_player()``, ``observation_tensor(p)``, ``legal_actions_mask(p)``,
  ``information_state_tensor(p)``, ``observation_string(p)``, ``information_state_string(p)``,
  ``apply_action(a)``; the Python observer's ``set_from``; and (``cpp:``) the legal actions, the
  mask and the tensors through OpenSpiel's C++ side (the base class's methods: what C++ callers
  get; our state answers the Python asks in Python since 2026-11-29);
- the pieces in Python: the episode's legal ids (``Episode.legal`` on a fresh position: the engine's
  ``legal_actions`` and the ids), the engine's ``legal_actions`` alone, ``views.seat_view``, writing
  the observation (``Observer.write``), ``apply_unchecked`` alone (on a clone, so with the clone's
  cost, printed too), what the seat knows from the facts kept from step to step
  (``Episode.knowledge``, where the build has it) and the information state's counts alone
  (``Episode.memory``, where the build has it); the information state's observer's ``set_from``
  (the observation, those counts and their floats).

The calls repeated on one state show what a repeated ask costs (OpenSpiel's own checks ask for the
legal actions and observations several times a state).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable

import numpy as np
import pyspiel
from open_spiel.python.observation import make_observation

import canasta.rl.openspiel as cos
from canasta import ENGINE
from canasta.rl.core import Episode
from canasta.views import seat_view


def one_round(games: int, max_hands: int) -> dict[str, float]:
    game = pyspiel.load_game(cos.GAME_NAME, {"preset": "classic", "max_hands": max_hands})
    obs = make_observation(game)
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    observer = game.spaces.observer
    buf = np.zeros(observer.size, np.float32)  # (Observer.write sets every float)
    clock = time.process_time_ns  # CPU time: the machine may be shared
    t0 = clock()
    for _ in range(1000):
        clock()
    empty = (clock() - t0) / 1000
    total: dict[str, float] = defaultdict(float)
    base = pyspiel.State
    steps = 0

    def timed(name: str, fn: Callable[..., object], *args: object) -> object:
        t = clock()
        out = fn(*args)
        total[name] += clock() - t - empty
        return out

    for g in range(games):
        rng = random.Random(g)
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.choice(s.chance_outcomes())[0])
                continue
            ep = s.episode
            es = ep.state
            p = es.actor
            # the pieces, on a fresh episode of the same position (nothing cached)
            fresh = Episode(ep.options, es)
            timed("py: Episode.legal (engine + ids)", fresh.legal)
            timed("py: engine legal_actions", es.legal_actions)
            v = timed("py: views.seat_view", seat_view, es, p)
            timed("py: Observer.write", observer.write, v, buf)
            # through OpenSpiel, as a loop asks
            legal = timed("os: legal_actions()", s.legal_actions)
            timed("os: legal_actions() again", s.legal_actions)
            timed("os: current_player()", s.current_player)
            timed("os: observer set_from", obs.set_from, s, p)
            timed("os: observation_tensor(p)", s.observation_tensor, p)
            timed("os: legal_actions_mask(p)", s.legal_actions_mask, p)
            timed("os: information_state_tensor(p)", s.information_state_tensor, p)
            # the same asks through OpenSpiel's C++ side (where our state answers them in Python)
            timed("cpp: legal_actions()", base.legal_actions, s)
            timed("cpp: observation_tensor(p)", base.observation_tensor, s, p)
            timed("cpp: legal_actions_mask(p)", base.legal_actions_mask, s, p)
            timed("cpp: information_state_tensor(p)", base.information_state_tensor, s, p)
            timed("os: infostate observer set_from", recall.set_from, s, p)
            if hasattr(ep, "knowledge"):  # (what the seat knows, kept from step to step)
                timed("py: Episode.knowledge (kept facts)", ep.knowledge, p)
            if hasattr(ep, "memory"):  # (the information state's counts alone)
                timed("py: Episode.memory (kept facts)", ep.memory, p, v)
            timed("os: observation_string(p)", s.observation_string, p)
            timed("os: information_state_string(p)", s.information_state_string, p)
            a: int = rng.choice(legal)  # type: ignore[arg-type]
            clone = timed("py: GameState.clone", es.clone)
            timed("py: engine apply_unchecked (on the clone)", clone.apply_unchecked, ep.action(a))  # type: ignore[attr-defined]
            timed("os: apply_action(a)", s.apply_action, a)
            steps += 1
    return {k: v / steps / 1000 for k, v in total.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--max-hands", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    gc.disable()
    rounds = [one_round(args.games, args.max_hands) for _ in range(args.rounds)]
    gc.enable()
    print(f"engine: {ENGINE}; random classic play, {args.games} games of at most {args.max_hands} hands; "
          f"µs per step, median of {args.rounds} rounds (min-max)")
    for name in rounds[0]:
        xs = [r[name] for r in rounds]
        print(f"{name:44s} {statistics.median(xs):8.2f}  ({min(xs):.2f}-{max(xs):.2f})")


if __name__ == "__main__":
    main()
