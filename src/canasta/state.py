"""The game as a state machine: hands until the target, every table choice an action.

``legal_actions()`` and ``apply()`` share one set of checks (``why_illegal``), so what is listed is
exactly what is accepted, up to interchangeable cards: actions are listed once per card *kind* (see
``model.py``), and ``apply`` accepts any actual cards of those kinds.

Chance steps (shuffle, cut, deal, upcard covering, red-three replacements) happen inside the state,
driven by ``random.Random(f"{seed}/{hand}")``, so a seed and the list of player actions replay a
whole game. The RNG is used only while dealing, so ``clone()`` copies no RNG.

How the opening works: while a side has not opened, the melds a player lays in the turn are
provisional; their points add up, and when they reach the side's minimum the side has opened. Until
then the player may add more, or take them all back (``retract``). To take the pile before opening,
the player first shows the melds of the opening from hand (before drawing), then takes the pile with
the matching cards; the minimum is checked over all of it, top card included where the rules count it.

Trey Canasta (S0) adds: the first player's ``upcard`` (with one stock card, then no lay-down that turn),
red treys held in hand (wild cards, discards that freeze, or disclosed with ``meld 3H``: one just dealt
or picked up earns a further card, taken with ``draw``), ``top CARDS`` (the top discard alone as a
lay-down meld, S0 [G](i)) and boxed cards (S0 [G](ii), [J](v)), set aside until the player's turns pass.

Meld types (``melds.py``): groups of one rank with wild cards, black threes laid when going out, and,
where the rules have them, sequences of one suit inside the rule set's windows and wild-card melds. A
new meld is laid as three cards and grows one card at a time; where several group melds of a rank
are allowed they may be merged.
"""

from __future__ import annotations

import random
import reprlib
from enum import IntEnum
from functools import lru_cache
from typing import Any, Final

from .actions import ASK, DRAW, END, NO, PASS, RETRACT, UPCARD, YES, Action, Op, action_problem
from .cards import JOKER, RANK_CHARS, RANK_NAMES, card_str, full_deck, is_black_three, is_red_three, is_wild
from .errors import IllegalAction, RecordError, RuleError, SeatError
from .goingout import can_go_out
from .melds import Meld, MeldType, card_counts, new_meld, sequence_fits, wild_problem
from .model import CardModel, card_model
from .rules import RuleSet
from .scoring import HandResult, game_winner, penalty_points, score_hand


def hand_seed(seed: int | str, hand_no: int) -> str:
    """The text that seeds hand ``hand_no``'s shuffle and cut (hands numbered from 0): a function of
    the game's seed and the hand number only, never of the play before, so that duplicate tables
    given one seed get the same deals and a commitment to a deal can be checked (``canasta verify``)."""
    return f"{seed}/{hand_no}"


class Phase(IntEnum):
    DRAW = 0     # the player to move draws, takes the pile or (first turn) the upcard
    PLAY = 1     # melds, additions, asking; ends with a discard
    ANSWER = 2   # the partner answers "may I go out?"
    OVER = 3     # the game has ended


NONE, SAID_NO, SAID_YES = -1, 0, 1

Problem = tuple[str, str] | None
# S0 [J](v): the side's melds and opened flag, and the red treys the player had laid, when told "yes"
YesSnapshot = tuple[tuple[Meld, ...], bool, int]


# every attribute of a GameState (its slots; tests compare states field by field)
STATE_FIELDS: Final[tuple[str, ...]] = (
    "_hist",
    "_log",
    "actor",
    "answers",
    "ask_phase",
    "asked_turn",
    "asks",
    "binding",
    "bonus_draws",
    "box_turns",
    "boxed",
    "current",
    "cut_size",
    "dealer",
    "first_turn",
    "fresh3",
    "hand_no",
    "hand_start_scores",
    "hands",
    "has_melded",
    "hk",
    "hn",
    "laid_off",
    "laydown_seat",
    "laydown_turns",
    "melds",
    "minimum",
    "model",
    "nactions",
    "no_discard",
    "opened",
    "owed",
    "penalties",
    "perfect_cut",
    "permission",
    "phase",
    "pile",
    "pile_frozen",
    "pre_draw",
    "red3",
    "results",
    "retracted",
    "rules",
    "scores",
    "seed",
    "shown",
    "sides",
    "start_dealer",
    "stock",
    "talons",
    "took_pile",
    "turn_base",
    "turn_canasta",
    "turn_melded",
    "turn_points",
    "upcard_lock",
    "winner",
    "yes_snapshot",
)

# The enum members the hot paths compare with, as module constants: compiled (mypyc), a Final
# name is a C constant, while `Phase.DRAW` is two dictionary lookups.
_BLACK3_MELD: Final = MeldType.BLACK3
_GROUP_MELD: Final = MeldType.GROUP
_SEQUENCE_MELD: Final = MeldType.SEQUENCE
_WILD_MELD: Final = MeldType.WILD
_OP_ADD: Final = Op.ADD
_OP_ASK: Final = Op.ASK
_OP_DECLARE: Final = Op.DECLARE
_OP_DISCARD: Final = Op.DISCARD
_OP_DRAW: Final = Op.DRAW
_OP_END: Final = Op.END
_OP_MELD: Final = Op.MELD
_OP_MERGE: Final = Op.MERGE
_OP_NO: Final = Op.NO
_OP_PASS: Final = Op.PASS
_OP_RETRACT: Final = Op.RETRACT
_OP_TAKE: Final = Op.TAKE
_OP_TOP: Final = Op.TOP
_OP_UPCARD: Final = Op.UPCARD
_OP_YES: Final = Op.YES
_ANSWER_PHASE: Final = Phase.ANSWER
_DRAW_PHASE: Final = Phase.DRAW
_OVER_PHASE: Final = Phase.OVER
_PLAY_PHASE: Final = Phase.PLAY


