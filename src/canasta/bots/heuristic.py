"""The heuristic bot: a documented strategy with tunable weights (:class:`Weights`).

It looks at one decision at a time through an :class:`Obs` (built from the seat's view, or, inside a
search bot's own sampled world, from that world) and scores the legal actions:

* **Drawing** — take the pile when it is worth it (its points and size, minus any wild card the take
  spends); an unopened side takes only where the take alone reaches its minimum (the engine checks
  it). Otherwise draw (the preset's number of cards: 2 in GVR).
* **Opening** — while the side has not opened, melds are provisional: the bot plans the melds of its
  hand (natural groups first, then pairs with a wild) and lays them only when together they reach the
  minimum still needed, keeping a card to discard; provisional melds that cannot be completed are
  taken back.
* **Melding** — once open, lay natural groups of three or more and add naturals to the side's melds;
  keep wild cards, except to complete a canasta (a meld ``wild_gap`` cards short) or to go out.
* **Going out** — when the side has the canastas the rules require (two in GVR) and at most one card
  would be left after melding everything. Where asking is mandatory (GVR) the bot asks first and abides
  by the answer; elsewhere it goes out directly. It goes out unless its side is well behind on the
  table and the stock is long (then it builds more canastas).
* **Answering "may I go out?"** — yes unless the answerer holds more than ``yes_max_points`` points
  (in Spanish only the first answer binds; the same rule is used).
* **Discarding** — the card least useful to the next opponent and to the bot: count what has been seen
  (table, pile, discards, cards known in hands) so a rank with few copies unseen is safe; avoid ranks
  the next opponent has melded (they could take the pile with it); prefer ranks that opponent threw
  away; black threes stop the pile; keep pairs and wild cards, but freeze a big pile with a wild when
  the opponents have opened and the pile is worth it.

New presets (sequences, talons, special hands) add action types the bot scores as neutral and falls
back on: :meth:`HeuristicBot.choose` always returns one of the legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..actions import Action, Op
from ..cards import is_black_three, is_red_three, is_wild
from ..melds import MeldType
from ..model import CardModel, card_model
from ..rules import RuleSet
from ..state import SAID_NO, SAID_YES, GameState, Phase
from .base import KnowsRules
from .knowledge import Knowledge, analyse


@dataclass(frozen=True)
class Weights:
    """Tunable numbers of the heuristic strategy (see the module docstring)."""

    take_threshold: float = 0.0       # take when the pile's worth exceeds this
    pile_card: float = 12.0           # worth of each card of the pile besides its points
    wild_spent: float = 60.0          # cost of a wild card used to take the pile
    wild_gap: int = 1                 # add a wild to a meld this many cards short of a canasta
    yes_max_points: int = 100         # answer "yes" while holding at most this many points
    stay_in_margin: int = 600         # do not go out when this far behind on the table ...
    stay_in_stock: int = 20           # ... and the stock still has this many cards
    danger_meld_rank: float = 60.0    # discarding a rank the next opponent has melded
    danger_unseen: float = 4.0        # per unseen copy of the rank beyond one (a pair may exist)
    danger_pile: float = 1.5          # danger grows with the pile: this per card in the pile
    safe_thrown_by_next: float = 10.0  # the next opponent threw this rank away this hand
    break_pair: float = 25.0          # cost of breaking a pair in hand
    value: float = 0.3                # prefer throwing high cards (they count against us)
    black3: float = 45.0              # a black three stops the pile
    wild_discard: float = 250.0       # cost of throwing a wild card ...
    freeze_pile: int = 8              # ... unless the pile holds this many cards
    freeze_bonus: float = 320.0       # and freezing it is worth this much


@dataclass
class MeldObs:
    rank: int
    size: int
    naturals: int
    wilds: int
    canasta: bool
    black3: bool


@dataclass
class Obs:
    """What the heuristic looks at: built from a view, or from a state the bot owns."""

    rules: RuleSet
    model: CardModel
    seat: int
    side: int
    phase: str
    hand: list[int]
    melds: list[list[MeldObs]]
    pile: list[int]
    pile_size: int
    pile_frozen: bool
    opened: list[bool]
    minimum: list[int]
    canastas: list[int]
    scores: list[int]
    hand_counts: list[int]
    stock: int
    took_pile: bool
    melded: bool
    opening_points: int
    asked: bool
    answer: str | None
    shown_before_draw: bool
    seen_rank: list[int] = field(default_factory=lambda: [0] * 15)
    thrown: list[list[int]] = field(default_factory=list)

    @staticmethod
    def from_view(view: dict[str, Any], rules: RuleSet, k: Knowledge | None = None) -> Obs:
        if k is None:
            k = analyse(view, rules)
        ts = view["turn_state"]
        melds = [[MeldObs(m.rank, m.size, sum(1 for f in m.cards if not is_wild(f)),
                          sum(1 for f in m.cards if is_wild(f)), m.canasta, m.black3) for m in ms]
                 for ms in k.melds]
        return Obs(rules, card_model(rules), view["seat"], view["side"], view["phase"], list(k.hand), melds,
                   list(k.pile), view["pile"]["size"],
                   view["pile"]["frozen"] or view["pile"]["frozen_for_me"] is not None,
                   list(view["opened"]), list(view["minimum"]), list(view["canastas"]),
                   list(view["scores"]), list(view["hand_counts"]), view["stock"], ts["took_pile"],
                   ts["melded"], ts["opening_points"], ts["asked"], ts["answer"],
                   ts["shown_before_draw"], list(k.seen_rank), [list(x) for x in k.discarded])

    @staticmethod
    def from_state(s: GameState, seat: int) -> Obs:
        """Inside a bot's own sampled world only (a search bot's rollouts)."""
        r = s.rules
        side = s.side_of(seat)
        hand = s.hand_cards(seat)
        melds = [[MeldObs(m.rank, m.size, m.naturals, m.wilds, m.size >= r.canasta_size and
                          m.type is MeldType.GROUP, m.type is MeldType.BLACK3) for m in ms]
                 for ms in s.melds]
        seen = [0] * 15
        for f in hand:
            if not is_wild(f):
                seen[f // 4 + 2] += 1
        for ms in s.melds:
            for m in ms:
                seen[m.rank] += m.naturals
        for f in s.pile:
            if not is_wild(f):
                seen[f // 4 + 2] += 1
        phase = {Phase.DRAW: "draw", Phase.PLAY: "play", Phase.ANSWER: "answer"}.get(s.phase, "over")
        return Obs(r, s.model, seat, side, phase, hand, melds, s.pile, len(s.pile),
                   s.frozen_reason(side) is not None,
                   s.opened, s.minimum, [s.canastas(i) for i in range(r.sides)], s.scores, s.hn,
                   len(s.stock), s.took_pile, s.turn_melded, s.turn_points, s.asked_turn,
                   {SAID_YES: "yes", SAID_NO: "no"}.get(s.permission), s.pre_draw, seen, [])


def _rank(f: int) -> int:
    return f // 4 + 2


def _nat_counts(hand: list[int]) -> list[int]:
    c = [0] * 15
    for f in hand:
        if not is_wild(f) and not is_red_three(f) and not is_black_three(f):
            c[_rank(f)] += 1
    return c


class Heuristic:
    """The strategy itself, shared by the heuristic bot and the search bot's rollouts."""

    def __init__(self, weights: Weights | None = None) -> None:
        self.w = weights or Weights()

    # -------------------------------------------------------------- planning helpers
    def table_points(self, o: Obs, side: int) -> int:
        """A rough table value of a side: 300/500 per canasta plus 10 per melded card."""
        r = o.rules
        pts = 0
        for m in o.melds[side]:
            if m.canasta:
                pts += r.natural_canasta if m.wilds == 0 else r.mixed_canasta
            pts += 10 * m.size
        return pts

    def _meld_rank_index(self, o: Obs, rank: int) -> int:
        for i, m in enumerate(o.melds[o.side]):
            if m.rank == rank and not m.black3:
                return i
        return -1

    def leftover(self, o: Obs) -> int:
        """Cards that would be left after melding everything possible (wilds onto melds)."""
        nat = _nat_counts(o.hand)
        wilds = sum(1 for f in o.hand if is_wild(f))
        left = 0
        has_meld = bool(o.melds[o.side])
        for rank in range(4, 15):
            c = nat[rank]
            if not c:
                continue
            if self._meld_rank_index(o, rank) >= 0 or c >= 3:
                has_meld = True
                continue
            if c == 2 and wilds and o.model.meld21_ok:
                wilds -= 1
                has_meld = True
                continue
            left += c
        b3 = sum(1 for f in o.hand if is_black_three(f))
        if b3 and (b3 < o.rules.black3_meld_min or o.rules.black3_meld == "none"):
            left += b3
        left += sum(1 for f in o.hand if is_red_three(f))
        if wilds and not has_meld:
            left += wilds
        return left

    def opening_plan(self, o: Obs) -> tuple[set[int], set[int]] | None:
        """Ranks to meld with naturals only, ranks to meld as a pair + wild, if together they reach
        the minimum still needed and leave a card to discard; None otherwise."""
        need = o.minimum[o.side] - o.opening_points
        val = o.model.value
        nat = _nat_counts(o.hand)
        pts = 0
        used = 0
        triples: set[int] = set()
        pairs: set[int] = set()
        for rank in range(14, 3, -1):
            if nat[rank] >= 3 and o.model.meld3_ok:
                triples.add(rank)
                pts += sum(val[f] for f in o.hand if not is_wild(f) and _rank(f) == rank)
                used += nat[rank]
        if pts < need and o.model.meld21_ok:
            wilds = sorted((f for f in o.hand if is_wild(f)), key=lambda f: val[f])
            for rank in range(14, 3, -1):
                if pts >= need or not wilds:
                    break
                if nat[rank] == 2:
                    wf = wilds.pop(0)
                    pairs.add(rank)
                    pts += 2 * val[(rank - 2) * 4] + val[wf]
                    used += 3
        if pts >= need and used < len(o.hand) and (triples or pairs):
            return triples, pairs
        return None

    # -------------------------------------------------------------- the decision
    def decide(self, o: Obs, legal: list[Action]) -> tuple[Action, str]:
        if len(legal) == 1:
            return legal[0], f"{legal[0]}: the only legal action"
        if o.phase == "answer":
            return self._answer(o, legal)
        if o.phase == "draw":
            return self._draw(o, legal)
        return self._play(o, legal)

    def _answer(self, o: Obs, legal: list[Action]) -> tuple[Action, str]:
        pts = sum(o.model.value[f] for f in o.hand)
        yes = pts <= self.w.yes_max_points
        want = Op.YES if yes else Op.NO
        for a in legal:
            if a.op is want:
                return a, (f"{a}: holding {pts} points (limit {self.w.yes_max_points})")
        return legal[0], f"{legal[0]}: fallback"

    def pile_worth(self, o: Obs) -> float:
        return sum(o.model.value[f] for f in o.pile) + self.w.pile_card * o.pile_size

    def _draw(self, o: Obs, legal: list[Action]) -> tuple[Action, str]:
        takes = [a for a in legal if a.op is Op.TAKE]
        best: tuple[float, Action] | None = None
        worth = self.pile_worth(o)
        for a in takes:
            wilds = sum(1 for f in a.cards if is_wild(f))
            v = worth - self.w.wild_spent * wilds
            if best is None or v > best[0]:
                best = (v, a)
        if best is not None and best[0] > self.w.take_threshold:
            return best[1], f"{best[1]}: the pile ({o.pile_size} cards) is worth {best[0]:.0f}"
        if o.shown_before_draw:
            for a in legal:
                if a.op is Op.RETRACT:
                    return a, "retract: the shown melds cannot take the pile"
        for op in (Op.DRAW, Op.END):
            for a in legal:
                if a.op is op:
                    why = "the pile is not worth taking" if takes else "the pile cannot be taken"
                    return a, f"{a}: {why}"
        return self._fallback(o, legal)

    def _out_ready(self, o: Obs) -> bool:
        need = o.rules.go_out_canastas
        return o.canastas[o.side] >= need and self.leftover(o) <= 1

    def _want_out(self, o: Obs) -> bool:
        opp = max((self.table_points(o, s) for s in range(len(o.melds)) if s != o.side), default=0)
        behind = opp - self.table_points(o, o.side)
        return not (behind > self.w.stay_in_margin and o.stock >= self.w.stay_in_stock)

    def _play(self, o: Obs, legal: list[Action]) -> tuple[Action, str]:
        r = o.rules
        side = o.side
        opened = o.opened[side]
        going_out = False
        if opened and self._out_ready(o) and self._want_out(o):
            if r.ask_partner == "mandatory" and o.answer is None and not o.asked:
                for a in legal:
                    if a.op is Op.ASK:
                        return a, "ask: ready to go out"
            going_out = o.answer != "no" or r.ask_partner not in ("mandatory",)
            if o.answer == "no":
                going_out = False
        plan = None if opened else self.opening_plan(o)
        best: tuple[float, Action, str] | None = None
        for a in legal:
            sc, why = self._score_play(o, a, going_out, plan)
            if sc > 0 and (best is None or sc > best[0]):
                best = (sc, a, why)
        if best is not None:
            return best[1], best[2]
        if not opened and o.melded:
            for a in legal:
                if a.op is Op.RETRACT:
                    return a, "retract: the provisional melds cannot reach the minimum"
        discards = [a for a in legal if a.op is Op.DISCARD]
        if discards:
            return self._discard(o, discards, going_out)
        return self._fallback(o, legal)

    def _score_play(self, o: Obs, a: Action, going_out: bool, plan: tuple[set[int], set[int]] | None
                    ) -> tuple[float, str]:
        r = o.rules
        opened = o.opened[o.side]
        if a.op is Op.MELD:
            wild = sum(1 for f in a.cards if is_wild(f))
            if any(is_black_three(f) for f in a.cards):
                return (90.0, f"{a}: black threes, going out") if going_out else (0.0, "")
            nat = [f for f in a.cards if not is_wild(f)]
            rank = _rank(nat[0]) if nat else 0
            if going_out:
                return 80.0 - 10 * wild, f"{a}: melding out"
            if not opened:
                if plan is None:
                    return 0.0, ""
                triples, pairs = plan
                if wild == 0 and rank in triples:
                    return 70.0 + 0.1 * rank, f"{a}: opening meld"
                if wild == 1 and rank in pairs:
                    return 65.0 + 0.1 * rank, f"{a}: opening meld with a wild card"
                return 0.0, ""
            if wild == 0:
                return 60.0, f"{a}: a new natural meld"
            return 0.0, ""
        if a.op is Op.ADD:
            f = a.cards[0]
            if a.meld >= len(o.melds[o.side]):
                return 0.0, ""
            m = o.melds[o.side][a.meld]
            if not is_wild(f):
                if not opened and plan is None:
                    return 0.0, ""
                return 75.0, f"{a}: adds to the {m.size}-card meld"
            if going_out:
                return 50.0, f"{a}: a wild card, going out"
            if not opened:
                return 0.0, ""
            gap = r.canasta_size - m.size
            if 0 < gap <= self.w.wild_gap:
                return 55.0, f"{a}: a wild card completes a canasta"
            return 0.0, ""
        if a.op is Op.END:
            return 1.0, f"{a}: the hand ends"
        return 0.0, ""

    def _discard(self, o: Obs, discards: list[Action], going_out: bool) -> tuple[Action, str]:
        best: tuple[float, Action, str] | None = None
        for a in discards:
            sc, why = self.discard_score(o, a.cards[0])
            if best is None or sc > best[0]:
                best = (sc, a, why)
        assert best is not None
        return best[1], best[2]

    def discard_score(self, o: Obs, f: int) -> tuple[float, str]:
        """Higher is a better discard; with a reason."""
        w = self.w
        r = o.rules
        val = o.model.value[f]
        n = len(o.hand_counts)
        nxt = (o.seat + 1) % n
        nside = nxt % len(o.melds)
        frozen_next = o.pile_frozen
        pile_after = o.pile_size + 1
        if is_wild(f):
            opp_open = any(o.opened[s] for s in range(len(o.melds)) if s != o.side)
            if (r.freeze_on_wild and not o.pile_frozen and o.pile_size >= w.freeze_pile and opp_open):
                return w.freeze_bonus - w.wild_discard, "freezes a big pile"
            return -w.wild_discard - val, "a wild card (kept when possible)"
        if is_black_three(f):
            return w.black3 + w.danger_pile * pile_after * 0.5, "a black three stops the pile"
        if is_red_three(f):
            return -val, "a red three"
        rank = _rank(f)
        score = w.value * val
        why = "a safe card"
        copies = 4 * r.packs
        in_hand = sum(1 for g in o.hand if not is_wild(g) and _rank(g) == rank)
        unseen = max(0, copies - o.seen_rank[rank])
        danger = w.danger_unseen * max(0, unseen - 1) * (1 + w.danger_pile * pile_after / 10)
        if not frozen_next and r.pickup_layoff:
            for m in o.melds[nside]:
                if m.rank == rank and not m.black3:
                    danger += w.danger_meld_rank * (1 + pile_after / 5)
                    why = "the next player has that meld"
        if o.thrown and o.thrown[nxt][rank]:
            score += w.safe_thrown_by_next
            why = "the next player threw that rank away"
        if in_hand >= 2:
            score -= w.break_pair * (in_hand - 1)
        if any(m.rank == rank and not m.black3 for m in o.melds[o.side]):
            score -= 20
        if unseen <= 1 and why == "a safe card":
            why = "few copies left unseen"
        return score - danger, why

    def _fallback(self, o: Obs, legal: list[Action]) -> tuple[Action, str]:
        for a in legal:
            if a.op not in (Op.ASK, Op.RETRACT):
                return a, f"{a}: no better choice"
        return legal[0], f"{legal[0]}: no better choice"


class HeuristicBot(KnowsRules):
    """The heuristic strategy as a bot (``seed`` only breaks nothing: the strategy is deterministic)."""

    name = "heuristic"

    def __init__(self, seed: int | str = 0, weights: Weights | None = None) -> None:
        self.strategy = Heuristic(weights)
        self.rules: RuleSet | None = None
        self.seed = seed
        self._last = ""

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        o = Obs.from_view(view, self._rules(view))
        a, self._last = self.strategy.decide(o, legal)
        return a

    def explain(self) -> str:
        return self._last

