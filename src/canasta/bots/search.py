"""The search bot: determinized (perfect-information Monte Carlo) search over heuristic rollouts.

For a decision worth searching (taking the pile or drawing, which card to discard, whether to ask,
the answer to "may I go out?"), the bot samples ``samples`` worlds consistent with its view
(:mod:`canasta.bots.determinize`: the hidden hands and the stock dealt at random around everything the
view proves), and in each world plays every candidate action followed by the heuristic strategy for
all seats for the rest of the turn and ``turns`` more turns (or to the end of the hand). The turn a
candidate starts in counts the same whether the candidate ends it (a discard) or not (asking), so
all candidates are judged at the same point. Candidates are the heuristic's choice and the next best
actions of the same sort by the heuristic's own scores (at most ``candidates``); asking is one only
for a player who could go out after a yes.

**Turn plans.** Melds and additions are not searched one by one: at the first play decision of each
turn, each of the ``turn_plans`` (:data:`TURN_PLANS`: the heuristic with some weights changed: go
out now or stay in, close canastas with wild cards or keep them, a wild meld or not, optional red
threes now or later) lays out its melds in a sampled world. Where a plan differs from the heuristic's
own turn, the plans are played out like candidate actions and the best is followed for the rest of
the turn (the discard is then searched as usual).

**Whole hands** (``BotTuning.whole_hand``: the American games): every playout runs to the end of the
hand, with more worlds, instead of being cut off after ``turns`` turns.

**Scoring a playout**: the hand's result if it ended, else an estimate: the engine's score of the
hand as if it ended now (every canasta kind, red threes plus or minus, the cards in hand), plus
weights times the cards, points and wild cards in hand and the melds one to three cards short of a
canasta (:func:`estimate_features`). The weights (``BotTuning.estimate``) are fitted per preset by
``benchmarks/calibrate_estimate.py`` to how hands of heuristic play actually end. A decision whether
the hand ends now (going out or staying in, asking, answering) is played out to the end of the hand
(``end_turns``): an exact result is not weighed against an estimate.

**Playing to win the game** (``BotTuning.play_to_win``: the American games): a playout is judged by the
chance it leaves of winning the game (:func:`game_chance`: the game's totals after the hand's
result or estimate, against the spread of the hands still to play), not by the hand's points. Ahead
in the last hand of a tournament game, going out at once beats a bigger hand that risks the lead.

The candidate with the best mean over the same worlds (common random numbers) is played if it
beats the heuristic's own choice by more than ``confidence`` standard errors of the paired
differences (else the heuristic's choice stands). Where the bot's model of a game is weaker
(``BotTuning.confidence``: the American games) it must be surer.

Robustness: a later preset may add state or actions this bot does not model. If a sampled world
does not accept a candidate action (it does not reproduce the view), or sampling or a playout raises,
the bot plays the heuristic's choice and counts the decision in ``fallbacks`` (zero in the presets
that exist; the tests check it).

The budget is a number of worlds (reproducible: same seed, same view, same choice); ``samples`` and
``candidates`` scale it up (the level "Expert (thinks longer)"), ``time_limit`` seconds per decision
cut it short (then not reproducible). Two caps keep the longest decision short: ``work_limit``
playout actions per decision (deterministic: the same decision is cut at the same world on every
machine) and ``max_seconds`` on the clock (a safety net for a slow machine). A decision cut short
is decided by the worlds played so far, or is the heuristic's choice with fewer than two.

A wild card is a discard candidate only where the heuristic throws it (to freeze a big pile): a
cut-off estimate that undervalues a wild card held must not make the bot throw one away.

Rollouts run on ``clone()`` and ``GameState.apply_unchecked`` inside the bot's own sampled world.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Final

from ..actions import Action, Op
from ..cards import is_wild
from ..melds import MeldType
from ..presets import UNMEASURED, bot_tuning
from ..rules import RuleSet
from ..scoring import score_hand
from ..state import GameState, Phase
from .base import KnowsRules
from .determinize import sample_world
from .explain import Explanation, explanation
from .heuristic import Heuristic, Obs, Weights, label
from .knowledge import Knowledge, analyse

# Whole-turn plans: the heuristic's strategy with some weights changed, played for the rest of a turn.
TURN_PLANS: dict[str, dict[str, int]] = {
    "go out now": {"stay_in_margin": 10**9},                      # whenever the side can
    "stay in": {"stay_in_margin": -(10**9), "stay_in_stock": 0},  # never, to build more canastas
    "close with wilds": {"wild_gap": 2},                          # a canasta two cards short
    "keep wilds": {"wild_gap": 0, "wild_gap_max": 0},             # no wild card to close one
    "no wild meld": {"wild_meld_min": 99},                        # wild cards for mixed canastas
    "red threes now": {"red3_stock": 10**6},                      # optional red threes melded
    "red threes later": {"red3_near": -99, "red3_stock": 0},      # ... only once they count plus
}


_OUT_OPS = frozenset((Op.ASK, Op.YES, Op.NO))

GAPS = 3  # the estimate weighs melds up to this many cards short of a canasta


@dataclass(frozen=True)
class Estimate:
    """Weights of the cut-off estimate (:meth:`SearchBot.estimate`)."""

    hand_value: float   # per point in hand, besides the minus it scores if the hand ended now
    card: float         # per card in hand (material)
    wild_card: float    # per wild card in hand, besides its points and its card
    near: tuple[float, float, float]  # the part of a canasta's bonus a meld one, two, three
                                      # cards short of it is worth


# What the search was tuned to in each rule set is kept with the rule set
# (``canasta.presets.BotTuning``, measured as docs/bots.md says): the cut-off estimate's weights,
# fitted by benchmarks/calibrate_estimate.py (400 games of heuristic self-play: the heuristic's play
# is what the playouts are) where a strength run confirmed the fit; how sure an alternative must be
# to overrule the heuristic; whether sampled worlds keep pairs (the American games: a random deal
# holds too few pairs for a pile always taken with a natural pair); how far one hand moves a game and
# whether to play to win it; how many times the worlds where playouts run to the end of the hand.

#: The estimate of a rule set with none fitted (set by hand).
DEFAULT_ESTIMATE: Final = Estimate(0.5, 4.0, 0.0, (0.08, 0.08, 0.0))
#: How far one hand moves a game where it was not measured (a rough row): the standard deviation
#: of two sides' hand difference, and a side's mean hand score. (Not ``Final``: mypyc's compiled
#: module left a ``Final`` tuple of floats unset, "value for final name was not set".)
DEFAULT_SPREAD: tuple[float, float] = (2500.0, 1000.0)


@lru_cache(maxsize=64)
def estimate_for(name: str) -> Estimate:
    """The cut-off estimate's weights in rule set ``name`` (``BotTuning.estimate``)."""
    e = bot_tuning(name).estimate
    return DEFAULT_ESTIMATE if e is None else Estimate(e[0], e[1], e[2], e[3])