class GameState:
    """A whole game. Create with :meth:`new`; see the module docstring for the turn structure."""

    __slots__ = STATE_FIELDS

    rules: RuleSet
    model: CardModel
    seed: int | str
    scores: list[int]
    hand_start_scores: list[int]
    hand_no: int
    dealer: int
    phase: Phase
    current: int
    actor: int
    pile_frozen: bool
    opened: list[bool]
    minimum: list[int]
    has_melded: list[bool]
    asks: list[int]
    answers: list[int]
    penalties: list[int]
    owed: list[int]
    cut_size: int
    perfect_cut: bool
    winner: int
    took_pile: bool
    turn_melded: bool
    turn_points: int
    turn_canasta: bool
    turn_base: int
    laid_off: bool
    retracted: bool
    pre_draw: bool
    asked_turn: bool
    ask_phase: Phase
    start_dealer: int
    sides: int
    permission: int
    binding: bool
    no_discard: bool
    first_turn: bool
    fresh3: list[int]
    laydown_seat: list[int]
    boxed: list[list[int]]
    box_turns: list[int]
    yes_snapshot: YesSnapshot | None
    laydown_turns: list[int]
    bonus_draws: int
    upcard_lock: bool
    shown: bool
    nactions: int
    _hist: Any
    _log: Any
    hands: list[list[int]]
    hk: list[list[int]]
    hn: list[int]
    stock: list[int]
    pile: list[int]
    melds: list[list[Meld]]
    red3: list[list[int]]
    talons: list[int]
    results: list[HandResult]

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, rules: RuleSet | object, seed: int | str | object = 0, dealer: int | object = 0
            ) -> GameState:
        """A new game; the first hand is dealt at once. (Typed to take anything: a value of the wrong
        type raises the library's own error, also where the engine is compiled.)"""
        if not isinstance(rules, RuleSet):
            raise RuleError(f"a game needs a RuleSet (canasta.rules(NAME, ...)), not {reprlib.repr(rules)}")
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise RecordError(f"a game's seed must be a whole number or text, not {reprlib.repr(seed)}")
        if isinstance(dealer, bool) or not isinstance(dealer, int):
            raise SeatError(f"the dealer must be a seat number, not {reprlib.repr(dealer)}")
        s = cls.blank(rules, seed)
        s.dealer = s.start_dealer = dealer % rules.players
        s._deal()
        return s

    @classmethod
    def blank(cls, rules: RuleSet, seed: int | str) -> GameState:
        """An empty table for ``rules``: no cards anywhere, hand 0, the draw phase of seat 0.

        The setup API for positions (``records.position`` builds one on it): put cards in hands with
        :meth:`give_card`, fill ``stock``, ``pile``, ``melds`` and the other fields, set ``current``,
        ``actor`` and ``phase``, log a ``"position"`` event (:meth:`log_event`), then settle it with
        :meth:`end_hand` or :meth:`check_stock_out`. Nothing is checked here: use :meth:`new` for a
        dealt game, ``canasta.records.position`` for a checked position."""
        s = cls()  # not object.__new__: compiled (mypyc) classes need their own constructor
        n = rules.players
        s.rules = rules
        s.sides = rules.sides
        s.model = card_model(rules)
        s.seed = seed
        s.scores = [0] * rules.sides
        s.hand_start_scores = [0] * rules.sides
        s.hand_no = 0
        s.dealer = s.start_dealer = 0
        s.results = []
        s.ask_phase = _PLAY_PHASE
        s.phase = _DRAW_PHASE
        s.current = s.actor = 0
        s.hands = [[0] * 53 for _ in range(n)]
        s.hk = [[0] * s.model.nkinds for _ in range(n)]
        s.hn = [0] * n
        s.stock = []
        s.pile = []
        s.pile_frozen = False
        s.melds = [[] for _ in range(rules.sides)]
        s.red3 = [[] for _ in range(n)]
        s.talons = [0] * rules.sides
        s.opened = [False] * rules.sides
        s.minimum = [0] * rules.sides
        s.has_melded = [False] * n
        s.asks = [0] * n
        s.answers = [0] * n
        s.penalties = [0] * rules.sides
        s.owed = [0] * n
        s.fresh3 = [0] * n
        s.laydown_seat = [-1] * rules.sides
        s.laydown_turns = [0] * rules.sides
        s.boxed = [[] for _ in range(n)]
        s.box_turns = [0] * n
        s.yes_snapshot = None
        s.cut_size = 0
        s.perfect_cut = False
        s.winner = -1
        s._hist = None
        s._log = None
        s.nactions = 0
        s.first_turn = False
        s._reset_turn()
        return s

    def _reset_turn(self) -> None:
        self.took_pile = False
        self.turn_melded = False
        self.turn_points = 0
        self.turn_canasta = False
        self.turn_base = 0
        self.laid_off = False
        self.retracted = False
        self.pre_draw = False
        self.asked_turn = False
        self.permission = NONE
        self.binding = False
        self.no_discard = False
        self.bonus_draws = 0
        self.upcard_lock = False
        self.shown = False
        self.yes_snapshot = None

    def clone(self) -> GameState:
        """An independent copy (cheap: melds are immutable and history is shared)."""
        c = GameState()
        c.rules = self.rules
        c.sides = self.sides
        c.model = self.model
        c.seed = self.seed
        c.scores = self.scores[:]
        c.hand_start_scores = self.hand_start_scores[:]
        c.hand_no = self.hand_no
        c.dealer = self.dealer
        c.start_dealer = self.start_dealer
        c.ask_phase = self.ask_phase
        c.results = self.results[:]
        c.phase = self.phase
        c.current = self.current
        c.actor = self.actor
        c.hands = [h[:] for h in self.hands]
        c.hk = [h[:] for h in self.hk]
        c.hn = self.hn[:]
        c.stock = self.stock[:]
        c.pile = self.pile[:]
        c.pile_frozen = self.pile_frozen
        c.melds = [m[:] for m in self.melds]
        c.red3 = [r[:] for r in self.red3]
        c.talons = self.talons[:]
        c.opened = self.opened[:]
        c.minimum = self.minimum[:]
        c.has_melded = self.has_melded[:]
        c.asks = self.asks[:]
        c.answers = self.answers[:]
        c.penalties = self.penalties[:]
        c.owed = self.owed[:]
        c.fresh3 = self.fresh3[:]
        c.laydown_seat = self.laydown_seat[:]
        c.boxed = [b[:] for b in self.boxed]
        c.box_turns = self.box_turns[:]
        c.yes_snapshot = self.yes_snapshot
        c.laydown_turns = self.laydown_turns[:]
        c.bonus_draws = self.bonus_draws
        c.upcard_lock = self.upcard_lock
        c.shown = self.shown
        c.cut_size = self.cut_size
        c.perfect_cut = self.perfect_cut
        c.winner = self.winner
        c.took_pile = self.took_pile
        c.turn_melded = self.turn_melded
        c.turn_points = self.turn_points
        c.turn_canasta = self.turn_canasta
        c.turn_base = self.turn_base
        c.laid_off = self.laid_off
        c.retracted = self.retracted
        c.pre_draw = self.pre_draw
        c.asked_turn = self.asked_turn
        c.permission = self.permission
        c.binding = self.binding
        c.no_discard = self.no_discard
        c.first_turn = self.first_turn
        c._hist = self._hist
        c._log = self._log
        c.nactions = self.nactions
        return c

    # ------------------------------------------------------------------ small queries
    @property
    def is_over(self) -> bool:
        return self.phase is _OVER_PHASE

    def side_of(self, seat: int) -> int:
        return seat % self.sides

    def partner(self, seat: int) -> int:
        """The seat that answers ``ask``, or -1 when the player has no partner."""
        return (seat + self.rules.sides) % self.rules.players if self.rules.team_size == 2 else -1

    def seats_of(self, side: int) -> list[int]:
        return [s for s in range(self.rules.players) if s % self.rules.sides == side]

    def hand_cards(self, seat: int) -> list[int]:
        out: list[int] = []
        for f, n in enumerate(self.hands[seat]):
            if n:
                out.extend([f] * n)
        return out

    def canastas(self, side: int) -> int:
        size = self.rules.canasta_size
        return sum(1 for m in self.melds[side] if m.type is not _BLACK3_MELD and len(m.cards) >= size)

    def sequence_canastas(self, side: int) -> int:
        size = self.rules.canasta_size
        return sum(1 for m in self.melds[side] if m.type is _SEQUENCE_MELD and len(m.cards) >= size)

    def _counts(self, side: int, more: int = 0, more_seq: int = 0) -> tuple[int, int]:
        """(canastas, sequence canastas) of the side, plus those an action would complete."""
        return (self.canastas(side) + more,
                (self.sequence_canastas(side) if self.rules.go_out_sequence else 0) + more_seq)

    def history(self) -> list[Action]:
        """Every player action applied since the game began, in order."""
        out: list[Action] = []
        node = self._hist
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def events(self) -> list[tuple[Any, ...]]:
        """The table log: (hand, seat, what, cards, private) tuples, oldest first."""
        out: list[tuple[Any, ...]] = []
        node = self._log
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def log_mark(self) -> object:
        """A marker of the log's end now; :meth:`events_since` gives what is logged after it."""
        return self._log

    def events_since(self, mark: object) -> list[tuple[Any, ...]]:
        """The events logged after ``mark`` (from :meth:`log_mark`; None = all), oldest first."""
        out: list[tuple[Any, ...]] = []
        node = self._log
        while node is not None and node is not mark:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def log_event(self, seat: int, what: str, cards: tuple[int, ...] = (), private: bool = False) -> None:
        """Add ``(hand, seat, what, cards, private)`` to the table log (see :meth:`events`); the engine
        logs every table event itself, a position's setup logs ``"position"``."""
        self._log = ((self.hand_no, seat, what, cards, private), self._log)

    def pile_stopped(self) -> bool:
        """A black three on top: the next player may not take the pile."""
        return bool(self.pile) and self.rules.black3_stop and is_black_three(self.pile[-1])

    def frozen_reason(self, side: int) -> str | None:
        """Why the pile needs a natural pair for this side, or None when it does not."""
        r = self.rules
        if r.pile_always_frozen:
            return "the pile is always frozen"
        if self.pile_frozen:
            return "the pile is frozen"
        if r.unopened_side_frozen and not self.opened[side]:
            return "the pile is frozen for a side that has not yet melded"
        return None

    def meld_of_rank(self, side: int, rank: int) -> int:
        if self.rules.one_meld_per_rank:
            for i, m in enumerate(self.melds[side]):
                if m.type is _GROUP_MELD and m.rank == rank:
                    return i
        return -1

    def _value(self, cards: tuple[int, ...] | list[int]) -> int:
        """Points toward the opening minimum (S0 [B]: treys count nothing where the rules say)."""
        v = self.model.open_value
        return sum(v[f] for f in cards)

    def _has_cards(self, seat: int, cards: tuple[int, ...]) -> str | None:
        if len(cards) == 1:
            f = cards[0]
            if not 0 <= f <= JOKER:
                return f"{f} is not a card"
            return None if self.hands[seat][f] else f"you do not hold {_c(f)}"
        need: dict[int, int] = {}
        for f in cards:
            if not 0 <= f <= JOKER:
                return f"{f} is not a card"
            need[f] = need.get(f, 0) + 1
        for f, n in need.items():
            if self.hands[seat][f] < n:
                return f"you do not hold {'that many ' if self.hands[seat][f] else ''}{_c(f)}"
        return None

    # ------------------------------------------------------------------ going-out conditions
    def permission_problem(self) -> str | None:
        """Why the partner's answer (or the missing question) stops the player to move going out
        now, or None (no partner, or nothing in the way). Part of every going-out check."""
        if self.partner(self.current) < 0:
            return None
        mode = self.rules.ask_partner
        if mode == "mandatory" and self.permission != SAID_YES:
            if self.permission == SAID_NO:
                return "your partner said no this turn"
            return "you must first ask your partner"
        if self.permission == SAID_NO and self.binding:
            return "your partner said no this turn"
        return None

    def _go_out_problem(self, counts: tuple[int, int], open_ok: bool, concealed: bool) -> str | None:
        """Why the player could not go out with this many canastas, or None. ``concealed``: the
        turn would still qualify as going out concealed (which waives the opening minimum, C1)."""
        r = self.rules
        canastas, seqs = counts
        if canastas < r.go_out_canastas:
            return (f"your side needs {r.go_out_canastas} canasta{'s' if r.go_out_canastas > 1 else ''}"
                    f" to go out and has {canastas}")
        if r.go_out_sequence and seqs < 1:
            return "one of your side's canastas must be a sequence canasta (escalera) to go out"
        why = self.permission_problem()
        if why:
            return why
        if not open_ok and not concealed:
            side = self.side_of(self.current)
            return f"your side has not met its opening minimum of {self.minimum[side]}"
        return None

    def _concealed_after(self, layoff: bool = False, new_canasta: bool = False) -> bool:
        """Would going out now be concealed (C1; Britannica: no earlier meld or layoff, the pile not
        taken, the hand all in melds of its own, one of them a canasta)?"""
        r = self.rules
        return (r.concealed and not self.has_melded[self.current] and not self.took_pile
                and (r.concealed_allows_layoff or (not self.laid_off and not layoff))
                and (self.turn_canasta or new_canasta or not r.concealed_needs_canasta))

    def _finish_problem(self, h_after: int, counts: tuple[int, int], open_ok: bool, concealed: bool,
                        action: Action) -> Problem:
        """May ``action`` leave the player with ``h_after`` cards? Below two cards the player must
        still be able to finish: go out with the hand emptied, or with the one card left either
        discarded (going out) or melded (going out without a discard), or pass where allowed."""
        if h_after >= 2:
            return None
        why = self._go_out_problem(counts, open_ok, concealed)
        if h_after == 1:
            if why is None or self.rules.pass_allowed or self._last_card_out(action):
                return None
            if (open_ok and action.op is not _OP_TAKE and self.rules.talon
                    and self._talon_count(self.side_of(self.current))):
                return None  # S3 D: discard the last card and take the talon
            return ("keep_cards", f"that would leave you one card, but you may not go out: {why}")
        if why is not None:
            return ("cannot_go_out", f"that would empty your hand, but you may not go out: {why}")
        if self.rules.go_out_discard == "required":
            return ("discard_needed", "you must keep a card to discard when you go out")
        return None

    def _last_card_out(self, action: Action) -> bool:
        """After ``action`` one card is left: can the player still go out with it? Melded onto a
        meld, or, where melds may be merged, discarded or melded after merges that complete the
        canastas (R 1.3: "may be combined"; nothing says the merge must come first). Rare, so
        checked on a clone."""
        merges = self._merges_after(action)
        if self.rules.go_out_discard == "required" and not merges:
            return False
        c = self.clone()
        c.apply_unchecked(action)
        if c.phase is not _PLAY_PHASE or c.hn[c.current] != 1:
            return False
        return c._one_card_out(merges, action.op is _OP_MERGE)

    def _one_card_out(self, merges: bool, merged: bool) -> bool:
        """Holding one card in the play phase: can the player go out, merging first if ``merges``?
        (``merged``: a merge was made, so discarding the card is checked again.)"""
        seat = self.current
        side = self.side_of(seat)
        last = self.hand_cards(seat)[0]
        if merged and self._why_not_discard((last,), False) is None:
            return True
        if self.rules.go_out_discard != "required" and any(
                self._why_not_add(i, (last,)) is None for i in range(len(self.melds[side]))):
            return True
        if merges:
            for a in self._merges():
                c = self.clone()
                c.apply_unchecked(a)
                if c._one_card_out(True, True):
                    return True
        return False

    def _merges_after(self, action: Action) -> bool:
        """Could the side have two group melds of one rank to merge after ``action`` (a quick
        test, true whenever it may be)?"""
        if not self.rules.merge_groups or self.permission_problem() is not None:
            return False
        ranks = {m.rank for m in self.melds[self.side_of(self.current)] if m.type is _GROUP_MELD}
        groups = sum(1 for m in self.melds[self.side_of(self.current)] if m.type is _GROUP_MELD)
        if len(ranks) < groups:
            return True
        if action.meld >= 0 or action.op not in (_OP_MELD, _OP_TAKE, _OP_TOP):
            return False  # a card onto a meld makes no new meld
        wf = self.model.wild_face
        return any(not wf[f] and f // 4 + 2 in ranks for f in action.cards)

    def _merges(self) -> list[Action]:
        """The merges the rules allow now, before the check that the player can still finish."""
        out: list[Action] = []
        self._gen_merges(out, False)
        return out

    def _open_after(self, side: int, points: int, natural: bool = False, canasta: bool = False) -> bool:
        """Would the side be open after a play worth ``points`` (``natural``: the play makes a
        natural meld of three or more; ``canasta``: it completes a natural canasta)?"""
        if self.opened[side]:
            return True
        r = self.rules
        if self.turn_points + points >= self.minimum[side] and (
                not r.opening_natural_meld or natural or self._has_natural(side, 3)):
            return True
        return r.canasta_opens and (canasta or self._has_natural(side, r.canasta_size))

    def _has_natural(self, side: int, size: int) -> bool:
        """Whether the side shows a natural group of at least ``size`` cards (R 1.2 opening)."""
        return any(m.type is _GROUP_MELD and not m.wilds and len(m.cards) >= size
                   for m in self.melds[side])

    def _opening_turn(self, side: int) -> bool:
        """Is this the side's opening turn (not yet open, or opened by this turn's melds)?"""
        return not self.opened[side] or self.turn_points > 0

    def _wild_rule(self, side: int, rank: int, naturals: int) -> str | None:
        """Why a wild card may not be in a group of ``rank`` holding ``naturals`` naturals now:
        ranks that never take wilds, ranks that take them only in the opening, and the rule of
        five after the opening turn (R 1.2)."""
        r = self.rules
        if rank in r.no_wild_ranks:
            return f"melds of {RANK_NAMES[rank]} never take wild cards"
        if self.opened[side] and not self.turn_points:
            if rank in r.opening_wild_ranks:
                return f"{RANK_NAMES[rank]} take wild cards only in the opening meld"
            if naturals < r.wild_needs_naturals:
                return (f"after the opening a wild card joins only a meld with {r.wild_needs_naturals} "
                        f"natural cards")
        return None

    def _talon_count(self, side: int) -> int:
        """Talon cards the side would draw after this turn's discard: only in its opening turn,
        not when it took the pile; 4 to the first side to open, 3 to the second (R 1.2), only down
        to and including the turn card (S3 C)."""
        r = self.rules
        if not r.talon or self.took_pile or not self._opening_turn(side):
            return 0
        others = sum(1 for i, o in enumerate(self.opened) if o and i != side)
        if others >= len(r.talon):
            return 0
        return min(r.talon[others], max(0, len(self.stock) - r.turn_card_under))

    # ------------------------------------------------------------------ legality
    def why_illegal(self, action: object) -> Problem:
        """``(code, sentence)`` saying why ``action`` is refused now, or None if it is legal.
        (Typed ``object``: anything is checked here, also where the engine is compiled.)"""
        bad = action_problem(action)
        if bad is not None:
            return ("bad_action", bad)
        assert isinstance(action, Action)
        if self.phase is _OVER_PHASE:
            return ("game_over", "the game is over")
        op = action.op
        if self.phase is _ANSWER_PHASE:
            if op is _OP_YES or op is _OP_NO:
                return None
            return ("answer_partner", f"seat {self.actor} must first answer whether their partner "
                    f"may go out")
        if op is _OP_YES or op is _OP_NO:
            return ("not_asked", "nobody has asked to go out")
        if self.phase is _DRAW_PHASE:
            if op is _OP_DRAW:
                return self._why_not_draw()
            if op is _OP_TAKE:
                return self._why_not_take(action)
            if op is _OP_UPCARD:
                return self._why_not_upcard()
            if op is _OP_MELD:
                return self._why_not_meld(action.cards)
            if op is _OP_ADD:
                return self._why_not_add(action.meld, action.cards)
            if op is _OP_RETRACT:
                return self._why_not_retract()
            if op is _OP_END:
                return self._why_not_end()
            if op is _OP_ASK:
                return self._why_not_ask()
            if op is _OP_TOP:
                return self._why_not_top(action)
            if op is _OP_DECLARE:
                why = self._special(action)
                return why if isinstance(why, tuple) else None
            return ("draw_first", "draw from the stock or take the pile first")
        # PLAY
        if op is _OP_DISCARD:
            return self._why_not_discard(action.cards)
        if op is _OP_MELD:
            return self._why_not_meld(action.cards)
        if op is _OP_ADD:
            return self._why_not_add(action.meld, action.cards)
        if op is _OP_ASK:
            return self._why_not_ask()
        if op is _OP_RETRACT:
            return self._why_not_retract()
        if op is _OP_END:
            return self._why_not_end()
        if op is _OP_PASS:
            return self._why_not_pass()
        if op is _OP_MERGE:
            return self._why_not_merge(action)
        if op is _OP_DRAW and self.bonus_draws:
            return self._why_not_replacement()
        if op is _OP_DECLARE:
            why = self._special(action)
            return why if isinstance(why, tuple) else None
        return ("already_drawn", "you have already drawn this turn")

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def _why_not_draw(self) -> Problem:
        if self.pre_draw:
            return ("shown_melds", "you have shown melds to take the pile: take it, or retract them "
                    "before drawing")
        if not self.stock and self.rules.stock_end != "bolivia":
            return ("stock_empty", "the stock is empty: take the discard pile or end the hand")
        return None

    def _why_not_replacement(self) -> Problem:
        """The further card for a red trey disclosed at once (S0 [F](i){c}), in the play phase."""
        return None if self.stock else ("stock_empty", "the stock is empty: no further card")

    def _why_not_upcard(self) -> Problem:
        mode = self.rules.first_turn_upcard
        if not self.first_turn or mode == "none":
            return ("no_upcard", "only the first player, on the first turn, may take the upcard alone")
        if self.pre_draw:
            return ("shown_melds", "you have shown melds to take the pile: take it or retract them")
        if not self.pile:
            return ("pile_empty", "there is no upcard")
        top = self.pile[-1]
        if mode == "trey":  # S0 [A](i){a}{b}{c}: a natural or a red trey; T1: not a black trey
            if is_wild(top) or is_black_three(top):
                return ("upcard_not_natural", f"the upcard {_c(top)} cannot be taken")
            if not self.stock:
                return ("stock_empty", "the stock is empty")
            return None
        if is_wild(top) or top // 4 == 1:
            return ("upcard_not_natural", f"the upcard {_c(top)} is not a natural card")
        return None

    def _pile_block(self) -> Problem:
        """Reasons the pile cannot be taken at all, whatever the hand."""
        if not self.pile:
            return ("pile_empty", "the discard pile is empty")
        top = self.pile[-1]
        if is_wild(top):
            return ("wild_on_top", f"a wild card ({_c(top)}) on top of the pile cannot be taken")
        if is_black_three(top):
            return ("black_three_stop", "a black three on top stops you taking the pile")
        if is_red_three(top):
            return ("red_three_on_top", "a red three on top of the pile cannot be taken")
        rule = self.rules.one_card_rule
        if self.hn[self.current] == 1 and rule != "none":
            if rule == "one_card_pile" and len(self.pile) == 1:
                return ("one_card", "with one card in hand you may not take a one-card pile")
            side = self.side_of(self.current)
            if rule == "cannot_go_out" and self._go_out_problem(self._counts(side), self.opened[side],
                                                                 False):
                return ("one_card", "with one card in hand you may take the pile only if you can go "
                        "out")
        return None

    def _why_not_take(self, a: Action) -> Problem:
        block = self._pile_block()
        if block:
            return block
        seat = self.current
        side = self.side_of(seat)
        r = self.rules
        cards = a.cards
        if cards:
            miss = self._has_cards(seat, cards)
            if miss:
                return ("not_in_hand", miss)
        top = self.pile[-1]
        rank = top // 4 + 2
        melds = self.melds[side]
        if a.meld >= len(melds):
            return ("no_meld", f"your side has no meld @{a.meld}")
        if a.meld >= 0 and melds[a.meld].type is _SEQUENCE_MELD:
            return self._why_not_take_sequence(a, melds[a.meld])
        nat = 0
        wild = 0
        jokers = 0
        wf = self.model.wild_face
        for f in cards:
            if wf[f]:
                wild += 1
                jokers += f == JOKER
            elif f // 4 + 2 != rank:
                return ("wrong_rank", f"to take the pile your cards must match the top card "
                        f"({_c(top)}); {_c(f)} does not")
            else:
                nat += 1
        if r.one_meld_per_rank:
            target = self.meld_of_rank(side, rank)
            if a.meld != target:
                if target >= 0:
                    return ("meld_target", f"the top card goes onto your meld of "
                            f"{RANK_NAMES[rank]}: write @{target}")
                return ("meld_target", "there is no meld of that rank to take the pile onto")
        else:
            target = a.meld
            if target >= 0 and (melds[target].type is not _GROUP_MELD or melds[target].rank != rank):
                return ("meld_target", f"the top card ({_c(top)}) does not belong in meld @{target}")
        frozen = self.frozen_reason(side)
        # the cards from hand justify the take: a natural pair (with any further cards of the meld),
        # one natural and a wild where allowed, or none at all to lay the top card off on the side's
        # meld of that rank (cards to add then go on with ``add``)
        if wild and not r.pickup_hand_wilds:
            return ("natural_cards", "take the pile with natural cards from your hand (add wild cards "
                    "after)")
        natural_wild = nat == 1 and wild > 0 and r.pickup_natural_wild and not frozen
        if nat < 2 and not natural_wild:
            if frozen:
                return ("frozen", f"{frozen}: you need two natural {RANK_NAMES[rank]} from your "
                        f"hand to take it")
            layoff = target >= 0 and r.pickup_layoff
            if nat == 0 and wild:
                return ("need_pair", f"wild cards cannot take the pile: you need natural "
                        f"{RANK_NAMES[rank]}")
            if cards and layoff:
                return ("layoff_alone", f"to lay the top card off on your {RANK_NAMES[rank]}, take it "
                        f"alone (take @{target}) and add your cards after")
            if not layoff:
                if nat == 1 and r.pickup_natural_wild:
                    return ("need_pair", f"you need two {RANK_NAMES[rank]} (or one and a wild card) "
                            f"to take the pile")
                return ("need_pair", f"you need two natural {RANK_NAMES[rank]} to take the pile")
        tm = self.melds[side][target] if target >= 0 else None
        if tm is not None:
            was_canasta = len(tm.cards) >= r.canasta_size
            if was_canasta:
                if not r.pickup_layoff_canasta:
                    return ("canasta_closed", "the top card may not be added to a completed canasta")
                if not r.add_to_canasta or (wild and not r.wild_to_canasta):
                    return ("canasta_closed", "no cards may be added to a completed canasta")
            naturals, wilds, size = tm.naturals + nat + 1, tm.wilds + wild, len(tm.cards) + 1 + len(cards)
        else:
            was_canasta = False
            naturals, wilds, size = nat + 1, wild, 1 + len(cards)
            if size < 3:
                return ("meld_size", "a new meld needs at least three cards")
        if tm is not None and was_canasta and r.max_meld_size == r.canasta_size:
            return ("dead_card", f"{RANK_NAMES[rank]} are dead: your side has closed their canasta")
        why = wild_problem(r, naturals, wilds) or (self._wild_rule(side, rank, naturals) if wild else None)
        if why:
            return ("wild_limit", why)
        points = self._take_points(cards, top)
        if not self.opened[side]:
            natural = r.take_cards_count and wilds == 0 and naturals >= 3
            if not self._open_after(side, points, natural, natural and size >= r.canasta_size):
                if self.turn_points + points >= self.minimum[side]:
                    return ("opening_natural", "your opening needs a meld of three or more natural "
                            "cards")
                return ("opening_minimum", f"your side needs {self.minimum[side]} points to open; "
                        f"this makes {self.turn_points + points}")
        h_after = self.hn[seat] - len(cards) + self._pile_gain(True)
        counts = self._counts(side, 1 if size >= r.canasta_size and not was_canasta else 0)
        return self._finish_problem(h_after, counts, True, False, a)

    def _take_points(self, cards: tuple[int, ...], top: int) -> int:
        """What a take adds toward the opening (S3 J: nothing, where the take cards do not count)."""
        r = self.rules
        return ((self._value(cards) if r.take_cards_count else 0)
                + (self.model.open_value[top] if r.pile_top_counts else 0))

    def _pile_gain(self, whole: bool) -> int:
        """Cards a take puts in the hand besides the top card (red threes laid at once excepted)."""
        if not whole:
            return 0
        mode = self.rules.red3_mode
        pile = self.pile
        if mode == "lay":
            faces: tuple[int, ...] = (5, 6)
        elif mode == "threes":
            faces = (4, 5, 6, 7)
        else:
            return len(pile) - 1
        laid = sum(pile.count(f) for f in faces) - (pile[-1] in faces)
        return len(pile) - 1 - laid

    def _why_not_take_sequence(self, a: Action, tm: Meld) -> Problem:
        """The top card may extend a sequence of the side (S1: never start one)."""
        r = self.rules
        side = self.side_of(self.current)
        top = self.pile[-1]
        if not r.pickup_extends_sequence:
            return ("meld_target", "the pile cannot be taken to extend a sequence")
        if a.cards:
            return ("layoff_alone", f"the top card extends the sequence alone (take @{a.meld}); add "
                    f"your cards after")
        frozen = self.frozen_reason(side)
        if frozen and not r.seq_pickup_when_frozen:
            return ("frozen", f"{frozen}: you need a natural pair of the top card to take it")
        rank = top // 4 + 2
        low, high = tm.rank, tm.high
        if top % 4 != tm.suit or rank not in (low - 1, high + 1):
            return ("wrong_card", f"{_c(top)} does not extend the sequence {_c(tm.cards[0])}-"
                    f"{_c(tm.cards[-1])}")
        if not sequence_fits(r, min(low, rank), max(high, rank)) or tm.size >= r.canasta_size:
            return ("canasta_closed", "that sequence cannot grow any further")
        completes = tm.size + 1 == r.canasta_size
        h_after = self.hn[self.current] + self._pile_gain(r.seq_pickup_takes_pile)
        return self._finish_problem(h_after, self._counts(side, completes, completes), True, False, a)

    def facility_level(self, side: int) -> int:
        """S0 [G](i): 0 (none), 1 {a} a group, 2 {b} also a run, 3 {c} also a wild top card: the most
        turns an opponent's lay-down player has had since laying down (T12), for a side not laid down."""
        if not self.rules.laydown_facility or self.opened[side]:
            return 0
        return min(3, max((self.laydown_turns[x] for x in range(self.sides)
                           if x != side and self.laydown_seat[x] >= 0), default=0))

    def _why_not_top(self, a: Action) -> Problem:
        """S0 [G](i){a}{b}{c}: the top discard alone with two or more cards from hand as a new meld that
        makes the lay-down; the rest of the pile stays."""
        seat = self.current
        side = self.side_of(seat)
        level = self.facility_level(side)
        if level == 0:
            return ("no_facility", "the top card alone may be taken only before your side lays down, "
                    "once an opponent's lay-down player has had another turn")
        if not self.pile:
            return ("pile_empty", "the discard pile is empty")
        if self.pile_stopped():
            return ("black_three_stop", "a black three on top stops you taking it")
        miss = self._has_cards(seat, a.cards)
        if miss:
            return ("not_in_hand", miss)
        if len(a.cards) < 2:
            return ("meld_size", "the top card goes with two or more cards from your hand")
        top = self.pile[-1]
        wf = self.model.wild_face
        if a.meld >= 0:
            return ("meld_target", "the top card makes a new meld: write top CARD CARD")
        if any(wf[f] or f // 4 == 1 for f in a.cards):
            return ("need_naturals", "the top card goes with natural cards from your hand")
        if is_red_three(top):
            return ("red_three_on_top", "a red three on top cannot be taken")
        ranks = {f // 4 for f in a.cards}
        if is_wild(top):
            if level < 3:
                return ("facility_turns", "a wild top card may be used only after three turns ({c})")
            if len(ranks) != 1:
                return ("mixed_ranks", "the cards from hand must be of one rank")
        elif ranks == {top // 4}:
            pass
        else:
            cards = (top, *a.cards)
            if level < 2 or len(a.cards) != 2 or self._why_not_sequence_cards(cards):
                run = " or two cards making a run with it" if level >= 2 else ""
                return ("wrong_rank", f"the cards must be two or more {RANK_NAMES[top // 4 + 2]}{run}")
        cards = (top, *a.cards)
        nat = sum(1 for f in cards if not wf[f])
        why = wild_problem(self.rules, nat, len(cards) - nat)
        if why:
            return ("wild_limit", why)
        points = self._value(cards)
        if self.turn_points + points < self.minimum[side]:
            return ("opening_minimum", f"your side needs {self.minimum[side]} points to lay down; "
                    f"this makes {self.turn_points + points}")
        return self._finish_problem(self.hn[seat] - len(a.cards), self._counts(side), True, False, a)

    def _why_not_sequence_cards(self, cards: tuple[int, ...]) -> bool:
        """True when these three natural cards are not a run of one suit inside a window."""
        suits = {f % 4 for f in cards}
        ranks = sorted(f // 4 + 2 for f in cards)
        return (len(cards) != 3 or len(suits) != 1 or ranks[1] != ranks[0] + 1
                or ranks[2] != ranks[1] + 1 or not sequence_fits(self.rules, ranks[0], ranks[2]))

    def _top_possible(self, level: int) -> bool:
        """Could the hand make a top-card take at this facility level (the points aside)?"""
        if self.pile_stopped():
            return False
        top = self.pile[-1]
        h = self.hands[self.current]
        if is_red_three(top):
            return False
        if is_wild(top):
            return level >= 3 and any(sum(h[b:b + 4]) >= 2 for b in range(8, 52, 4))
        base = top // 4 * 4
        if sum(h[base:base + 4]) >= 2:
            return True
        r, suit = top // 4 + 2, top % 4
        return level >= 2 and any(
            lo >= 4 and lo + 2 <= 14 and all(h[(x - 2) * 4 + suit] for x in range(lo, lo + 3) if x != r)
            for lo in (r - 2, r - 1, r))

    def _gen_tops(self, out: list[Action]) -> None:
        """The facility's top-card takes (S0 [G](i)): groups of the top rank, runs, a wild top."""
        seat = self.current
        level = self.facility_level(self.side_of(seat))
        if not level or not self.pile or self.pile_stopped():
            return
        top = self.pile[-1]
        if is_red_three(top) or (is_wild(top) and level < 3):
            return
        h = self.hands[seat]
        cands: list[tuple[int, ...]] = []
        ranks = range(4, 15) if is_wild(top) else (top // 4 + 2,)
        for rank in ranks:
            base = (rank - 2) * 4
            held = tuple((base + i, h[base + i]) for i in range(4) if h[base + i])
            if sum(c for _, c in held) < 2:
                continue
            for size in range(2, sum(c for _, c in held) + 1):
                cands.extend(_multisets(held, size))
        if level >= 2 and not is_wild(top):
            r, suit = top // 4 + 2, top % 4
            for lo in (r - 2, r - 1, r):
                run = [(x - 2) * 4 + suit for x in range(lo, lo + 3) if x != r]
                if lo >= 4 and lo + 2 <= 14 and all(0 <= f < JOKER and h[f] for f in run):
                    cands.append(tuple(run))
        for c in cands:
            a = Action(_OP_TOP, c)
            if self._why_not_top(a) is None:
                out.append(a)

    def _pre_draw_ok(self) -> bool:
        """May the player show opening melds before taking the pile?"""
        side = self.side_of(self.current)
        if self.opened[side] or self.retracted or not self.pile:
            return False
        level = self.facility_level(side)
        if level and self._top_possible(level):
            return True  # S0 [G](i): lay-down melds shown before taking the top card alone
        if self._pile_block() is not None:
            return False
        top = self.pile[-1]
        held = sum(self.hk[self.current][k] for k in self.model.natural_kinds[top // 4 + 2])
        return held >= 2

    def _why_not_meld(self, cards: tuple[int, ...]) -> Problem:
        seat = self.current
        side = self.side_of(seat)
        r = self.rules
        if self.phase is _DRAW_PHASE and not self._pre_draw_ok():
            return ("draw_first", "draw first (you may show melds before drawing only to take the "
                    "pile for your opening)")
        if self.retracted and not self.opened[side]:
            return ("retracted", "you took back your opening this turn; discard to end the turn")
        miss = self._has_cards(seat, cards)
        if miss:
            return ("not_in_hand", miss)
        b3 = sum(1 for f in cards if is_black_three(f))
        if b3:
            return self._why_not_black3_meld(cards, b3)
        if len(cards) == 1 and is_red_three(cards[0]) and r.red3_mode in ("optional", "trey"):
            if self.phase is _DRAW_PHASE:
                return ("draw_first", "draw first")
            return self._meld_finish(side, cards)
        if self.upcard_lock:
            return ("laydown_locked", "you took the upcard: you cannot lay down until your next turn")
        if len(cards) != 3:
            return ("meld_size", "lay a new meld as three cards, then add more one at a time")
        rank = 0
        nat = wild = 0
        wf = self.model.wild_face
        for f in cards:
            if wf[f]:
                wild += 1
            elif is_red_three(f):
                return ("red_three", "red threes cannot be melded with other cards")
            else:
                fr = f // 4 + 2
                if rank and fr != rank:
                    if wild == 0 and r.sequences:
                        return self._why_not_sequence(cards)
                    return ("mixed_ranks", "a meld's natural cards must all be of one rank")
                rank = fr
                nat += 1
        if nat == 0:
            if not r.wild_melds:
                return ("no_naturals", "wild cards cannot be melded on their own")
            return None if self.phase is _DRAW_PHASE else self._meld_finish(side, cards)
        if nat < r.min_naturals:
            return ("few_naturals", f"a meld needs at least {r.min_naturals} natural cards")
        why = wild_problem(r, nat, wild) or (self._wild_rule(side, rank, nat) if wild else None)
        if why:
            return ("wild_limit", why)
        existing = self.meld_of_rank(side, rank)
        if existing >= 0:
            return ("one_meld_per_rank", f"your side already has a meld of {RANK_NAMES[rank]}: add "
                    f"to it (@{existing})")
        if self.phase is _DRAW_PHASE:
            return None
        return self._meld_finish(side, cards)

    def _why_not_sequence(self, cards: tuple[int, ...]) -> Problem:
        """Three natural cards of one suit in a row, inside a sequence window (S1, R 1.3)."""
        r = self.rules
        suits = {f % 4 for f in cards}
        ranks = sorted(f // 4 + 2 for f in cards)
        if len(suits) != 1 or ranks[1] != ranks[0] + 1 or ranks[2] != ranks[1] + 1:
            return ("mixed_ranks", "a meld is cards of one rank, or a sequence of one suit in a row")
        if not sequence_fits(r, ranks[0], ranks[2]):
            return ("sequence_window", "that sequence does not fit any sequence canasta (windows: "
                    + ", ".join(f"{RANK_CHARS[lo]}-{RANK_CHARS[hi]}" for lo, hi in r.sequences) + ")")
        if self.phase is _DRAW_PHASE:
            return None
        return self._meld_finish(self.side_of(self.current), cards)

    def _why_not_black3_meld(self, cards: tuple[int, ...], b3: int) -> Problem:
        r = self.rules
        seat = self.current
        side = self.side_of(seat)
        if r.black3_meld == "none":
            return ("black_three", "black threes cannot be melded")
        if self.phase is _DRAW_PHASE:
            return ("black_three", "black threes are melded only when going out")
        held = self.hk[seat][self.model.black3]
        if b3 != held:
            return ("black_three", "meld all your black threes together when you go out")
        wild = 0
        wf = self.model.wild_face
        for f in cards:
            if wf[f]:
                wild += 1
            elif not is_black_three(f):
                return ("black_three", "black threes are melded only with each other")
        if wild:
            if wild > r.black3_meld_wilds or b3 != 2:
                return ("black_three", "black threes may not be melded with wild cards" if
                        not r.black3_meld_wilds else "a wild card joins only two black threes")
        elif b3 < r.black3_meld_min:
            return ("black_three", f"you need at least {r.black3_meld_min} black threes to meld them")
        h_after = self.hn[seat] - len(cards)
        if h_after > 1 or (h_after and r.black3_out_no_discard):
            # S0 [F](ii){b}: melded, the black treys are the last act, with no discard after them
            return ("black_three", "black threes are melded only as you go out: meld your other "
                    "cards first")
        why = self._go_out_problem(self._counts(side), self._open_after(side, self._value(cards)),
                                   self._concealed_after())
        if why and not (h_after == 1 and self._last_card_out(Action(_OP_MELD, cards))):
            return ("cannot_go_out", f"black threes are melded only when going out, and {why}")
        if h_after == 0 and r.go_out_discard == "required" and not r.black3_out_no_discard:
            return ("discard_needed", "you must keep a card to discard when you go out")
        return None

    def _why_not_add(self, index: int, cards: tuple[int, ...]) -> Problem:
        seat = self.current
        side = self.side_of(seat)
        r = self.rules
        if self.phase is _DRAW_PHASE and not self._pre_draw_ok():
            return ("draw_first", "draw first")
        if self.retracted and not self.opened[side]:
            return ("retracted", "you took back your opening this turn; discard to end the turn")
        if len(cards) != 1:
            return ("add_one", "add one card at a time")
        if self.upcard_lock:
            return ("laydown_locked", "you took the upcard: you cannot lay down until your next turn")
        melds = self.melds[side]
        if not 0 <= index < len(melds):
            return ("no_meld", f"your side has no meld @{index}")
        f = cards[0]
        miss = self._has_cards(seat, cards)
        if miss:
            return ("not_in_hand", miss)
        m = melds[index]
        if m.type is _BLACK3_MELD:
            return ("black_three", "nothing can be added to the black threes")
        wild = self.model.wild_face[f]
        if m.type is not _GROUP_MELD:
            misfit = self._misfit(m, f, wild)
            if misfit:
                return misfit
            if self.phase is _DRAW_PHASE:
                return None
            return self._add_finish(side, index, m, f)
        if not wild and f // 4 + 2 != m.rank:
            return ("wrong_rank", f"{_c(f)} does not belong in the meld of {RANK_NAMES[m.rank]}")
        is_can = len(m.cards) >= r.canasta_size
        if is_can and (not r.add_to_canasta or (wild and not r.wild_to_canasta)):
            return ("canasta_closed", "that card may not be added to a completed canasta")
        why = (wild_problem(r, m.naturals + (not wild), m.wilds + wild)
               or (self._wild_rule(side, m.rank, m.naturals) if wild else None))
        if why:
            return ("wild_limit", why)
        if self.phase is _DRAW_PHASE:
            return None
        return self._add_finish(side, index, m, f)

    def _misfit(self, m: Meld, f: int, wild: bool) -> Problem:
        """Why card ``f`` cannot extend a sequence or a wild meld (closed at a canasta)."""
        r = self.rules
        if m.size >= r.canasta_size:
            return ("canasta_closed", f"the {m.describe(r)} is closed")
        if m.type is _WILD_MELD:
            return None if wild else ("wrong_rank", f"{_c(f)} is not a wild card")
        rank = f // 4 + 2
        if wild or f % 4 != m.suit or rank not in (m.rank - 1, m.high + 1) or is_red_three(f):
            return ("wrong_card", f"{_c(f)} does not extend the sequence {_c(m.cards[0])}-"
                    f"{_c(m.cards[-1])}")
        if not sequence_fits(r, min(m.rank, rank), max(m.high, rank)):
            return ("sequence_window", "the sequence would not fit a sequence canasta")
        return None

    def _why_not_merge(self, a: Action, finish: bool = True) -> Problem:
        """S1: two group melds of the same rank may be merged. ``finish``: also refuse a merge that
        would leave a player holding one card unable to go out (no pass here)."""
        why = self._merge_problem(a)
        r = self.rules
        if (why is None and finish and self.phase is _PLAY_PHASE and self.hn[self.current] == 1
                and not r.pass_allowed and not self.no_discard and not self._last_card_out(a)):
            return ("keep_cards", "after that merge you could not go out with your last card")
        return why

    def _merge_problem(self, a: Action) -> Problem:
        """``_why_not_merge`` without the check that a player holding one card can still finish."""
        if not self.rules.merge_groups:
            return ("no_merge", "melds cannot be merged in these rules")
        if self.upcard_lock:
            return ("laydown_locked", "you took the upcard: you cannot lay down until your next turn")
        side = self.side_of(self.current)
        melds = self.melds[side]
        i, j = a.meld, a.other
        if not (0 <= i < len(melds) and 0 <= j < len(melds)) or i == j:
            return ("no_meld", "name two different melds of your side")
        if j < i:
            return ("merge_order", f"write the lower meld number first: merge @{j} @{i}")
        mi, mj = melds[i], melds[j]
        if mi.type is not _GROUP_MELD or mj.type is not _GROUP_MELD or mi.rank != mj.rank:
            return ("no_merge", "only two group melds of the same rank can be merged")
        size = self.rules.canasta_size
        if (mi.size >= size or mj.size >= size) and not self.rules.add_to_canasta:
            return ("canasta_closed", "a completed canasta cannot grow")
        if mj.wilds and mi.size >= size and not self.rules.wild_to_canasta:
            return ("canasta_closed", "wild cards may not be added to a completed canasta")
        if mi.wilds and mj.size >= size and not self.rules.wild_to_canasta:
            return ("canasta_closed", "wild cards may not be added to a completed canasta")
        why = wild_problem(self.rules, mi.naturals + mj.naturals, mi.wilds + mj.wilds)
        if why:
            return ("wild_limit", why)
        return None

    def _special(self, a: Action) -> tuple[str, str] | int:
        """The award for declaring special hand ``a`` now (R 1.2, S3 F), or why it is refused."""
        r = self.rules
        if not 0 <= a.meld < 3:
            return ("no_special", "name a special hand: pairs, garbage or straight")
        name = ("pairs", "garbage", "straight")[a.meld]
        if not (r.special_pairs or r.special_pairs_wild, r.special_garbage, r.special_straight)[a.meld]:
            return ("no_special", f"these rules have no {name} hand")
        seat = self.current
        side = self.side_of(seat)
        if self.melds[side] or self.opened[side] or self.took_pile:
            return ("special_melded", "a special hand is only for a side that has not melded (S3 F: "
                    "once a team melds, the partner can no longer get a special hand)")
        before_draw = a.meld == 2 and not r.straight_discard  # N8 option: 13 cards, no discard
        if (self.phase is _DRAW_PHASE) != before_draw:
            if before_draw:
                return ("special_size", "in these rules a straight is shown before drawing")
            return ("draw_first", "draw first: a special hand is shown after drawing")
        if self.hn[seat] != r.hand_size + (not before_draw):
            return ("special_size", f"a special hand is declared holding "
                    f"{r.hand_size + (not before_draw)} cards")
        if (a.meld < 2 or before_draw) and a.cards:
            return ("special_discard", f"a {name} hand is shown without a discard")
        if a.meld == 2 and not before_draw and len(a.cards) != 1:
            return ("special_discard", "a straight is shown with the 14th card discarded (N8): "
                    "declare straight CARD")
        miss = self._has_cards(seat, a.cards)
        if miss:
            return ("not_in_hand", miss)
        counts = [0] * 15  # by rank: 0 joker, 2 deuce, 3 threes, 4..14
        for f, n in enumerate(self.hands[seat]):
            counts[0 if f == JOKER else f // 4 + 2] += n
        for f in a.cards:
            counts[0 if f == JOKER else f // 4 + 2] -= 1
        nat = counts[4:]
        if a.meld == 0:
            if counts[3] or any(n not in (0, 2) for n in nat) or counts[0] not in (0, 2) or (
                    counts[2] not in (0, 2)) or (counts[0] and counts[2]):
                return ("not_special", "a pairs hand is 7 different pairs (wild cards: one pair of "
                        "deuces or of jokers)")
            if not counts[0] and not counts[2]:
                return r.special_pairs or ("not_special", "these rules score no pairs hand without "
                                           "wild cards")
            if counts[14] != 2 or counts[7] != 2:
                return ("not_special", "a pairs hand with wild cards must hold A-A and 7-7")
            return r.special_pairs_wild or ("not_special", "these rules score no pairs hand with "
                                            "wild cards")
        if a.meld == 1:
            groups = sorted(n for n in nat + ([counts[2]] if r.garbage_deuces else []) if n)
            if counts[0] or (counts[2] and not r.garbage_deuces) or counts[3] or groups != [3, 3, 4, 4]:
                return ("not_special", "garbage is 4 + 4 + 3 + 3 of a kind, with no " + (
                    "jokers" if r.garbage_deuces else "wild cards (N9)"))
            return r.special_garbage
        if counts[0] != 1 or counts[2] != 1 or counts[3] or any(n != 1 for n in nat):
            return ("not_special", "a straight is A, 2, joker, 4, 5, ... K, one of each, no threes")
        return r.special_straight

    def declarable_specials(self) -> list[Action]:
        """The special hands (``declare``) the player to move may show now, where the rules have
        them: the going-out check counts one as going out."""
        out: list[Action] = []
        self._gen_specials(out)
        return out

    def _gen_specials(self, out: list[Action]) -> None:
        """Special hands the player may declare (cheap shape tests first, then the full check)."""
        r = self.rules
        seat = self.current
        side = self.side_of(seat)
        if self.took_pile or self.melds[side] or self.opened[side]:
            return
        h = self.hands[seat]
        if self.phase is _DRAW_PHASE:  # N8 option: a straight shown before drawing, 13 cards
            a = Action(_OP_DECLARE, (), 2)
            if not isinstance(self._special(a), tuple):
                out.append(a)
            return
        if self.hn[seat] != r.hand_size + 1:
            return
        if not self.model.seq_runs:  # kinds are ranks: 7 pairs, 4 groups or 13 singles, else nothing
            kinds = sum(1 for n in self.hk[seat] if n)
            if kinds not in (4, 7, 13):
                return
        counts = [h[JOKER]] + [h[b] + h[b + 1] + h[b + 2] + h[b + 3] for b in range(0, 52, 4)]
        if all(n in (0, 2) for n in counts):
            a = Action(_OP_DECLARE, (), 0)
            if not isinstance(self._special(a), tuple):
                out.append(a)
        if r.special_garbage and not counts[0] and sorted(
                n for n in counts if n) == [3, 3, 4, 4]:
            a = Action(_OP_DECLARE, (), 1)
            if not isinstance(self._special(a), tuple):
                out.append(a)
        if r.special_straight and r.straight_discard and all(counts[i] for i in (0, 1, *range(3, 14))):
            for k, n in enumerate(self.hk[seat]):
                if n:
                    a = Action(_OP_DECLARE, (self.face_of_kind(seat, k),), 2)
                    if not isinstance(self._special(a), tuple):
                        out.append(a)

    def _why_not_pass(self) -> Problem:
        """S1: a player who may not go out melds down to one card and says pass."""
        if not self.rules.pass_allowed:
            return ("no_pass", "these rules have no pass: end your turn with a discard")
        seat = self.current
        side = self.side_of(seat)
        if self.hn[seat] != 1:
            return ("no_pass", "you may pass only when one card is left and you may not go out")
        if self._go_out_problem(self._counts(side), self._open_after(side, 0),
                                self._concealed_after()) is None:
            return ("no_pass", "you can go out: discard your last card")
        if not self._open_after(side, 0) and self.turn_points:
            return ("opening_minimum", "your melds are short of the opening minimum: add more or "
                    "retract them")
        return None

    def _why_not_discard(self, cards: tuple[int, ...], held_to_yes: bool = True) -> Problem:
        """Why the discard is refused; ``held_to_yes=False`` skips the last check, the binding yes
        (the same for every card), for a caller that makes it once."""
        if len(cards) != 1:
            return ("discard_one", "discard exactly one card")
        seat = self.current
        miss = self._has_cards(seat, cards)
        if miss:
            return ("not_in_hand", miss)
        if self.no_discard:
            return ("no_discard", "the last card of the stock was a red three: you may meld, then end "
                    "the hand without discarding")
        side = self.side_of(seat)
        if self.hn[seat] == 1:
            why = self._go_out_problem(self._counts(side), self._open_after(side, 0),
                                       self._concealed_after())
            if why and not (self._open_after(side, 0) and self._talon_count(side)):
                return ("cannot_go_out", f"discarding your last card would go out, but {why}")
            return None
        if not self._open_after(side, 0) and self.turn_points:
            if self.turn_points >= self.minimum[side]:
                return ("opening_natural", "your opening needs a meld of three or more natural "
                        "cards: add more or retract them")
            return ("opening_minimum", f"your melds make {self.turn_points}, short of your side's "
                    f"opening minimum of {self.minimum[side]}: add more or retract them")
        if self.took_pile and not self.pile and self.rules.after_take_no_discard:
            why = self._swad(cards[0], side)
            if why and any(self._swad(g, side) is None for g in self.hand_cards(seat)):
                return ("swad", f"after taking the pile you may not discard {why} onto the empty pile")
        return self._must_go_out() if held_to_yes else None

    def _swad(self, f: int, side: int) -> str | None:
        """Which forbidden class card ``f`` is in after a take (SWAD: seven, ace, wild, dead), or
        None. A player holding nothing else may discard one anyway (director's reading)."""
        no = self.rules.after_take_no_discard
        rank = f // 4 + 2
        if f == JOKER or rank == 2:
            return "a wild card" if "wild" in no else None
        if rank == 7 and "seven" in no:
            return "a seven"
        if rank == 14 and "ace" in no:
            return "an ace"
        if "dead" in no and any(m.type is _GROUP_MELD and m.rank == rank
                                and len(m.cards) >= self.rules.canasta_size for m in self.melds[side]):
            return f"a dead card ({RANK_NAMES[rank]} are closed)"
        return None

    def _must_go_out(self) -> Problem:
        """A binding "yes" obliges the player to go out when the cards allow it."""
        if self.permission == SAID_YES and self.binding and can_go_out(self):
            return ("must_go_out", "your partner said yes, and you can go out: meld your cards and "
                    "go out this turn")
        return None

    def _why_not_ask(self) -> Problem:
        why = self._ask_basic()
        if why:
            return why
        if self.phase is _DRAW_PHASE:
            # before drawing, asking matters only to go out by taking the pile
            if self.pre_draw or not self._any_take():
                return ("ask_after_draw", "ask after drawing (before drawing, only to go out by "
                        "taking the pile)")
        elif self.hn[self.current] < 2:
            return ("ask_late", "ask before you meld down to your last card (a 'no' must leave you a "
                    "card to keep after discarding)")
        return None

    def _ask_basic(self) -> Problem:
        seat = self.current
        mode = self.rules.ask_partner
        if self.partner(seat) < 0 or mode == "none":
            return ("no_partner", "there is no partner to ask")
        if self.rules.ask_after_pickup:
            if self.phase is _DRAW_PHASE:
                return ("ask_after_pickup", "ask after your pick-up (draw or take), before showing "
                        "any card")
            if self.shown:
                return ("ask_after_showing", "ask before any card is shown this turn")
        if self.asked_turn:
            return ("asked", "you have already asked this turn")
        if mode == "once" and self.asks[seat]:
            return ("asked", "you may ask only once a hand")
        return None

    def _why_not_retract(self) -> Problem:
        side = self.side_of(self.current)
        if self.opened[side] or not self.melds[side]:
            return ("nothing_to_retract", "there are no provisional melds to take back")
        return None

    def _why_not_end(self) -> Problem:
        if self.phase is _PLAY_PHASE:
            if not self.no_discard:
                return ("no_end", "end your turn with a discard")
            side = self.side_of(self.current)
            if not self._open_after(side, 0) and self.turn_points:
                return ("opening_minimum", "your melds are short of the opening minimum: add more or "
                        "retract them")
            return self._must_go_out()
        if self.stock:
            return ("no_end", "draw from the stock or take the pile")
        if self.pre_draw:
            return ("shown_melds", "retract your shown melds first")
        if self._forced_take():
            return ("must_take", "the stock is gone and the discard fits your meld: you must take it")
        return None

    def _forced_take(self) -> bool:
        """Classic end of stock: must the player take the discard (``stock_out_must_take``)?"""
        rule = self.rules.stock_out_must_take
        if rule == "never" or self._pile_block() is not None:
            return False
        if rule == "any":
            return self._any_take()
        side = self.side_of(self.current)
        return any(self._why_not_take(Action(_OP_TAKE, (), i)) is None
                   for i, m in enumerate(self.melds[side]) if m.type is not _BLACK3_MELD)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Every legal action now, one per kind of card, in a fixed order; changes nothing."""
        ph = self.phase
        if ph is _OVER_PHASE:
            return []
        if ph is _ANSWER_PHASE:
            return [YES, NO]
        out: list[Action] = []
        if ph is _DRAW_PHASE:
            if self._why_not_draw() is None:
                out.append(DRAW)
            if self._why_not_upcard() is None:
                out.append(UPCARD)
            ntake = len(out)
            self._gen_takes(out)
            if self.rules.laydown_facility:
                self._gen_tops(out)
            if len(out) > ntake and not self.pre_draw and self._ask_basic() is None:
                out.append(ASK)
            if self._pre_draw_ok():
                self._gen_melds(out)
            if self._why_not_retract() is None:
                out.append(RETRACT)
            if self._why_not_end() is None:
                out.append(END)
            if self.rules.special_straight and not self.rules.straight_discard:
                self._gen_specials(out)
            return out
        if self.bonus_draws and self.stock:
            out.append(DRAW)
        self._gen_melds(out)
        if self.rules.merge_groups:
            self._gen_merges(out)
        if self._why_not_ask() is None:
            out.append(ASK)
        if self._why_not_retract() is None:
            out.append(RETRACT)
        if self.no_discard:
            if self._why_not_end() is None:
                out.append(END)
        else:
            self._gen_discards(out)
        if self.rules.pass_allowed and self._why_not_pass() is None:
            out.append(PASS)
        r = self.rules
        if r.special_pairs or r.special_pairs_wild or r.special_garbage or r.special_straight:
            self._gen_specials(out)
        return out

    def _gen_merges(self, out: list[Action], finish: bool = True) -> None:
        melds = self.melds[self.side_of(self.current)]
        ranks = [mi.rank for mi in melds if mi.type is _GROUP_MELD]
        if len(set(ranks)) == len(ranks):
            return  # no two group melds of one rank
        by_rank: dict[int, list[int]] = {}
        for i, mi in enumerate(melds):
            if mi.type is _GROUP_MELD:
                by_rank.setdefault(mi.rank, []).append(i)
        for idx in by_rank.values():
            for x, i in enumerate(idx):
                for j in idx[x + 1:]:
                    a = Action(_OP_MERGE, (), i, j)
                    if self._why_not_merge(a, finish) is None:
                        out.append(a)

    def face_of_kind(self, seat: int, kind: int, skip: int = 0) -> int:
        """The canonical face of card kind ``kind`` (``model.py``) in the seat's hand: the
        ``skip``-th card of that kind, as the generated actions name it. The kind must be held."""
        h = self.hands[seat]
        for f in self.model.faces_of[kind]:
            n = h[f]
            if n > skip:
                return f
            skip -= n
        raise AssertionError("kind not held")  # pragma: no cover

    def _faces(self, seat: int, kind: int, count: int) -> tuple[int, ...]:
        """``count`` cards of ``kind`` from the hand, in canonical order."""
        h = self.hands[seat]
        out: list[int] = []
        for f in self.model.faces_of[kind]:
            n = h[f]
            if n:
                need = count - len(out)
                out.extend([f] * (n if n < need else need))
                if len(out) == count:
                    break
        return tuple(out)

    def _gen_discards(self, out: list[Action]) -> None:
        seat = self.current
        if self.no_discard:
            return
        hn = self.hn[seat]
        short = self.turn_points and not self._open_after(self.side_of(seat), 0)
        if short and hn >= 2:
            return  # melds short of the opening: no discard until they open or are retracted
        if hn == 1 or short or (self.took_pile and not self.pile and self.rules.after_take_no_discard):
            # going out with the last card, short of the opening, or SWAD: the full check decides
            # (its last step, the binding yes, is the same for every card: asked once, below)
            cands = []
            for k, n in enumerate(self.hk[seat]):
                if n:
                    a = _DISCARDS[self.face_of_kind(seat, k)]
                    if self._why_not_discard(a.cards, False) is None:
                        cands.append(a)
            if cands and (hn == 1 or not self._must_go_out()):
                out.extend(cands)
            return
        if self.permission == SAID_YES and self._must_go_out():
            return
        h = self.hands[seat]
        m = self.model
        hk = self.hk[seat]
        if m.seq_runs:  # every natural face is its own kind, in face order
            out.extend([_DISCARDS[f] for f in range(8, 52) if h[f]])
        else:  # one kind per rank: its first held face
            faces_of = m.faces_of
            for k in range(m.n_natural):
                if hk[k]:
                    for f in faces_of[k]:
                        if h[f]:
                            out.append(_DISCARDS[f])
                            break
        for k in m.special_kinds:  # red threes, black threes, deuces, jokers
            if hk[k]:
                out.append(_DISCARDS[self.face_of_kind(seat, k)])

    def _gen_melds(self, out: list[Action]) -> None:
        """New three-card melds, black threes and one-card additions (same rules as the checks)."""
        seat = self.current
        side = self.side_of(seat)
        r = self.rules
        m = self.model
        if self.retracted and not self.opened[side]:
            return
        hk = self.hk[seat]
        h = self.hands[seat]
        hn = self.hn[seat]
        drawing = self.phase is _DRAW_PHASE
        if self.upcard_lock:  # S0 [A](i): no lay-down this turn; red treys may still be disclosed
            if hk[m.red3] and not drawing:
                c1 = (self.face_of_kind(seat, m.red3),)
                if self._why_not_meld(c1) is None:
                    out.append(Action(_OP_MELD, c1))
            return
        melds = self.melds[side]
        wilds = [k for k in m.wild_kinds if hk[k]]
        wild_faces = [self.face_of_kind(seat, k) for k in wilds]
        taken = {x.rank for x in melds if x.type is _GROUP_MELD} if r.one_meld_per_rank else set()
        # new group melds of three cards
        ok3, ok21 = m.meld3_ok, m.meld21_ok
        if r.sequences:
            self._gen_suited(out, wild_faces, taken)
        elif ok3 or ok21:
            free = drawing or hn - 3 >= 2
            kind_rank = m.rank
            for k in range(m.n_natural):
                n = hk[k]
                if n < 2 or kind_rank[k] in taken:
                    continue
                base = (kind_rank[k] - 2) * 4
                three = _first_faces(base, bytes(h[base:base + 4]), 3 if n >= 3 else 2)
                if n >= 3 and ok3 and (free or self._meld_finish(side, three) is None):
                    out.append(Action(_OP_MELD, three))
                if ok21 and wild_faces and self._wild_rule(side, kind_rank[k], 2) is None:
                    for wf in wild_faces:
                        c3: tuple[int, ...] = (three[0], three[1], wf)
                        if free or self._meld_finish(side, c3) is None:
                            out.append(Action(_OP_MELD, c3))
        n3 = hk[m.red3] if r.red3_wild else 0  # S0 T8: held red treys are wild cards too
        if r.wild_melds and len(wild_faces) and hk[m.joker] + hk[m.deuce] + n3 >= 3:
            for j in range(min(3, hk[m.joker]), -1, -1):
                for t in range(min(3 - j, n3), -1, -1):
                    if 3 - j - t <= hk[m.deuce]:
                        c = ((JOKER,) * j + self._faces(seat, m.deuce, 3 - j - t)
                             + self._faces(seat, m.red3, t))
                        if self._why_not_meld(c) is None:
                            out.append(Action(_OP_MELD, c))
        if hk[m.red3] and not drawing and r.red3_mode in ("optional", "trey"):
            c = (self.face_of_kind(seat, m.red3),)
            if self._why_not_meld(c) is None:
                out.append(Action(_OP_MELD, c))
        # black threes, all at once, when going out
        if hk[m.black3] >= 2 and not drawing and r.black3_meld != "none":
            bcards = self._faces(seat, m.black3, hk[m.black3])
            for c in [bcards] + [(*bcards, self.face_of_kind(seat, wk)) for wk in wilds]:
                if self._why_not_meld(c) is None:
                    out.append(Action(_OP_MELD, c))
        # additions, one card at a time (the limits of melds.wild_problem, inlined: this is hot)
        free = drawing or hn - 1 >= 2
        size = r.canasta_size
        maxsize = r.max_meld_size or 1 << 30
        maxw = r.max_wilds
        le = r.wild_ratio == "le"
        lt = r.wild_ratio == "lt"
        nat_can = r.add_to_canasta
        wild_can = nat_can and r.wild_to_canasta
        wild_rules = r.wild_needs_naturals or r.no_wild_ranks or r.opening_wild_ranks
        suited = bool(m.seq_runs)  # where suits matter every held suit is listed, else the first held
        nat_kinds = m.natural_kinds
        for i, meld in enumerate(melds):
            if meld.type is not _GROUP_MELD:
                if meld.type is not _BLACK3_MELD:
                    self._gen_extend(out, i, meld, wild_faces)
                continue
            n = len(meld.cards)
            if n >= maxsize:
                continue
            is_can = n >= size
            if not is_can or nat_can:
                base = (meld.rank - 2) * 4
                if suited:
                    held = _HELD_SUITED[(h[base] > 0) | (h[base + 1] > 0) << 1 | (h[base + 2] > 0) << 2
                                        | (h[base + 3] > 0) << 3]
                elif hk[nat_kinds[meld.rank][0]]:
                    held = (self.face_of_kind(seat, nat_kinds[meld.rank][0]) - base,)
                else:
                    held = ()
                for f in held:
                    f += base
                    if free or self._add_finish(side, i, meld, f) is None:
                        out.append(_add_action(f, i))
            if wild_faces and (not is_can or wild_can):
                w = meld.wilds + 1
                if (w <= maxw and not (le and w > meld.naturals) and not (lt and w >= meld.naturals)
                        and (not wild_rules or self._wild_rule(side, meld.rank, meld.naturals) is None)):
                    for f in wild_faces:
                        if free or self._add_finish(side, i, meld, f) is None:
                            out.append(_add_action(f, i))

    def _gen_suited(self, out: list[Action], wild_faces: list[int], taken: set[int]) -> None:
        """New melds where suits matter: groups from any suits of a rank (not of a rank in ``taken``:
        the side's one meld of that rank takes them, ``one_meld_per_rank``), and sequences."""
        seat = self.current
        side = self.side_of(seat)
        m = self.model
        h = self.hands[seat]
        free = self.phase is _DRAW_PHASE or self.hn[seat] - 3 >= 2
        ok3, ok21 = m.meld3_ok, m.meld21_ok
        # group melds by rank: the suits' counts as one number index a table of the combinations
        wilds = tuple(wild_faces) if ok21 else ()
        wkey = 0
        for wf in wilds:
            wkey |= 1 << (wf if wf < 8 else 8)  # deuces and treys by face, the joker
        for base in range(8, 52, 4):
            c0, c1, c2, c3 = h[base], h[base + 1], h[base + 2], h[base + 3]
            if c0 + c1 + c2 + c3 < 2 or (taken and base // 4 + 2 in taken):
                continue
            here = wilds if not wilds or self._wild_rule(side, base // 4 + 2, 2) is None else ()
            code = c0 | c1 << 4 | c2 << 8 | c3 << 12
            key = base << 32 | (wkey << 16 if here else 0) | code
            opts = _GROUPS.get(key)
            if opts is None:
                opts = _GROUPS[key] = _group_options(base, (c0, c1, c2, c3), here)
            for acts in opts if ok3 else opts[1:]:
                if free:
                    out.extend(acts)
                else:
                    for a in acts:
                        if self._meld_finish(side, a.cards) is None:
                            out.append(a)
        # sequences: three held ranks in a row of one suit, inside the rule set's spans
        for lo, hi in m.seq_runs:
            for suit in range(4):
                run = 0
                for f in range((lo - 2) * 4 + suit, (hi - 1) * 4, 4):
                    if not h[f]:
                        run = 0
                        continue
                    run += 1
                    if run >= 3:
                        a = _RUN_MELDS[f]
                        if free or self._meld_finish(side, a.cards) is None:
                            out.append(a)

    def _gen_extend(self, out: list[Action], i: int, meld: Meld, wild_faces: list[int]) -> None:
        """Cards that extend a sequence (at either end) or a wild meld."""
        if meld.type is _WILD_MELD:
            cands = wild_faces
        else:
            h = self.hands[self.current]
            suit = meld.suit
            cands = [f for f in ((meld.rank - 3) * 4 + suit, (meld.high - 1) * 4 + suit)
                     if 8 <= f < JOKER and h[f]]
        free = self.phase is _DRAW_PHASE or self.hn[self.current] - 1 >= 2
        side = self.side_of(self.current)
        for f in cands:  # the checks of _why_not_add for a held card, short-cut when cards spare
            if self._misfit(meld, f, self.model.wild_face[f]) is None and (
                    free or self._add_finish(side, i, meld, f) is None):
                out.append(_add_action(f, i))

    def _meld_finish(self, side: int, cards: tuple[int, ...]) -> Problem:
        natural = not any(f == JOKER or f < 4 for f in cards)
        return self._finish_problem(self.hn[self.current] - len(cards), self._counts(side),
                                    self._open_after(side, self._value(cards), natural,
                                                     natural and len(cards) >= self.rules.canasta_size),
                                    self._concealed_after(False, self.rules.canasta_size <= len(cards)),
                                    Action(_OP_MELD, cards))

    def _add_finish(self, side: int, index: int, meld: Meld, f: int) -> Problem:
        completes = len(meld.cards) + 1 == self.rules.canasta_size
        own = index >= self.turn_base
        seq = completes and meld.type is _SEQUENCE_MELD
        nat_can = completes and meld.type is _GROUP_MELD and not meld.wilds and not self.model.wild_face[f]
        return self._finish_problem(self.hn[self.current] - 1, self._counts(side, completes, seq),
                                    self._open_after(side, self.model.open_value[f], False, nat_can) or (
                                        seq and self.rules.sequence_canasta_opens),
                                    self._concealed_after(not own, completes and own), _add_action(f, index))

    def _gen_takes(self, out: list[Action]) -> None:
        if self._pile_block() is not None:
            return
        seat = self.current
        side = self.side_of(seat)
        r = self.rules
        hk = self.hk[seat]
        m = self.model
        melds = self.melds[side]
        rank = self.pile[-1] // 4 + 2
        if r.one_meld_per_rank:
            targets = [self.meld_of_rank(side, rank)]
        else:
            targets = [-1] + [i for i, x in enumerate(melds) if x.type is _GROUP_MELD and x.rank == rank]
        frozen = self.frozen_reason(side) is not None
        held = sum(hk[k] for k in m.natural_kinds[rank])
        layoff = not frozen and r.pickup_layoff and any(t >= 0 for t in targets)
        if held < 2 and not layoff and (frozen or not r.pickup_natural_wild or held == 0):
            targets = []  # no group take is possible: only sequence ends remain
        elif not self.opened[side] and targets:
            # an upper bound of what a take can add toward the opening (every held natural of the
            # rank and every wild); short of the minimum no group take is legal
            top_value = m.value[self.pile[-1]]
            best = self.turn_points + (top_value if r.pile_top_counts else 0)
            if r.take_cards_count:
                best += held * top_value + hk[m.joker] * r.value_joker + hk[m.deuce] * r.value_two
            size = r.canasta_size
            # a natural canasta completed by the take opens too: the top card and the held naturals
            # with those of a natural meld of that rank already laid this turn
            laid = max([melds[t].naturals for t in targets if t >= 0 and not melds[t].wilds], default=0)
            if best < self.minimum[side] and not (r.canasta_opens and (
                    self._has_natural(side, size) or (r.take_cards_count and laid + held + 1 >= size))):
                targets = []
        # naturals of the top rank: every count from 0 (layoff) up, one kind where suits do not matter
        nat_options: list[tuple[int, ...]] = [()]
        for k in m.natural_kinds[rank] if targets else ():
            if hk[k]:
                nat_options = [prev + self._faces(seat, k, c) for prev in nat_options
                               for c in range(hk[k] + 1)]
        nj = hk[m.joker] if r.pickup_hand_wilds else 0
        nd = hk[m.deuce] if r.pickup_hand_wilds else 0
        nt = hk[m.red3] if r.red3_wild and r.pickup_hand_wilds else 0  # S0 T8: red treys are wild
        gained = self._pile_gain(True)
        hn = self.hn[seat]
        for target in targets:
            tm = melds[target] if target >= 0 else None
            base_nat = tm.naturals if tm is not None else 0
            base_wild = tm.wilds if tm is not None else 0
            # for an opened side, with no canasta to extend and cards to spare, the pruning below
            # leaves only legal takes (the checks of _why_not_take, short-cut)
            trusted = self.opened[side] and (tm is None or len(tm.cards) < r.canasta_size)
            for nat in nat_options:
                c = len(nat)
                if c == 0 and (frozen or target < 0 or not r.pickup_layoff):
                    continue
                if c == 1 and (frozen or not r.pickup_natural_wild):
                    continue
                wild_ok = self._wild_rule(side, rank, base_nat + 1 + c) is None
                for j in range(nj + 1):
                    for d in range(nd + 1):
                        for t in range(nt + 1):
                            w = j + d + t
                            if c == 0 and w:
                                break
                            if c == 1 and not w:
                                continue
                            if wild_problem(r, base_nat + 1 + c, base_wild + w) is not None or (
                                    w and not wild_ok):
                                break
                            a = Action(_OP_TAKE, nat + self._faces(seat, m.deuce, d) + (JOKER,) * j
                                       + self._faces(seat, m.red3, t), target)
                            if (trusted and hn - c - w + gained >= 2) or self._why_not_take(a) is None:
                                out.append(a)
        if r.pickup_extends_sequence:
            for i, x in enumerate(melds):
                if x.type is _SEQUENCE_MELD:
                    a = Action(_OP_TAKE, (), i)
                    if self._why_not_take(a) is None:
                        out.append(a)

    def meld_plan(self, cards: tuple[int, ...] | list[int], meld: int = -1) -> list[Action]:
        """The elementary actions that lay ``cards`` as one new meld (or add them to ``meld``):
        three cards first, naturals before wilds, then one card at a time. For UIs; each action is
        still checked when applied."""
        nat = [f for f in cards if not self.model.wild_face[f]]
        wild = [f for f in cards if self.model.wild_face[f]]
        if meld >= 0:
            return [Action(_OP_ADD, (f,), meld) for f in nat + wild]
        if len(nat) >= 3:
            first, rest = nat[:3], nat[3:] + wild
        else:
            first, rest = nat + wild[:1], wild[1:]
        index = len(self.melds[self.side_of(self.current)])
        return [Action(_OP_MELD, tuple(first))] + [Action(_OP_ADD, (f,), index) for f in rest]

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action | str | object) -> None:
        """Play ``action`` (an :class:`Action` or its notation). Illegal, or not an action at all:
        :class:`IllegalAction`, and the state is unchanged."""
        if isinstance(action, str):
            action = Action.parse(action)
        why = self.why_illegal(action)
        if why is not None:
            raise IllegalAction(*why)
        assert isinstance(action, Action)  # why_illegal refuses anything else
        self.apply_unchecked(action)

    def apply_unchecked(self, a: Action) -> None:
        """Play a legal action without checking it: the fast path for simulators, searches and
        replays that take every action from :meth:`legal_actions` (or have checked it with
        :meth:`why_illegal`). An action that is not legal here leaves the state inconsistent;
        everyone else uses :meth:`apply`."""
        self._hist = (a, self._hist)
        self.nactions += 1
        op = a.op
        seat = self.current
        if self.rules.red3_mode == "trey" and not (
                op is _OP_DRAW or op is _OP_TAKE or op is _OP_UPCARD or op is _OP_YES or op is _OP_NO
                or (op is _OP_MELD and len(a.cards) == 1)):
            # S0 [F](i){c}: the further card is only for a red trey disclosed at once
            self.fresh3[seat] = 0
            self.bonus_draws = 0
        if op is _OP_DISCARD:
            self._do_discard(a.cards[0])
        elif op is _OP_DRAW and self.phase is _PLAY_PHASE:
            self._do_replacement()
        elif op is _OP_DRAW:
            self._do_draw()
        elif op is _OP_MELD:
            self._do_meld(a.cards)
        elif op is _OP_ADD:
            self._do_add(a.meld, a.cards[0])
        elif op is _OP_TAKE:
            self._do_take(a)
        elif op is _OP_TOP:
            self._do_top(a)
        elif op is _OP_UPCARD:
            self._do_upcard()
        elif op is _OP_ASK:
            self._do_ask()
        elif op is _OP_YES or op is _OP_NO:
            self._do_answer(op is _OP_YES)
        elif op is _OP_RETRACT:
            self._do_retract()
        elif op is _OP_END:
            self._do_end()
        elif op is _OP_PASS:
            self._do_pass()
        elif op is _OP_DECLARE:
            self._do_declare(a)
        elif op is _OP_MERGE:
            self._do_merge(a)

    def _do_upcard(self) -> None:
        seat = self.current
        f = self.pile.pop()
        self.give_card(seat, f)
        self.log_event(seat, "upcard", (f,))
        self.first_turn = False
        self.phase = _PLAY_PHASE
        if not self.pile:
            self.pile_frozen = False
        if self.rules.first_turn_upcard == "trey":
            # S0 [A](i){a}{b}{c}: one stock card with it, and no lay-down until the next turn
            got = self._draw_cards(seat, self.rules.stock_draw - 1)
            self.log_event(seat, "draw", tuple(got), private=True)
            self.upcard_lock = True
            self._fresh((f, *got))

    def _do_ask(self) -> None:
        seat = self.current
        self.asks[seat] += 1
        self.asked_turn = True
        self.ask_phase = self.phase
        self.phase = _ANSWER_PHASE
        self.actor = self.partner(seat)
        self.log_event(seat, "ask")

    def _do_answer(self, yes: bool) -> None:
        seat = self.current
        mode = self.rules.ask_partner
        self.binding = mode != "first_binding" or self.answers[seat] == 0
        self.answers[seat] += 1
        self.permission = SAID_YES if yes else SAID_NO
        side = self.side_of(seat)
        # S0 [J](v): what is on the table when told yes (cards shown later may be boxed)
        self.yes_snapshot = ((tuple(self.melds[side]), self.opened[side], len(self.red3[seat]))
                             if yes and self.rules.failed_go_out_boxes else None)
        self.log_event(self.actor, "yes" if yes else "no")
        self.phase = self.ask_phase
        self.actor = seat

    def _do_end(self) -> None:
        self.log_event(self.current, "end")
        if self.phase is _PLAY_PHASE:
            self._check_failed_go_out()
            self.end_hand("last_red3", -1)
        else:
            self.end_hand("stock_out", -1)

    def _do_pass(self) -> None:
        self.log_event(self.current, "pass")
        self._check_failed_go_out()
        self._next_turn()

    def _do_declare(self, a: Action) -> None:
        seat = self.current
        award = self._special(a)
        assert not isinstance(award, tuple)
        shown = tuple(self.hand_cards(seat))
        for f in a.cards:  # the straight's 14th card goes to the pile (N8)
            self._take_from(seat, f)
            self.pile.append(f)
        self.log_event(seat, "declare", shown)
        self.end_hand("special", seat, False, award)

    def _do_merge(self, a: Action) -> None:
        seat = self.current
        side = self.side_of(seat)
        melds = self.melds[side]
        into, other = melds[a.meld], melds[a.other]
        merged = into.with_cards(other.cards, self.rules.red3_wild)
        size = self.rules.canasta_size
        del melds[a.other]
        melds[a.meld if a.other > a.meld else a.meld - 1] = merged
        if a.other < self.turn_base:
            self.turn_base -= 1
        self.log_event(seat, "merge", other.cards)
        self.shown = True
        self._meld_points(side, 0, into.size < size <= merged.size and a.meld >= self.turn_base)

    def give_card(self, seat: int, f: int) -> None:
        """Put card ``f`` into the seat's hand (from nowhere: the caller takes it from the stock, the
        pile or a position's setup)."""
        self.hands[seat][f] += 1
        self.hk[seat][self.model.kind_of[f]] += 1
        self.hn[seat] += 1

    def _take_from(self, seat: int, f: int) -> None:
        self.hands[seat][f] -= 1
        self.hk[seat][self.model.kind_of[f]] -= 1
        self.hn[seat] -= 1

    def _draw_cards(self, seat: int, count: int, floor: int = 0) -> list[int]:
        """Draw ``count`` cards (leaving at least ``floor`` in the stock), laying and replacing red
        threes (all threes in threes mode); returns the cards kept. A three laid is replaced even from
        below ``floor`` (the turn card limits the talon's cards, not the replacement of a three: the
        director's reading, since otherwise a player could be left holding no card at all)."""
        got: list[int] = []
        last_red3 = False
        laid = self.rules.laid_at_once
        while count > 0 and len(self.stock) > floor:
            f = self.stock.pop()
            if laid(f):
                self.red3[seat].append(f)
                self.log_event(seat, "red3", (f,))
                last_red3 = True
                floor = max(0, floor - 1)
                continue
            last_red3 = False
            self.give_card(seat, f)
            got.append(f)
            count -= 1
        if last_red3 and not self.stock:
            self.no_discard = True
        return got

    def _do_draw(self) -> None:
        seat = self.current
        if not self.stock and self._turnover_due():
            # S0 [K](iii): the discard pile is turned over to become the stock, and play goes on
            self.stock = self.pile[::-1]
            self.pile = []
            self.pile_frozen = False
            self.log_event(seat, "turnover", (), private=True)
        if not self.stock:  # S1: wanting to draw from an empty stock ends the hand
            self.log_event(seat, "draw_empty")
            self.end_hand("stock_out", -1)
            return
        got = self._draw_cards(seat, self.rules.stock_draw)
        self.log_event(seat, "draw", tuple(got), private=True)
        self.first_turn = False
        self.phase = _PLAY_PHASE
        self._fresh(got)

    def _turnover_due(self) -> bool:
        """S0 [K](iii) (option): at the end of the stock with a side at the target (a moral winner,
        [K](ii)), the pile is turned over instead of ending the hand; not when it is empty."""
        if not self.rules.stock_out_turnover or not self.pile:
            return False
        after = score_hand(self, "stock_out", -1, False).scores_after
        return max(after) >= self.rules.target_score

    def _fresh(self, got: tuple[int, ...] | list[int]) -> None:
        """S0 [F](i){c}: red treys just dealt or picked up may be disclosed for a further card."""
        if self.rules.red3_mode == "trey":
            self.fresh3[self.current] += sum(1 for f in got if is_red_three(f))

    def _do_replacement(self) -> None:
        """The further stock card for a red trey disclosed at once (S0 [F](i){c}, [A](i){c})."""
        seat = self.current
        self.bonus_draws -= 1
        got = self._draw_cards(seat, 1)
        self.log_event(seat, "replace", tuple(got), private=True)
        self._fresh(got)

    def _meld_points(self, side: int, points: int, completed: bool) -> None:
        self.turn_melded = True
        if completed:
            self.turn_canasta = True
        if not self.opened[side]:
            self.turn_points += points
            if self._open_after(side, 0):
                self.opened[side] = True

    def _do_take(self, a: Action) -> None:
        seat = self.current
        side = self.side_of(seat)
        r = self.rules
        for f in a.cards:
            self._take_from(seat, f)
        top = self.pile.pop()
        target = self.melds[side][a.meld] if a.meld >= 0 else None
        if target is not None and target.type is _SEQUENCE_MELD and not r.seq_pickup_takes_pile:
            rest = []  # B2 (option): extending a sequence takes the top card only
        else:
            rest = self.pile
            self.pile = []
            self.pile_frozen = False
        points = self._take_points(a.cards, top)
        if a.meld >= 0:
            old = self.melds[side][a.meld]
            new = old.with_cards((top, *a.cards), r.red3_wild)
            self.melds[side][a.meld] = new
            completed = old.size < r.canasta_size <= new.size
        else:
            new = new_meld((top, *a.cards), _GROUP_MELD, r.red3_wild)
            self.melds[side].append(new)
            completed = new.size >= r.canasta_size
        gained: list[int] = []
        laid: list[int] = []
        for f in rest:
            if r.laid_at_once(f):
                self.red3[seat].append(f)
                laid.append(f)
            else:
                self.give_card(seat, f)
                gained.append(f)
        self.log_event(seat, "take", (top, *a.cards))
        self._fresh(gained)
        if not self.pile:  # the whole pile was taken (not only its top card, B2 option)
            self.log_event(seat, "pile", tuple(gained))
        for f in laid:  # a red three found in the pile is laid, not replaced (R 1.1)
            self.log_event(seat, "red3", (f,))
        self.took_pile = True
        self.pre_draw = False
        self.first_turn = False
        self._meld_points(side, points, completed)
        self.opened[side] = True
        self.phase = _PLAY_PHASE
        if self.hn[seat] == 0:
            self._go_out(seat)

    def _do_top(self, a: Action) -> None:
        """S0 [G](i){a}{b}{c}: the top card alone with cards from hand as a new lay-down meld."""
        seat = self.current
        side = self.side_of(seat)
        r = self.rules
        for f in a.cards:
            self._take_from(seat, f)
        top = self.pile.pop()
        cards = (top, *a.cards)
        meld = new_meld(cards, _meld_type(cards, r.red3_wild), r.red3_wild)
        self.melds[side].append(meld)
        self.pile_frozen = any((r.freeze_on_wild and is_wild(f)) or (r.freeze_on_red3 and is_red_three(f))
                               for f in self.pile)
        self.log_event(seat, "take", cards)
        self.pre_draw = False
        self.first_turn = False
        self._meld_points(side, self._value(cards), meld.size >= r.canasta_size)
        self.phase = _PLAY_PHASE

    def _do_meld(self, cards: tuple[int, ...]) -> None:
        seat = self.current
        side = self.side_of(seat)
        for f in cards:
            self._take_from(seat, f)
        if len(cards) == 1 and is_red_three(cards[0]):  # an optional red-three meld (S1)
            self.red3[seat].append(cards[0])
            self.log_event(seat, "red3", cards)
            if self.fresh3[seat]:  # S0 [F](i){c}: disclosed at once, a further card may be taken
                self.fresh3[seat] -= 1
                self.bonus_draws += 1
            if self.hn[seat] == 0:
                self._go_out(seat)
            return
        r3w = self.rules.red3_wild
        meld = new_meld(cards, _meld_type(cards, r3w), r3w)
        completed = meld.size >= self.rules.canasta_size
        self.melds[side].append(meld)
        self.log_event(seat, "meld", cards)
        if self.phase is _DRAW_PHASE:
            self.pre_draw = True
            self.turn_melded = True
            self.turn_points += self._value(cards)
            return
        self.shown = True
        self._meld_points(side, self._value(cards), completed)
        if self.hn[seat] == 0:
            self._go_out(seat)

    def _do_add(self, index: int, f: int) -> None:
        seat = self.current
        side = self.side_of(seat)
        self._take_from(seat, f)
        old = self.melds[side][index]
        new = old.with_cards((f,), self.rules.red3_wild)
        self.melds[side][index] = new
        self.log_event(seat, "add", (f,))
        if self.phase is _DRAW_PHASE:
            self.turn_points += self.model.open_value[f]
            return
        self.shown = True
        if index < self.turn_base:
            self.laid_off = True
        completed = old.size < self.rules.canasta_size <= new.size
        self._meld_points(side, self.model.open_value[f], index >= self.turn_base and completed)
        if completed and new.type is _SEQUENCE_MELD and self.rules.sequence_canasta_opens:
            self.opened[side] = True  # S0 [G](i){d}: a complete sequence is a lay-down by itself
        if self.hn[seat] == 0:
            self._go_out(seat)

    def _do_retract(self) -> None:
        seat = self.current
        side = self.side_of(seat)
        back: list[int] = []
        for m in self.melds[side]:
            back.extend(m.cards)
        self.melds[side] = []
        if self.rules.retract_boxes:
            # S0 [G](ii): a lay-down abandoned half way: the shown cards are boxed until the discard
            self.boxed[seat].extend(back)
            self.log_event(seat, "box", tuple(back))
            self.turn_points = 0
            self.turn_canasta = False
            self.turn_melded = False
            self.pre_draw = False
            self.retracted = True
            return
        for f in back:
            self.give_card(seat, f)
        self.turn_points = 0
        self.turn_canasta = False
        self.turn_melded = False
        self.pre_draw = False
        self.retracted = True
        self.log_event(seat, "retract", tuple(back))

    def _do_discard(self, f: int) -> None:
        seat = self.current
        r = self.rules
        side = self.side_of(seat)
        talon = self._talon_count(side) if r.talon and self.opened[side] else 0
        self._take_from(seat, f)
        self.pile.append(f)
        if (r.freeze_on_wild and is_wild(f)) or (r.freeze_on_red3 and is_red_three(f)):
            self.pile_frozen = True
        self.log_event(seat, "discard", (f,))
        if self.hn[seat] == 0 and (not talon or self._go_out_problem(
                self._counts(side), True, self._concealed_after()) is None):
            self._go_out(seat)
            return
        if talon:  # R 1.2: the talon comes after the opening turn's discard
            got = self._draw_cards(seat, talon, r.turn_card_under)
            self.talons[side] = talon
            self.log_event(seat, "talon", tuple(got), private=True)
        self._check_failed_go_out()
        self._next_turn()

    def _check_failed_go_out(self) -> None:
        if self.permission == SAID_YES and self.binding and self.rules.failed_go_out_penalty:
            side = self.side_of(self.current)
            self.penalties[side] += penalty_points(self.rules, failed_go_out=1)
            self.log_event(self.current, "failed_go_out")
            if self.rules.failed_go_out_boxes and self.yes_snapshot is not None:
                self._box_shown(side, self.yes_snapshot)

    def _box_shown(self, side: int, snapshot: YesSnapshot) -> None:
        """S0 [J](v): the cards shown since the "yes" come off the table, boxed in front of the player,
        unusable until he has had two further turns (the table is as it was when he was told yes).
        Red treys he disclosed since are "cards disclosed" too: boxed, and held again afterwards."""
        before, was_open, red_then = snapshot
        count = card_counts(self.melds[side], before)
        shown = tuple(f for f in range(53) for _ in range(count[f]))
        seat = self.current
        treys = tuple(self.red3[seat][red_then:])
        if not shown and not treys:
            return
        self.melds[side] = list(before)
        self.opened[side] = was_open
        del self.red3[seat][red_then:]
        self.boxed[seat].extend(shown + treys)
        # counted down at the end of each of his turns, this one included (see _unbox)
        self.box_turns[seat] = max(self.box_turns[seat], self.rules.failed_go_out_boxes + 1)
        if shown:
            self.log_event(seat, "box", shown)
        if treys:  # (a separate event: the log's "box" cards come off the melds)
            self.log_event(seat, "box_red3", treys)

    def _unbox(self, seat: int) -> None:
        """At the end of the player's turn: boxed cards come back once their turns have passed."""
        if not self.boxed[seat]:
            return
        if self.box_turns[seat] > 0:
            self.box_turns[seat] -= 1
            if self.box_turns[seat] > 0:
                return
        back = self.boxed[seat]
        self.boxed[seat] = []
        for f in back:
            self.give_card(seat, f)
        self.log_event(seat, "unbox", tuple(back))

    # ------------------------------------------------------------------ turns and hands
    def _next_turn(self) -> None:
        if self.turn_melded:
            self.has_melded[self.current] = True
        self._unbox(self.current)
        side = self.side_of(self.current)
        if self.opened[side]:  # S0 [G](i), T12: count the lay-down player's own turns after it
            if self.laydown_seat[side] < 0:
                self.laydown_seat[side] = self.current
                self.laydown_turns[side] = 0
            elif self.laydown_seat[side] == self.current:
                self.laydown_turns[side] += 1
        self._start_turn((self.current + 1) % self.rules.players)

    def _start_turn(self, seat: int) -> None:
        self.current = self.actor = seat
        self.phase = _DRAW_PHASE
        self._reset_turn()
        self.turn_base = len(self.melds[self.side_of(seat)])
        if self.owed[seat]:
            n = self.owed[seat]
            self.owed[seat] = 0
            got = self._draw_cards(seat, n)
            self.log_event(seat, "replace", tuple(got), private=True)
            if self.no_discard and self.rules.red3_mode == "threes":
                # S3 C: "If a 3 is be picked as the last card in the tray, the 3 is played and no
                # further discard is permissible": picked as a replacement, it leaves no draw; as
                # after drawing it, the player may meld, then the hand ends (R 1.2: -5 for it)
                self.phase = _PLAY_PHASE
            else:
                self.no_discard = False
        self.check_stock_out()

    def check_stock_out(self) -> None:
        """Where the stock's end is the classic one: with the stock gone, a player to draw who may not
        take the pile ends the hand (``"stock_out"``). Run at every turn's start, and by a position's
        setup."""
        if (not self.stock and self.rules.stock_end == "classic" and self.phase is _DRAW_PHASE
                and (self._pile_block() is not None or not self._any_take())):
            self.end_hand("stock_out", -1)

    def _any_take(self) -> bool:
        out: list[Action] = []
        self._gen_takes(out)
        return bool(out)

    def _go_out(self, seat: int) -> None:
        side = self.side_of(seat)
        concealed = self._concealed_after()
        self.opened[side] = True
        self.log_event(seat, "out")
        self.end_hand("went_out", seat, concealed)

    def end_hand(self, reason: str, out_seat: int, concealed: bool = False, special: int = 0) -> None:
        """End the hand now and score it (``scoring.score_hand``): ``reason`` as in
        ``HandResult.reason`` (``"went_out"``, ``"stock_out"``, ...), ``out_seat`` the seat that went
        out (-1: none), ``concealed`` whether it went out concealed, ``special`` a special hand's
        award. Then the next hand is dealt, or the game is over. The engine calls it when play ends
        a hand; a position's setup calls it for a hand that is over (``hand_over``)."""
        if self.turn_melded:
            self.has_melded[self.current] = True
        result = score_hand(self, reason, out_seat, concealed, special)
        self.results.append(result)
        for i, t in enumerate(result.totals):
            self.scores[i] += t
        self.log_event(out_seat, "hand_over")
        r = self.rules
        winner = game_winner(r, self.scores, self.hand_no, self.side_of(out_seat) if out_seat >= 0 else -1)
        if winner >= 0:
            self.winner = winner
            self.phase = _OVER_PHASE
            return
        self.hand_no += 1
        self.dealer = (self.dealer + 1) % r.players
        self._deal()

    def _deal(self) -> None:
        r = self.rules
        n = r.players
        rng = random.Random(hand_seed(self.seed, self.hand_no))
        deck = full_deck(r.packs, r.jokers_per_pack)
        rng.shuffle(deck)
        self.cut_size = rng.randint(4, len(deck) - 4)
        self.perfect_cut = self.cut_size == n * r.hand_size
        self.stock = deck
        self.hands = [[0] * 53 for _ in range(n)]
        self.hk = [[0] * self.model.nkinds for _ in range(n)]
        self.hn = [0] * n
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        for _ in range(r.hand_size):
            for seat in order:
                self.give_card(seat, self.stock.pop())
        self.pile = []
        if r.upcard != "none":
            self.pile.append(self.stock.pop())
            if r.upcard == "cover":
                while self.stock and (_cover_class(self.pile[-1]) in r.upcard_cover or (
                        len(self.pile) > 1 and _cover_class(self.pile[-1]) in r.upcard_recover)):
                    self.pile.append(self.stock.pop())
        self.pile_frozen = any((r.freeze_on_wild and is_wild(f)) or (r.freeze_on_red3 and is_red_three(f))
                               for f in self.pile)
        self._setup_hand(order)

    def _setup_hand(self, order: list[int]) -> None:
        """Everything a fresh hand needs once the cards are placed (used by deals and positions)."""
        r = self.rules
        n = r.players
        self.melds = [[] for _ in range(r.sides)]
        self.red3 = [[] for _ in range(n)]
        self.talons = [0] * r.sides
        self.opened = [False] * r.sides
        self.hand_start_scores = self.scores[:]
        self.minimum = [r.opening_for(s, self.hand_no) for s in self.scores]
        self.has_melded = [False] * n
        self.asks = [0] * n
        self.answers = [0] * n
        self.penalties = [0] * r.sides
        self.owed = [0] * n
        self.fresh3 = [self.hk[s][self.model.red3] if r.red3_mode == "trey" else 0 for s in range(n)]
        self.laydown_seat = [-1] * r.sides
        self.laydown_turns = [0] * r.sides
        self.boxed = [[] for _ in range(n)]
        self.box_turns = [0] * n
        self.log_event(self.dealer, "deal")
        self.log_event(self.dealer, "start_pile", tuple(self.pile))  # empty without an upcard (R 1.2)
        if r.red3_mode in ("lay", "threes"):
            kinds = (self.model.red3, self.model.black3) if r.red3_mode == "threes" else (self.model.red3,)
            for seat, k in [(seat, k) for seat in order for k in kinds]:
                while self.hk[seat][k]:
                    f = self.face_of_kind(seat, k)
                    self._take_from(seat, f)
                    self.red3[seat].append(f)
                    self.log_event(seat, "red3", (f,))
                    if r.red3_replace == "deal":
                        got = self._draw_cards(seat, 1)
                        self.log_event(seat, "replace", tuple(got), private=True)
                    else:
                        self.owed[seat] += 1
        self.no_discard = False
        self.first_turn = r.first_turn_upcard != "none"
        self.phase = _DRAW_PHASE
        self._start_turn(order[0])


_DISCARDS = tuple(Action(_OP_DISCARD, (f,)) for f in range(53))
_ADDS: dict[tuple[int, int], Action] = {}


def _add_action(f: int, meld: int) -> Action:
    a = _ADDS.get((f, meld))
    if a is None:
        a = _ADDS[(f, meld)] = Action(_OP_ADD, (f,), meld)
    return a


@lru_cache(maxsize=1 << 14)
def _first_faces(base: int, quad: bytes, count: int) -> tuple[int, ...]:
    """The first ``count`` cards of a rank held (suit counts ``quad``), in suit order: the canonical
    faces of a kind where suits do not matter (as ``GameState._faces``)."""
    out: list[int] = []
    for suit, n in enumerate(quad):
        out.extend([base + suit] * min(n, count - len(out)))
    return tuple(out)


@lru_cache(maxsize=4096)
def _multisets(held: tuple[tuple[int, int], ...], size: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of ``size`` cards from (face, count) pairs, faces in order."""
    if size == 0:
        return ((),)
    if not held:
        return ()
    (f, n), rest = held[0], held[1:]
    out: list[tuple[int, ...]] = []
    for take in range(min(n, size), -1, -1):
        out.extend((f,) * take + tail for tail in _multisets(rest, size - take))
    return tuple(out)


# suits held (bit s set when suit s is held) -> the suit offsets of the cards held
_HELD_SUITED = tuple(tuple(s for s in range(4) if bits >> s & 1) for bits in range(16))


def _group_options(base: int, counts: tuple[int, ...], wilds: tuple[int, ...]
                   ) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """New group melds from the counts of the four suits of one rank: three naturals, and two
    naturals with each of the ``wilds``."""
    held = tuple((base + i, c) for i, c in enumerate(counts) if c)
    return (tuple(Action(_OP_MELD, c) for c in _multisets(held, 3)),
            tuple(Action(_OP_MELD, (*pair, wf)) for pair in _multisets(held, 2) for wf in wilds))


# _group_options by (base face, wild faces held, the four suits' counts): hands repeat, tables are small
_GROUPS: dict[int, tuple[tuple[Action, ...], tuple[Action, ...]]] = {}
# the three-card sequence meld whose top card is face f (f of rank 6 or more)
_RUN_MELDS: Final[list[Action]] = [Action(_OP_MELD, (f - 8, f - 4, f)) for f in range(52)]


def _meld_type(cards: tuple[int, ...], r3w: bool = False) -> MeldType:
    """The type of a (checked) new meld from its cards (``r3w``: red threes are wild, S0 T8)."""
    if any(is_black_three(f) for f in cards):
        return _BLACK3_MELD
    nat = [f for f in cards if not is_wild(f) and not (r3w and is_red_three(f))]
    if not nat:
        return _WILD_MELD
    if len({f // 4 for f in nat}) > 1:
        return _SEQUENCE_MELD
    return _GROUP_MELD


def _cover_class(f: int) -> str:
    if is_wild(f):
        return "wild"
    if is_red_three(f):
        return "red3"
    if is_black_three(f):
        return "black3"
    return "natural"


def _c(f: int) -> str:
    return card_str(f)
