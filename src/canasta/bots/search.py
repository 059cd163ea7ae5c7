"""The search bot: determinized (perfect-information Monte Carlo) search over heuristic rollouts.

For a decision worth searching (taking the pile or drawing, which card to discard, whether to ask,
the answer to "may I go out?"), the bot samples ``samples`` worlds consistent with its view
(:mod:`canasta.bots.determinize`: the hidden hands and the stock dealt at random around everything the
view proves), and in each world plays every candidate action followed by the heuristic strategy for
all seats for the rest of the turn and ``turns`` more turns (or to the end of the hand). Each playout
is scored from the bot's side: the hand's result if it ended, else an estimate (the engine's score of
the hand as if it ended now, with every canasta kind and the red threes, softened for the cards
still in hand, plus melds near a canasta). The candidate with the best mean over the same worlds
(common random numbers) is played if it beats the heuristic's own choice by more than
``confidence`` standard errors of the paired differences (else the heuristic's choice stands).
Candidates are the heuristic's choice and the next best actions of the same sort by the heuristic's
own scores (at most ``candidates``). Melds and additions follow the heuristic without search.

Robustness: a later preset may add state or actions this bot does not model. If a sampled world
does not accept a candidate action (it does not reproduce the view), or sampling or a playout raises,
the bot plays the heuristic's choice and counts the decision in ``fallbacks`` (zero in the presets
that exist; the tests check it).

The budget is a number of worlds (reproducible: same seed, same view, same choice), optionally cut
short by ``time_limit`` seconds per decision (then not reproducible). Rollouts run on ``clone()`` and
the unchecked ``_apply`` inside the bot's own sampled world.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from ..actions import Action, Op
from ..cards import is_wild
from ..melds import MeldType
from ..rules import RuleSet
from ..scoring import score_hand
from ..state import GameState, Phase
from .base import KnowsRules
from .determinize import sample_world
from .heuristic import Heuristic, Obs, Weights, label
from .knowledge import Knowledge, analyse


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
    confidence: float = 1.0      # leave the heuristic's choice only for an alternative better by
                                 # this many standard errors (0: the best mean always)


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
        self.fallbacks = 0
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
        try:
            outs = self._search(view, rules, k, cands)
        except Exception as e:  # a world this bot cannot model: play the heuristic
            self.fallbacks += 1
            self._last = f"{why} (search skipped: {type(e).__name__})"
            return choice
        done = len(outs[0])
        if done == 0:
            self.fallbacks += 1
            self._last = f"{why} (search skipped: the sampled worlds do not accept the candidates)"
            return choice
        means = [sum(x) / done for x in outs]
        best = max(range(len(cands)), key=lambda i: (means[i], -i))
        gated = ""
        if choice in cands and cands[best] != choice and not self._confident(outs, best, cands.index(choice)):
            best = cands.index(choice)
            gated = "; the heuristic's choice kept: no alternative is surely better"
        a = cands[best]
        text = ", ".join(f"{label(c)}={m:+.0f}" for c, m in zip(cands, means, strict=True))
        self._last = f"{label(a)}: best mean outcome over {done} sampled worlds ({text}){gated}"
        return a

    def _confident(self, outs: list[list[float]], best: int, base: int) -> bool:
        """Does candidate ``best`` beat ``base`` by more than ``confidence`` standard errors of their
        paired differences (the same worlds)? Playouts are noisy: without this gate the search
        would often trade the heuristic's choice for the luckiest of a few noisy means."""
        z = self.config.confidence
        n = len(outs[best])
        if z <= 0 or n < 2:
            return True
        d = [x - y for x, y in zip(outs[best], outs[base], strict=True)]
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / (n - 1)
        return mean > z * math.sqrt(var / n)

    def _search(self, view: dict[str, Any], rules: RuleSet, k: Knowledge, cands: list[Action]
                ) -> list[list[float]]:
        """The outcome of each candidate in each sampled world played (none if a world refuses a
        candidate: it does not reproduce the view)."""
        rng = random.Random(f"search/{self.seed}/{self.decisions}")
        cfg = self.config
        outs: list[list[float]] = [[] for _ in cands]
        start = time.perf_counter()
        for _ in range(cfg.samples):
            world = sample_world(view, rules, rng, k)
            if any(world.why_illegal(a) is not None for a in cands):
                return [[] for _ in cands]
            for i, a in enumerate(cands):
                outs[i].append(self.playout(world, a, view["seat"]))
            if cfg.time_limit is not None and time.perf_counter() - start > cfg.time_limit:
                break
        return outs

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
            if len(legal) == 1:
                s._apply(legal[0])
            else:
                s._apply(decide(Obs.from_state(s, s.actor), legal)[0])
            n += 1
        if len(s.results) > nres or s.hand_no != hand_no:
            totals = s.results[nres].totals
            others = [t for i, t in enumerate(totals) if i != side]
            return float(totals[side] - sum(others) / len(others))
        now = score_hand(s, "stock_out", -1, False)
        vals = [self.estimate(s, i, now.sides[i].total) for i in range(s.sides)]
        return vals[side] - sum(v for i, v in enumerate(vals) if i != side) / (s.sides - 1)

    def estimate(self, s: GameState, side: int, exact: int | None = None) -> float:
        """A side's hand score if the hand went on from here: what it would score if the hand ended
        now (the engine's own scoring: canasta bonuses of every kind, red threes plus or minus, the
        cards in hand, held red threes) with the cards in hand counted only ``hand_card`` of their
        points, plus ``card`` per card held (material) and ``near_canasta`` for a meld one or two
        cards short of a canasta (scaled by that canasta's bonus against a natural one)."""
        r = s.rules
        cfg = self.config
        value = s.model.value
        if exact is None:
            exact = score_hand(s, "stock_out", -1, False).sides[side].total
        pts = float(exact)
        size = r.canasta_size
        for m in s.melds[side]:
            if m.type is MeldType.BLACK3 or not size - 2 <= m.size < size:
                continue
            bonus = (r.sequence_canasta if m.type is MeldType.SEQUENCE else r.wild_canasta
                     if m.type is MeldType.WILD else r.natural_canasta if m.wilds == 0 else r.mixed_canasta)
            pts += cfg.near_canasta * bonus / max(1, r.natural_canasta)
        for seat in s.seats_of(side):
            hand = s.hands[seat]
            pts += (1 - cfg.hand_card) * sum(value[f] * c for f, c in enumerate(hand) if c and f // 4 != 1)
            pts += cfg.card * s.hn[seat]
        return pts