def hand_spread(name: str) -> tuple[float, float]:
    """How far one hand moves a game in rule set ``name`` (``BotTuning.hand_spread``)."""
    spread = bot_tuning(name).hand_spread
    return DEFAULT_SPREAD if spread is None else spread


def game_chance(r: RuleSet, totals: Sequence[float], side: int, hand_no: int, cut: bool) -> float:
    """The chance (0 to 1) that ``side`` wins the game once hand ``hand_no`` (from 0) has ended
    with these game totals (estimated, where the playout was ``cut`` off before the hand's end):
    the lead over the best other side, against the spread (``hand_spread``) of the hands still to
    play, and of the rest of this one where it was cut off. A lead of 500 in the last hand of a
    tournament game is nearly a sure win, the same lead in its first hand is not: the search
    plays safe ahead and takes chances behind, as a player does who counts the score. The hands
    still to play: a game of N hands' rest (S3 B), or as many as the leader needs at a mean
    hand's score to reach the target, whichever is fewer; none once a side has reached it."""
    sd, mean = hand_spread(r.name)
    lead = totals[side] - max(t for i, t in enumerate(totals) if i != side)
    top = max(totals)
    left = 0.0 if top >= r.target_score else (r.target_score - top) / mean
    if r.game_hands > 0:
        left = min(left, float(max(0, r.game_hands - hand_no - 1)))
    var = sd * sd * (left + (1.0 if cut else 0.0))
    if var <= 0.0:
        return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
    return 0.5 * (1.0 + math.erf(lead / math.sqrt(2.0 * var)))


