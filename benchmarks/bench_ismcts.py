"""OpenSpiel's ISMCTS bot, playing through ``canasta.rl.openspiel``, against our Expert (``search``).

Run: ``python benchmarks/bench_ismcts.py --variant gvr-club --games 200 --sims 16 --progress FILE``
(``--resume`` plays only the games not yet in FILE; ``--summarize FILE`` reports a partial run).

Games are duplicate pairs as in ``canasta match`` (deal seed ``seed + i // 2``, the sides swapped in
odd games, the same deals as ``canasta match --seed``); ISMCTS is "A". At each of its decisions with
more than one legal action, ISMCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``, UCT,
``max_simulations`` worlds, each drawn by the game's ``resample_from_infostate`` from the seat's
view) searches a game that ends with the hand in progress and pays the hand's points (``reward
"points"``: the side's points less the opponents', / 1,000), with observation strings as its tree's
keys. Its leaves are valued by random play to the end of the hand: OpenSpiel's
``RandomRolloutEvaluator`` does this through the Python game API; :class:`HandRollout` is the same
random rollout played on the engine directly (uniform over the legal actions, ``apply_unchecked``),
the only difference being speed. The Expert gets its view and the legal actions, as in every match.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts

import canasta.rl.openspiel as cos
from canasta import ENGINE, GameState, rules
from canasta.bots import make_bot
from canasta.match import GameResult, game_result, seat_is_a, summarize
from canasta.rl.core import Episode, hand_rewards, make_options
from canasta.views import view


class HandRollout:
    """An MCTS evaluator: random play to the end of the hand in progress, valued at the hand's points
    per seat (``core.hand_rewards``); uniform priors."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def evaluate(self, state: cos.CanastaState) -> np.ndarray:
        ep = state.episode
        assert ep is not None
        s = ep.state.clone()
        hand = s.hand_no
        choice = self.rng.choice
        while not s.is_over and s.hand_no == hand:
            s.apply_unchecked(choice(s.legal_actions()))
        got = np.array(state.returns(), dtype=float)
        if len(s.results) > len(ep.state.results):
            got += np.array(hand_rewards(s.rules, s.results[-1].totals))
        return got

    def prior(self, state: cos.CanastaState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class ISMCTSPlayer:
    """ISMCTS for the seats of one side: searches the hand in progress (see the module docstring)."""

    def __init__(self, variant: str, sims: int, uct_c: float, seed: int) -> None:
        self.variant, self.sims, self.uct_c = variant, sims, uct_c
        self.rng = np.random.RandomState(seed)
        self.evaluator = HandRollout(seed)
        self.games: dict[int, cos.CanastaGame] = {}

    def game_for(self, hand_no: int) -> cos.CanastaGame:
        g = self.games.get(hand_no)
        if g is None:
            g = self.games[hand_no] = cos.CanastaGame(
                {"preset": self.variant, "max_hands": hand_no + 1, "reward": "points"})
        return g

    def choose(self, state: GameState) -> Any:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        game = self.game_for(state.hand_no)
        root = cos.CanastaState(game)
        root.seed_bytes = cos.seed_actions(0)
        root.episode = Episode(game.options, state.clone())
        bot = ismcts.ISMCTSBot(game=game, evaluator=self.evaluator, uct_c=self.uct_c,
                               max_simulations=self.sims, random_state=self.rng,
                               use_observation_string=True)
        action = bot.step(root)
        return root.episode.action(int(action))


def play(variant: str, seed: int, swapped: bool, sims: int, uct_c: float, max_hands: int) -> GameResult:
    rs = rules(variant)
    state = GameState.new(rs, seed=seed)
    searcher = ISMCTSPlayer(variant, sims, uct_c, seed * 2 + int(swapped))
    experts = {}
    for seat in range(rs.players):
        if not seat_is_a(rs, seat, swapped):
            b = make_bot("search", f"{seed}/{int(swapped)}/{seat}")
            b.start(rs, seat)
            experts[seat] = b
    times: tuple[list[float], list[float]] = ([], [])
    while not state.is_over and len(state.results) < max_hands:
        seat = state.actor
        t0 = time.perf_counter()
        if seat in experts:
            action = experts[seat].choose(view(state, seat), state.legal_actions())
            times[1].append(time.perf_counter() - t0)
        else:
            action = searcher.choose(state)
            times[0].append(time.perf_counter() - t0)
        state.apply(action)
    return game_result(state, seed, swapped, times)


def read_progress(path: Path) -> list[GameResult]:
    out = []
    if path.exists():
        for line in path.read_text().splitlines():
            d = json.loads(line)
            d["times_a"], d["times_b"] = tuple(d["times_a"]), tuple(d["times_b"])
            out.append(GameResult(**d))
    return out


def report(variant: str, seed: int, results: list[GameResult], elapsed: float, sims: int) -> None:
    rep = summarize(rules(variant), f"ismcts({sims} worlds)", "search", seed, results, elapsed)
    print(json.dumps({**rep.to_dict(), "engine": ENGINE}, indent=1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="gvr-club")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sims", type=int, default=16, help="ISMCTS simulations (sampled worlds) per decision")
    ap.add_argument("--uct-c", type=float, default=2.0)
    ap.add_argument("--max-hands", type=int, default=30)
    ap.add_argument("--progress", type=Path, help="a JSON line per game (and --resume from it)")
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--summarize", type=Path, help="report the games of a progress file and stop")
    args = ap.parse_args()
    if args.summarize:
        report(args.variant, args.seed, read_progress(args.summarize), 0.0, args.sims)
        return
    make_options(args.variant)  # a bad variant fails before any game
    done = {(r.seed, r.swapped): r for r in read_progress(args.progress)} if (
        args.resume and args.progress) else {}
    results = []
    start = time.perf_counter()
    for i in range(args.games):
        key = (args.seed + i // 2, i % 2 == 1)
        if key in done:
            results.append(done[key])
            continue
        r = play(args.variant, key[0], key[1], args.sims, args.uct_c, args.max_hands)
        results.append(r)
        if args.progress:
            with args.progress.open("a") as f:
                f.write(json.dumps(_as_dict(r)) + "\n")
    report(args.variant, args.seed, results, time.perf_counter() - start, args.sims)


def _as_dict(r: GameResult) -> dict[str, Any]:
    return {k: getattr(r, k) for k in GameResult.__dataclass_fields__}


if __name__ == "__main__":
    main()
