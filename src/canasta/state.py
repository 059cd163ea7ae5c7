"""The game as a state machine: hands until the target, every table choice an action.

``GameState`` is the table (``canasta.table.Table``: hands, stock, pile, melds, scores, with no
rule of play) plus the turn's state machine (phase, whose turn, the turn's flags, the partner's
answer) and the public API. The rules of play are in ``canasta/engine/``, one module per action
kind, each with its check, its move generator and its effect (``engine/take.py`` for taking the
pile, ...); ``why_illegal`` and ``apply_unchecked`` dispatch through the table of
``engine/kinds.py``, and ``legal_actions`` calls the generators in the phase's fixed order.
``docs/engine.md`` ("Where each rule lives") maps them.

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

import reprlib
from typing import Any, Final

from .actions import ASK, DRAW, END, NO, PASS, RETRACT, UPCARD, YES, Action, action_problem
from .cards import is_black_three
from .engine.ask import ask_basic
from .engine.common import (
    ANSWER_PHASE,
    ASK_FIRST,
    BLACK3_MELD,
    DRAW_PHASE,
    FAIR_PREFIX,
    GROUP_MELD,
    NONE,
    OP_ADD,
    OP_DRAW,
    OP_MELD,
    OP_NO,
    OP_TAKE,
    OP_UPCARD,
    OP_YES,
    OVER_PHASE,
    PARTNER_SAID_NO,
    PLAY_PHASE,
    SAID_NO,
    SAID_YES,
    SEQUENCE_MELD,
    Phase,
    Problem,
    YesSnapshot,
    hand_seed,
    shuffled_pack,
)
from .engine.declare import gen_specials
from .engine.discard import gen_discards
from .engine.draw import why_not_draw, why_not_upcard
from .engine.end import why_not_end, why_not_pass
from .engine.flow import deal, reset_turn
from .engine.kinds import CHECKS, EFFECTS, IN_DRAW, IN_PLAY
from .engine.lastcard import last_card_out
from .engine.meld import gen_melds, pre_draw_ok
from .engine.merge import gen_merges
from .engine.retract import why_not_retract
from .engine.take import any_take, gen_takes, pile_block
from .engine.top import gen_tops
from .errors import IllegalAction, RecordError, RuleError, SeatError
from .messages import render
from .model import RuleFacts, card_model, rule_facts
from .refusals import REFUSALS
from .rules import RuleSet
from .scoring import game_winner, score_hand
from .table import TABLE_FIELDS, Table

# what other modules import from here (the phases and answers live in engine/common.py)
__all__ = ["FAIR_PREFIX", "NONE", "SAID_NO", "SAID_YES", "STATE_FIELDS", "GameState", "Phase", "Problem",
           "YesSnapshot", "hand_seed", "shuffled_pack"]

# the attributes GameState adds to its Table (the turn's state machine and the rules)
MACHINE_FIELDS: Final[tuple[str, ...]] = (
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
    "current",
    "cut_size",
    "first_turn",
    "fresh3",
    "has_melded",
    "laid_off",
    "laydown_seat",
    "laydown_turns",
    "minimum",
    "nactions",
    "no_discard",
    "opened",
    "owed",
    "penalties",
    "perfect_cut",
    "permission",
    "phase",
    "pile_frozen",
    "pre_draw",
    "retracted",
    "rf",
    "rules",
    "shown",
    "took_pile",
    "turn_base",
    "turn_canasta",
    "turn_melded",
    "turn_points",
    "upcard_lock",
    "winner",
    "yes_snapshot",
)
# every attribute of a GameState (tests compare states field by field)
STATE_FIELDS: Final[tuple[str, ...]] = tuple(sorted(TABLE_FIELDS + MACHINE_FIELDS))

class GameState(Table):
    """A whole game: the :class:`~canasta.table.Table` (the cards, the score sheet) with the turn's
    state machine and the rules on top. Create with :meth:`new`; see the module docstring for the
    turn structure."""

    # ``no_out``, a cache of the going-out check, is no part of the position (not in STATE_FIELDS);
    # nor are ``seat_side`` (``side_of`` as a table) and ``is_over``, ``phase is Phase.OVER`` kept
    # as a flag (set where the phase becomes OVER)
    __slots__ = (*MACHINE_FIELDS, "is_over", "no_out", "seat_side")

    rules: RuleSet
    rf: RuleFacts  # the options the hot paths read, copied from ``rules`` (``model.RuleFacts``)
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
    permission: int
    binding: bool
    no_discard: bool
    first_turn: bool
    fresh3: list[int]
    laydown_seat: list[int]
    box_turns: list[int]
    yes_snapshot: YesSnapshot | None
    laydown_turns: list[int]
    bonus_draws: int
    upcard_lock: bool
    shown: bool
    nactions: int
    _hist: Any
    _log: Any
    # where the check of a binding "yes" last found no way out this turn: the seat's hand, and the
    # stock's and the pile's sizes, the retracted and no_discard flags and the boxed cards' count
    # (``engine.discard.must_go_out``); None when none was found (cleared at every turn's start)
    no_out: tuple[list[int], tuple[int, int, int, int, int]] | None
    # whether the game is over (``phase is Phase.OVER``): a flag, not a property, since every game
    # loop asks it after every action and a property is a call (plain Python 3.11 does not
    # specialize it; a slot is read on the fast path)
    is_over: bool
    # seat -> its side, ``side_of`` as a table (set once by ``blank``): the hot paths read it, where
    # ``seat % sides`` is an operation plain Python 3.11 does not specialize
    seat_side: tuple[int, ...]

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
        deal(s)
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
        s.rf = rule_facts(rules)
        s.sides = rules.sides
        s.seat_side = tuple(s.side_of(seat) for seat in range(n))
        s.model = card_model(rules)
        s.seed = seed
        s.scores = [0] * rules.sides
        s.hand_start_scores = [0] * rules.sides
        s.hand_no = 0
        s.dealer = s.start_dealer = 0
        s.results = []
        s.ask_phase = PLAY_PHASE
        s.phase = DRAW_PHASE
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
        s.is_over = False
        reset_turn(s)
        return s

    def __copy__(self) -> GameState:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, object]) -> GameState:
        """``copy.deepcopy`` gives :meth:`clone`: what a clone shares (the rule set, its facts, the
        card model, melds, history) is immutable, and the compiled rule facts cannot be copied
        field by field (a frozen dataclass)."""
        return self.clone()

    def clone(self) -> GameState:
        """An independent copy (cheap: melds are immutable and history is shared)."""
        c = GameState()
        self.copy_table_to(c)
        c.rules = self.rules
        c.rf = self.rf
        c.ask_phase = self.ask_phase
        c.phase = self.phase
        c.current = self.current
        c.actor = self.actor
        c.pile_frozen = self.pile_frozen
        c.opened = self.opened[:]
        c.minimum = self.minimum[:]
        c.has_melded = self.has_melded[:]
        c.asks = self.asks[:]
        c.answers = self.answers[:]
        c.penalties = self.penalties[:]
        c.owed = self.owed[:]
        c.fresh3 = self.fresh3[:]
        c.laydown_seat = self.laydown_seat[:]
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
        c.no_out = self.no_out  # never changed in place, only replaced
        c.is_over = self.is_over
        c.seat_side = self.seat_side
        return c

    # ------------------------------------------------------------------ small queries
    def partner(self, seat: int) -> int:
        """The seat that answers ``ask``, or -1 when the player has no partner."""
        r = self.rf
        return (seat + self.sides) % r.players if r.team_size == 2 else -1

    def seats_of(self, side: int) -> list[int]:
        return [s for s in range(self.rules.players) if s % self.rules.sides == side]

    def canastas(self, side: int) -> int:
        size = self.rf.canasta_size
        n = 0
        for m in self.melds[side]:
            if m.type is not BLACK3_MELD and len(m.cards) >= size:
                n += 1
        return n

    def sequence_canastas(self, side: int) -> int:
        size = self.rf.canasta_size
        return sum(1 for m in self.melds[side] if m.type is SEQUENCE_MELD and len(m.cards) >= size)

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
        """Why the pile needs a natural pair for this side, as the code of the take's refusal
        (``"frozen"``, ``"frozen_always"``: the rules freeze it, ``"frozen_unopened"``: for a side
        not yet open), or None when it does not."""
        r = self.rf
        if r.pile_always_frozen:
            return "frozen_always"
        if self.pile_frozen:
            return "frozen"
        if r.unopened_side_frozen and not self.opened[side]:
            return "frozen_unopened"
        return None

    def meld_of_rank(self, side: int, rank: int) -> int:
        if self.rf.one_meld_per_rank:
            for i, m in enumerate(self.melds[side]):
                if m.type is GROUP_MELD and m.rank == rank:
                    return i
        return -1


    # ------------------------------------------------------------------ going-out conditions
    def permission_problem(self) -> int:
        """Whether the partner's answer (or the missing question) stops the player to move going
        out now: ``PARTNER_SAID_NO``, ``ASK_FIRST``, or 0 (no partner, or nothing in the way). Part
        of every going-out check."""
        if self.partner(self.current) < 0:
            return 0
        mode = self.rf.ask_partner
        if mode == "mandatory" and self.permission != SAID_YES:
            if self.permission == SAID_NO:
                return PARTNER_SAID_NO
            return ASK_FIRST
        if self.permission == SAID_NO and self.binding:
            return PARTNER_SAID_NO
        return 0


    def goes_out_concealed(self, layoff: bool = False, new_canasta: bool = False) -> bool:
        """Would the player to move go out concealed now (C1; Britannica: no earlier meld or layoff,
        the pile not taken, the hand all in melds of its own, one of them a canasta)? ``layoff``: the
        play lays a card off on an earlier meld; ``new_canasta``: it completes a canasta of its own.
        The one statement of the rule, for the checks, the going-out solvers and scoring a going out."""
        r = self.rules
        return (r.concealed and not self.has_melded[self.current] and not self.took_pile
                and (r.concealed_allows_layoff or (not self.laid_off and not layoff))
                and (self.turn_canasta or new_canasta or not r.concealed_needs_canasta))

    # ------------------------------------------------------------------ legality
    def why_illegal(self, action: object) -> Problem:
        """``(code, data)`` saying why ``action`` is refused now (``canasta.refusals`` has each
        code's English words), or None if it is legal. (Typed ``object``: anything is checked here,
        also where the engine is compiled.)"""
        bad = action_problem(action)
        if bad is not None:
            return bad
        assert isinstance(action, Action)
        if self.phase is OVER_PHASE:
            return ("game_over", {})
        op = action.op
        if self.phase is ANSWER_PHASE:
            if op is OP_YES or op is OP_NO:
                return None
            return ("answer_partner", {"seat": self.actor})
        if op is OP_YES or op is OP_NO:
            return ("not_asked", {})
        if self.phase is DRAW_PHASE:
            if not IN_DRAW[op]:
                return ("draw_first", {})
        elif not IN_PLAY[op]:
            return ("already_drawn", {})
        return CHECKS[op](self, action)

    def last_card_goes_out(self, action: Action) -> bool:
        """After ``action`` one card is left: can the player still go out with it? For the checks of
        ``canasta.engine`` (see ``engine/lastcard.py``), which reach it here, through the state, so
        that the checks it uses and the checks that use it import no module in a cycle."""
        return last_card_out(self, action)

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def facility_level(self, side: int) -> int:
        """S0 [G](i): 0 (none), 1 {a} a group, 2 {b} also a run, 3 {c} also a wild top card: the most
        turns an opponent's lay-down player has had since laying down (T12), for a side not laid down."""
        if not self.rf.laydown_facility or self.opened[side]:
            return 0
        return min(3, max((self.laydown_turns[x] for x in range(self.sides)
                           if x != side and self.laydown_seat[x] >= 0), default=0))

    def declarable_specials(self) -> list[Action]:
        """The special hands (``declare``) the player to move may show now, where the rules have
        them: the going-out check counts one as going out."""
        out: list[Action] = []
        gen_specials(self, out)
        return out


    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Every legal action now, one per kind of card, in a fixed order; changes nothing."""
        ph = self.phase
        if ph is OVER_PHASE:
            return []
        if ph is ANSWER_PHASE:
            return [YES, NO]
        out: list[Action] = []
        r = self.rf
        # an opened side has nothing to show before the draw and nothing to retract: the first test
        # of pre_draw_ok and why_not_retract, made here a call sooner (most positions)
        seat = self.current
        side = self.seat_side[seat]
        unopened = not self.opened[side]
        if ph is DRAW_PHASE:
            # (why_not_draw refuses only after melds shown or with the stock gone: asked only then)
            if (self.stock and not self.pre_draw) or why_not_draw(self) is None:
                out.append(DRAW)
            if self.first_turn and why_not_upcard(self) is None:  # (its first test, a call sooner)
                out.append(UPCARD)
            ntake = len(out)
            gen_takes(self, out)
            if r.laydown_facility:
                gen_tops(self, out)
            if len(out) > ntake and not self.pre_draw and ask_basic(self) is None:
                out.append(ASK)
            if unopened and pre_draw_ok(self):
                gen_melds(self, out)
            # (why_not_retract refuses a side with no meld shown: tested here first, a call less)
            if unopened and self.melds[side] and why_not_retract(self) is None:
                out.append(RETRACT)
            if not self.stock and why_not_end(self) is None:  # (its first test before the draw)
                out.append(END)
            if r.special_straight and not r.straight_discard:
                gen_specials(self, out)
            return out
        if self.bonus_draws and self.stock:
            out.append(DRAW)
        naturals = gen_melds(self, out)
        if r.merge_groups:
            gen_merges(self, out)
        # (why_not_ask after the draw, a call less: ask_basic, and a card left to keep after a "no";
        # a question already asked this turn, which ask_basic refuses, tested first)
        if not self.asked_turn and self.hn[seat] >= 2 and ask_basic(self) is None:
            out.append(ASK)
        if unopened and self.melds[side] and why_not_retract(self) is None:
            out.append(RETRACT)
        if self.no_discard:
            if why_not_end(self) is None:
                out.append(END)
        else:
            gen_discards(self, out, naturals)
        if r.pass_allowed and why_not_pass(self) is None:
            out.append(PASS)
        if self.model.special_hands:
            gen_specials(self, out)
        return out

    def meld_plan(self, cards: tuple[int, ...] | list[int], meld: int = -1) -> list[Action]:
        """The elementary actions that lay ``cards`` as one new meld (or add them to ``meld``):
        three cards first, naturals before wilds, then one card at a time. For UIs; each action is
        still checked when applied."""
        nat = [f for f in cards if not self.model.wild_face[f]]
        wild = [f for f in cards if self.model.wild_face[f]]
        if meld >= 0:
            return [Action(OP_ADD, (f,), meld) for f in nat + wild]
        if len(nat) >= 3:
            first, rest = nat[:3], nat[3:] + wild
        else:
            first, rest = nat + wild[:1], wild[1:]
        index = len(self.melds[self.side_of(self.current)])
        return [Action(OP_MELD, tuple(first))] + [Action(OP_ADD, (f,), index) for f in rest]

    def take_for(self, cards: tuple[int, ...] | list[int] = ()) -> Action:
        """The take a player means by holding out ``cards``, for UIs: the legal take with the same
        cards by kind, with its meld target; with none held out, the legal take with the fewest wild
        cards, then the fewest cards (a natural pair before a card and a wild, as a player would);
        otherwise the plain take, for :meth:`apply` to say why not."""
        kind, wild = self.model.kind_of, self.model.wild_face
        takes = [a for a in self.legal_actions() if a.op is OP_TAKE]
        if not cards and takes:
            return min(takes, key=lambda a: (sum(1 for f in a.cards if wild[f]), len(a.cards)))
        want = sorted(kind[f] for f in cards)
        for a in takes:
            if sorted(kind[f] for f in a.cards) == want:
                return Action(OP_TAKE, tuple(cards), a.meld)
        return Action(OP_TAKE, tuple(cards))

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action | str | object) -> None:
        """Play ``action`` (an :class:`Action` or its notation). Illegal, or not an action at all:
        :class:`IllegalAction`, and the state is unchanged."""
        if isinstance(action, str):
            action = Action.parse(action)
        why = self.why_illegal(action)
        if why is not None:
            code, data = why
            raise IllegalAction(code, render(REFUSALS[code], data), data)
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
        if self.rf.red3_mode == "disclose" and not (
                op is OP_DRAW or op is OP_TAKE or op is OP_UPCARD or op is OP_YES or op is OP_NO
                or (op is OP_MELD and len(a.cards) == 1)):
            # S0 [F](i){c}: the further card is only for a red trey disclosed at once
            self.fresh3[seat] = 0
            self.bonus_draws = 0
        EFFECTS[op](self, a)

    # ------------------------------------------------------------------ turns and hands

    def check_stock_out(self) -> None:
        """Where play goes on after the stock (``stock_end="play_on"``): with the stock gone, a player
        to draw who may not take the pile ends the hand (``"stock_out"``). Run at every turn's start,
        and by a position's setup."""
        if (not self.stock and self.rules.stock_end == "play_on" and self.phase is DRAW_PHASE
                and (pile_block(self) is not None or not any_take(self))):
            self.end_hand("stock_out", -1)

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
            self.phase = OVER_PHASE
            self.is_over = True
            return
        self.hand_no += 1
        self.dealer = (self.dealer + 1) % r.players
        deal(self)