@dataclass(frozen=True)
class SearchConfig:
    samples: int = 16            # worlds per decision
    candidates: int = 5          # actions compared per decision
    turns: int = 4               # turns played after the decision's turn
    max_actions: int = 400       # safety cap per playout
    time_limit: float | None = None  # seconds per decision (None: the sample budget only)
    work_limit: int | None = 40_000  # playout actions per decision (turn plans and candidates
                                 # together; 1 to 2 s compiled): a cap that is the same on every
                                 # machine, so a long decision is cut short the same way each time
                                 # (None: no cap). The most a decision used in the short timing runs
                                 # of docs/bots.md: 5,502 at 16 worlds, 20,781 at 48.
    max_seconds: float | None = 1.8  # hard cap per decision on the clock: the worlds played so far
                                 # decide (fires only on a slow or loaded machine; None: no cap)
    estimate: Estimate | None = None  # the cut-off estimate's weights (None: ``estimate_for``)
    end_turns: int = 10**6       # turns played after a decision whether to go out (10**6: to the
                                 # end of the hand)
    confidence: float | None = None  # leave the heuristic's choice only for an alternative better
                                 # by this many standard errors (0: the best mean always; None:
                                 # the rule set's ``BotTuning.confidence``)
    turn_plans: tuple[str, ...] = tuple(TURN_PLANS)  # whole-turn plans compared with the
                                 # heuristic's turn (see TURN_PLANS); () for none
    keep_pairs: bool | None = None  # deal the other hands as players keep them, pairs kept
                                 # (determinize's keep_pairs); None: the rule set's ``BotTuning.kept_pairs``
    play_to_win: bool | None = None  # judge a playout by the chance it gives of winning the game
                                 # (game_chance), not by the hand's points; None: ``BotTuning.play_to_win``
    whole_hand: int | None = None  # play every playout to the end of the hand (end_turns) with
                                 # this many times the worlds; 0: cut off after ``turns``; None:
                                 # the rule set's ``BotTuning.whole_hand``


