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
* **Answering "may I go out?"** — as a partner who sees only its own hand: "no" while it holds
  ``yes_meld_points`` or more points it could still meld (naturals of the side's melds, groups of
  three, wild cards for the melds), or more than ``yes_max_points`` points with the stock still long;
  "yes" otherwise, and always when an opponent holds ``yes_opp_cards`` cards or fewer (they may go
  out first and catch both hands). In Spanish only the first answer binds; the same rule is used.
* **Discarding** — the card least useful to the next opponent and to the bot: count what has been seen
  (table, pile, discards, cards known in hands) so a rank with few copies unseen is safe; avoid ranks
  the next opponent has melded (they could take the pile with it); prefer ranks that opponent threw
  away; black threes stop the pile; keep pairs and wild cards, but freeze a big pile with a wild when
  the opponents have opened and the pile is worth it.

Three-pack games (Samba, Bolivia: sequences, wild melds, several melds of a rank) add:

* **Hand layout** — :mod:`canasta.bots.plan` splits the hand into sequences of one suit, groups,
  pairs with a wild card and wild melds, plus the cards that extend the side's melds; opening, going
  out and the leftover count use it.
* **Sequences** — runs are laid as soon as the side is open (before groups: an escalera is worth
  1,500 and Bolivia needs one to go out) and extended at both ends; a card next to a same-suit card
  in hand or two ranks from the side's sequence is kept (``seq_adjacent``, ``seq_gap``,
  ``seq_table_gap``, all times ``escalera_need`` while the side still lacks a sequence canasta where
  the rules require one); a card that extends the next opponent's sequence is not thrown
  (``danger_seq``: the top card may extend a sequence on the table and take the pile).
* **Going out** needs the rules' canastas *and* the sequence canasta where required.
* **Merging** two group melds of a rank when neither is a canasta yet.
* **Wild melds** — with ``wild_meld_min`` wild cards in hand and none better used, a wild meld
  (Bolivia: seven make a "bolivia", 2,500); wild cards go onto it, except one that completes a
  canasta.
* **Red threes (optional melds, S1)** — melded when the side has what it needs to go out, or nearly
  (``red3_near``), or the stock is short (``red3_stock``: held at the end they cost 750); otherwise
  thrown as a safe discard that blocks the pile (``red3_discard``).
* **Pass** — with one card left and no way out, the bot passes (S1).

Trey Canasta (S0) adds:

* **Red treys** — one just picked up is disclosed at once (``meld 3H``) and its further card drawn
  (``draw``) before anything else, asking included; it is held instead as a wild card (T8) when the
  side is open, the hand has no other wild card and a group is one card short of a canasta. A held
  red trey is disclosed when going out or the stock is short (``red3_stock``), and thrown to freeze
  a big pile (``freeze_pile``).
* **Black treys** — three or more are kept to go out with as a meld (``black3_keep``); fewer are
  stopping discards.
* **First turn** — the upcard (with one stock card) when it is wild, a red trey or matches
  ``upcard_pair`` naturals in hand. **Top card** — the lay-down with the top discard alone whenever
  the engine lists it (it lists it only when it makes the lay-down).
* **Asking** is legal only right after the pick-up: the bot asks then when its hand plan melds out
  but for one card, and lays nothing toward going out without the partner's yes.

The American games (R 1.2, S3) add:

* **Special hands** are declared as soon as the engine lists one (``special_hand``).
* **Opening** — planned by :mod:`canasta.bots.opening` (natural groups, pairs with one or two wild
  cards, one natural meld of three kept natural, aces only with a wild card, a natural canasta
  whatever its points; the fewest wild cards, then the fewest pairs). An unopened side with a natural
  pair of the top card shows the rest of its opening before the draw and takes the pile, unless the
  hand opens by itself and the pile is under ``open_take_pile`` cards (the talon comes only with an
  opening from hand). While unopened it keeps high cards (``open_keep_value`` per point) and pairs
  (``open_keep_pair``): they are what reaches 155 or 180.
* **7s, aces and wild melds** (incomplete: -2,500 / -2,000) are started only holding
  ``risky_rank_min`` / ``risky_wild_min`` of their cards (a whole canasta when going out or with the
  stock at ``risky_stock``); a take that would start one costs ``risky_take``. Three or more 7s or
  aces that will not be melded are shed (``stuck_shed``: -1,500 when held at the end).
* **Dead ranks** (a canasta closed at seven) are safe discards toward that side (``dead_safe``) and
  of no use to ours (``dead_own``).

Unknown actions (ops added by later presets) score zero: the bot plays them only when nothing it
knows is legal, so :meth:`HeuristicBot.choose` always returns one of the legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..actions import Action, Op
from ..cards import is_black_three, is_red_three, is_wild
from ..melds import Meld, MeldType, wilds_allowed
from ..model import CardModel, card_model
from ..rules import RuleSet
from ..state import SAID_NO, SAID_YES, GameState, Phase
from .base import KnowsRules
from .explain import Explanation, explanation
from .knowledge import Knowledge, analyse
from .opening import OpeningPlan, plan_opening
from .plan import BLACK3, GROUP, RISKY_RANK_MIN, RISKY_WILD_MIN, SEQ, WILD, HandPlan, plan_hand, risky_rank

_KINDS = {MeldType.GROUP: GROUP, MeldType.BLACK3: BLACK3, MeldType.SEQUENCE: SEQ, MeldType.WILD: WILD}


# Melds are immutable and shared by a state's clones, so a search bot's playouts see the same Meld
# objects over and over: their MeldObs (and the ranks they show) are cached by identity.
_MELD_CACHE: dict[tuple[int, int], tuple[Meld, MeldObs, tuple[tuple[int, int], ...]]] = {}


