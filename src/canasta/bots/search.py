"""The search bot: determinized (perfect-information Monte Carlo) search over heuristic rollouts.

For a decision worth searching (taking the pile or drawing, which card to discard, whether to ask,
the answer to "may I go out?"), the bot samples ``samples`` worlds consistent with its view
(:mod:`canasta.bots.determinize`: the hidden hands and the stock dealt at random around everything the
view proves), and in each world plays every candidate action followed by the heuristic strategy for
all seats for the rest of the turn and ``turns`` more turns (or to the end of the hand). Each playout
is scored from the bot's side: the hand's result if it ended, else an estimate (table points,
canasta bonuses, red threes, and the cards still in hand). The candidate with the best mean over the
same worlds (common random numbers) is played. Candidates are the heuristic's choice and the next
best actions of the same sort by the heuristic's own scores (at most ``candidates``). Melds and
additions follow the heuristic without search.

The budget is a number of worlds (reproducible: same seed, same view, same choice), optionally cut
short by ``time_limit`` seconds per decision (then not reproducible). Rollouts run on ``clone()`` and
the unchecked ``_apply`` inside the bot's own sampled world.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from ..actions import Action, Op
from ..cards import is_wild
from ..melds import MeldType
from ..rules import RuleSet
from ..state import GameState, Phase
from .base import KnowsRules
from .determinize import sample_world
from .heuristic import Heuristic, Obs, Weights
from .knowledge import analyse


@dataclass(frozen=True)
class SearchConfig:
    samples: int = 16            # worlds per decision
    candidates: int = 5          # actions compared per decision
    turns: int = 4               # turns played after the decision's turn
    max_actions: int = 400       # safety cap per playout
    time_limit: float | None = None  # seconds per decision (None: the sample budget only)
    hand_card: float = 0.5       # estimate: each point in hand counts this much against
    card: float = 4.0            # estimate: each card in hand is worth this much as material
    near_canasta: float = 40.0   # estimate: a meld of five or six cards


class SearchBot(KnowsRules):
    """Determinized search with heuristic playouts (see the module docstring)."""

    name = "search"

    def __init__(self, seed: int | str = 0, config: SearchConfig | None = None,
                 weights: Weights | None = None) -> None:
        self.seed = seed
        self.config = config or SearchConfig()
        self.strategy = Heuristic(weights)
        self.rules: RuleSet | None = None
        self.decisions = 0
        self._last = ""

    def explain(self) -> str:
        return self._last

    def candidates(self, o: Obs, legal: list[Action], choice: Action) -> list[Action]:
        """The heuristic's choice and the next best of the same sort, or [] to skip the search."""
        k = self.config.candidates
        h = self.strategy
        if o.phase == "answer":
            return list(legal)
        if o.phase == "draw":
            useful = [a for a in legal if a.op in (Op.DRAW, Op.TAKE, Op.UPCARD, Op.END, Op.TOP)]
            takes = sorted((a for a in useful if a.op is Op.TAKE),
                           key=lambda a: sum(1 for f in a.cards if is_wild(f)))
            others = [a for a in useful if a.op is not Op.TAKE]
            out = [choice] + [a for a in others + takes if a != choice]
            return out[:k] if len(out) > 1 else []
        if choice.op is Op.DISCARD:
            ds = [a for a in legal if a.op is Op.DISCARD]
            ds.sort(key=lambda a: -h.discard_score(o, a.cards[0])[0])
            out = [choice] + [a for a in ds if a != choice]
            asks = [a for a in legal if a.op is Op.ASK]
            return (out[: k - len(asks)] + asks) if len(out) + len(asks) > 1 else []
        if choice.op is Op.ASK:
            ds = [a for a in legal if a.op is Op.DISCARD]
            ds.sort(key=lambda a: -h.discard_score(o, a.cards[0])[0])
            return [choice, *ds[: k - 1]]
        return []

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        rules = self._rules(view)
        self.decisions += 1
        k = analyse(view, rules)
        o = Obs.from_view(view, rules, k)
        choice, why = self.strategy.decide(o, legal)
        cands = self.candidates(o, legal, choice)
        if len(cands) < 2:
            self._last = why
            return choice
        rng = random.Random(f"search/{self.seed}/{self.decisions}")
        cfg = self.config
        totals = [0.0] * len(cands)
        start = time.perf_counter()
        done = 0
        for _ in range(cfg.samples):
            world = sample_world(view, rules, rng, k)
            for i, a in enumerate(cands):
                totals[i] += self.playout(world, a, view["seat"])
            done += 1
            if cfg.time_limit is not None and time.perf_counter() - start > cfg.time_limit:
                break
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))
        a = cands[best]
        means = ", ".join(f"{c}={t / done:+.0f}" for c, t in zip(cands, totals, strict=True))
        self._last = f"{a}: best mean outcome over {done} sampled worlds ({means})"
        return a

    def playout(self, world: GameState, action: Action, seat: int) -> float:
        """Play ``action`` then the heuristic in a copy of ``world``; the outcome for ``seat``'s side."""
        s = world.clone()
        side = s.side_of(seat)
        hand_no = s.hand_no
        nres = len(s.results)
        s._apply(action)
        decide = self.strategy.decide
        turns = 0
        current = s.current
        n = 0
        limit = self.config.turns
        while s.phase is not Phase.OVER and len(s.results) == nres and n < self.config.max_actions:
            if s.current != current:
                current = s.current
                turns += 1
                if turns > limit:
                    break
            legal = s.legal_actions()
            if not legal:
                break
            a, _ = decide(Obs.from_state(s, s.actor), legal)
            s._apply(a)
            n += 1
        if len(s.results) > nres or s.hand_no != hand_no:
            totals = s.results[nres].totals
            others = [t for i, t in enumerate(totals) if i != side]
            return float(totals[side] - sum(others) / len(others))
        vals = [self.estimate(s, i) for i in range(s.sides)]
        return vals[side] - sum(v for i, v in enumerate(vals) if i != side) / (s.sides - 1)

    def estimate(self, s: GameState, side: int) -> float:
        """A side's hand score if the hand went on from here (see :class:`SearchConfig`)."""
        r = s.rules
        cfg = self.config
        value = s.model.value
        pts = 0.0
        for m in s.melds[side]:
            if m.type is not MeldType.GROUP:
                continue
            pts += sum(value[f] for f in m.cards)
            if m.size >= r.canasta_size:
                pts += r.natural_canasta if m.wilds == 0 else r.mixed_canasta
            elif m.size >= r.canasta_size - 2:
                pts += cfg.near_canasta
        for seat in s.seats_of(side):
            pts += 100 * len(s.red3[seat])
            hand = s.hands[seat]
            pts -= cfg.hand_card * sum(value[f] * c for f, c in enumerate(hand) if c)
            pts += cfg.card * s.hn[seat]
        return pts