class SearchBot(KnowsRules):
    """Determinized search with heuristic playouts (see the module docstring)."""

    name = "search"

    def __init__(self, seed: int | str = 0, config: SearchConfig | None = None,
                 weights: Weights | None = None) -> None:
        self.seed = seed
        self.config = config or SearchConfig()
        self.strategy = Heuristic(weights)
        w = self.strategy.w
        self.plans: list[tuple[str, Heuristic]] = [("the heuristic's turn", self.strategy)]
        for name in self.config.turn_plans:
            if name not in TURN_PLANS:
                raise ValueError(f"unknown turn plan {name!r} (known: {', '.join(TURN_PLANS)})")
            self.plans.append((name, Heuristic(replace(w, **TURN_PLANS[name]))))
        self._turn: tuple[int, int, int] | None = None  # the turn whose plan is chosen
        self._policy = self.strategy                      # the plan's strategy for that turn
        self.rules: RuleSet | None = None
        self.decisions = 0
        self.fallbacks = 0
        self.cut_short = 0          # decisions cut short by work_limit or max_seconds
        self._cut = False
        self._work = 0              # playout actions of this decision
        self._deadline = math.inf   # perf_counter() after which this decision stops sampling
        self._last = ""
        self._said: tuple[Obs, Action, list[Action], bool] | None = None
        self._z = UNMEASURED.confidence if self.config.confidence is None else self.config.confidence

    def explain(self) -> str:
        """The last move and its reason in a player's words: the heuristic's reason for that move,
        and "looking ahead, this does best" where the search overruled the heuristic."""
        said = self.explanation()
        return self._last if said is None else said.english()

    def explanation(self) -> Explanation | None:
        """The last move and its reason as messages, for any language (None before a move)."""
        if self._said is None:
            return None
        o, a, legal, ahead = self._said
        return explanation(o, a, self.strategy, legal, looked_ahead=ahead)

    def detail(self) -> str:
        """The search's own account (figures, plan, sampled worlds), for developers."""
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
            # a wild card is thrown only where the heuristic throws it (to freeze a big pile): the
            # cut-off estimate may undervalue a wild card held, and a player who throws one away
            # for nothing looks absurd
            ds = [a for a in legal if a.op is Op.DISCARD and (a == choice or not h.wildish(o, a.cards[0]))]
            ds.sort(key=lambda a: -h.discard_score(o, a.cards[0])[0])
            out = [choice] + [a for a in ds if a != choice]
            # asking matters only to a player who could go out after a yes
            asks = [a for a in legal if a.op is Op.ASK] if o.opened[o.side] and h.out_ready(o) else []
            return (out[: k - len(asks)] + asks) if len(out) + len(asks) > 1 else []
        if choice.op is Op.ASK:
            ds = [a for a in legal if a.op is Op.DISCARD and not h.wildish(o, a.cards[0])] or [
                a for a in legal if a.op is Op.DISCARD]
            ds.sort(key=lambda a: -h.discard_score(o, a.cards[0])[0])
            return [choice, *ds[: k - 1]]
        return []

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        rules = self.rules_for(view)
        self._z = self.confidence(rules)
        self.decisions += 1
        self._work = 0
        cap = self.config.max_seconds
        self._deadline = math.inf if cap is None else time.perf_counter() + cap
        self._cut = False
        k = analyse(view, rules)
        o = Obs.from_view(view, rules, k)
        policy, note = self.strategy, ""
        if o.phase == "play" and len(self.plans) > 1:
            policy, note = self._turn_plan(view, rules, k, o)
        choice, why = policy.decide(o, legal)
        if note:
            why = f"{why} [{note}]"
        overruled = policy is not self.strategy and choice != self.strategy.decide(o, legal)[0]
        self._said = (o, choice, legal, overruled)
        cands = self.candidates(o, legal, choice)
        if len(cands) < 2:
            self._last = why
            return choice
        try:
            outs = self._search(view, rules, k, cands, policy)
        except Exception as e:  # a world this bot cannot model: play the heuristic
            self.fallbacks += 1
            self._last = f"{why} (search skipped: {type(e).__name__})"
            return choice
        done = len(outs[0])
        if done == 0 and self._cut:  # the clock ran out in the first world: the heuristic's move
            self._last = f"{why} (cut short before a whole world was played)"
            return choice
        if done == 0:
            self.fallbacks += 1
            self._last = f"{why} (search skipped: the sampled worlds do not accept the candidates)"
            return choice
        means = [sum(x) / done for x in outs]
        best = max(range(len(cands)), key=lambda i: (means[i], -i))
        if done < 2 and self._z > 0 and choice in cands:
            best = cands.index(choice)  # cut short after one world: the heuristic's choice
        gated = ""
        if choice in cands and cands[best] != choice and not self._confident(outs, best, cands.index(choice)):
            best = cands.index(choice)
            gated = "; the heuristic's choice kept: no alternative is surely better"
        a = cands[best]
        text = ", ".join(f"{label(c)}={m:+.0f}" for c, m in zip(cands, means, strict=True))
        self._last = f"{label(a)}: best mean outcome over {done} sampled worlds ({text}){gated}"
        base = choice if policy is self.strategy else self.strategy.decide(o, legal)[0]
        self._said = (o, a, legal, a != base)
        return a

    def _turn_plan(self, view: dict[str, Any], rules: RuleSet, k: Knowledge, o: Obs
                   ) -> tuple[Heuristic, str]:
        """The strategy for the rest of this turn. At the turn's first play decision, each turn plan
        (:data:`TURN_PLANS`) lays out its melds in a sampled world; where they differ from the
        heuristic's, they are played out in the sampled worlds like candidate actions, and the best
        is kept for the turn. Going out ends the hand at once, staying in may build the canastas
        that win it: the heuristic's rules of thumb for such turns are what this checks."""
        key = (int(view["hand_number"]), int(view["turn"]), int(view["stock"]))
        if key == self._turn:
            return self._policy, ""
        self._turn, self._policy = key, self.strategy
        try:
            rng = random.Random(f"plan/{self.seed}/{self.decisions}")
            seat = int(view["seat"])
            pairs = self.keeps_pairs(rules)
            world = sample_world(view, rules, rng, k, pairs)
            plans: list[tuple[str, Heuristic, list[Action], bool]] = []
            for name, h in self.plans:
                acts, out = self._plan_actions(world, h, seat)
                if all(acts != p[2] for p in plans):
                    plans.append((name, h, acts, out))
            if len(plans) < 2:
                return self.strategy, ""
            outs: list[list[float]] = [[] for _ in plans]
            # a plan that goes out is compared with the others to the end of the hand: the cut-off
            # estimate would weigh an exact result against a guess
            turns = self.config.end_turns if any(p[3] for p in plans) else None
            for n in range(self.budget(rules)[0]):
                w = world if n == 0 else sample_world(view, rules, rng, k, pairs)
                row: list[float] = []
                for _, h, acts, _ in plans:
                    row.append(self.playout(w, acts, seat, h, turns))
                    if self._late():
                        break
                if len(row) < len(plans):  # the clock ran out inside this world: it is left out
                    break
                for i, x in enumerate(row):
                    outs[i].append(x)
                if self._spent():
                    break
            if len(outs[0]) < 2:  # cut short before two whole worlds: the heuristic's turn
                return self.strategy, ""
        except Exception as e:  # a world this bot cannot model: the heuristic's turn
            self.fallbacks += 1
            return self.strategy, f"turn plan skipped: {type(e).__name__}"
        means = [sum(x) / len(x) for x in outs]
        best = max(range(len(plans)), key=lambda i: (means[i], -i))
        if best != 0 and not self._confident(outs, best, 0):
            best = 0
        self._policy = plans[best][1]
        text = ", ".join(f"{p[0]}={m:+.0f}" for p, m in zip(plans, means, strict=True))
        return self._policy, f"plan '{plans[best][0]}' over {len(outs[0])} sampled worlds ({text})"

    @staticmethod
    def _plan_actions(world: GameState, h: Heuristic, seat: int) -> tuple[list[Action], bool]:
        """What strategy ``h`` lays this turn before its discard (or ask), in a copy of ``world``,
        and whether it means to go out (it lays all but one card, or every card)."""
        s = world.clone()
        acts: list[Action] = []
        nres = len(s.results)
        while s.phase is Phase.PLAY and s.current == seat and len(s.results) == nres and len(acts) < 60:
            legal = s.legal_actions()
            a = h.decide(Obs.from_state(s, seat), legal)[0]
            if a.op is Op.DISCARD or a.op is Op.ASK:
                break
            acts.append(a)
            s.apply_unchecked(a)
        return acts, len(s.results) > nres or s.hn[seat] <= 1

    def confidence(self, rules: RuleSet) -> float:
        """How many standard errors an alternative must gain to overrule the heuristic here."""
        z = self.config.confidence
        return bot_tuning(rules.name).confidence if z is None else z

    def budget(self, rules: RuleSet) -> tuple[int, int]:
        """The worlds per decision and the turns a playout runs (``SearchConfig.whole_hand``)."""
        cfg = self.config
        times = bot_tuning(rules.name).whole_hand if cfg.whole_hand is None else cfg.whole_hand
        return (cfg.samples * times, cfg.end_turns) if times > 0 else (cfg.samples, cfg.turns)

    def keeps_pairs(self, rules: RuleSet) -> bool:
        """Are the other hands dealt pairs kept (``SearchConfig.keep_pairs``)?"""
        kp = self.config.keep_pairs
        return bot_tuning(rules.name).kept_pairs if kp is None else kp

    def plays_to_win(self, rules: RuleSet) -> bool:
        """Are playouts judged by the chance of winning the game (``SearchConfig.play_to_win``)?"""
        pw = self.config.play_to_win
        return bot_tuning(rules.name).play_to_win if pw is None else pw

    def _spent(self) -> bool:
        """Has this decision used its budget (``work_limit`` playout actions, or ``max_seconds``)?
        The worlds played so far then decide; with fewer than two the heuristic's choice stands."""
        lim = self.config.work_limit
        return (lim is not None and self._work >= lim and self._cut_now()) or self._late()

    def _late(self) -> bool:
        """Has this decision's clock (``max_seconds``) run out? Also checked between the playouts of
        one world, so that a loaded machine cannot stretch a decision by a whole world."""
        return time.perf_counter() > self._deadline and self._cut_now()

    def _cut_now(self) -> bool:
        """Count this decision as cut short (once); True."""
        if not self._cut:
            self._cut = True
            self.cut_short += 1
        return True

    def _confident(self, outs: list[list[float]], best: int, base: int) -> bool:
        """Does candidate ``best`` beat ``base`` by more than ``confidence`` standard errors of their
        paired differences (the same worlds)? Playouts are noisy: without this gate the search
        would often trade the heuristic's choice for the luckiest of a few noisy means."""
        z = self._z
        n = len(outs[best])
        if z <= 0:
            return True
        if n < 2:  # one world (a decision cut short) proves nothing
            return False
        d = [x - y for x, y in zip(outs[best], outs[base], strict=True)]
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / (n - 1)
        return mean > z * math.sqrt(var / n)

    def _search(self, view: dict[str, Any], rules: RuleSet, k: Knowledge, cands: list[Action],
                policy: Heuristic) -> list[list[float]]:
        """The outcome of each candidate in each sampled world played (none if a world refuses a
        candidate: it does not reproduce the view)."""
        rng = random.Random(f"search/{self.seed}/{self.decisions}")
        cfg = self.config
        outs: list[list[float]] = [[] for _ in cands]
        start = time.perf_counter()
        # asking and answering decide whether the hand ends now: played out to its end (see _turn_plan)
        turns = cfg.end_turns if any(a.op in _OUT_OPS for a in cands) else None
        pairs = self.keeps_pairs(rules)
        for _ in range(self.budget(rules)[0]):
            world = sample_world(view, rules, rng, k, pairs)
            if any(world.why_illegal(a) is not None for a in cands):
                return [[] for _ in cands]
            row: list[float] = []
            for a in cands:
                row.append(self.playout(world, [a], view["seat"], policy, turns))
                if self._late():  # the clock ran out inside this world: it is left out
                    return outs
            for i, x in enumerate(row):
                outs[i].append(x)
            if cfg.time_limit is not None and time.perf_counter() - start > cfg.time_limit:
                break
            if self._spent():
                break
        return outs

    def playout(self, world: GameState, actions: list[Action], seat: int,
                first: Heuristic | None = None, turns: int | None = None) -> float:
        """The outcome for ``seat``'s side of :meth:`rollout`: the hand's result if it ended, else
        the cut-off estimate, against the mean of the other sides."""
        nres = len(world.results)
        s = self.rollout(world, actions, first, turns)
        side = s.side_of(seat)
        win = self.plays_to_win(s.rules)
        if len(s.results) > nres:
            res = s.results[nres]
            if win:
                if s.phase is Phase.OVER:
                    return 100.0 if s.winner == side else 0.0
                return 100.0 * game_chance(s.rules, res.scores_after, side, res.hand, False)
            totals = res.totals
            others = [t for i, t in enumerate(totals) if i != side]
            return float(totals[side] - sum(others) / len(others))
        now = score_hand(s, "stock_out", -1, False)
        vals = [self.estimate(s, i, now.sides[i].total) for i in range(s.sides)]
        if win:
            return 100.0 * game_chance(s.rules, [s.scores[i] + v for i, v in enumerate(vals)], side,
                                       s.hand_no, True)
        return vals[side] - sum(v for i, v in enumerate(vals) if i != side) / (s.sides - 1)

    def rollout(self, world: GameState, actions: list[Action], first: Heuristic | None = None,
                turns: int | None = None) -> GameState:
        """A copy of ``world`` after ``actions`` (the first must be legal; a later one that is not
        ends them), then ``first`` for the rest of this turn and the heuristic for ``turns`` more
        turns (default: :meth:`budget`'s) or to the end of the hand. The turn the actions start in
        counts the same whether they end it or not: candidates are compared at the same point."""
        s = world.clone()
        nres = len(s.results)
        current = s.current
        for i, a in enumerate(actions):
            if i and (s.current != current or s.why_illegal(a) is not None):
                break
            s.apply_unchecked(a)
        own = (first or self.strategy).decide
        decide = self.strategy.decide
        played = 0
        n = 0
        limit = self.budget(s.rules)[1] if turns is None else turns
        while s.phase is not Phase.OVER and len(s.results) == nres and n < self.config.max_actions:
            if s.current != current:
                current = s.current
                played += 1
                own = decide
                if played > limit:
                    break
            legal = s.legal_actions()
            if not legal:
                break
            if len(legal) == 1:
                s.apply_unchecked(legal[0])
            else:
                s.apply_unchecked(own(Obs.from_state(s, s.actor), legal)[0])
            n += 1
        self._work += n + len(actions)
        return s

    def estimate(self, s: GameState, side: int, exact: int | None = None) -> float:
        """A side's hand score if the hand went on from here (see :func:`estimate_features`): what it
        would score if the hand ended now, plus :class:`Estimate` weights times the rest."""
        e = self.config.estimate or estimate_for(s.rules.name)
        now, points, cards, wilds, near = estimate_features(s, side, GAPS, exact)
        pts = now + e.hand_value * points + e.card * cards + e.wild_card * wilds
        for w, bonus in zip(e.near, near, strict=True):
            pts += w * bonus
        return pts


