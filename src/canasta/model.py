"""Card kinds: which faces a rule set treats as interchangeable.

Where there are no sequences the suit of a natural card never matters, so all kings are one *kind*;
where there are sequences each suited face is its own kind. Deuces are one kind and jokers another
(their points differ), red and black threes are one kind each. Legal actions are listed once per kind,
which keeps the list short and free of duplicates; the engine takes the actual cards (faces) from the
hand in a fixed suit order (clubs, diamonds, hearts, spades).

``RuleFacts`` (``GameState.rf``) are the options the move generators and checks read most, copied
from the rule set: ``rules.py`` is not compiled, so each read of an option from the compiled engine
is a Python attribute lookup, and these reads were a tenth of random play there (``perf``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache

from .cards import JOKER, NUM_FACES, card_str, is_red_three, is_wild
from .melds import wild_fits, wilds_allowed
from .rules import (
    AskMode,
    Black3Meld,
    DeadDiscard,
    FirstTurnUpcard,
    GoOutDiscard,
    OneCardRule,
    Red3Mode,
    RuleSet,
    WildRatio,
)

KIND_JOKER = "JK"
KIND_DEUCE = "2"
KIND_RED3 = "R3"
KIND_BLACK3 = "B3"


@dataclass(frozen=True, slots=True)
class RuleFacts:
    """The rule set's options the hot paths read, by the same names (``RuleSet`` documents them):
    compiled, each is a field of a C struct. Copies only: a rule is stated where it was, reading
    its option from here or from the rule set alike."""

    add_to_canasta: bool
    after_take_no_discard: tuple[DeadDiscard, ...]
    ask_after_pickup: bool
    ask_partner: AskMode
    black3_meld: Black3Meld
    black3_meld_min: int
    black3_meld_wilds: int
    black3_out_no_discard: bool
    canasta_size: int
    first_turn_upcard: FirstTurnUpcard
    go_out_canastas: int
    go_out_discard: GoOutDiscard
    go_out_sequence: bool
    laid_faces: tuple[bool, ...]
    laydown_facility: bool
    max_meld_size: int
    max_wilds: int
    merge_groups: bool
    min_naturals: int
    no_wild_ranks: tuple[int, ...]
    one_card_rule: OneCardRule
    one_meld_per_rank: bool
    opening_wild_ranks: tuple[int, ...]
    pass_allowed: bool
    pickup_extends_sequence: bool
    pickup_hand_wilds: bool
    pickup_layoff: bool
    pickup_layoff_canasta: bool
    pickup_natural_wild: bool
    pile_always_frozen: bool
    pile_top_counts: bool
    players: int
    red3_mode: Red3Mode
    red3_wild: bool
    sequence_canasta_opens: bool
    seq_pickup_takes_pile: bool
    sequences: tuple[tuple[int, int], ...]
    special_garbage: int
    special_pairs: int
    special_pairs_wild: int
    special_straight: int
    stock_draw: int
    straight_discard: bool
    take_cards_count: bool
    talon: tuple[int, ...]
    team_size: int
    turn_card_under: int
    unopened_side_frozen: bool
    wild_melds: bool
    wild_needs_naturals: int
    wild_ratio: WildRatio
    wild_to_canasta: bool


def rule_facts(rules: RuleSet) -> RuleFacts:
    """The ``RuleFacts`` of a rule set: each field the option of that name."""
    return RuleFacts(**{f.name: getattr(rules, f.name) for f in fields(RuleFacts)})


@dataclass(frozen=True, slots=True)
class CardModel:
    kind_of: tuple[int, ...]            # face -> kind
    faces_of: tuple[tuple[int, ...], ...]  # kind -> faces, canonical order
    names: tuple[str, ...]              # kind -> label
    rank: tuple[int, ...]               # kind -> rank (0 joker, 2 deuce, 3 threes, 4..14)
    natural_kinds: tuple[tuple[int, ...], ...]  # rank (0..14) -> natural kinds of that rank
    wild_kinds: tuple[int, ...]
    wild_face: tuple[bool, ...]         # face -> used as a wild card (S0 T8: red threes too)
    joker: int
    deuce: int
    red3: int
    black3: int
    value: tuple[int, ...]              # face -> points in the count
    open_value: tuple[int, ...]         # face -> points toward the opening minimum
    n_natural: int                      # kinds 0 .. n_natural-1 are the natural kinds
    meld3_ok: bool                      # three naturals make a legal new meld
    meld21_ok: bool                     # two naturals and a wild make a legal new meld
    seq_runs: tuple[tuple[int, int], ...]  # rank spans sequences may use (windows joined)
    special_kinds: tuple[int, ...]      # the kinds after the naturals, in kind order
    wild_cap: tuple[int, ...]           # naturals -> wild cards a group may hold (melds.wilds_allowed)
    freezes: tuple[bool, ...]           # face -> discarded, it freezes the pile (freezes_pile)
    laid_cards: tuple[int, ...]         # the faces laid face up at once (RuleSet.laid_faces), to count
    special_hands: bool                 # special hands may be declared (R 1.2, S3 F: any of them scores)
    wild_rules: bool                    # engine.conditions.wild_rule may refuse a wild card at all

    @property
    def nkinds(self) -> int:
        return len(self.faces_of)


@lru_cache(maxsize=64)
def card_model(rules: RuleSet) -> CardModel:
    suits_matter = bool(rules.sequences)
    names: list[str] = []
    faces: list[list[int]] = []
    ranks: list[int] = []
    kind_of = [0] * NUM_FACES
    natural: list[list[int]] = [[] for _ in range(15)]

    def new_kind(name: str, rank: int) -> int:
        names.append(name)
        faces.append([])
        ranks.append(rank)
        return len(names) - 1

    for r in range(4, 15):
        if suits_matter:
            for s in range(4):
                f = (r - 2) * 4 + s
                k = new_kind(card_str(f), r)
                natural[r].append(k)
                faces[k].append(f)
                kind_of[f] = k
        else:
            k = new_kind(card_str((r - 2) * 4)[0], r)
            natural[r].append(k)
            for s in range(4):
                f = (r - 2) * 4 + s
                faces[k].append(f)
                kind_of[f] = k
    n_natural = len(names)
    red3 = new_kind(KIND_RED3, 3)
    black3 = new_kind(KIND_BLACK3, 3)
    for s in range(4):
        f = 4 + s
        k = red3 if s in (1, 2) else black3
        faces[k].append(f)
        kind_of[f] = k
    deuce = new_kind(KIND_DEUCE, 2)
    for s in range(4):
        faces[deuce].append(s)
        kind_of[s] = deuce
    joker = new_kind(KIND_JOKER, 0)
    faces[joker].append(JOKER)
    kind_of[JOKER] = joker
    return CardModel(
        kind_of=tuple(kind_of),
        faces_of=tuple(tuple(fs) for fs in faces),
        names=tuple(names),
        rank=tuple(ranks),
        natural_kinds=tuple(tuple(ks) for ks in natural),
        wild_kinds=(joker, deuce, red3) if rules.red3_wild else (joker, deuce),
        wild_face=tuple(f == JOKER or f < 4 or (rules.red3_wild and f // 4 == 1 and f % 4 in (1, 2))
                        for f in range(NUM_FACES)),
        joker=joker,
        deuce=deuce,
        red3=red3,
        black3=black3,
        value=tuple(rules.card_value(f) for f in range(NUM_FACES)),
        open_value=tuple(0 if f // 4 == 1 and not rules.threes_count_to_opening else rules.card_value(f)
                         for f in range(NUM_FACES)),
        n_natural=n_natural,
        meld3_ok=rules.min_naturals <= 3 and wild_fits(rules, 3, 0),
        meld21_ok=rules.min_naturals <= 2 and wild_fits(rules, 2, 1),
        seq_runs=_joined(rules.sequences),
        special_kinds=tuple(range(n_natural, len(names))),
        # a group holds at most every natural of its rank (four a pack), merged groups too
        wild_cap=tuple(wilds_allowed(rules, n) for n in range(4 * rules.packs + 1)),
        freezes=tuple(freezes_pile(rules, f) for f in range(NUM_FACES)),
        laid_cards=tuple(f for f in range(NUM_FACES) if rules.laid_faces[f]),
        special_hands=bool(rules.special_pairs or rules.special_pairs_wild or rules.special_garbage
                           or rules.special_straight),
        wild_rules=bool(rules.wild_needs_naturals or rules.no_wild_ranks or rules.opening_wild_ranks),
    )


def frozen_by(model: CardModel, pile: list[int]) -> bool:
    """Whether a pile holding these cards is frozen by one of them (``freezes_pile``)."""
    freezes = model.freezes
    return any(freezes[f] for f in pile)


def freezes_pile(rules: RuleSet, f: int) -> bool:
    """Whether card ``f`` freezes the discard pile it lies in (a wild card, a red three, where the
    rules say so): the one statement of which cards freeze, for discards, deals, the facility's
    take and positions (``CardModel.freezes`` is its table)."""
    return (rules.freeze_on_wild and is_wild(f)) or (rules.freeze_on_red3 and is_red_three(f))


def _joined(windows: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """Overlapping sequence windows joined into the rank spans sequences may lie in."""
    spans: list[list[int]] = []
    for lo, hi in sorted(windows):
        if spans and lo <= spans[-1][1]:
            spans[-1][1] = max(spans[-1][1], hi)
        else:
            spans.append([lo, hi])
    return tuple((lo, hi) for lo, hi in spans)
