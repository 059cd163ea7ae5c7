"""Random classic play side by side with the other Python canasta engine, in one run.

Run: ``python benchmarks/bench_side_by_side.py --other PATH [--games 100] [--max-hands 10]``, where PATH
is a checkout of https://github.com/jhtschultz/canasta-openspiel (Pagat's classic rules for OpenSpiel,
pure Python). Ours runs in this process with the engine as installed (compiled after ``pip install .``,
pure Python after ``pip install -e .``; the first line says which); theirs runs in a child process of
``--python`` (it needs numpy). Both play uniformly random legal actions, with the deal's chance moves
drawn at random for theirs, for ``--games`` games stopped after ``--max-hands`` hands, and are timed in
CPU time. The two run in turns (``--rounds``) so that other load on the machine hits both alike; the
median of the rounds is printed.

Where ``pyspiel`` is not installed, the child gives their game a small stand-in for the few pyspiel
names it uses (the base ``State`` only dispatches ``legal_actions``/``apply_action`` to the game's own
methods). Real pyspiel routes those calls through C++ and is, if anything, slower, so the stand-in
flatters theirs; the figure printed says which was used.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from canasta import ENGINE, GameState, rules
from canasta.batchgc import batch_gc

PYSPIEL_STAND_IN = '''
import enum
class PlayerId(enum.IntEnum):
    TERMINAL = -4
    CHANCE = -1
class _Record:
    def __init__(self, *args, **kwargs): self.__dict__.update(kwargs)
class GameType(_Record):
    class Dynamics(enum.Enum): SEQUENTIAL = 1
    class ChanceMode(enum.Enum): EXPLICIT_STOCHASTIC = 1
    class Information(enum.Enum): IMPERFECT_INFORMATION = 1
    class Utility(enum.Enum): GENERAL_SUM = 1
    class RewardModel(enum.Enum): TERMINAL = 1
class GameInfo(_Record): pass
class IIGObservationType(_Record): pass
class Game:
    def __init__(self, game_type, info, params): self._info = info
    def num_players(self): return self._info.num_players
class State:
    def __init__(self, game): pass
    def is_chance_node(self): return self.current_player() == PlayerId.CHANCE
    def legal_actions(self, player=None):
        if self.is_terminal(): return []
        return self._legal_actions(self.current_player() if player is None else player)
    def apply_action(self, action): self._apply_action(action)
def register_game(game_type, cls): pass
'''

THEIRS = '''
import json, random, sys, time
other, stand_in, games, max_hands = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
sys.path.insert(0, other)
try:
    import pyspiel  # noqa: F401
    spiel = "pyspiel"
except ImportError:
    sys.path.insert(0, stand_in)
    spiel = "a pyspiel stand-in"
from canasta.canasta_game import CanastaGame
hands = actions = 0
t0 = time.process_time()
for g in range(games):
    rng = random.Random(g)
    s = CanastaGame().new_initial_state()
    while not s.is_terminal() and s._hand_number < max_hands:
        if s.is_chance_node():
            s.apply_action(rng.choice(s.chance_outcomes())[0])
            continue
        legal = s.legal_actions()  # may end the hand itself (an empty stock), then lists nothing
        if legal:
            s.apply_action(rng.choice(legal))
            actions += 1
    hands += s._hand_number + (1 if s.is_terminal() else 0)
print(json.dumps({"hands": hands, "actions": actions, "seconds": time.process_time() - t0,
                  "spiel": spiel}))
'''


def ours(games: int, max_hands: int) -> dict[str, float]:
    rs = rules("classic")
    hands = actions = 0
    t0 = time.process_time()
    with batch_gc():
        for g in range(games):
            s = GameState.new(rs, seed=g)
            rng = random.Random(g)
            while not s.is_over and len(s.results) < max_hands:
                s.apply_unchecked(rng.choice(s.legal_actions()))
                actions += 1
            hands += len(s.results)
    return {"hands": hands, "actions": actions, "seconds": time.process_time() - t0}


def theirs(python: str, other: Path, stand_in: Path, games: int, max_hands: int) -> dict[str, object]:
    out = subprocess.run([python, "-c", THEIRS, str(other), str(stand_in), str(games), str(max_hands)],
                         capture_output=True, text=True, check=True, cwd=tempfile.gettempdir())
    result: dict[str, object] = json.loads(out.stdout)
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--other", type=Path, required=True, help="checkout of jhtschultz/canasta-openspiel")
    ap.add_argument("--python", default="python3", help="interpreter for theirs (needs numpy)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--max-hands", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    ours_rates: list[float] = []
    theirs_rates: list[float] = []
    spiel = ""
    with tempfile.TemporaryDirectory() as tmp:
        stand_in = Path(tmp)
        (stand_in / "pyspiel.py").write_text(PYSPIEL_STAND_IN)
        observation = stand_in / "open_spiel" / "python"
        observation.mkdir(parents=True)
        (stand_in / "open_spiel" / "__init__.py").write_text("")
        (observation / "__init__.py").write_text("")
        (observation / "observation.py").write_text("class IIGObserverForPublicInfoGame: pass\n")
        for _ in range(args.rounds):
            a = ours(args.games, args.max_hands)
            ours_rates.append(a["hands"] / a["seconds"])
            b = theirs(args.python, args.other.resolve(), stand_in, args.games, args.max_hands)
            theirs_rates.append(float(b["hands"]) / float(b["seconds"]))  # type: ignore[arg-type]
            spiel = str(b["spiel"])
    mine, other = statistics.median(ours_rates), statistics.median(theirs_rates)
    print(f"random classic play, {args.games} games of at most {args.max_hands} hands, median of "
          f"{args.rounds} rounds, CPU time")
    print(f"ours ({ENGINE}): {mine:8.0f} hands/s")
    print(f"canasta-openspiel (with {spiel}): {other:8.0f} hands/s")
    print(f"ratio: {mine / other:.1f}x")


if __name__ == "__main__":
    main()