def estimate_features(s: GameState, side: int, gaps: int = GAPS, exact: int | None = None
                      ) -> tuple[float, int, int, int, list[int]]:
    """What the cut-off estimate weighs, for one side: its score if the hand ended now (the engine's
    own scoring: canasta bonuses of every kind, red threes plus or minus, the cards in hand), the
    points and cards in its hands (threes' points aside), its wild cards in hand, and for k = 1 ..
    ``gaps`` the canasta bonuses of its melds k cards short of a canasta.
    ``benchmarks/calibrate_estimate.py`` fits the estimate's weights to these."""
    r = s.rules
    value = s.model.value
    if exact is None:
        exact = score_hand(s, "stock_out", -1, False).sides[side].total
    size = r.canasta_size
    near = [0] * gaps
    for m in s.melds[side]:
        gap = size - m.size
        if m.type is MeldType.BLACK3 or not 0 < gap <= gaps:
            continue
        near[gap - 1] += (r.sequence_canasta if m.type is MeldType.SEQUENCE else r.wild_canasta
                          if m.type is MeldType.WILD else r.natural_canasta if m.wilds == 0
                          else r.mixed_canasta)
    points = cards = wilds = 0
    for seat in s.seats_of(side):
        cards += s.hn[seat]
        for f, c in enumerate(s.hands[seat]):
            if c:
                if f // 4 != 1:
                    points += value[f] * c
                if is_wild(f):
                    wilds += c
    return float(exact), points, cards, wilds, near