def _meld_obs(m: Meld, size: int) -> tuple[MeldObs, tuple[tuple[int, int], ...]]:
    """The heuristic's picture of a meld, and (rank, natural cards) pairs it shows."""
    key = (id(m), size)
    hit = _MELD_CACHE.get(key)
    if hit is not None and hit[0] is m:
        return hit[1], hit[2]
    kind = _KINDS.get(m.type, GROUP)
    seq = kind == SEQ
    mo = MeldObs(m.rank, m.size, m.naturals, m.wilds, m.size >= size and kind != BLACK3, kind == BLACK3,
                 kind, m.suit if seq else -1, m.high if seq else 0)
    shown = tuple((f // 4 + 2, 1) for f in m.cards) if seq else ((m.rank, m.naturals),) if m.naturals else ()
    if len(_MELD_CACHE) > 100_000:
        _MELD_CACHE.clear()
    _MELD_CACHE[key] = (m, mo, shown)
    return mo, shown


def label(a: Action) -> str:
    """An action's notation; an op this code does not know (a later preset) by its number."""
    try:
        return str(a)
    except (KeyError, ValueError, TypeError):
        return f"action {a.op!r}"


@dataclass(frozen=True)
class Weights:
    """Tunable numbers of the heuristic strategy (see the module docstring)."""

    take_threshold: float = 0.0       # take when the pile's worth exceeds this
    pile_card: float = 12.0           # worth of each card of the pile besides its points
    wild_spent: float = 60.0          # cost of a wild card used to take the pile
    wild_gap: int = 1                 # add a wild to a meld this many cards short of a canasta
    yes_max_points: int = 100         # answer "yes" while holding at most this many points ...
    yes_meld_points: int = 50         # ... and fewer than this many points the side could still meld
    yes_opp_cards: int = 2            # ... but "yes" whenever an opponent holds this few cards
    yes_stock: int = 20               # (and "yes" with more points only once the stock is this short)
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
    # three-pack games (see the module docstring)
    seq_adjacent: float = 14.0        # keep a card per same-suit neighbour (one rank away) in hand
    seq_gap: float = 6.0              # ... per same-suit card two ranks away
    seq_table_gap: float = 12.0       # ... two ranks from an end of the side's sequence
    escalera_need: float = 1.6        # sequence keeping weights times this while the side needs one
    danger_seq: float = 150.0         # the card extends the next opponent's sequence
    wild_gap_max: int = 2             # complete a canasta with up to this many wilds from hand
    wild_meld_min: int = 3            # lay a wild meld holding this many wild cards
    red3_stock: int = 16              # meld red threes once the stock is this short
    red3_near: int = 1                # ... or the side lacks at most this many canastas (and has its
                                      # sequence canasta or a sequence of five)
    red3_discard: float = 70.0        # a red three not melded: a safe discard that blocks the pile
    seq_hold: float = 14.0            # while the side needs its escalera, a natural worth this much
                                      # to a sequence stays out of groups
    # Trey Canasta (S0) and the American games (R 1.2, S3): see the module docstring
    special_hand: float = 300.0       # declare a listed special hand (R 1.2, S3 F: 2,000 to 3,000)
    upcard_pair: int = 2              # take the first-turn upcard matching this many naturals in hand
    risky_rank_min: int = RISKY_RANK_MIN  # start a meld of a rank penalised when incomplete (7s,
                                          # aces: -2,500) only holding this many of it
    risky_wild_min: int = RISKY_WILD_MIN  # ... a wild meld penalised when incomplete (-2,000)
                                          # holding this many wild cards
    dead_safe: float = 30.0           # a rank the next side has closed (R 1.2 dead ranks) is safe
    dead_own: float = 40.0            # ... and one our side has closed is of no use to us
    risky_stock: int = 16             # ... and a whole canasta of it once the stock is this short
    risky_take: float = 1000.0        # cost of a take that starts such a meld with fewer
    stuck_shed: float = 80.0          # shed a rank that costs a penalty when held (3+ 7s or aces)
    stuck_stock: int = 30             # ... more urgently once the stock is this short
    black3_keep: float = 200.0        # keep black treys that can go out as a meld (S0 [F](ii){b})
    open_keep_value: float = 2.0      # American games, side unopened: keep high cards (per point)
    open_keep_pair: float = 30.0      # ... and its pairs and groups
    open_take_pile: int = 4           # ... show the opening and take the pile rather than open
                                      # from hand once the pile holds this many cards


@dataclass
class MeldObs:
    rank: int          # the group's rank; a sequence's lowest rank
    size: int
    naturals: int
    wilds: int
    canasta: bool
    black3: bool
    kind: str = GROUP  # group, seq, wild or black3 (canasta.bots.plan)
    suit: int = -1     # a sequence's suit
    high: int = 0      # a sequence's highest rank

    @staticmethod
    def of_cards(cards: list[int], size: int, canasta: bool, black3: bool, rank: int) -> MeldObs:
        """From a meld's cards as the view shows them (a closed canasta: a group)."""
        wild = sum(1 for f in cards if is_wild(f))
        nat = len(cards) - wild
        if black3:
            return MeldObs(3, size, nat, wild, canasta, True, BLACK3)
        if cards and nat == 0:
            return MeldObs(0, size, 0, wild, canasta, False, WILD)
        ranks = {f // 4 + 2 for f in cards}
        if wild == 0 and len(cards) > 1 and len(ranks) == len(cards):
            return MeldObs(min(ranks), size, nat, 0, canasta, False, SEQ, cards[0] % 4, max(ranks))
        return MeldObs(rank, size, nat, wild, canasta, False, GROUP)


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
    fresh3: int = 0        # S0 [F](i){c}: own red treys that may be disclosed for a further card
    bonus_draws: int = 0   # further cards owed for red treys disclosed this turn
    seen_rank: list[int] = field(default_factory=lambda: [0] * 15)
    thrown: list[list[int]] = field(default_factory=list)
    known: list[list[int]] = field(default_factory=list)  # per seat: faces known in that hand
    _plan: HandPlan | None = None

    @property
    def plan(self) -> HandPlan:
        """The layout of the hand (computed once per decision)."""
        if self._plan is None:
            self._plan = plan_hand(self)
        return self._plan

    def seq_canastas(self, side: int) -> int:
        return sum(1 for m in self.melds[side] if m.kind == SEQ and m.canasta)

    def needs_sequence(self) -> bool:
        """The side still lacks the sequence canasta the rules require to go out."""
        return self.rules.go_out_sequence and self.seq_canastas(self.side) == 0

    def requirement_met(self) -> bool:
        """The side has the canastas needed to go out (with the sequence canasta where required)."""
        return self.canastas[self.side] >= self.rules.go_out_canastas and not self.needs_sequence()

    @staticmethod
    def from_view(view: dict[str, Any], rules: RuleSet, k: Knowledge | None = None) -> Obs:
        if k is None:
            k = analyse(view, rules)
        ts = view["turn_state"]
        melds = [[MeldObs.of_cards(m.cards, m.size, m.canasta, m.black3, m.rank) for m in ms]
                 for ms in k.melds]
        return Obs(rules, card_model(rules), view["seat"], view["side"], view["phase"], list(k.hand), melds,
                   list(k.pile), view["pile"]["size"],
                   view["pile"]["frozen"] or view["pile"]["frozen_for_me"] is not None,
                   list(view["opened"]), list(view["minimum"]), list(view["canastas"]),
                   list(view["scores"]), list(view["hand_counts"]), view["stock"], ts["took_pile"],
                   ts["melded"], ts["opening_points"], ts["asked"], ts["answer"],
                   ts["shown_before_draw"], view.get("fresh_red_threes", 0) or 0,
                   ts.get("replacement_draws", 0) or 0, list(k.seen_rank), [list(x) for x in k.discarded],
                   [list(x) for x in k.known])

    @staticmethod
    def from_state(s: GameState, seat: int) -> Obs:
        """Inside a bot's own sampled world only (a search bot's rollouts)."""
        r = s.rules
        side = s.side_of(seat)
        hand = s.hand_cards(seat)
        seen = [0] * 15
        melds: list[list[MeldObs]] = []
        size = r.canasta_size
        for ms in s.melds:
            side_melds = []
            for m in ms:
                mo, shown = _meld_obs(m, size)
                side_melds.append(mo)
                for rank, count in shown:
                    seen[rank] += count
            melds.append(side_melds)
        for f in hand:
            if not is_wild(f):
                seen[f // 4 + 2] += 1
        for f in s.pile:
            if not is_wild(f):
                seen[f // 4 + 2] += 1
        phase = {Phase.DRAW: "draw", Phase.PLAY: "play", Phase.ANSWER: "answer"}.get(s.phase, "over")
        return Obs(r, s.model, seat, side, phase, hand, melds, s.pile, len(s.pile),
                   s.frozen_reason(side) is not None,
                   s.opened, s.minimum, [s.canastas(i) for i in range(r.sides)], s.scores, s.hn,
                   len(s.stock), s.took_pile, s.turn_melded, s.turn_points, s.asked_turn,
                   {SAID_YES: "yes", SAID_NO: "no"}.get(s.permission), s.pre_draw,
                   s.fresh3[seat] if s.fresh3 else 0, s.bonus_draws, seen, [])


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
    @staticmethod
    def wildish(o: Obs, f: int) -> bool:
        """A wild card, or a red trey held in hand where it plays as one (S0 [F](i){c}, T8)."""
        return is_wild(f) or (o.rules.red3_wild and is_red_three(f))

    def table_points(self, o: Obs, side: int) -> int:
        """A rough table value of a side: the canasta bonuses plus 10 per melded card."""
        r = o.rules
        pts = 0
        for m in o.melds[side]:
            if m.canasta:
                if m.kind == SEQ:
                    pts += r.sequence_canasta
                elif m.kind == WILD:
                    pts += r.wild_canasta
                else:
                    pts += r.natural_canasta if m.wilds == 0 else r.mixed_canasta
            pts += 10 * m.size
        return pts

    def _meld_rank_index(self, o: Obs, rank: int) -> int:
        for i, m in enumerate(o.melds[o.side]):
            if m.rank == rank and m.kind == GROUP:
                return i
        return -1

    def leftover(self, o: Obs) -> int:
        """Cards that would be left after melding everything possible (wilds onto melds)."""
        if o.rules.sequences or o.rules.wild_melds:
            return len(o.plan.left)
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
        the minimum still needed and leave a card to discard; None otherwise (two-pack games)."""
        need = o.minimum[o.side] - o.opening_points
        val = o.model.value
        nat = _nat_counts(o.hand)
        pts = 0
        used = 0
        triples: set[int] = set()
        pairs: set[int] = set()
        for rank in range(14, 3, -1):
            if nat[rank] >= 3 and o.model.meld3_ok and (
                    nat[rank] >= self.w.risky_rank_min or not risky_rank(o, rank)):
                triples.add(rank)
                pts += sum(val[f] for f in o.hand if not is_wild(f) and _rank(f) == rank)
                used += nat[rank]
        if pts < need and o.model.meld21_ok:
            wilds = sorted((f for f in o.hand if is_wild(f)), key=lambda f: val[f])
            for rank in range(14, 3, -1):
                if pts >= need or not wilds:
                    break
                if nat[rank] == 2 and rank not in o.rules.no_wild_ranks and not risky_rank(o, rank):
                    wf = wilds.pop(0)
                    pairs.add(rank)
                    pts += 2 * val[(rank - 2) * 4] + val[wf]
                    used += 3
        if o.rules.opening_natural_meld and not triples and not self._natural_laid(o):
            return None  # R 1.2, S3 D: a natural meld of three
        if pts >= need and used < len(o.hand) and (triples or pairs):
            return triples, pairs
        return None

    @staticmethod
    def _natural_laid(o: Obs) -> bool:
        """The side's (provisional) melds hold a natural meld of three or more (R 1.2, S3 D)."""
        return any(m.kind == GROUP and m.wilds == 0 and m.naturals >= 3 for m in o.melds[o.side])

    def suited_opening(self, o: Obs) -> HandPlan | None:
        """Three-pack games: the hand's layout, if its melds (red and black threes aside) reach the
        minimum still needed and leave a card to discard."""
        p = o.plan
        need = o.minimum[o.side] - o.opening_points
        melds = [(t, fs) for t, fs in p.melds if t != BLACK3]
        if not melds and not (o.melds[o.side] and p.adds):
            return None
        if o.rules.opening_natural_meld and not self._natural_laid(o) and not any(
                t == GROUP and not any(is_wild(f) for f in fs) for t, fs in melds):
            return None  # R 1.2, S3 D: a natural meld of three
        val = o.model.value
        pts = sum(val[f] for _, fs in melds for f in fs) + sum(val[f] for f in p.adds if f // 4 != 1)
        keep = len(o.hand) - sum(len(fs) for _, fs in melds) - sum(1 for f in p.adds if f // 4 != 1)
        return p if pts >= need and keep >= 1 else None

    def red3_meld_ok(self, o: Obs) -> bool:
        """Meld a red three (S1: +100 with the going-out requirement, -100 without; -750 if held)?"""
        w = self.w
        if o.requirement_met() or o.stock <= w.red3_stock:
            return True
        short = o.rules.go_out_canastas - o.canastas[o.side]
        if short > w.red3_near:
            return False
        if not o.rules.go_out_sequence or o.seq_canastas(o.side):
            return True
        return any(m.kind == SEQ and m.size >= 5 for m in o.melds[o.side])

    # -------------------------------------------------------------- the decision
    def decide(self, o: Obs, legal: list[Action]) -> tuple[Action, str]:
        if len(legal) == 1:
            return legal[0], f"{label(legal[0])}: the only legal action"
        if o.phase == "answer":
            return self._answer(o, legal)
        if o.phase == "draw":
            return self._draw(o, legal)
        return self._play(o, legal)

    def meldable_points(self, o: Obs) -> int:
        """Points in hand the side could still meld: naturals of a rank the side has melded (and not
        closed), groups of three naturals, and wild cards while the side has a meld to take them."""
        r = o.rules
        val = o.model.value
        nat = _nat_counts(o.hand)
        groups = {m.rank for m in o.melds[o.side] if m.kind == GROUP
                  and not (r.max_meld_size and m.size >= r.max_meld_size)}
        pts = 0
        room = o.opened[o.side] and any(m.kind == GROUP and m.wilds < wilds_allowed(r, m.naturals)
                                        for m in o.melds[o.side])
        for f in o.hand:
            if is_wild(f):
                pts += val[f] if room else 0
            elif not is_red_three(f) and not is_black_three(f) and (_rank(f) in groups or nat[_rank(f)] >= 3):
                pts += val[f]
        return pts

    def answer_yes(self, o: Obs) -> tuple[bool, str]:
        """The partner's answer to "may I go out?" from the answerer's own hand, and why (a key of
        :mod:`canasta.bots.explain`): a good partner says no while it could still meld many points,
        and yes when the opponents are close to going out themselves."""
        n = len(o.hand_counts)
        opp = [o.hand_counts[s] for s in range(n) if s % len(o.melds) != o.side]
        if opp and min(opp) <= self.w.yes_opp_cards:
            return True, "opponent_near_out"
        if self.meldable_points(o) >= self.w.yes_meld_points:
            return False, "can_meld"
        pts = sum(o.model.value[f] for f in o.hand)
        if pts > self.w.yes_max_points and o.stock >= self.w.yes_stock:
            return False, "many_points"
        return True, "little_in_hand"

    def _answer(self, o: Obs, legal: list[Action]) -> tuple[Action, str]:
        yes, why = self.answer_yes(o)
        want = Op.YES if yes else Op.NO
        for a in legal:
            if a.op is want:
                return a, f"{a}: {why} (holding {sum(o.model.value[f] for f in o.hand)} points)"
        return self._fallback(o, legal)

    def pile_worth(self, o: Obs) -> float:
        return sum(o.model.value[f] for f in o.pile) + self.w.pile_card * o.pile_size

    def _special(self, legal: list[Action]) -> tuple[Action, str] | None:
        """A special hand the engine lists is declared at once (R 1.2, S3 F: 2,000 to 3,000)."""
        for a in legal:
            if a.op is Op.DECLARE:
                return a, f"{label(a)}: a special hand ends the hand with a large award"
        return None

    def _draw(self, o: Obs, legal: list[Action]) -> tuple[Action, str]:
        special = self._special(legal)
        if special is not None:
            return special
        takes = [a for a in legal if a.op is Op.TAKE]
        best: tuple[float, Action] | None = None
        worth = self.pile_worth(o)
        for a in takes:
            wilds = sum(1 for f in a.cards if is_wild(f))
            v = worth - self.w.wild_spent * wilds
            nat = [f for f in a.cards if not is_wild(f)]
            if a.meld < 0 and nat and risky_rank(o, _rank(nat[0])) and (
                    _nat_counts(o.hand)[_rank(nat[0])] + 1 < self.w.risky_rank_min):
                v -= self.w.risky_take  # R 1.2, S3 G: a new meld of 7s or aces, -2,500 if left short
            if best is None or v > best[0]:
                best = (v, a)
        if best is not None and best[0] > self.w.take_threshold:
            return best[1], f"{best[1]}: the pile ({o.pile_size} cards) is worth {best[0]:.0f}"
        show = self._american_show(o, legal) if self.american(o) else self._show_before_take(o, legal)
        if show is not None:
            return show
        tops = [a for a in legal if a.op is Op.TOP]
        if tops and not o.shown_before_draw:
            # S0 [G](i){a,b,c}: the top card alone with cards from hand makes the lay-down (the engine
            # lists it only then); the fewest wild cards, then the most cards laid
            a = min(tops, key=lambda t: (sum(1 for f in t.cards if self.wildish(o, f)), -len(t.cards)))
            return a, f"{a}: the top card makes the lay-down (S0 [G](i))"
        for a in legal:
            if a.op is Op.UPCARD and o.pile and self._upcard_ok(o, o.pile[-1]):
                return a, f"{a}: the upcard is worth more than a stock card"
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

    def _show_before_take(self, o: Obs, legal: list[Action]) -> tuple[Action, str] | None:
        """An unopened side takes the pile by first showing the rest of its opening from hand
        (R 1.1, R 1.2, S3 J): with a natural pair of the top card, lay the hand's other planned
        melds before drawing when, with what the take counts (the top card where
        ``pile_top_counts``, the pair where ``take_cards_count``), they reach the minimum."""
        r = o.rules
        if o.opened[o.side] or not o.pile or not any(a.op is Op.MELD for a in legal):
            return None
        top = o.pile[-1]
        if is_wild(top) or top // 4 == 1:
            return None
        rank = _rank(top)
        if risky_rank(o, rank) or _nat_counts(o.hand)[rank] < 2:
            return None
        rest = list(o.hand)
        pair = [f for f in rest if not is_wild(f) and _rank(f) == rank][:2]
        for f in pair:
            rest.remove(f)
        rest = [f for f in rest if is_wild(f) or _rank(f) != rank]
        o2 = replace(o, hand=rest, _plan=None)
        plan = o2.plan
        melds = [(t, fs) for t, fs in plan.melds if t != BLACK3]
        if not melds:
            return None
        val = o.model.value
        pts = sum(val[f] for _, fs in melds for f in fs)
        if r.take_cards_count:
            pts += sum(val[f] for f in pair)
        if r.pile_top_counts:
            pts += val[top]
        if pts < o.minimum[o.side] - o.opening_points or len(rest) - sum(len(fs) for _, fs in melds) < 1:
            return None
        if r.opening_natural_meld and not self._natural_laid(o) and not any(
                t == GROUP and not any(is_wild(f) for f in fs) for t, fs in melds) and not r.take_cards_count:
            return None
        best: tuple[float, Action, str] | None = None
        for a in legal:
            if a.op is Op.MELD and not any(not is_wild(f) and _rank(f) == rank for f in a.cards):
                nat = [f for f in a.cards if not is_wild(f)]
                seq = len(nat) == len(a.cards) and len({_rank(f) for f in nat}) == len(nat) > 1
                sc, _ = self._planned_meld(o2, a, plan, seq, len(a.cards) - len(nat))
                if sc > 0 and (best is None or sc > best[0]):
                    best = (sc, a, f"{a}: shown before taking the pile with the pair of the top card")
        return None if best is None else (best[1], best[2])

    @staticmethod
    def american(o: Obs) -> bool:
        """Groups only and a natural meld in every opening (R 1.2, S3): :mod:`.opening` plans it."""
        return o.rules.opening_natural_meld and not o.rules.sequences

    def _american_show(self, o: Obs, legal: list[Action]) -> tuple[Action, str] | None:
        """R 1.2, S3 J: an unopened side with a natural pair of the top card shows the rest of its
        opening from hand before the draw, then takes the pile (``_draw`` takes it once the engine
        lists the take). With a hand that opens by itself and a small pile it draws instead (the
        talon, R 1.2: 4 or 3 cards, comes only with an opening from hand)."""
        if o.opened[o.side] or not o.pile:
            return None
        top = o.pile[-1]
        if is_wild(top) or top // 4 == 1:
            return None
        plan = plan_opening(o, top)
        if plan is None:
            return None
        if not o.shown_before_draw and o.pile_size < self.w.open_take_pile and plan_opening(o) is not None:
            return None
        return self._opening_step(o, plan, legal, "shown before taking the pile with a pair of its top")

    def _opening_step(self, o: Obs, plan: OpeningPlan, legal: list[Action],
                      why: str) -> tuple[Action, str] | None:
        """The next meld or add of ``plan`` (a new meld's first three cards; the rest of it is
        planned again as adds once it is on the table), if the engine lists it."""
        kind = o.model.kind_of
        got = ("a natural canasta opens whatever its points" if plan.canasta
               else f"{o.opening_points + plan.points} of {o.minimum[o.side]}")
        for fs in plan.melds:
            nat = [f for f in fs if not is_wild(f)]
            first = nat[:3] if len(nat) >= 3 else nat[:2] + [f for f in fs if is_wild(f)][:1]
            want = sorted(kind[f] for f in first)
            for a in legal:
                if a.op is Op.MELD and sorted(kind[f] for f in a.cards) == want:
                    return a, f"{a}: opening meld ({got}); {why}"
        for idx, f in plan.adds:
            for a in legal:
                if a.op is Op.ADD and a.meld == idx and kind[a.cards[0]] == kind[f]:
                    return a, f"{a}: opening ({got}); {why}"
        return None

    def _upcard_ok(self, o: Obs, top: int) -> bool:
        """S0 [A](i): the first player may take the upcard with one stock card (then no lay-down
        that turn): worth it for a wild card, a red trey or a natural matching a pair in hand."""
        if self.wildish(o, top) or is_red_three(top):
            return True
        if is_black_three(top):
            return False
        return _nat_counts(o.hand)[_rank(top)] >= self.w.upcard_pair

    def out_ready(self, o: Obs) -> bool:
        """Could the side go out this turn: the rules' canastas met, the hand melds out but for one card."""
        if not o.requirement_met():
            return False
        if o.rules.black3_out_no_discard and (o.rules.sequences or o.rules.wild_melds) and any(
                t == BLACK3 for t, _ in o.plan.melds):
            return self.leftover(o) == 0  # S0 [F](ii){b}: black treys go out last, with no discard
        return self.leftover(o) <= 1

    def _want_out(self, o: Obs) -> bool:
        opp = max((self.table_points(o, s) for s in range(len(o.melds)) if s != o.side), default=0)
        behind = opp - self.table_points(o, o.side)
        return not (behind > self.w.stay_in_margin and o.stock >= self.w.stay_in_stock)

    def must_ask(self, o: Obs) -> bool:
        """Ready and willing to go out where the rules make asking the partner mandatory (S2: "You
        MUST ask your partner if you can go out"), and not asked yet this turn."""
        return (o.opened[o.side] and o.rules.ask_partner == "mandatory" and o.answer is None
                and not o.asked and self.out_ready(o) and self._want_out(o))

    def going_out(self, o: Obs) -> bool:
        """Does the player lay its cards toward going out this turn: ready, willing, and not refused
        by the partner (S2: "abide by their decision")."""
        r = o.rules
        if not (o.opened[o.side] and self.out_ready(o) and self._want_out(o)) or o.answer == "no":
            return False
        # S0 [J](ii): no going out without the partner's yes, and the question comes only right
        # after the pick-up: too late now, so nothing is laid in the hope of it
        return not (r.ask_after_pickup and r.ask_partner == "mandatory" and o.answer != "yes")

    def _play(self, o: Obs, legal: list[Action]) -> tuple[Action, str]:
        r = o.rules
        side = o.side
        opened = o.opened[side]
        special = self._special(legal)
        if special is not None:
            return special
        if r.red3_mode == "disclose":  # S0 [F](i){c}: the further cards come first (asking ends them)
            for a in legal:
                if a.op is Op.DRAW:
                    return a, f"{a}: the further card for the red trey disclosed"
            if o.fresh3 > 0 and not self._hold_red3(o):
                for a in legal:
                    if a.op is Op.MELD and len(a.cards) == 1 and is_red_three(a.cards[0]):
                        return a, f"{a}: a red trey disclosed at once, for a further card (S0 [F](i){{c}})"
        if self.must_ask(o):
            for a in legal:
                if a.op is Op.ASK:
                    return a, "ask: ready to go out"
        going_out = self.going_out(o)
        plan: tuple[set[int], set[int]] | HandPlan | None = None
        if not opened and self.american(o):
            op = plan_opening(o)
            step = None if op is None else self._opening_step(o, op, legal, "the plan reaches the minimum")
            if step is not None:
                return step
        elif not opened:
            plan = self.suited_opening(o) if (r.sequences or r.wild_melds) else self.opening_plan(o)
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
        for a in legal:
            if a.op is Op.PASS:
                return a, "pass: one card left and the side may not go out yet (S1)"
        return self._fallback(o, legal)

    def _score_play(self, o: Obs, a: Action, going_out: bool,
                    plan: tuple[set[int], set[int]] | HandPlan | None) -> tuple[float, str]:
        if a.op is Op.MELD:
            return self._score_meld(o, a, going_out, plan)
        if a.op is Op.ADD:
            return self._score_add(o, a, going_out, plan)
        if a.op is Op.MERGE:
            ms = o.melds[o.side]
            if max(a.meld, a.other) < len(ms) and not ms[a.meld].canasta and not ms[a.other].canasta:
                return 72.0, f"{a}: two melds of a rank make one, nearer a canasta"
            return 0.0, ""
        if a.op is Op.END:
            return 1.0, f"{a}: the hand ends"
        if a.op is Op.DRAW:  # S0 [F](i){c}: the further card for a red trey disclosed at once
            return 91.0, f"{a}: the further card for the red trey disclosed"
        return 0.0, ""

    def _score_meld(self, o: Obs, a: Action, going_out: bool,
                    plan: tuple[set[int], set[int]] | HandPlan | None) -> tuple[float, str]:
        opened = o.opened[o.side]
        wild = sum(1 for f in a.cards if is_wild(f))
        if any(is_black_three(f) for f in a.cards):
            return (90.0, f"{a}: black threes, going out") if going_out else (0.0, "")
        if len(a.cards) == 1 and is_red_three(a.cards[0]) and o.rules.red3_mode == "disclose":
            return self._trey_red3(o, going_out)
        if len(a.cards) == 1 and is_red_three(a.cards[0]):
            if going_out or self.red3_meld_ok(o):
                return 85.0, f"{a}: a red three melded (the side can count it plus, or the hand is ending)"
            return 0.0, ""
        nat = [f for f in a.cards if not is_wild(f)]
        rank = _rank(nat[0]) if nat else 0
        seq = len(nat) == len(a.cards) and len({_rank(f) for f in nat}) == len(nat) > 1
        if not seq and self.meld_risk(o, rank, going_out):
            return 0.0, ""
        if going_out:
            return 80.0 - 10 * wild, f"{a}: melding out"
        if isinstance(plan, HandPlan):
            return self._planned_meld(o, a, plan, seq, wild)
        if not opened:
            if plan is None:
                return 0.0, ""
            triples, pairs = plan
            if wild == 0 and rank in triples:
                return 70.0 + 0.1 * rank, f"{a}: opening meld"
            if wild == 1 and rank in pairs:
                return 65.0 + 0.1 * rank, f"{a}: opening meld with a wild card"
            return 0.0, ""
        if seq:
            return 62.0 + 0.1 * rank, f"{a}: a new sequence"
        if not nat:
            held = sum(1 for f in o.hand if is_wild(f))
            if held >= self.w.wild_meld_min and not any(m.kind == WILD for m in o.melds[o.side]):
                return 58.0, f"{a}: a meld of wild cards (seven make a canasta)"
            return 0.0, ""
        if wild == 0:
            keep = sum(self.seq_keep(o, f) for f in a.cards) if o.rules.sequences else 0.0
            return 60.0 - keep / 10, f"{a}: a new natural meld"
        return 0.0, ""

    def meld_risk(self, o: Obs, rank: int, going_out: bool) -> bool:
        """R 1.2, S3 G, H: a new meld of 7s or aces (rank) or of wild cards (rank 0) left short of a
        canasta costs 2,500 / 2,000. Start one only holding ``risky_rank_min`` (``risky_wild_min``)
        of its cards, and holding a whole canasta when going out or with the stock short."""
        r = o.rules
        if rank == 0:
            if not any(r.wild_incomplete_by_jokers):
                return False
            held, need = sum(1 for f in o.hand if is_wild(f)), self.w.risky_wild_min
        elif risky_rank(o, rank):
            held, need = _nat_counts(o.hand)[rank], self.w.risky_rank_min
        else:
            return False
        if going_out or o.stock <= self.w.risky_stock:
            need = r.canasta_size
        return held < need

    def _trey_red3(self, o: Obs, going_out: bool) -> tuple[float, str]:
        """S0 [F](i): a red trey disclosed at once earns a further card; held, it is a wild card
        (T8) and costs 100 in hand at the end; disclosed later, it earns no card."""
        if o.fresh3 > 0 and not self._hold_red3(o):
            return 92.0, "a red trey disclosed at once, for a further card (S0 [F](i){c})"
        if going_out:
            return 85.0, "a red trey disclosed, going out (held it would count 100 against)"
        if o.stock <= self.w.red3_stock:
            return 84.0, "a red trey disclosed: the stock is short and held it counts 100 against"
        return 0.0, ""

    def _hold_red3(self, o: Obs) -> bool:
        """Keep a fresh red trey as a wild card (T8): the side is open, the hand has no other wild
        card and a group meld of the side is one card short of a canasta and may take a wild."""
        r = o.rules
        if not r.red3_wild or not o.opened[o.side] or any(is_wild(f) for f in o.hand):
            return False
        return any(m.kind == GROUP and not m.canasta and r.canasta_size - m.size == 1
                   and m.wilds < wilds_allowed(r, m.naturals) for m in o.melds[o.side])

    def _planned_meld(self, o: Obs, a: Action, plan: HandPlan, seq: bool, wild: int) -> tuple[float, str]:
        """A new meld while opening in a three-pack game: one of the plan's melds."""
        cards = set(a.cards)
        for t, fs in plan.melds:
            if t == SEQ and seq and cards <= set(fs):
                return 70.0, f"{a}: opening with a sequence"
            if t == GROUP and not seq and wild <= sum(1 for f in fs if is_wild(f)) and all(
                    is_wild(f) or _rank(f) == _rank(fs[0]) for f in a.cards):
                return 69.0 - 2 * wild, f"{a}: opening meld"
            if t == WILD and all(is_wild(f) for f in a.cards):
                return 66.0, f"{a}: opening with a meld of wild cards"
        return 0.0, ""

    def _score_add(self, o: Obs, a: Action, going_out: bool,
                   plan: tuple[set[int], set[int]] | HandPlan | None) -> tuple[float, str]:
        r = o.rules
        f = a.cards[0]
        if a.meld >= len(o.melds[o.side]):
            return 0.0, ""
        m = o.melds[o.side][a.meld]
        opened = o.opened[o.side]
        if not self.wildish(o, f):
            if not opened and plan is None:
                return 0.0, ""
            if m.kind == SEQ:
                return 76.0, f"{a}: extends the sequence to {m.size + 1} cards"
            if opened and o.needs_sequence() and self.seq_keep(o, f) >= self.w.seq_hold:
                return 0.0, ""
            return 75.0, f"{a}: adds to the {m.size}-card meld"
        if going_out:
            return 50.0, f"{a}: a wild card, going out"
        if not opened and not isinstance(plan, HandPlan):
            return 0.0, ""
        held = sum(1 for g in o.hand if self.wildish(o, g))
        if m.kind == WILD:
            return (57.0, f"{a}: grows the meld of wild cards") if opened or plan is not None else (0.0, "")
        if m.kind != GROUP or not opened:
            return 0.0, ""
        gap = r.canasta_size - m.size
        room = wilds_allowed(r, m.naturals) - m.wilds
        if 0 < gap <= self.w.wild_gap or (0 < gap <= min(self.w.wild_gap_max, held, room)
                                          and (r.sequences or r.wild_melds)):
            return 59.0, f"{a}: wild cards complete a canasta"
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
        """Higher is a better discard; with the reason's code (:mod:`canasta.bots.explain` says it in
        a player's words: ``freeze_pile``, ``black3_stops``, ``next_threw``, ...)."""
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
                return w.freeze_bonus - w.wild_discard, "freeze_pile"
            return -w.wild_discard - val, "wild"
        if is_black_three(f):
            held = sum(1 for g in o.hand if is_black_three(g))
            if r.black3_hand_penalty and r.black3_meld != "none" and held >= r.black3_meld_min:
                # S0 [F](ii): three or more go out as a meld; fewer cost 100 each in hand
                return -w.black3_keep, "black3_kept"
            return w.black3 + w.danger_pile * pile_after * 0.5, "black3_stops"
        if is_red_three(f):
            if r.red3_mode == "optional":
                return w.red3_discard + w.danger_pile * pile_after * 0.5, "red3_blocks"
            if r.red3_mode == "disclose" and r.freeze_on_red3:
                # S0 [H](ii), [F](i){c}: a held red trey discarded freezes the pack
                opp_open = any(o.opened[s] for s in range(len(o.melds)) if s != o.side)
                if not o.pile_frozen and o.pile_size >= w.freeze_pile and opp_open:
                    return w.freeze_bonus - w.wild_discard / 2, "red3_freezes"
                return -w.wild_discard / 2 - val, "red3_wild"
            return -val, "red3"
        rank = _rank(f)
        score = w.value * val
        if not o.opened[o.side] and self.american(o) and o.stock > w.risky_stock:
            score -= w.open_keep_value * val  # R 1.2: 125 to 180 to open: high cards are kept
        why = "safe"
        copies = 4 * r.packs
        in_hand = sum(1 for g in o.hand if not is_wild(g) and _rank(g) == rank)
        unseen = max(0, copies - o.seen_rank[rank])
        danger = w.danger_unseen * max(0, unseen - 1) * (1 + w.danger_pile * pile_after / 10)
        if not frozen_next and r.pickup_layoff:
            for m in o.melds[nside]:
                if m.rank == rank and m.kind == GROUP and not (m.canasta and not r.pickup_layoff_canasta):
                    danger += w.danger_meld_rank * (1 + pile_after / 5)
                    why = "next_has_meld"
        if r.sequences:
            d, keep, why2 = self._suited(o, f, nside)
            danger += d
            score -= keep
            if why2:
                why = why2
        if r.stuck_penalty and rank in r.stuck_ranks and in_hand > r.stuck_limit and not any(
                m.rank == rank and m.kind == GROUP for m in o.melds[o.side]) and in_hand < w.risky_rank_min:
            # S3 G: more than two 7s or aces in hand at the end cost 1,500: shed them in time
            urgency = 2.0 if o.stock <= w.stuck_stock else 1.0
            score += w.stuck_shed * urgency + w.break_pair * (in_hand - 1)
            why = "sheds_stuck"
        if r.max_meld_size:
            # R 1.2, S3: a rank whose canasta is closed (melds stop at seven) is dead for that side:
            # the next side cannot take the pile with it, and our own are no use to us
            for sd, bonus, text in ((nside, w.dead_safe, "next_closed"),
                                    (o.side, w.dead_own, "own_closed")):
                if any(m.rank == rank and m.kind == GROUP and m.size >= r.max_meld_size
                       for m in o.melds[sd]):
                    score += bonus
                    danger = 0.0 if sd == nside else danger
                    why = text
        if o.thrown and o.thrown[nxt][rank]:
            score += w.safe_thrown_by_next
            why = "next_threw"
        if in_hand >= 2:
            score -= w.break_pair * (in_hand - 1)
            if not o.opened[o.side] and self.american(o):
                score -= w.open_keep_pair  # R 1.2, S3 D, J: pairs open (with a wild card, the pile)
        if any(m.rank == rank and m.kind == GROUP for m in o.melds[o.side]):
            score -= 20
        if unseen <= 1 and why == "safe":
            why = "few_unseen"
        return score - danger, why

    def _suited(self, o: Obs, f: int, nside: int) -> tuple[float, float, str]:
        """Sequences: (danger, worth keeping, reason) of discarding natural ``f``."""
        w = self.w
        r = o.rules
        rank, suit = _rank(f), f % 4
        danger = 0.0
        why = ""
        if r.pickup_extends_sequence and nside != o.side:
            for m in o.melds[nside]:
                if (m.kind == SEQ and m.suit == suit and not m.canasta and rank in (m.rank - 1, m.high + 1)
                        and _seq_fits(r, min(m.rank, rank), max(m.high, rank))):
                    danger += w.danger_seq
                    why = "extends_next_sequence"
        keep = self.seq_keep(o, f)
        if keep and not why:
            why = "toward_sequence" if keep > w.seq_gap * w.escalera_need else ""
        return danger, keep, why

    def seq_keep(self, o: Obs, f: int) -> float:
        """What natural ``f`` is worth to the side's sequences (same-suit neighbours in hand, two
        ranks from an end of the side's sequence), more while the side needs its escalera."""
        w = self.w
        rank, suit = _rank(f), f % 4
        hand = o.hand
        near = sum(1 for d in (-1, 1) if 4 <= rank + d <= 14 and (rank + d - 2) * 4 + suit in hand)
        gap = sum(1 for d in (-2, 2) if 4 <= rank + d <= 14 and (rank + d - 2) * 4 + suit in hand)
        table = sum(1 for m in o.melds[o.side] if m.kind == SEQ and m.suit == suit and not m.canasta
                    and rank in (m.rank - 2, m.high + 2))
        keep = w.seq_adjacent * near + w.seq_gap * gap + w.seq_table_gap * table
        return keep * w.escalera_need if keep and o.needs_sequence() else keep

    def _fallback(self, o: Obs, legal: list[Action]) -> tuple[Action, str]:
        for a in legal:
            if a.op not in (Op.ASK, Op.RETRACT):
                return a, f"{label(a)}: no better choice"
        return legal[0], f"{label(legal[0])}: no better choice"


def _seq_fits(r: RuleSet, low: int, high: int) -> bool:
    return any(lo <= low and high <= hi for lo, hi in r.sequences)


class HeuristicBot(KnowsRules):
    """The heuristic strategy as a bot (``seed`` only breaks nothing: the strategy is deterministic)."""

    name = "heuristic"

    def __init__(self, seed: int | str = 0, weights: Weights | None = None) -> None:
        self.strategy = Heuristic(weights)
        self.rules: RuleSet | None = None
        self.seed = seed
        self._last = ""
        self._said: tuple[Obs, Action, list[Action]] | None = None

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        o = Obs.from_view(view, self.rules_for(view))
        a, self._last = self.strategy.decide(o, legal)
        self._said = (o, a, legal)
        return a

    def explain(self) -> str:
        """The last move and its reason in a player's words (:mod:`canasta.bots.explain`)."""
        said = self.explanation()
        return self._last if said is None else said.english()

    def explanation(self) -> Explanation | None:
        """The last move and its reason as messages, for any language (None before a move)."""
        if self._said is None:
            return None
        o, a, legal = self._said
        return explanation(o, a, self.strategy, legal)

    def detail(self) -> str:
        """The strategy's own reason, for developers."""
        return self._last
