"""The rule set: one frozen value holding every rule option the engine reads.

The engine never asks which preset it plays; it reads these options. Presets (``presets.py``) are tables
of option values, each traced to its rule sheet section or ruling. House rules are overrides, validated
here: an unknown option or an impossible value raises :class:`RuleError` naming it.

Options for rule families the engine does not play yet (sequences, talons, special hands, ...) are part of
the design so the later presets fit without a redesign; setting them to a value the engine cannot play
yet is refused with a clear error rather than silently ignored.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import reprlib
from dataclasses import dataclass, field, fields
from typing import Any, Literal, get_args, get_origin, get_type_hints

from .error_words import reason, rule_error
from .errors import RuleError

UpcardMode = Literal["none", "plain", "cover"]
FirstTurnUpcard = Literal["none", "single", "plus_stock_card"]
DeadDiscard = Literal["seven", "ace", "wild", "dead"]
Red3Mode = Literal["lay", "optional", "disclose", "threes"]
Red3Timing = Literal["deal", "turn"]
Red3Negative = Literal["no_meld", "no_requirement", "too_few_canastas", "no_canasta", "never"]
Red3Minus = Literal["bonus", "per_card"]
PenaltyPer = Literal["card", "player"]
PenaltyWhen = Literal["always", "going_out"]
WildRatio = Literal["le", "lt", "any"]
AskMode = Literal["none", "optional", "mandatory", "first_binding", "once"]
GoOutDiscard = Literal["optional", "required"]
StockEnd = Literal["play_on", "end_on_draw"]
MustTake = Literal["layoff", "any", "never"]
Black3Meld = Literal["none", "going_out"]
Black3Scoring = Literal["face", "table"]
OneCardRule = Literal["none", "one_card_pile", "cannot_go_out"]
MeldSchedule = Literal["score", "hand"]
PerfectCutTo = Literal["cutter", "dealer"]

#: Option values once named after the game they came from, now after the mechanism they mean, so a rule
#: set may borrow one of them alone: ``{option: {old: new}}``. Records, positions, saved sessions, server
#: tables and ``--set`` written with the old names still load: every option value is read through it.
RENAMED_VALUES: dict[str, dict[str, str]] = {
    "first_turn_upcard": {"trey": "plus_stock_card"},
    "red3_mode": {"trey": "disclose"},
    "stock_end": {"classic": "play_on", "bolivia": "end_on_draw"},
}


def _opt(default: Any, doc: str, group: str) -> Any:
    return field(default=default, metadata={"doc": doc, "group": group})


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every rule option. Read a preset's rules card (``canasta rules NAME``) for the values and sources."""

    name: str = _opt("custom", "preset this rule set derives from", "game")
    # --- deck, seating, deal
    packs: int = _opt(2, "packs of 52 cards", "deck")
    jokers_per_pack: int = _opt(2, "jokers added per pack", "deck")
    players: int = _opt(4, "players at the table", "deck")
    player_counts: tuple[int, ...] = _opt((4,), "player counts the rule set allows", "deck")
    team_size: int = _opt(2, "players per side (1 = each plays alone)", "deck")
    hand_size: int = _opt(11, "cards dealt to each player", "deck")
    stock_draw: int = _opt(1, "cards drawn from the stock per turn (fewer if fewer are left)", "deck")
    turn_card_under: int = _opt(0, "cards under the turn card at the stock's bottom (0 = no turn "
                                "card): talon cards come only down to and including it", "deck")
    talon: tuple[int, ...] = _opt((), "talon cards drawn after the opening turn's discard by the "
                                  "first, second, ... side to open (none when opening by taking "
                                  "the pile); empty = no talon", "deck")
    perfect_cut_bonus: int = _opt(0, "bonus when the cut packet is exactly the cards dealt", "deck")
    perfect_cut_to: PerfectCutTo = _opt("cutter", "whose side scores the perfect-cut bonus", "deck")
    # --- upcard and the first turn
    upcard: UpcardMode = _opt("cover", "none: no upcard; plain: one card face up; cover: cover it "
                              "while it is a card in upcard_cover", "upcard")
    upcard_cover: tuple[str, ...] = _opt(("wild", "red3"), "upcards that are covered by another card "
                                         "(wild, red3, black3)", "upcard")
    first_turn_upcard: FirstTurnUpcard = _opt("none", "single: the first player may take the upcard "
                                              "alone instead of drawing; plus_stock_card: the upcard "
                                              "plus one stock card instead of the draw, and then no "
                                              "lay-down that turn (S0 [A](i))", "upcard")
    upcard_recover: tuple[str, ...] = _opt((), "covering cards of these classes are covered again "
                                           "(wild, red3, black3; S0 T1)", "upcard")
    # --- threes
    red3_mode: Red3Mode = _opt("lay", "lay: red threes are laid and replaced at once; optional: "
                               "held, melded singly or discarded; disclose: as optional, and "
                               "one disclosed at once after being dealt or picked up earns a "
                               "replacement card (draw; S0 [F](i){c}); threes: red AND black "
                               "threes are laid and replaced at once, scored per colour (red3_values "
                               "for each colour)", "threes")
    last_three_penalty: int = _opt(0, "threes mode: a three drawn as the stock's last card is laid "
                                   "(no discard follows), does not join the side's threes and "
                                   "costs this", "threes")
    red3_replace: Red3Timing = _opt("deal", "when dealt red threes are replaced: at the deal or on "
                                    "the player's first turn", "threes")
    red3_wild: bool = _opt(False, "a red three held in hand may be used as a wild card in every "
                           "respect (S0 [F](i){c}, T8)", "threes")
    black3_stop: bool = _opt(True, "a black three on top of the pile stops the next player taking it",
                             "threes")
    black3_meld: Black3Meld = _opt("going_out", "black threes may be melded only when going out",
                                   "threes")
    black3_meld_min: int = _opt(3, "fewest black threes in a going-out meld", "threes")
    black3_meld_wilds: int = _opt(0, "wild cards allowed in a black-three meld (S4: two threes and "
                                  "a joker)", "threes")
    black3_out_no_discard: bool = _opt(False, "melding the black threes is the last act: it goes out "
                                       "without a discard even where going out needs one, and no "
                                       "card may be left after it", "threes")
    # --- the discard pile
    pile_always_frozen: bool = _opt(False, "the pile is taken only with a natural pair, always", "pile")
    freeze_on_wild: bool = _opt(True, "a wild card in the pile freezes it", "pile")
    freeze_on_red3: bool = _opt(True, "a red three in the pile freezes it", "pile")
    unopened_side_frozen: bool = _opt(True, "the pile is frozen for a side that has not melded",
                                      "pile")
    pickup_natural_wild: bool = _opt(True, "an unfrozen pile may be taken with one natural and one "
                                     "wild", "pile")
    pickup_hand_wilds: bool = _opt(True, "wild cards from hand may go with the top card when the pile "
                                   "is taken (false: natural cards only, wilds added after)", "pile")
    pickup_layoff: bool = _opt(True, "an unfrozen pile may be taken by adding the top card to a meld "
                               "of the side", "pile")
    pickup_layoff_canasta: bool = _opt(True, "the top card may go onto a completed canasta when the pile "
                                       "is taken", "pile")
    one_card_rule: OneCardRule = _opt("one_card_pile", "one_card_pile: a player holding one card may "
                                      "not take a one-card pile", "pile")
    pile_top_counts: bool = _opt(True, "the pile's top card counts toward the opening minimum",
                                 "pile")
    pickup_extends_sequence: bool = _opt(False, "the top card may be taken to extend a sequence of "
                                         "the side (never to start one)", "pile")
    seq_pickup_when_frozen: bool = _opt(False, "... even when the pile is frozen (Bolivia)", "pile")
    seq_pickup_takes_pile: bool = _opt(True, "extending a sequence with the top card takes the whole "
                                       "pile (false: the top card only)", "pile")
    laydown_facility: bool = _opt(False, "before its lay-down a side may take the top discard alone "
                                  "to make its lay-down once an opponent's lay-down player has had "
                                  "1 (a group), 2 (a run) or 3 (a wild top card) more turns (S0 [G](i))",
                                  "pile")
    # --- melds
    min_naturals: int = _opt(2, "natural cards a meld needs at least", "melds")
    max_wilds: int = _opt(3, "wild cards a meld may hold at most", "melds")
    wild_ratio: WildRatio = _opt("le", "wilds against naturals in a meld: le (no more wilds than "
                                 "naturals), lt (fewer), any", "melds")
    wild_melds: bool = _opt(False, "melds of wild cards only are allowed", "melds")
    canasta_size: int = _opt(7, "cards that make a canasta", "melds")
    max_meld_size: int = _opt(0, "largest meld (0 = no limit)", "melds")
    add_to_canasta: bool = _opt(True, "naturals may be added to a completed canasta", "melds")
    wild_to_canasta: bool = _opt(True, "wild cards may be added to a completed canasta", "melds")
    wild_needs_naturals: int = _opt(0, "after the side's opening turn a wild card joins only a "
                                    "group with this many naturals (rule of five; 0 = no rule)",
                                    "melds")
    no_wild_ranks: tuple[int, ...] = _opt((), "ranks whose melds never take wild cards", "melds")
    opening_wild_ranks: tuple[int, ...] = _opt((), "ranks whose melds take wild cards only in the "
                                               "side's opening turn", "melds")
    one_meld_per_rank: bool = _opt(True, "a side has at most one meld of each rank", "melds")
    merge_groups: bool = _opt(False, "two group melds of a rank may be merged (merge @N @M)", "melds")
    canasta_cards_hidden: bool = _opt(False, "a completed canasta is a closed stack: players see its "
                                      "rank, size and whether it is natural, not its cards", "melds")
    sequences: tuple[tuple[int, int], ...] = _opt((), "sequence windows (lowest, highest rank) a "
                                                  "sequence canasta may fill; empty = no sequences",
                                                  "melds")
    # --- the opening meld
    threes_count_to_opening: bool = _opt(True, "threes count their points toward the opening minimum",
                                         "opening")
    sequence_canasta_opens: bool = _opt(False, "completing a sequence canasta in the lay-down turn "
                                        "meets the opening minimum whatever its points", "opening")
    opening_minimums: tuple[tuple[int, int], ...] = _opt(
        ((-(10**9), 15), (0, 50), (1500, 90), (3000, 120)),
        "opening minimum by the side's score: (from score, minimum) pairs", "opening")
    opening_schedule: MeldSchedule = _opt("score", "score: minimum by the side's score; hand: by "
                                          "hand number (opening_by_hand)", "opening")
    opening_by_hand: tuple[int, ...] = _opt((), "hand schedule: the minimum of hand 1, 2, ... (later "
                                            "hands use the last)", "opening")
    opening_natural_meld: bool = _opt(False, "the opening must include a meld of 3+ natural cards",
                                      "opening")
    canasta_opens: bool = _opt(False, "a natural canasta opens whatever its points", "opening")
    take_cards_count: bool = _opt(True, "the hand cards of a take count toward the opening minimum "
                                  "(false: the melds shown before the take must open alone)",
                                  "opening")
    # --- going out
    go_out_canastas: int = _opt(1, "canastas the side needs before a player may go out", "going out")
    go_out_sequence: bool = _opt(False, "one of them must be a sequence canasta", "going out")
    go_out_discard: GoOutDiscard = _opt("optional", "required: going out needs a final discard",
                                        "going out")
    ask_partner: AskMode = _opt("optional", "asking 'may I go out?': optional (answer binds), "
                                "mandatory, first_binding (only the first answer in a hand binds), "
                                "once (once per hand, binds)", "going out")
    ask_after_pickup: bool = _opt(False, "asking only after the pick-up and before any card is shown "
                                  "that turn", "going out")
    concealed: bool = _opt(True, "going out concealed (all in one turn, no earlier meld) earns "
                           "concealed_bonus", "going out")
    concealed_needs_canasta: bool = _opt(True, "a concealed going out must include a canasta",
                                         "going out")
    concealed_allows_layoff: bool = _opt(False, "a concealed going out may lay cards off on the "
                                         "partner's melds", "going out")
    pass_allowed: bool = _opt(False, "a player who may not go out may meld down to one card and "
                              "pass", "going out")
    after_take_no_discard: tuple[str, ...] = _opt((), "cards (seven, ace, wild, dead = a rank the "
                                                  "side has closed) that may not be discarded onto "
                                                  "the empty pile after taking it (SWAD)",
                                                  "going out")
    stock_end: StockEnd = _opt("play_on", "play_on: when the stock is gone, play goes on while "
                               "players take the discard; end_on_draw: the hand ends when a player "
                               "would draw from the empty stock", "going out")
    stock_out_turnover: bool = _opt(False, "at the end of the stock with a side at the target and nobody "
                                    "out, the discard pile is turned over to continue (S0 [K](iii))",
                                    "going out")
    stock_out_must_take: MustTake = _opt("layoff", "play_on end of stock: a player must take a discard "
                                         "that fits a meld of the side (layoff), any he can take "
                                         "(any), or none (never)", "going out")
    # --- scoring
    value_joker: int = _opt(50, "joker", "scoring")
    value_two: int = _opt(20, "deuce", "scoring")
    value_ace: int = _opt(20, "ace", "scoring")
    value_high: int = _opt(10, "king down to eight", "scoring")
    value_low: int = _opt(5, "seven down to four", "scoring")
    value_black3: int = _opt(5, "black three", "scoring")
    value_red3: int = _opt(0, "red three played as a card (S0 T8: a wild worth 100); its bonus and "
                           "hand penalty are separate", "scoring")
    natural_canasta: int = _opt(500, "natural canasta bonus", "scoring")
    mixed_canasta: int = _opt(300, "mixed canasta bonus", "scoring")
    sequence_canasta: int = _opt(1500, "sequence canasta bonus", "scoring")
    wild_canasta: int = _opt(2500, "wild canasta bonus", "scoring")
    red3_values: tuple[int, ...] = _opt((0, 100, 200, 300, 800), "red threes' bonus by how many "
                                        "the side has", "scoring")
    red3_negative: Red3Negative = _opt("no_meld", "when red threes count minus: no_meld (the side "
                                       "has not melded), no_requirement, no_canasta, never",
                                       "scoring")
    red3_minus: Red3Minus = _opt("bonus", "red threes counting minus lose: bonus (the same value "
                                 "as the bonus) or per_card (100 each)", "scoring")
    red3_count_canastas: int = _opt(0, "threes count plus only with this many canastas; with "
                                    "fewer (but not minus) they count nothing", "scoring")
    red3_hand_penalty: int = _opt(0, "penalty for red threes left in a hand (in threes mode for any "
                                  "three, red or black)", "scoring")
    red3_hand_penalty_per: PenaltyPer = _opt("card", "... per card, or once per player holding any",
                                             "scoring")
    black3_hand_penalty: int = _opt(0, "penalty per black three left in a hand (instead of its "
                                    "card value)", "scoring")
    black3_hand_penalty_when: PenaltyWhen = _opt("always", "... always, or only when someone went "
                                                 "out", "scoring")
    black3_meld_scoring: Black3Scoring = _opt("face", "face: melded black threes count their card "
                                              "value; table: red3_values by how many, no face value",
                                              "scoring")
    black3_four_bonus: int = _opt(0, "bonus for going out with all four black threes melded",
                                  "scoring")
    rank_canasta_bonus: tuple[tuple[int, int], ...] = _opt((), "(rank, bonus): a natural canasta "
                                                           "of that rank scores this", "scoring")
    rank_incomplete_penalty: tuple[tuple[int, int], ...] = _opt((), "(rank, penalty): a natural "
                                                                "meld of that rank left short of "
                                                                "a canasta", "scoring")
    wild_canasta_by_jokers: tuple[int, ...] = _opt((), "wild canasta bonus by its jokers (0, 1, "
                                                   "...); empty = wild_canasta", "scoring")
    wild_incomplete_by_jokers: tuple[int, ...] = _opt((), "penalty for a wild meld left short of a "
                                                      "canasta, by its jokers; empty = none",
                                                      "scoring")
    stuck_ranks: tuple[int, ...] = _opt((), "ranks penalised when a hand ends holding more than "
                                        "stuck_limit of them", "scoring")
    stuck_limit: int = _opt(2, "... more than this many", "scoring")
    stuck_penalty: int = _opt(0, "... this penalty per player and rank", "scoring")
    no_canasta_all_minus: bool = _opt(False, "a side with no canasta counts its table cards minus",
                                      "scoring")
    special_pairs: int = _opt(0, "special hand: 7 distinct pairs, no wild (0 = not allowed)",
                              "scoring")
    special_pairs_wild: int = _opt(0, "... with one pair of deuces or of jokers, holding A-A and "
                                   "7-7", "scoring")
    special_garbage: int = _opt(0, "special hand: 4+4+3+3 of a kind, no wild", "scoring")
    special_straight: int = _opt(0, "special hand: A, 2, joker, 4 ... K with a discard",
                                 "scoring")
    straight_discard: bool = _opt(True, "N8: the straight is shown after drawing with the 14th card "
                                  "discarded (false: before drawing, holding the 13)", "scoring")
    garbage_deuces: bool = _opt(False, "N9: deuces may make one of garbage's groups (jokers never)",
                                "scoring")
    going_out_bonus: int = _opt(100, "bonus for going out", "scoring")
    concealed_bonus: int = _opt(200, "bonus for going out concealed (replaces going_out_bonus)",
                                "scoring")
    failed_go_out_boxes: int = _opt(0, "a player told yes who does not go out: the cards shown since are "
                                    "boxed for this many further turns of his (0 = they stay)",
                                    "scoring")
    retract_boxes: bool = _opt(False, "a lay-down abandoned half way: the shown cards are boxed "
                               "until the player's discard (instead of back in hand)", "opening")
    failed_go_out_penalty: int = _opt(0, "penalty for a player told 'yes' who does not go out",
                                      "scoring")
    exposed_card_penalty: int = _opt(0, "penalty per card a player exposes by mistake (S4's optional "
                                     "penalties; counted from a position's exposed_cards)", "scoring")
    target_score: int = _opt(5000, "score that ends the game", "scoring")
    win_requires_going_out: bool = _opt(False, "only a side that goes out can win", "scoring")
    game_hands: int = _opt(0, "a game of this many hands: the higher total then wins (a tie plays "
                           "on); 0 = play to the target", "scoring")

    # ----------------------------------------------------------------- derived facts
    # Set once from the options when the rule set is made, not options themselves: the compiled engine
    # reads them many thousand times a game, as plain attributes rather than calls back into this
    # (uncompiled) module.
    sides: int = field(init=False, repr=False, compare=False)
    """Sides at the table: ``players // team_size``."""
    deck_size: int = field(init=False, repr=False, compare=False)
    """Cards in the deck: ``packs * (52 + jokers_per_pack)``."""
    laid_faces: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    """By card face (0-52): whether it is laid face up (and replaced) as soon as a player gets it."""

    def __post_init__(self) -> None:
        """Every way of making a rule set comes here (``RuleSet(...)``, :func:`~canasta.presets.rules`,
        :meth:`replace`, :func:`~canasta.presets.rules_from_options`, ``dataclasses.replace``): each
        option's type is checked and its value normalised (lists to tuples, renamed values to their
        new names, ``RENAMED_VALUES``), the derived facts are set, and the combination is validated.
        A bad value raises :class:`RuleError` naming the option."""
        put = object.__setattr__  # frozen: normalised values and the derived facts are set here only
        for name in OPTION_NAMES:
            value = getattr(self, name)
            checked = _coerce(name, value)
            if checked is not value:
                put(self, name, checked)
        put(self, "sides", self.players // self.team_size if self.team_size > 0 else 0)
        put(self, "deck_size", self.packs * (52 + self.jokers_per_pack))
        threes = (1, 2) if self.red3_mode == "lay" else (0, 1, 2, 3) if self.red3_mode == "threes" else ()
        put(self, "laid_faces", tuple(f // 4 == 1 and f % 4 in threes for f in range(53)))
        validate(self)

    def side_of(self, seat: int) -> int:
        return seat % self.sides

    def laid_at_once(self, f: int) -> bool:
        """Whether card ``f`` is laid face up (and replaced) as soon as a player gets it (red threes
        where ``red3_mode`` is ``lay``, every three where it is ``threes``)."""
        return self.laid_faces[f]

    def opening_for(self, score: int, hand_no: int) -> int:
        """The opening minimum for a side with this score in hand ``hand_no`` (from 0)."""
        if self.opening_schedule == "hand":
            sched = self.opening_by_hand
            return sched[min(hand_no, len(sched) - 1)]
        return self.opening_minimum(score)

    def opening_minimum(self, score: int) -> int:
        """The opening minimum for a side with this cumulative score."""
        need = self.opening_minimums[0][1]
        for lower, minimum in self.opening_minimums:
            if score >= lower:
                need = minimum
        return need

    def card_value(self, f: int) -> int:
        """Points of one card in the count (red threes score as bonuses, not here)."""
        if f == 52:
            return self.value_joker
        r = f // 4 + 2
        if r == 2:
            return self.value_two
        if r == 3:
            return self.value_black3 if f % 4 in (0, 3) else self.value_red3
        if r == 14:
            return self.value_ace
        if r >= 8:
            return self.value_high
        return self.value_low

    def options(self) -> dict[str, Any]:
        """Every option as a plain dict (JSON-friendly)."""
        return {name: _jsonable(getattr(self, name)) for name in OPTION_NAMES}

    def replace(self, **overrides: Any) -> RuleSet:
        """A validated copy with some options changed."""
        return make_ruleset(overrides, base=self)


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_jsonable(x) for x in v]
    return v


_OPTIONS = tuple(f for f in fields(RuleSet) if f.init)  # the derived facts are no options
OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in _OPTIONS)
OPTION_DOCS: dict[str, str] = {f.name: f.metadata["doc"] for f in _OPTIONS}
OPTION_GROUPS: dict[str, str] = {f.name: f.metadata["group"] for f in _OPTIONS}
_HINTS = get_type_hints(RuleSet)


def _kind(hint: Any) -> tuple[str, tuple[Any, ...]]:
    origin = get_origin(hint)
    if origin is Literal:
        return "choice", get_args(hint)
    if hint in (bool, int, str):
        return hint.__name__, ()
    if origin is tuple:
        inner = get_args(hint)[0]
        return ("pairs" if get_origin(inner) is tuple else "ints" if inner is int else "texts"), ()
    raise AssertionError(f"unhandled option type {hint}")  # pragma: no cover


#: Each option's kind of value (read from its type once: a rule set checks every option when made).
_KINDS: dict[str, tuple[str, tuple[Any, ...]]] = {name: _kind(_HINTS[name]) for name in OPTION_NAMES}


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _coerce(name: str, value: Any) -> Any:
    """Check one option's type (accepting JSON lists for tuples) and return it normalised: the one
    statement of the options' types, for :meth:`RuleSet.__post_init__` and :func:`check_option_values`."""
    kind, allowed = _KINDS[name]
    if kind == "choice":
        if isinstance(value, str):
            value = RENAMED_VALUES.get(name, {}).get(value, value)
        if value not in allowed:
            renamed = RENAMED_VALUES.get(name, {})
            close = (difflib.get_close_matches(value, [*allowed, *renamed], n=1)
                     if isinstance(value, str) else [])
            choices = ", ".join(map(str, allowed))
            if close:
                raise rule_error("option_choice_close", option=repr(name), value=reprlib.repr(value),
                                 close=repr(renamed.get(close[0], close[0])), choices=choices)
            raise rule_error("option_choice", option=repr(name), value=reprlib.repr(value), choices=choices)
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise rule_error("option_bool", option=repr(name), value=reprlib.repr(value))
        return value
    if kind == "int":
        if not _whole(value):
            raise rule_error("option_int", option=repr(name), value=reprlib.repr(value))
        return value
    if kind == "str":
        if not isinstance(value, str):
            raise rule_error("option_text", option=repr(name), value=reprlib.repr(value))
        return value
    if not isinstance(value, (list, tuple)):
        raise rule_error("option_list", option=repr(name), value=reprlib.repr(value))
    if kind == "pairs":
        for item in value:
            if not isinstance(item, (list, tuple)) or len(item) != 2 or not all(map(_whole, item)):
                raise rule_error("option_pairs", option=repr(name), value=reprlib.repr(item))
        if type(value) is tuple and all(type(item) is tuple for item in value):
            return value  # already normalised: kept as it is
        return tuple((item[0], item[1]) for item in value)
    for item in value:
        if kind == "ints" and not _whole(item):
            raise rule_error("option_ints", option=repr(name), value=reprlib.repr(item))
        if kind == "texts" and not isinstance(item, str):
            raise rule_error("option_texts", option=repr(name), value=reprlib.repr(item))
    return value if type(value) is tuple else tuple(value)


# the options that list each thing once (true: pairs keyed by their first value)
_SET_OPTIONS: dict[str, bool] = {
    "player_counts": False, "upcard_cover": False, "upcard_recover": False, "no_wild_ranks": False,
    "opening_wild_ranks": False, "after_take_no_discard": False, "stuck_ranks": False, "sequences": False,
    "opening_minimums": True, "rank_canasta_bonus": True, "rank_incomplete_penalty": True,
}


def check_option_names(names: Any, also: tuple[str, ...] = ()) -> None:
    """Refuse a name that is no option (nor one of ``also``, such as the presets' bundle words)."""
    for name in names:
        if not isinstance(name, str):
            raise rule_error("option_name_text", value=reprlib.repr(name))
        if name not in OPTION_NAMES and name not in also:
            close = difflib.get_close_matches(name, OPTION_NAMES + also, n=1)
            if close:
                raise rule_error("unknown_option_close", option=repr(name), close=repr(close[0]))
            raise rule_error("unknown_option", option=repr(name))


def check_option_values(values: dict[str, Any]) -> None:
    """Refuse an unknown option name or a value of the wrong type, naming it (the values' combination
    is checked when the rule set is made)."""
    check_option_names(values)
    for k, v in values.items():
        _coerce(k, v)


def _named_options_init(init: Any) -> Any:
    """The dataclass's ``__init__``, refusing a name that is no option with :class:`RuleError` (as
    rules() does) rather than Python's TypeError."""
    @functools.wraps(init)
    def __init__(self: RuleSet, *args: Any, **options: Any) -> None:
        if args:
            raise rule_error("options_by_name", value=reprlib.repr(args[0]))
        check_option_names(options)
        init(self, **options)
    return __init__


setattr(RuleSet, "__init__", _named_options_init(RuleSet.__init__))  # noqa: B010 (mypy: no method assignment)


def make_ruleset(values: dict[str, Any], base: RuleSet | None = None) -> RuleSet:
    """Build and validate a rule set from option values (missing ones come from ``base``, or are the
    defaults). The checks are :meth:`RuleSet.__post_init__`'s: they run once, when the rule set is made."""
    check_option_names(values)
    if base is None:
        return RuleSet(**values)
    return dataclasses.replace(base, **values)


# Values the engine cannot play yet: refused loudly instead of being ignored.
_NOT_YET: dict[str, tuple[Any, str]] = {}


def validate(rs: RuleSet) -> None:
    """Refuse impossible or unsupported combinations, naming the option."""
    def bad(name: str, code: str, **data: Any) -> RuleError:
        """Option ``name``'s value refused: why, as a code and its data (``canasta.error_words``)."""
        return rule_error("option_value", option=repr(name), value=repr(getattr(rs, name)),
                          reason=reason(code, **data))

    # the deck and the seating first: the checks below read sides and deck_size
    if rs.packs not in (1, 2, 3, 4):
        raise bad("packs", "range", low=1, high=4)
    if not 0 <= rs.jokers_per_pack <= 4:
        raise bad("jokers_per_pack", "range", low=0, high=4)
    # options that list things (player counts, card classes, ranks, windows; the ranks and scores
    # that key a table): each at most once, a repeat is a slip (or two values for one key)
    for name, keyed in _SET_OPTIONS.items():
        items = [x[0] for x in getattr(rs, name)] if keyed else list(getattr(rs, name))
        repeated = sorted({repr(x) for x in items if items.count(x) > 1})
        if repeated:
            raise bad(name, "twice_keyed" if keyed else "twice", item=repeated[0])
    if not rs.player_counts or any(not 2 <= p <= 8 for p in rs.player_counts):
        raise bad("player_counts", "player_counts_range")
    if rs.players not in rs.player_counts:
        raise bad("players", "players_allowed", counts=", ".join(map(str, rs.player_counts)))
    if rs.team_size < 1 or rs.players % rs.team_size:
        raise bad("team_size", "team_size_divide", players=rs.players)
    if rs.sides < 2:
        raise bad("team_size", "two_sides")
    if rs.hand_size < 1:
        raise bad("hand_size", "at_least", least=1)
    if rs.players * rs.hand_size + 1 > rs.deck_size:
        raise bad("hand_size", "deal_too_big", players=rs.players, hand_size=rs.hand_size,
                  deck_size=rs.deck_size)
    for name, (allowed, why) in _NOT_YET.items():
        if allowed is None:
            continue
        if getattr(rs, name) != allowed:
            raise bad(name, "not_supported", why=why)
    if rs.red3_wild and rs.red3_mode not in ("optional", "disclose"):
        raise bad("red3_wild", "red3_wild_held")
    if rs.first_turn_upcard == "plus_stock_card" and rs.upcard == "none":
        raise bad("first_turn_upcard", "needs_upcard")
    bad_recover = set(rs.upcard_recover) - {"wild", "red3", "black3"}
    if bad_recover:
        raise bad("upcard_recover", "card_class", item=repr(sorted(bad_recover)[0]),
                  choices="wild, red3, black3")
    if rs.opening_schedule == "hand" and (not rs.opening_by_hand or min(rs.opening_by_hand) < 0):
        raise bad("opening_by_hand", "hand_schedule")
    if rs.talon and (any(t < 0 for t in rs.talon) or len(rs.talon) > rs.sides):
        raise bad("talon", "talon_sizes")
    if rs.turn_card_under < 0:
        raise bad("turn_card_under", "not_negative")
    bad_dead = set(rs.after_take_no_discard) - {"seven", "ace", "wild", "dead"}
    if bad_dead:
        raise bad("after_take_no_discard", "card_class", item=repr(sorted(bad_dead)[0]),
                  choices="seven, ace, wild, dead")
    for name in ("no_wild_ranks", "opening_wild_ranks", "stuck_ranks"):
        if any(not 4 <= x <= 14 for x in getattr(rs, name)):
            raise bad(name, "rank_range")
    for name in ("rank_canasta_bonus", "rank_incomplete_penalty"):
        if any(not 4 <= x <= 14 or v < 0 for x, v in getattr(rs, name)):
            raise bad(name, "rank_points_pairs")
    jokers = rs.jokers_per_pack * rs.packs
    for name in ("wild_canasta_by_jokers", "wild_incomplete_by_jokers"):
        v = getattr(rs, name)
        if v and (len(v) != jokers + 1 or min(v) < 0):
            raise bad(name, "joker_values", values=jokers + 1, jokers=jokers)
    for lo, hi in rs.sequences:
        if not 4 <= lo < hi <= 14 or hi - lo + 1 < 3:
            raise bad("sequences", "sequence_windows")
    if rs.merge_groups and rs.one_meld_per_rank:
        raise bad("merge_groups", "merge_needs_melds")
    if rs.stock_draw < 1:
        raise bad("stock_draw", "at_least", least=1)
    stock = rs.deck_size - rs.players * rs.hand_size - (0 if rs.upcard == "none" else 1)
    if rs.stock_draw > stock:
        raise bad("stock_draw", "stock_draw_too_many", stock=stock)
    if rs.turn_card_under >= stock:
        raise bad("turn_card_under", "turn_card_stock", stock=stock)
    if rs.turn_card_under and not rs.talon:
        raise bad("turn_card_under", "turn_card_talon")
    for name in ("last_three_penalty", "wild_needs_naturals", "stuck_penalty", "special_pairs",
                 "special_pairs_wild", "special_garbage", "special_straight", "game_hands",
                 "red3_count_canastas"):
        if getattr(rs, name) < 0:
            raise bad(name, "not_negative")
    for name in ("perfect_cut_bonus", "natural_canasta", "mixed_canasta", "sequence_canasta",
                 "wild_canasta", "red3_hand_penalty", "black3_hand_penalty", "black3_four_bonus",
                 "going_out_bonus", "concealed_bonus", "failed_go_out_penalty", "exposed_card_penalty",
                 "value_joker", "value_red3",
                 "value_two", "value_ace", "value_high", "value_low", "value_black3"):
        if getattr(rs, name) < 0:
            raise bad(name, "not_negative_penalty")
    bad_cover = set(rs.upcard_cover) - {"wild", "red3", "black3"}
    if bad_cover:
        raise bad("upcard_cover", "card_class", item=repr(sorted(bad_cover)[0]), choices="wild, red3, black3")
    if not 1 <= rs.min_naturals <= 3:
        raise bad("min_naturals", "min_naturals_range")
    if rs.go_out_sequence and not rs.sequences:
        raise bad("go_out_sequence", "go_out_sequence")
    if rs.max_wilds < 0:
        raise bad("max_wilds", "not_negative")
    if not 3 <= rs.canasta_size <= 13:
        raise bad("canasta_size", "range", low=3, high=13)
    if rs.max_meld_size and rs.max_meld_size < rs.canasta_size:
        raise bad("max_meld_size", "max_meld_size")
    if not rs.opening_minimums:
        raise bad("opening_minimums", "opening_needs_pair")
    lowers = [lo for lo, _ in rs.opening_minimums]
    if lowers != sorted(lowers) or len(set(lowers)) != len(lowers):
        raise bad("opening_minimums", "opening_rising")
    if any(m < 0 for _, m in rs.opening_minimums):
        raise bad("opening_minimums", "opening_negative")
    if not 0 <= rs.go_out_canastas <= 6:
        raise bad("go_out_canastas", "range", low=0, high=6)
    if rs.team_size == 1 and rs.ask_partner not in ("none", "optional"):
        raise bad("ask_partner", "ask_needs_partner")
    if len(rs.red3_values) < 2 or any(v < 0 for v in rs.red3_values):
        raise bad("red3_values", "red3_values_list")
    if rs.red3_values[0] != 0:
        raise bad("red3_values", "red3_zero")
    red3s = 2 * rs.packs
    if len(rs.red3_values) < red3s + 1:
        raise bad("red3_values", "red3_values_all", threes=red3s)
    if rs.black3_meld_min < 2:
        raise bad("black3_meld_min", "at_least", least=2)
    if rs.black3_meld_wilds < 0 or rs.black3_meld_min + 0 < 2:
        raise bad("black3_meld_wilds", "not_negative")
    if rs.failed_go_out_boxes < 0:
        raise bad("failed_go_out_boxes", "not_negative")
    if rs.target_score <= 0:
        raise bad("target_score", "positive")
